-- +goose Up
-- Ticket income beside the credit purchases' on the admin dashboard:
-- each day's paid ticket orders with a price and their amounts, on the day
-- they were paid (a refund takes them back from that day).
ALTER TABLE dashboard_days ADD COLUMN ticket_orders BIGINT NOT NULL DEFAULT 0;
ALTER TABLE dashboard_days ADD COLUMN ticket_income_cents BIGINT NOT NULL DEFAULT 0;
INSERT INTO dashboard_days (day, ticket_orders, ticket_income_cents)
    SELECT to_char(paid_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), COUNT(*), SUM(amount_cents) FROM ticket_orders WHERE status = 'paid' AND amount_cents > 0 GROUP BY 1
    ON CONFLICT (day) DO UPDATE SET ticket_orders = excluded.ticket_orders, ticket_income_cents = excluded.ticket_income_cents;

-- +goose Down
ALTER TABLE dashboard_days DROP COLUMN ticket_income_cents;
ALTER TABLE dashboard_days DROP COLUMN ticket_orders;

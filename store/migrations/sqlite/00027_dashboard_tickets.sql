-- +goose Up
-- Ticket income beside the credit purchases' on the admin dashboard:
-- each day's paid ticket orders with a price and their amounts, on the day
-- they were paid (a refund takes them back from that day).
ALTER TABLE dashboard_days ADD COLUMN ticket_orders INTEGER NOT NULL DEFAULT 0;
ALTER TABLE dashboard_days ADD COLUMN ticket_income_cents INTEGER NOT NULL DEFAULT 0;
INSERT INTO dashboard_days (day, ticket_orders, ticket_income_cents)
    SELECT strftime('%Y-%m-%d', paid_at), COUNT(*), SUM(amount_cents) FROM ticket_orders WHERE status = 'paid' AND amount_cents > 0 GROUP BY 1
    ON CONFLICT (day) DO UPDATE SET ticket_orders = excluded.ticket_orders, ticket_income_cents = excluded.ticket_income_cents;

-- +goose Down
ALTER TABLE dashboard_days DROP COLUMN ticket_income_cents;
ALTER TABLE dashboard_days DROP COLUMN ticket_orders;

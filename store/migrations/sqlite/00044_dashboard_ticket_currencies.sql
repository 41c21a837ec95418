-- +goose Up
-- Ticket income per currency on the admin dashboard (issue 27): a yen
-- ticket is never added to dollars. Each day's paid ticket orders with a
-- price and their amounts, by the order's currency, on the day they were
-- paid (a refund takes them back from that day); it replaces
-- dashboard_days' ticket columns, which summed every currency.
CREATE TABLE dashboard_ticket_days (
    day          TEXT NOT NULL,
    currency     TEXT NOT NULL,
    orders       INTEGER NOT NULL DEFAULT 0,
    income_cents INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (day, currency)
);
INSERT INTO dashboard_ticket_days (day, currency, orders, income_cents)
    SELECT strftime('%Y-%m-%d', paid_at), currency, COUNT(*), SUM(amount_cents) FROM ticket_orders WHERE status = 'paid' AND amount_cents > 0 GROUP BY 1, 2;
ALTER TABLE dashboard_days DROP COLUMN ticket_income_cents;
ALTER TABLE dashboard_days DROP COLUMN ticket_orders;

-- +goose Down
ALTER TABLE dashboard_days ADD COLUMN ticket_orders INTEGER NOT NULL DEFAULT 0;
ALTER TABLE dashboard_days ADD COLUMN ticket_income_cents INTEGER NOT NULL DEFAULT 0;
INSERT INTO dashboard_days (day, ticket_orders, ticket_income_cents)
    SELECT day, SUM(orders), SUM(income_cents) FROM dashboard_ticket_days GROUP BY day
    ON CONFLICT (day) DO UPDATE SET ticket_orders = excluded.ticket_orders, ticket_income_cents = excluded.ticket_income_cents;
DROP TABLE dashboard_ticket_days;

-- +goose Up
-- Ticket currencies (issue 27): each festival sells its tickets in its own
-- currency (usd, eur, jpy, cny; marquee.TicketCurrencies), inherited by
-- its screenings (screenings.currency, already there) and so by their
-- orders, earnings rows and payouts. A festival's balance is per currency,
-- so its scheduled payout of a month is one per currency.
ALTER TABLE festivals ADD COLUMN ticket_currency TEXT NOT NULL DEFAULT 'usd';
DROP INDEX payouts_festival_period;
CREATE UNIQUE INDEX payouts_festival_period ON payouts (festival_id, period, currency) WHERE period <> '';
CREATE INDEX festival_earnings_festival_currency ON festival_earnings (festival_id, currency, created_at);

-- +goose Down
DROP INDEX festival_earnings_festival_currency;
DROP INDEX payouts_festival_period;
CREATE UNIQUE INDEX payouts_festival_period ON payouts (festival_id, period) WHERE period <> '';
ALTER TABLE festivals DROP COLUMN ticket_currency;

-- +goose Up
-- The money a refund returned (refund.go: the unspent share of the price).
-- Refunds made before returned the whole payment. A refunded purchase
-- whose refunded_at is NULL is recorded but not yet confirmed by the
-- payment provider (refunding it again asks the provider again).
ALTER TABLE purchases ADD COLUMN refunded_cents INTEGER NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0);
UPDATE purchases SET refunded_cents = amount_cents WHERE status = 'refunded';

-- +goose Down
ALTER TABLE purchases DROP COLUMN refunded_cents;

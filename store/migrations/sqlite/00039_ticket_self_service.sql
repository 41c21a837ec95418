-- +goose Up
-- Self-service cancellation (issue 27): a festival's rule for buyers who
-- cancel their own paid orders: up to cutoff_hours before the screening
-- starts, refunded whole ('full'), minus a fixed fee ('fixed_fee',
-- fee_cents) or a share ('percent_fee', fee_percent), or not at all
-- ('none'). No row: buyers cannot cancel.
CREATE TABLE festival_cancellation_policies (
    festival_id  INTEGER PRIMARY KEY REFERENCES festivals (id) ON DELETE CASCADE,
    cutoff_hours INTEGER NOT NULL CHECK (cutoff_hours BETWEEN 0 AND 8760),
    refund_rule  TEXT NOT NULL CHECK (refund_rule IN ('full', 'fixed_fee', 'percent_fee', 'none')),
    fee_cents    INTEGER NOT NULL DEFAULT 0 CHECK (fee_cents >= 0),
    fee_percent  INTEGER NOT NULL DEFAULT 0 CHECK (fee_percent BETWEEN 0 AND 100),
    updated_at   TIMESTAMP NOT NULL
);
-- A buyer's cancellation: self_cancel_at is the claim (one request wins
-- it with a conditional UPDATE; a lease lets a retry take it again when
-- the provider did not confirm), refunded_cents what the refund returned.
ALTER TABLE ticket_orders ADD COLUMN self_cancel_at TIMESTAMP;
ALTER TABLE ticket_orders ADD COLUMN refunded_cents INTEGER NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0);
-- A declined payment keeps the hold: each retry is a new payment attempt
-- with its own idempotency key.
ALTER TABLE ticket_orders ADD COLUMN payment_attempt INTEGER NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE ticket_orders DROP COLUMN payment_attempt;
ALTER TABLE ticket_orders DROP COLUMN refunded_cents;
ALTER TABLE ticket_orders DROP COLUMN self_cancel_at;
DROP TABLE festival_cancellation_policies;

-- +goose Up
-- What each festival has earned, append-only like credit_ledger: every
-- row moves money to the festival (amount_cents > 0: a paid entry fee at
-- the credits' published value, a paid ticket, a commission reversed, a
-- payout that failed) or away from it (< 0: a refund, a withdrawal, the
-- platform's commission, a payout). source names what caused the row
-- ('submission:123', 'ticket_order:45', 'payout:7'); (kind, source) is
-- unique, which makes every credit and debit happen once. available_at is
-- when the amount may be paid out (pending until then). Rows are never
-- updated or deleted: a festival with rows is never deleted either.
CREATE TABLE festival_earnings (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    festival_id   INTEGER NOT NULL REFERENCES festivals (id),
    kind          TEXT NOT NULL CHECK (kind IN ('entry_fee', 'ticket', 'refund', 'withdrawal', 'commission', 'commission_reversal', 'payout', 'payout_reversal', 'adjustment')),
    amount_cents  INTEGER NOT NULL,
    currency      TEXT NOT NULL DEFAULT 'usd',
    source        TEXT NOT NULL,
    note          TEXT NOT NULL DEFAULT '',
    available_at  TIMESTAMP NOT NULL,
    created_at    TIMESTAMP NOT NULL,
    UNIQUE (kind, source)
);
CREATE INDEX festival_earnings_festival ON festival_earnings (festival_id, created_at);
CREATE INDEX festival_earnings_created ON festival_earnings (created_at);

-- A festival's commission when an admin set one other than the platform's
-- (MARQUEE_COMMISSION_PERCENT), in basis points (850 = 8.5 %). Who set it
-- and when is in audit_log ('festival.commission_set' / '_cleared').
CREATE TABLE festival_commission_overrides (
    festival_id   INTEGER PRIMARY KEY REFERENCES festivals (id) ON DELETE CASCADE,
    basis_points  INTEGER NOT NULL CHECK (basis_points BETWEEN 0 AND 10000),
    updated_at    TIMESTAMP NOT NULL
);

-- +goose Down
DROP TABLE festival_commission_overrides;
DROP INDEX festival_earnings_created;
DROP INDEX festival_earnings_festival;
DROP TABLE festival_earnings;

-- +goose Up
-- Payouts (issue 26; store/payout*.go). A festival's payout account at the
-- provider (Stripe Connect Express, or the test mode), with the
-- organiser's tax data. payout_claims is the festival's payout lock: every
-- payout begins with one UPDATE of it, so payouts of one festival made at
-- the same moment on several nodes follow one another and each reads the
-- balance the one before it left.
CREATE TABLE payout_accounts (
    festival_id   INTEGER PRIMARY KEY REFERENCES festivals (id) ON DELETE CASCADE,
    provider      TEXT NOT NULL,
    reference     TEXT NOT NULL UNIQUE,
    status        TEXT NOT NULL CHECK (status IN ('onboarding', 'active', 'restricted')),
    legal_name    TEXT NOT NULL,
    address       TEXT NOT NULL,
    country       TEXT NOT NULL,
    tax_id        TEXT NOT NULL,
    payout_claims INTEGER NOT NULL DEFAULT 0,
    created_at    TIMESTAMP NOT NULL,
    updated_at    TIMESTAMP NOT NULL
);

-- A payout of a festival's available balance; its amount left the balance
-- as the earnings ledger's row ('payout', 'payout:<id>') in the
-- transaction that made it, and comes back ('payout_reversal') once if it
-- fails. period is a scheduled payout's month: one per festival and month.
-- reconcile_at is when the worker asks the provider about a payout still
-- pending (its call was lost).
CREATE TABLE payouts (
    id              INTEGER PRIMARY KEY,
    festival_id     INTEGER NOT NULL REFERENCES festivals (id) ON DELETE CASCADE,
    amount_cents    INTEGER NOT NULL CHECK (amount_cents > 0),
    currency        TEXT NOT NULL,
    status          TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'failed')),
    trigger_kind    TEXT NOT NULL CHECK (trigger_kind IN ('schedule', 'admin')),
    period          TEXT NOT NULL DEFAULT '',
    provider        TEXT NOT NULL,
    account         TEXT NOT NULL,
    transfer        TEXT NOT NULL DEFAULT '',
    failure_message TEXT NOT NULL DEFAULT '',
    retry_payout_id INTEGER NOT NULL DEFAULT 0,
    created_at      TIMESTAMP NOT NULL,
    settled_at      TIMESTAMP,
    reconcile_at    TIMESTAMP
);
CREATE UNIQUE INDEX payouts_festival_period ON payouts (festival_id, period) WHERE period <> '';
CREATE INDEX payouts_festival ON payouts (festival_id, id);
CREATE INDEX payouts_status ON payouts (status, id);
CREATE INDEX payouts_reconcile ON payouts (reconcile_at) WHERE status = 'pending';

-- The payout test mode's accounts and transfers (payment/testmode_payout.go),
-- kept as a provider keeps its own, so that every node answers the same.
-- A transfer is recorded once per idempotency key.
CREATE TABLE test_payout_accounts (
    reference      TEXT PRIMARY KEY,
    festival_id    INTEGER NOT NULL DEFAULT 0,
    status         TEXT NOT NULL,
    fail_transfers INTEGER NOT NULL DEFAULT 0,
    created_at     TIMESTAMP NOT NULL
);
CREATE TABLE test_transfers (
    idempotency_key TEXT PRIMARY KEY,
    reference       TEXT NOT NULL DEFAULT '',
    payout_id       INTEGER NOT NULL,
    account         TEXT NOT NULL,
    amount_cents    INTEGER NOT NULL,
    status          TEXT NOT NULL,
    message         TEXT NOT NULL DEFAULT '',
    created_at      TIMESTAMP NOT NULL
);
CREATE INDEX test_transfers_payout ON test_transfers (payout_id, created_at);

-- +goose Down
DROP TABLE test_transfers;
DROP TABLE test_payout_accounts;
DROP TABLE payouts;
DROP TABLE payout_accounts;

-- +goose Up
-- A purchase is one attempt to buy a credit package. Credits and price are
-- copied from the package when it is bought. reference is the provider's
-- payment id, unknown (NULL) until the provider answers.
CREATE TABLE purchases (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id          INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    package_id       TEXT NOT NULL,
    credits          INTEGER NOT NULL CHECK (credits > 0),
    amount_cents     INTEGER NOT NULL CHECK (amount_cents > 0),
    currency         TEXT NOT NULL,
    country          TEXT NOT NULL,
    provider         TEXT NOT NULL,
    reference        TEXT UNIQUE,
    status           TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed', 'refunded')),
    failure_message  TEXT NOT NULL DEFAULT '',
    refunded_credits INTEGER NOT NULL DEFAULT 0 CHECK (refunded_credits >= 0),
    language         TEXT NOT NULL DEFAULT 'en',
    created_at       TIMESTAMP NOT NULL,
    settled_at       TIMESTAMP,
    refunded_at      TIMESTAMP,
    updated_at       TIMESTAMP NOT NULL
);
CREATE INDEX purchases_user_created ON purchases (user_id, created_at DESC, id DESC);
CREATE INDEX purchases_created ON purchases (created_at DESC, id DESC);
CREATE INDEX purchases_status_settled ON purchases (status, settled_at);

-- The append-only credit ledger: a user's balance (users.credits) is the
-- sum of their rows. (reason, reference) is unique: a purchase grants once.
CREATE TABLE credit_ledger (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    delta      INTEGER NOT NULL CHECK (delta <> 0),
    reason     TEXT NOT NULL CHECK (reason IN ('purchase', 'refund', 'adjustment', 'submission-fee', 'submission-refund')),
    reference  TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    UNIQUE (reason, reference)
);
CREATE INDEX credit_ledger_user ON credit_ledger (user_id, id);

-- Balances given before the ledger existed become its opening rows.
INSERT INTO credit_ledger (user_id, delta, reason, reference, created_at)
SELECT id, credits, 'adjustment', 'opening-balance:' || id, strftime('%Y-%m-%d %H:%M:%S+00:00', 'now') FROM users WHERE credits > 0;

-- +goose Down
DROP TABLE credit_ledger;
DROP TABLE purchases;

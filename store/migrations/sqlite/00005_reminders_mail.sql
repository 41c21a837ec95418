-- +goose Up
-- Reminders are also the reminder worker's queue: due work is the rows with
-- send_at in the past and no sent_at, found through reminders_due.
CREATE TABLE reminders (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id        INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    festival_name  TEXT NOT NULL,
    festival_slug  TEXT NOT NULL DEFAULT '',
    festival_date  TEXT NOT NULL CHECK (length(festival_date) = 10),
    preference     TEXT NOT NULL CHECK (preference IN ('day-of', 'one-day-before', 'one-week-before')),
    language       TEXT NOT NULL DEFAULT 'en',
    send_at        TIMESTAMP NOT NULL,
    sent_at        TIMESTAMP,
    created_at     TIMESTAMP NOT NULL
);
CREATE INDEX reminders_due ON reminders (send_at) WHERE sent_at IS NULL;
CREATE INDEX reminders_user_date ON reminders (user_id, festival_date);

-- Every e-mail Marquee sends. queued: waiting for the SMTP sender (which
-- leases rows through locked_until); kept: no SMTP server is configured, so
-- the mail stays here for admins to read.
CREATE TABLE mail_outbox (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    kind             TEXT NOT NULL,
    to_addr          TEXT NOT NULL,
    subject          TEXT NOT NULL,
    body             TEXT NOT NULL,
    language         TEXT NOT NULL DEFAULT 'en',
    status           TEXT NOT NULL CHECK (status IN ('queued', 'sent', 'failed', 'kept')),
    attempts         INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    last_error       TEXT NOT NULL DEFAULT '',
    next_attempt_at  TIMESTAMP NOT NULL,
    locked_until     TIMESTAMP,
    created_at       TIMESTAMP NOT NULL,
    sent_at          TIMESTAMP
);
CREATE INDEX mail_outbox_claim ON mail_outbox (status, next_attempt_at);
CREATE INDEX mail_outbox_status_created ON mail_outbox (status, created_at);
CREATE INDEX mail_outbox_created ON mail_outbox (created_at);

-- +goose Down
DROP TABLE mail_outbox;
DROP TABLE reminders;

-- +goose Up
-- A user's address is confirmed by a single-use link e-mailed to it; until
-- then no mail but the confirmation goes to it. Accounts that exist before
-- this migration are taken as confirmed, so nothing changes for them.
ALTER TABLE users ADD COLUMN email_verified_at TIMESTAMP;
UPDATE users SET email_verified_at = created_at;

-- Confirmation links: only the SHA-256 of the token is stored (as for
-- sessions); a link is good once (used_at), for 24 hours (expires_at), and
-- only for the address it was sent to (email).
CREATE TABLE email_verifications (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    email       TEXT NOT NULL,
    token_hash  TEXT NOT NULL UNIQUE,
    created_at  TIMESTAMP NOT NULL,
    expires_at  TIMESTAMP NOT NULL,
    used_at     TIMESTAMP
);
CREATE INDEX email_verifications_user ON email_verifications (user_id);
CREATE INDEX email_verifications_expires ON email_verifications (expires_at);

-- A mail to an address whose account has not confirmed it is held (held =
-- 1): the sender skips it and admins see it as 'held'; status keeps what it
-- becomes (queued or kept) once the address is confirmed.
ALTER TABLE mail_outbox ADD COLUMN held INTEGER NOT NULL DEFAULT 0;
CREATE INDEX mail_outbox_held ON mail_outbox (to_addr) WHERE held = 1;

-- +goose Down
DROP INDEX mail_outbox_held;
ALTER TABLE mail_outbox DROP COLUMN held;
DROP TABLE email_verifications;
ALTER TABLE users DROP COLUMN email_verified_at;

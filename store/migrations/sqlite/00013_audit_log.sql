-- +goose Up
-- The append-only audit log: every admin action and security-relevant
-- event, written in the transaction of the change. actor_id is NULL for an
-- event without a signed-in actor; actor_email is kept as it was, and set
-- to '' when the actor's account is deleted (the row stays).
CREATE TABLE audit_log (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    actor_id    INTEGER REFERENCES users (id) ON DELETE SET NULL,
    actor_email TEXT NOT NULL DEFAULT '',
    action      TEXT NOT NULL,
    target_type TEXT NOT NULL DEFAULT '',
    target_id   TEXT NOT NULL DEFAULT '',
    before_json TEXT,
    after_json  TEXT,
    ip          TEXT NOT NULL DEFAULT '',
    created_at  TIMESTAMP NOT NULL
);
CREATE INDEX audit_log_created ON audit_log (id DESC);
CREATE INDEX audit_log_actor ON audit_log (actor_id, id DESC);
CREATE INDEX audit_log_action ON audit_log (action, id DESC);
CREATE INDEX audit_log_target ON audit_log (target_type, target_id, id DESC);
-- +goose StatementBegin
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OF action, target_type, target_id, before_json, after_json, ip, created_at ON audit_log BEGIN
    SELECT RAISE(ABORT, 'audit_log is append-only');
END;
-- +goose StatementEnd

-- A disabled account cannot log in and its sessions are gone.
ALTER TABLE users ADD COLUMN disabled_at TIMESTAMP;

-- +goose Down
ALTER TABLE users DROP COLUMN disabled_at;
DROP TABLE audit_log;

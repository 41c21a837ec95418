-- +goose Up
-- Password reset links: only the SHA-256 of the token is stored; a link is
-- good once (used_at), for an hour (expires_at), and only while it is the
-- account's newest (issuing one marks the older unused ones used).
CREATE TABLE password_resets (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash  TEXT NOT NULL UNIQUE,
    created_at  TIMESTAMP NOT NULL,
    expires_at  TIMESTAMP NOT NULL,
    used_at     TIMESTAMP
);
CREATE INDEX password_resets_user ON password_resets (user_id, created_at);

-- Data exports: asked for by a user (pending), built by the worker into a
-- ZIP kept here (ready) with the SHA-256 of its download token, deleted by
-- the worker once expired. locked_until leases a pending export to the
-- worker building it.
CREATE TABLE data_exports (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    status       TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'ready')),
    language     TEXT NOT NULL DEFAULT 'en',
    token_hash   TEXT UNIQUE,
    zip          BLOB,
    size_bytes   INTEGER NOT NULL DEFAULT 0,
    locked_until TIMESTAMP,
    created_at   TIMESTAMP NOT NULL,
    ready_at     TIMESTAMP,
    expires_at   TIMESTAMP
);
CREATE INDEX data_exports_user ON data_exports (user_id, created_at);
CREATE INDEX data_exports_pending ON data_exports (status, created_at);
CREATE INDEX data_exports_expires ON data_exports (expires_at);

-- +goose Down
DROP TABLE data_exports;
DROP TABLE password_resets;

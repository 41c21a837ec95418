-- +goose Up
CREATE TABLE contact_messages (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    name        TEXT NOT NULL,
    email       TEXT NOT NULL,
    subject     TEXT NOT NULL,
    message     TEXT NOT NULL,
    ip          TEXT NOT NULL DEFAULT '',
    created_at  TIMESTAMP NOT NULL,
    handled_at  TIMESTAMP,
    handled_by  INTEGER REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX contact_messages_open ON contact_messages (handled_at, created_at);

-- +goose Down
DROP TABLE contact_messages;

-- +goose Up
-- Admin user search: a trigram index over e-mail and name (FTS5, external
-- content: the text stays in users), kept in step by triggers in the
-- writing transaction. Queries of one or two characters match the start
-- of the e-mail or name through the ordinary indexes below.
CREATE VIRTUAL TABLE users_search USING fts5(email, name, content='users', content_rowid='id', tokenize='trigram');
-- +goose StatementBegin
CREATE TRIGGER users_search_insert AFTER INSERT ON users BEGIN
    INSERT INTO users_search (rowid, email, name) VALUES (new.id, new.email, new.name);
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER users_search_delete AFTER DELETE ON users BEGIN
    INSERT INTO users_search (users_search, rowid, email, name) VALUES ('delete', old.id, old.email, old.name);
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER users_search_update AFTER UPDATE OF email, name ON users BEGIN
    INSERT INTO users_search (users_search, rowid, email, name) VALUES ('delete', old.id, old.email, old.name);
    INSERT INTO users_search (rowid, email, name) VALUES (new.id, new.email, new.name);
END;
-- +goose StatementEnd
INSERT INTO users_search (users_search) VALUES ('rebuild');
CREATE INDEX users_name_lower ON users (lower(name));

-- The admin dashboard's figures per UTC day ('YYYY-MM-DD'), written in the
-- transaction of each event: sign-ups; purchases succeeded and their
-- amounts, on the day they settled (a refund takes them back from that
-- day); subscribers, the change that day in the number of users with at
-- least one succeeded purchase. Every total is the sum over the days.
CREATE TABLE dashboard_days (
    day          TEXT PRIMARY KEY,
    signups      INTEGER NOT NULL DEFAULT 0,
    purchases    INTEGER NOT NULL DEFAULT 0,
    income_cents INTEGER NOT NULL DEFAULT 0,
    subscribers  INTEGER NOT NULL DEFAULT 0
);
INSERT INTO dashboard_days (day, signups)
    SELECT strftime('%Y-%m-%d', created_at), COUNT(*) FROM users GROUP BY 1;
INSERT INTO dashboard_days (day, purchases, income_cents)
    SELECT strftime('%Y-%m-%d', settled_at), COUNT(*), SUM(amount_cents) FROM purchases WHERE status = 'succeeded' GROUP BY 1
    ON CONFLICT (day) DO UPDATE SET purchases = excluded.purchases, income_cents = excluded.income_cents;
INSERT INTO dashboard_days (day, subscribers)
    SELECT strftime('%Y-%m-%d', first), COUNT(*) FROM (
        SELECT MIN(settled_at) AS first FROM purchases WHERE status = 'succeeded' GROUP BY user_id
    ) WHERE true GROUP BY 1
    ON CONFLICT (day) DO UPDATE SET subscribers = excluded.subscribers;

-- Every admin list reads its page in index order, whatever its filter:
-- purchases by status, the outbox by status (not held) and held, contact
-- messages all or handled, festivals all.
CREATE INDEX purchases_status_created ON purchases (status, created_at DESC, id DESC);
CREATE INDEX mail_outbox_status_held_created ON mail_outbox (status, held, created_at DESC, id DESC);
CREATE INDEX mail_outbox_held_created ON mail_outbox (held, created_at DESC, id DESC);
CREATE INDEX contact_messages_created ON contact_messages (created_at DESC, id DESC);
CREATE INDEX contact_messages_handled_created ON contact_messages (created_at DESC, id DESC) WHERE handled_at IS NOT NULL;
CREATE INDEX festivals_created ON festivals (created_at DESC, id DESC);

-- +goose Down
DROP INDEX festivals_created;
DROP INDEX contact_messages_handled_created;
DROP INDEX contact_messages_created;
DROP INDEX mail_outbox_held_created;
DROP INDEX mail_outbox_status_held_created;
DROP INDEX purchases_status_created;
DROP TABLE dashboard_days;
DROP INDEX users_name_lower;
DROP TRIGGER users_search_update;
DROP TRIGGER users_search_delete;
DROP TRIGGER users_search_insert;
DROP TABLE users_search;

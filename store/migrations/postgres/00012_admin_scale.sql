-- +goose Up
-- Admin user search: pg_trgm GIN indexes over e-mail and name for
-- substring queries of three characters or more; queries of one or two
-- characters match the start of the e-mail or name through the btree
-- indexes below. The extension goes into public when it is missing, and
-- the indexes name its operator class by the schema it is in, so that a
-- search_path without it (the tests' schemas) still finds it. fastupdate
-- is off: with it, rows wait in a pending list that every search reads
-- in full (418 pages after the 500,000-user seed) until a VACUUM.
-- +goose StatementBegin
DO $$
DECLARE
    ext_schema text;
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
        BEGIN
            IF EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'public') THEN
                CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
            ELSE
                CREATE EXTENSION IF NOT EXISTS pg_trgm;
            END IF;
        EXCEPTION WHEN unique_violation OR duplicate_object THEN
            NULL; -- created meanwhile by another migration
        END;
    END IF;
    SELECT n.nspname INTO ext_schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
    EXECUTE format('CREATE INDEX users_email_trgm ON users USING gin (email %I.gin_trgm_ops) WITH (fastupdate = off)', ext_schema);
    EXECUTE format('CREATE INDEX users_name_trgm ON users USING gin (name %I.gin_trgm_ops) WITH (fastupdate = off)', ext_schema);
END
$$;
-- +goose StatementEnd
CREATE INDEX users_email_prefix ON users (email text_pattern_ops);
CREATE INDEX users_name_prefix ON users (lower(name) text_pattern_ops);

-- The admin dashboard's figures per UTC day ('YYYY-MM-DD'), written in the
-- transaction of each event: sign-ups; purchases succeeded and their
-- amounts, on the day they settled (a refund takes them back from that
-- day); subscribers, the change that day in the number of users with at
-- least one succeeded purchase. Every total is the sum over the days.
CREATE TABLE dashboard_days (
    day          TEXT PRIMARY KEY,
    signups      BIGINT NOT NULL DEFAULT 0,
    purchases    BIGINT NOT NULL DEFAULT 0,
    income_cents BIGINT NOT NULL DEFAULT 0,
    subscribers  BIGINT NOT NULL DEFAULT 0
);
INSERT INTO dashboard_days (day, signups)
    SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), COUNT(*) FROM users GROUP BY 1;
INSERT INTO dashboard_days (day, purchases, income_cents)
    SELECT to_char(settled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), COUNT(*), SUM(amount_cents) FROM purchases WHERE status = 'succeeded' GROUP BY 1
    ON CONFLICT (day) DO UPDATE SET purchases = excluded.purchases, income_cents = excluded.income_cents;
INSERT INTO dashboard_days (day, subscribers)
    SELECT to_char(first AT TIME ZONE 'UTC', 'YYYY-MM-DD'), COUNT(*) FROM (
        SELECT MIN(settled_at) AS first FROM purchases WHERE status = 'succeeded' GROUP BY user_id
    ) f GROUP BY 1
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
DROP INDEX users_name_prefix;
DROP INDEX users_email_prefix;
DROP INDEX users_name_trgm;
DROP INDEX users_email_trgm;

-- +goose Up
-- A bulk send's idempotency key, chosen by the client with its preview:
-- a festival sends once per key, so a retried or repeated request answers
-- the first send instead of mailing everyone again. Sends made before
-- keys have none (NULLs are distinct).
ALTER TABLE bulk_messages ADD COLUMN idempotency_key TEXT;
CREATE UNIQUE INDEX bulk_messages_key ON bulk_messages (festival_id, idempotency_key);

-- +goose Down
DROP INDEX bulk_messages_key;
ALTER TABLE bulk_messages DROP COLUMN idempotency_key;

-- +goose Up
-- An admin's credit adjustment keeps its reason in the ledger row.
ALTER TABLE credit_ledger ADD COLUMN note TEXT NOT NULL DEFAULT '';
-- The admins' user list filtered by role, newest first (users_role of
-- 00001 does not keep the ids in order).
CREATE INDEX users_role_id ON users (role, id);

-- +goose Down
DROP INDEX users_role_id;
ALTER TABLE credit_ledger DROP COLUMN note;

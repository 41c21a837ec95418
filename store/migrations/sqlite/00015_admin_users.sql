-- +goose Up
-- An admin's credit adjustment keeps its reason in the ledger row.
ALTER TABLE credit_ledger ADD COLUMN note TEXT NOT NULL DEFAULT '';
-- The admins' user list filtered by role, newest first, walks users_role
-- (00001): on SQLite an index on (role) is already in (role, id) order.

-- +goose Down
ALTER TABLE credit_ledger DROP COLUMN note;

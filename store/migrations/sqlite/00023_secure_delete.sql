-- +goose NO TRANSACTION
-- +goose Up
-- An account's deletion leaves none of its data readable in the file
-- (store/secure_delete.go). secure_delete, set on every connection
-- (store/db.go), zeroes what is deleted from now on; the admin user search
-- (FTS5, trigram) is told to remove a row's trigrams from its index rather
-- than write delete markers beside them (FTS5's own 'secure-delete'), and
-- 'optimize' merges away the markers and trigrams written before. VACUUM
-- rewrites the file once, so that no free page keeps what earlier
-- deletions left (it runs outside a transaction, as VACUUM must; the
-- write-ahead log it fills is truncated by Migrate).
INSERT INTO users_search (users_search, rank) VALUES ('secure-delete', 1);
INSERT INTO users_search (users_search) VALUES ('optimize');
VACUUM;

-- +goose Down
INSERT INTO users_search (users_search, rank) VALUES ('secure-delete', 0);

-- +goose Up
-- The admin user search's index (users_search, FTS5) as the batches of a
-- bulk load leave it holds a dozen or more segments (16 after `marquee
-- seed`'s 500,000 users), and every trigram lookup reads each of them: one
-- segment halves the search's time. `marquee seed` now merges after its
-- insert (store/seed.go); this merges a database filled before, once (a few
-- seconds at 500,000 accounts). Later sign-ups add small segments that
-- FTS5's automatic merging keeps few.
INSERT INTO users_search (users_search) VALUES ('optimize');

-- +goose Down
SELECT 1;

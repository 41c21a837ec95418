-- +goose Up
-- The organiser's CSV export and lists join each submission to its film
-- for the title alone (issue 23): an index of the id and the title, which
-- an index-only scan can read instead of the wide films rows (SQLite's
-- twin uses it as a covering index).
CREATE INDEX films_id_title ON films (id, title);

-- +goose Down
DROP INDEX films_id_title;

-- +goose Up
-- A film project's specs (trailer, technical specs, flags, premiere
-- status, completion date, screenings and awards it already has): one JSON
-- column, marquee.FilmSpecs, written whole by its own route.
ALTER TABLE films ADD COLUMN specs TEXT NOT NULL DEFAULT '{}';

-- A film's stills, up to marquee.FilmStillsMax, in the filmmaker's order;
-- key is a marquee.PosterKey (the still's two encoded sizes in the file
-- store), position its place.
CREATE TABLE film_stills (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    film_id    INTEGER NOT NULL REFERENCES films (id) ON DELETE CASCADE,
    position   INTEGER NOT NULL,
    still_key  TEXT NOT NULL UNIQUE,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX film_stills_film ON film_stills (film_id, position);

-- A festival's rules and terms and its entry limits (category_id 0: the
-- festival's; another: one category's, applied with the festival's).
CREATE TABLE entry_rules (
    festival_id     INTEGER NOT NULL REFERENCES festivals (id) ON DELETE CASCADE,
    category_id     INTEGER NOT NULL DEFAULT 0,
    terms           TEXT NOT NULL DEFAULT '',
    min_runtime     INTEGER NOT NULL DEFAULT 0,
    max_runtime     INTEGER NOT NULL DEFAULT 0,
    completed_after TEXT NOT NULL DEFAULT '',
    countries       TEXT NOT NULL DEFAULT '[]',
    premiere        TEXT NOT NULL DEFAULT '' CHECK (premiere IN ('', 'world', 'international', 'national')),
    updated_at      TIMESTAMP NOT NULL,
    PRIMARY KEY (festival_id, category_id)
);

-- When the filmmaker accepted the festival's rules and terms (NULL: the
-- festival had none, or the entry predates them).
ALTER TABLE submissions ADD COLUMN rules_accepted_at TIMESTAMP;

-- A filmmaker's saved festivals (watch list).
CREATE TABLE saved_festivals (
    user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    festival_id INTEGER NOT NULL REFERENCES festivals (id) ON DELETE CASCADE,
    created_at  TIMESTAMP NOT NULL,
    PRIMARY KEY (user_id, festival_id)
);
CREATE INDEX saved_festivals_festival ON saved_festivals (festival_id);

-- +goose Down
DROP TABLE saved_festivals;
ALTER TABLE submissions DROP COLUMN rules_accepted_at;
DROP TABLE entry_rules;
DROP TABLE film_stills;
ALTER TABLE films DROP COLUMN specs;

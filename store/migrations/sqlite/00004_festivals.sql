-- +goose Up
-- Calendar dates are TEXT 'YYYY-MM-DD' on both engines, so that they
-- compare as strings and scan the same way.
CREATE TABLE festivals (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    slug             TEXT NOT NULL UNIQUE,
    organiser_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name             TEXT NOT NULL,
    description      TEXT NOT NULL DEFAULT '',
    location         TEXT NOT NULL,
    country          TEXT NOT NULL DEFAULT '',
    city             TEXT NOT NULL DEFAULT '',
    website          TEXT NOT NULL DEFAULT '',
    start_date       TEXT NOT NULL,
    end_date         TEXT NOT NULL,
    contact_email    TEXT NOT NULL,
    status           TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
    rejection_reason TEXT NOT NULL DEFAULT '',
    version          INTEGER NOT NULL DEFAULT 1,
    -- Cached from festival_deadlines: the earliest deadline on or after
    -- the day it was computed, and the lowest current fee (NULL: closed).
    next_deadline    TEXT,
    min_fee          INTEGER,
    -- The festival_index_state version of the last change that anything
    -- searchable about the festival (details, status, categories) saw.
    index_version    BIGINT NOT NULL DEFAULT 0,
    created_at       TIMESTAMP NOT NULL,
    updated_at       TIMESTAMP NOT NULL,
    reviewed_at      TIMESTAMP
);
CREATE INDEX festivals_status_deadline ON festivals (status, next_deadline, start_date);
CREATE INDEX festivals_status_created ON festivals (status, created_at);
CREATE INDEX festivals_organiser ON festivals (organiser_id, created_at);
CREATE INDEX festivals_index_version ON festivals (index_version);

CREATE TABLE festival_categories (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    festival_id INTEGER NOT NULL REFERENCES festivals (id) ON DELETE CASCADE,
    position    INTEGER NOT NULL,
    name        TEXT NOT NULL,
    -- name folded for matching (search.Fold: NFKC, lower case, no Latin diacritics)
    name_key    TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT ''
);
CREATE INDEX festival_categories_festival ON festival_categories (festival_id, position);

CREATE TABLE festival_deadlines (
    category_id INTEGER NOT NULL REFERENCES festival_categories (id) ON DELETE CASCADE,
    festival_id INTEGER NOT NULL REFERENCES festivals (id) ON DELETE CASCADE,
    tier        TEXT NOT NULL CHECK (tier IN ('early', 'regular', 'late')),
    due_on      TEXT NOT NULL,
    fee         INTEGER NOT NULL CHECK (fee >= 0),
    PRIMARY KEY (category_id, tier)
);
CREATE INDEX festival_deadlines_festival ON festival_deadlines (festival_id, due_on);

CREATE TABLE festival_criteria (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    festival_id INTEGER NOT NULL REFERENCES festivals (id) ON DELETE CASCADE,
    position    INTEGER NOT NULL,
    name        TEXT NOT NULL,
    weight      INTEGER NOT NULL CHECK (weight > 0),
    max_score   INTEGER NOT NULL CHECK (max_score > 0)
);
CREATE INDEX festival_criteria_festival ON festival_criteria (festival_id, position);

-- The search index lives in each server's memory (store/festival_search_index.go)
-- and follows the database through this counter: every transaction that
-- changes a festival takes the next version here and writes it to the
-- festivals it changed, so a server loads only the festivals whose
-- index_version is above the version it has seen. The row lock on PostgreSQL
-- (the single writer on SQLite) makes versions commit in order.
CREATE TABLE festival_index_state (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    version BIGINT NOT NULL
);
INSERT INTO festival_index_state (id, version) VALUES (1, 0);

-- +goose Down
DROP TABLE festival_index_state;
DROP TABLE festival_criteria;
DROP TABLE festival_deadlines;
DROP TABLE festival_categories;
DROP TABLE festivals;

-- +goose Up
-- A reminder may be of a category's deadline (a tier of festival_deadlines)
-- rather than of a festival's start: category_id and deadline_tier name it,
-- festival_date holds the deadline's date (kept in step while unsent when
-- the organiser moves it), category_name what the e-mail says. Deleting
-- the category deletes its reminders: the deadline no longer exists.
ALTER TABLE reminders ADD COLUMN category_id INTEGER REFERENCES festival_categories (id) ON DELETE CASCADE;
ALTER TABLE reminders ADD COLUMN category_name TEXT NOT NULL DEFAULT '';
ALTER TABLE reminders ADD COLUMN deadline_tier TEXT NOT NULL DEFAULT ''
    CHECK (deadline_tier IN ('', 'early', 'regular', 'late'));
CREATE INDEX reminders_category ON reminders (category_id, deadline_tier) WHERE category_id IS NOT NULL;

-- +goose Down
-- SQLite cannot drop a column with a foreign key: the table is rebuilt
-- without the deadline columns (deadline reminders go with them).
DROP INDEX reminders_category;
DELETE FROM reminders WHERE deadline_tier <> '';
CREATE TABLE reminders_old (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id        INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    festival_name  TEXT NOT NULL,
    festival_slug  TEXT NOT NULL DEFAULT '',
    festival_date  TEXT NOT NULL CHECK (length(festival_date) = 10),
    preference     TEXT NOT NULL CHECK (preference IN ('day-of', 'one-day-before', 'one-week-before')),
    language       TEXT NOT NULL DEFAULT 'en',
    send_at        TIMESTAMP NOT NULL,
    sent_at        TIMESTAMP,
    created_at     TIMESTAMP NOT NULL
);
INSERT INTO reminders_old (id, user_id, festival_name, festival_slug, festival_date, preference, language, send_at, sent_at, created_at)
    SELECT id, user_id, festival_name, festival_slug, festival_date, preference, language, send_at, sent_at, created_at FROM reminders;
DROP TABLE reminders;
ALTER TABLE reminders_old RENAME TO reminders;
CREATE INDEX reminders_due ON reminders (send_at) WHERE sent_at IS NULL;
CREATE INDEX reminders_user_date ON reminders (user_id, festival_date);

-- +goose Up
-- A reminder may be of a category's deadline (a tier of festival_deadlines)
-- rather than of a festival's start: category_id and deadline_tier name it,
-- festival_date holds the deadline's date (kept in step while unsent when
-- the organiser moves it), category_name what the e-mail says. Deleting
-- the category deletes its reminders: the deadline no longer exists.
ALTER TABLE reminders ADD COLUMN category_id BIGINT REFERENCES festival_categories (id) ON DELETE CASCADE;
ALTER TABLE reminders ADD COLUMN category_name TEXT NOT NULL DEFAULT '';
ALTER TABLE reminders ADD COLUMN deadline_tier TEXT NOT NULL DEFAULT ''
    CHECK (deadline_tier IN ('', 'early', 'regular', 'late'));
CREATE INDEX reminders_category ON reminders (category_id, deadline_tier) WHERE category_id IS NOT NULL;

-- +goose Down
DROP INDEX reminders_category;
DELETE FROM reminders WHERE deadline_tier <> '';
ALTER TABLE reminders DROP COLUMN deadline_tier;
ALTER TABLE reminders DROP COLUMN category_name;
ALTER TABLE reminders DROP COLUMN category_id;

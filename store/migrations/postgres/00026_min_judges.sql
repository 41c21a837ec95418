-- +goose Up
-- The fewest judges whose scores make a submission's rank trusted: the
-- ranking marks those scored by fewer (marquee.FestivalSettings.MinJudges).
ALTER TABLE festival_settings ADD COLUMN min_judges INTEGER NOT NULL DEFAULT 1;

-- +goose Down
ALTER TABLE festival_settings DROP COLUMN min_judges;

-- +goose Up
-- Each festival's submission rollups have a version that every change to
-- them moves (rollupSubmission; the seeds and rebuilds set a new one), so
-- a node may keep a range's sums (analytics_range_cache.go) while it holds.
CREATE TABLE submission_rollup_versions (
    festival_id INTEGER PRIMARY KEY REFERENCES festivals (id) ON DELETE CASCADE,
    version     INTEGER NOT NULL
);

-- +goose Down
DROP TABLE submission_rollup_versions;

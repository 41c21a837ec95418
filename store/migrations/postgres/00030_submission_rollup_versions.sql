-- +goose Up
-- Each festival's submission rollups have a version that every change to
-- them moves (rollupSubmission; the seeds and rebuilds set a new one), so
-- a node may keep a range's sums (analytics_range_cache.go) while it holds.
CREATE TABLE submission_rollup_versions (
    festival_id BIGINT PRIMARY KEY REFERENCES festivals (id) ON DELETE CASCADE,
    version     BIGINT NOT NULL
);
INSERT INTO submission_rollup_versions (festival_id, version) SELECT id, 1 FROM festivals;

-- The entries not withdrawn per category, in the all-days rows (facet
-- 'open'): the ranking's total without counting the festival's entries.
INSERT INTO submission_rollups (festival_id, day, facet, key, count, credits)
    SELECT festival_id, '*', 'open', CAST(category_id AS TEXT), COUNT(*), 0 FROM submissions WHERE status <> 'withdrawn' GROUP BY festival_id, category_id;

-- +goose Down
DELETE FROM submission_rollups WHERE facet = 'open';
DROP TABLE submission_rollup_versions;

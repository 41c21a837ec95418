-- +goose Up
-- Calibrated scores kept up to date by the writes that change scores
-- (store/judging_calibration.go), so that a page in calibrated order is
-- one index range instead of a recomputation and a sort.
--
-- Each judge's calibration (marquee.CalibrateJudge): how many submissions
-- they scored, the mean of their weighted scores and its standard deviation.
ALTER TABLE judges ADD COLUMN score_count INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN score_mean DOUBLE PRECISION NOT NULL DEFAULT 0,
    ADD COLUMN score_sd DOUBLE PRECISION NOT NULL DEFAULT 0;

-- One row per submission with at least one score: its calibrated score
-- (marquee.Calibrate), its category, and whether it is withdrawn (out of
-- the ranking; INCLUDEd so that the ranking's scans stay in the index).
-- Narrow rows with few indexes: a judge's change rewrites every row of the
-- submissions they scored (UPDATEs joined to the new values), and each
-- new row version goes into every index. So no index of submission_id
-- alone: a deleted submission (rare: a withdrawn entry of a deleted film)
-- finds its row by a scan.
CREATE TABLE calibrated_scores (
    festival_id   BIGINT NOT NULL REFERENCES festivals (id) ON DELETE CASCADE,
    submission_id BIGINT NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
    category_id   BIGINT NOT NULL,
    withdrawn     INTEGER NOT NULL DEFAULT 0,
    calibrated    DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (festival_id, submission_id)
);
CREATE INDEX calibrated_scores_category ON calibrated_scores (festival_id, category_id, calibrated DESC, submission_id) INCLUDE (withdrawn);
CREATE INDEX calibrated_scores_festival ON calibrated_scores (festival_id, calibrated DESC, submission_id) INCLUDE (withdrawn);

-- A judge's scores with their values, in the order their calibration
-- sums them, read without the rows.
CREATE INDEX judge_scores_weighted ON judge_scores (judge_id, submission_id) INCLUDE (weighted);

-- The ranking leaves withdrawn submissions out: with the status in the
-- weighted-score indexes, its weighted order and its count read them alone,
-- never the rows.
DROP INDEX submissions_festival_category_score;
DROP INDEX submissions_festival_score;
CREATE INDEX submissions_festival_category_score ON submissions (festival_id, category_id, score_weighted DESC NULLS LAST, id) INCLUDE (status);
CREATE INDEX submissions_festival_score ON submissions (festival_id, score_weighted DESC NULLS LAST, id) INCLUDE (status);

-- calibration_stale: the festival's calibration is rebuilt from its scores
-- at the next start (after this migration, or a bulk load of scores); the
-- versions that made every read after a change recompute it go.
ALTER TABLE festival_settings ADD COLUMN calibration_stale INTEGER NOT NULL DEFAULT 0;
INSERT INTO festival_settings (festival_id, calibration_stale, updated_at)
    SELECT DISTINCT j.festival_id, 1, CURRENT_TIMESTAMP FROM judges j WHERE EXISTS (SELECT 1 FROM judge_scores js WHERE js.judge_id = j.id)
    ON CONFLICT (festival_id) DO UPDATE SET calibration_stale = 1;
ALTER TABLE festival_settings DROP COLUMN scores_version, DROP COLUMN calibrated_version;
ALTER TABLE submissions DROP COLUMN score_calibrated;

-- +goose Down
ALTER TABLE submissions ADD COLUMN score_calibrated DOUBLE PRECISION;
UPDATE submissions SET score_calibrated = cs.calibrated FROM calibrated_scores cs WHERE cs.submission_id = submissions.id;
ALTER TABLE festival_settings ADD COLUMN scores_version BIGINT NOT NULL DEFAULT 0,
    ADD COLUMN calibrated_version BIGINT NOT NULL DEFAULT 0;
ALTER TABLE festival_settings DROP COLUMN calibration_stale;
DROP INDEX submissions_festival_category_score;
DROP INDEX submissions_festival_score;
CREATE INDEX submissions_festival_category_score ON submissions (festival_id, category_id, score_weighted DESC NULLS LAST, id);
CREATE INDEX submissions_festival_score ON submissions (festival_id, score_weighted DESC NULLS LAST, id);
DROP INDEX judge_scores_weighted;
DROP TABLE calibrated_scores;
ALTER TABLE judges DROP COLUMN score_sd, DROP COLUMN score_mean, DROP COLUMN score_count;

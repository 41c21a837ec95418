-- +goose Up
-- Rate limits shared by every node: one fixed-window counter per key (what
-- is limited and for whom, e.g. "login-ip:203.0.113.7") and window, bumped by
-- one upsert per hit. Rows past window_end are deleted from time to time
-- through rate_limits_window_end, so the table holds only recent callers.
CREATE TABLE rate_limits (
    key           TEXT NOT NULL,
    window_start  TIMESTAMPTZ NOT NULL,
    window_end    TIMESTAMPTZ NOT NULL,
    hits          INTEGER NOT NULL CHECK (hits > 0),
    PRIMARY KEY (key, window_start)
);
CREATE INDEX rate_limits_window_end ON rate_limits (window_end);

-- +goose Down
DROP TABLE rate_limits;

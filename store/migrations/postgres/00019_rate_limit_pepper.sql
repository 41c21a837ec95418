-- +goose Up
-- The pepper of the rate limits' keys (marquee.RateLimitKey.Stored): a
-- random secret in one row, created by the first node that counts a hit
-- (store/ratelimit_pepper.go), so that every node hashes a subject alike
-- and rate_limits holds no address, IP or user id. The counters kept
-- before it named their subjects in clear: they go.
CREATE TABLE rate_limit_pepper (
    id     INTEGER PRIMARY KEY CHECK (id = 1),
    pepper TEXT NOT NULL
);
DELETE FROM rate_limits;

-- +goose Down
DROP TABLE rate_limit_pepper;

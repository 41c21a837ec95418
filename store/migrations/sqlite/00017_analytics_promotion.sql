-- +goose Up
-- Privacy-first page view counting (store/analytics_record.go). A visitor
-- is sha256(salt of the day || scope || IP || user agent): the salt is
-- random, one row per day shared by every node, and deleted by the worker
-- with that day's visitor hashes once the day has ended everywhere. No IP
-- or user agent is stored; the counts below keep no hash.
CREATE TABLE analytics_salts (
    day  TEXT PRIMARY KEY,
    salt TEXT NOT NULL
);
-- The set of visitors seen on a day (per scope, folded into the hash),
-- only to count unique visitors; deleted with the day's salt.
CREATE TABLE analytics_visitors (
    day  TEXT NOT NULL,
    hash TEXT NOT NULL,
    PRIMARY KEY (day, hash)
);
-- Rollups of a festival's public page: views and unique visitors per day
-- (the festival's local day), and views per source ('direct', 'search'
-- or a referrer's domain; day '*' totals every day).
CREATE TABLE page_view_days (
    festival_id INTEGER NOT NULL REFERENCES festivals (id) ON DELETE CASCADE,
    day         TEXT NOT NULL,
    views       INTEGER NOT NULL DEFAULT 0,
    visitors    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (festival_id, day)
);
CREATE TABLE page_view_sources (
    festival_id INTEGER NOT NULL REFERENCES festivals (id) ON DELETE CASCADE,
    day         TEXT NOT NULL,
    source      TEXT NOT NULL,
    views       INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (festival_id, day, source)
);

-- Promotion: prices per length (admins edit them), campaigns, and each
-- campaign's impressions and clicks per day.
CREATE TABLE promotion_prices (
    days       INTEGER PRIMARY KEY CHECK (days IN (7, 14, 30)),
    credits    INTEGER NOT NULL CHECK (credits > 0),
    updated_at TIMESTAMP NOT NULL
);
INSERT INTO promotion_prices (days, credits, updated_at) VALUES
    (7, 50, strftime('%Y-%m-%d %H:%M:%S+00:00', 'now')),
    (14, 90, strftime('%Y-%m-%d %H:%M:%S+00:00', 'now')),
    (30, 170, strftime('%Y-%m-%d %H:%M:%S+00:00', 'now'));
-- request_key is the organiser's page's key of one purchase: a retry or a
-- double click with the same key answers the same campaign, paid once.
CREATE TABLE promotions (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    festival_id      INTEGER NOT NULL REFERENCES festivals (id) ON DELETE CASCADE,
    user_id          INTEGER REFERENCES users (id) ON DELETE SET NULL,
    request_key      TEXT NOT NULL,
    days             INTEGER NOT NULL CHECK (days > 0),
    credits          INTEGER NOT NULL CHECK (credits >= 0),
    status           TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'ended')),
    end_reason       TEXT NOT NULL DEFAULT '' CHECK (end_reason IN ('', 'expired', 'admin')),
    refunded_credits INTEGER NOT NULL DEFAULT 0 CHECK (refunded_credits >= 0),
    starts_at        TIMESTAMP NOT NULL,
    ends_at          TIMESTAMP NOT NULL,
    ended_at         TIMESTAMP,
    created_at       TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX promotions_request ON promotions (user_id, request_key);
CREATE UNIQUE INDEX promotions_festival_active ON promotions (festival_id) WHERE status = 'active';
CREATE INDEX promotions_status_ends ON promotions (status, ends_at);
CREATE INDEX promotions_festival ON promotions (festival_id, id DESC);
CREATE INDEX promotions_created ON promotions (id DESC);
CREATE TABLE promotion_days (
    promotion_id INTEGER NOT NULL REFERENCES promotions (id) ON DELETE CASCADE,
    day          TEXT NOT NULL,
    views        INTEGER NOT NULL DEFAULT 0,
    clicks       INTEGER NOT NULL DEFAULT 0,
    visitors     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (promotion_id, day)
);

-- A festival's submissions per day (its local day of entry): entered
-- ('day'), and by 'category', 'country', 'status' and 'tier' (count, and
-- net fee credits for tiers). Kept in the transaction of every entry,
-- withdrawal and decision (store/analytics_rollup.go); the facets also
-- have a row of all days, day '*'.
CREATE TABLE submission_rollups (
    festival_id INTEGER NOT NULL REFERENCES festivals (id) ON DELETE CASCADE,
    day         TEXT NOT NULL,
    facet       TEXT NOT NULL,
    key         TEXT NOT NULL,
    count       INTEGER NOT NULL DEFAULT 0,
    credits     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (festival_id, facet, key, day)
);
CREATE INDEX submission_rollups_day ON submission_rollups (festival_id, facet, day);
INSERT INTO submission_rollups (festival_id, day, facet, key, count, credits)
    SELECT festival_id, strftime('%Y-%m-%d', created_at), 'day', '', COUNT(*), 0 FROM submissions GROUP BY festival_id, strftime('%Y-%m-%d', created_at);
INSERT INTO submission_rollups (festival_id, day, facet, key, count, credits)
    SELECT festival_id, strftime('%Y-%m-%d', created_at), 'category', CAST(category_id AS TEXT), COUNT(*), 0 FROM submissions GROUP BY festival_id, strftime('%Y-%m-%d', created_at), category_id;
INSERT INTO submission_rollups (festival_id, day, facet, key, count, credits)
    SELECT festival_id, strftime('%Y-%m-%d', created_at), 'country', country, COUNT(*), 0 FROM submissions GROUP BY festival_id, strftime('%Y-%m-%d', created_at), country;
INSERT INTO submission_rollups (festival_id, day, facet, key, count, credits)
    SELECT festival_id, strftime('%Y-%m-%d', created_at), 'status', status, COUNT(*), 0 FROM submissions GROUP BY festival_id, strftime('%Y-%m-%d', created_at), status;
INSERT INTO submission_rollups (festival_id, day, facet, key, count, credits)
    SELECT festival_id, strftime('%Y-%m-%d', created_at), 'tier', tier, COUNT(*), SUM(paid_credits - refunded_credits) FROM submissions GROUP BY festival_id, strftime('%Y-%m-%d', created_at), tier;
-- The facets' rows of all days (day '*').
INSERT INTO submission_rollups (festival_id, day, facet, key, count, credits)
    SELECT festival_id, '*', 'category', CAST(category_id AS TEXT), COUNT(*), 0 FROM submissions GROUP BY festival_id, category_id;
INSERT INTO submission_rollups (festival_id, day, facet, key, count, credits)
    SELECT festival_id, '*', 'country', country, COUNT(*), 0 FROM submissions GROUP BY festival_id, country;
INSERT INTO submission_rollups (festival_id, day, facet, key, count, credits)
    SELECT festival_id, '*', 'status', status, COUNT(*), 0 FROM submissions GROUP BY festival_id, status;
INSERT INTO submission_rollups (festival_id, day, facet, key, count, credits)
    SELECT festival_id, '*', 'tier', tier, COUNT(*), SUM(paid_credits - refunded_credits) FROM submissions GROUP BY festival_id, tier;

-- Submissions entered per UTC day, for the installation's figures.
ALTER TABLE dashboard_days ADD COLUMN submissions INTEGER NOT NULL DEFAULT 0;
INSERT INTO dashboard_days (day, submissions)
    SELECT strftime('%Y-%m-%d', created_at), COUNT(*) FROM submissions GROUP BY 1
    ON CONFLICT (day) DO UPDATE SET submissions = excluded.submissions;

-- The ledger's reasons gain 'promotion' and 'promotion-refund': SQLite
-- cannot change a CHECK, so the table is rebuilt with its rows and index.
CREATE TABLE credit_ledger_new (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    delta      INTEGER NOT NULL CHECK (delta <> 0),
    reason     TEXT NOT NULL CHECK (reason IN ('purchase', 'refund', 'adjustment', 'submission-fee', 'submission-refund', 'promotion', 'promotion-refund')),
    reference  TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    note       TEXT NOT NULL DEFAULT '',
    UNIQUE (reason, reference)
);
INSERT INTO credit_ledger_new (id, user_id, delta, reason, reference, created_at, note)
    SELECT id, user_id, delta, reason, reference, created_at, note FROM credit_ledger;
DROP TABLE credit_ledger;
ALTER TABLE credit_ledger_new RENAME TO credit_ledger;
CREATE INDEX credit_ledger_user ON credit_ledger (user_id, id);

-- +goose Down
DELETE FROM credit_ledger WHERE reason IN ('promotion', 'promotion-refund');
CREATE TABLE credit_ledger_old (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    delta      INTEGER NOT NULL CHECK (delta <> 0),
    reason     TEXT NOT NULL CHECK (reason IN ('purchase', 'refund', 'adjustment', 'submission-fee', 'submission-refund')),
    reference  TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    note       TEXT NOT NULL DEFAULT '',
    UNIQUE (reason, reference)
);
INSERT INTO credit_ledger_old SELECT id, user_id, delta, reason, reference, created_at, note FROM credit_ledger;
DROP TABLE credit_ledger;
ALTER TABLE credit_ledger_old RENAME TO credit_ledger;
CREATE INDEX credit_ledger_user ON credit_ledger (user_id, id);
ALTER TABLE dashboard_days DROP COLUMN submissions;
DROP TABLE submission_rollups;
DROP TABLE promotion_days;
DROP TABLE promotions;
DROP TABLE promotion_prices;
DROP TABLE page_view_sources;
DROP TABLE page_view_days;
DROP TABLE analytics_visitors;
DROP TABLE analytics_salts;

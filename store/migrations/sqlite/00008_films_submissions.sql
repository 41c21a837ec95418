-- +goose Up
-- Film projects of filmmakers. credits is a JSON array of {name, role}.
-- poster_key names the poster file in the file store ('' when none).
CREATE TABLE films (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    owner_id          INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    title             TEXT NOT NULL,
    original_title    TEXT NOT NULL DEFAULT '',
    logline           TEXT NOT NULL DEFAULT '',
    synopsis          TEXT NOT NULL DEFAULT '',
    runtime_minutes   INTEGER NOT NULL DEFAULT 0,
    genre             TEXT NOT NULL DEFAULT '',
    country           TEXT NOT NULL DEFAULT '',
    language          TEXT NOT NULL DEFAULT '',
    year              INTEGER NOT NULL DEFAULT 0,
    director          TEXT NOT NULL DEFAULT '',
    credits           TEXT NOT NULL DEFAULT '[]',
    screener_url      TEXT NOT NULL DEFAULT '',
    screener_password TEXT NOT NULL DEFAULT '',
    public            INTEGER NOT NULL DEFAULT 0,
    poster_key        TEXT NOT NULL DEFAULT '',
    created_at        TIMESTAMP NOT NULL,
    updated_at        TIMESTAMP NOT NULL
);
CREATE INDEX films_owner ON films (owner_id, created_at);
CREATE INDEX films_public ON films (public, created_at);

-- An organiser's settings of submissions and judging, one row per festival
-- (a festival without a row has every setting off).
CREATE TABLE festival_settings (
    festival_id        INTEGER PRIMARY KEY REFERENCES festivals (id) ON DELETE CASCADE,
    refund_on_withdraw INTEGER NOT NULL DEFAULT 0,
    blind_review       INTEGER NOT NULL DEFAULT 0,
    judging_locked     INTEGER NOT NULL DEFAULT 0,
    -- scores_version counts changes of the festival's scores;
    -- calibrated_version is the count the calibrated scores were last
    -- computed at (store/judging_score.go: refreshCalibrated).
    scores_version     BIGINT NOT NULL DEFAULT 0,
    calibrated_version BIGINT NOT NULL DEFAULT 0,
    updated_at         TIMESTAMP NOT NULL
);

-- Fee waiver codes; used counts the entries that used the code.
CREATE TABLE waivers (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    festival_id INTEGER NOT NULL REFERENCES festivals (id) ON DELETE CASCADE,
    code        TEXT NOT NULL,
    percent     INTEGER NOT NULL CHECK (percent BETWEEN 1 AND 100),
    usage_limit INTEGER NOT NULL CHECK (usage_limit > 0),
    used        INTEGER NOT NULL DEFAULT 0 CHECK (used >= 0 AND used <= usage_limit),
    expires_on  TEXT NOT NULL,
    created_at  TIMESTAMP NOT NULL,
    UNIQUE (festival_id, code)
);

-- One film in one category. A category with submissions cannot be deleted
-- (no cascade); the same film enters a category once, unless withdrawn
-- (the partial unique index). score_* cache the judging summary for
-- sorting and filtering (NULL: not scored), kept by the judging service.
CREATE TABLE submissions (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    film_id          INTEGER NOT NULL REFERENCES films (id),
    filmmaker_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    festival_id      INTEGER NOT NULL REFERENCES festivals (id) ON DELETE CASCADE,
    category_id      INTEGER NOT NULL REFERENCES festival_categories (id),
    country          TEXT NOT NULL DEFAULT '',
    tier             TEXT NOT NULL CHECK (tier IN ('early', 'regular', 'late')),
    fee_credits      INTEGER NOT NULL CHECK (fee_credits >= 0),
    paid_credits     INTEGER NOT NULL CHECK (paid_credits >= 0),
    waiver_id        INTEGER REFERENCES waivers (id) ON DELETE SET NULL,
    waiver_code      TEXT NOT NULL DEFAULT '',
    refunded_credits INTEGER NOT NULL DEFAULT 0,
    status           TEXT NOT NULL DEFAULT 'submitted' CHECK (status IN ('submitted', 'in_consideration', 'selected', 'not_selected', 'finalist', 'award_winner', 'withdrawn')),
    award_name       TEXT NOT NULL DEFAULT '',
    flag             TEXT NOT NULL DEFAULT '' CHECK (flag IN ('', 'strong_contender', 'needs_review', 'not_selected')),
    share_comments   INTEGER NOT NULL DEFAULT 0,
    language         TEXT NOT NULL DEFAULT 'en',
    score_judges     INTEGER NOT NULL DEFAULT 0,
    score_weighted   DOUBLE PRECISION,
    score_calibrated DOUBLE PRECISION,
    score_spread     DOUBLE PRECISION,
    created_at       TIMESTAMP NOT NULL,
    decided_at       TIMESTAMP,
    withdrawn_at     TIMESTAMP,
    updated_at       TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX submissions_film_category ON submissions (film_id, category_id) WHERE status <> 'withdrawn';
CREATE INDEX submissions_filmmaker ON submissions (filmmaker_id, created_at DESC, id DESC);
CREATE INDEX submissions_festival_created ON submissions (festival_id, created_at DESC, id DESC);
CREATE INDEX submissions_festival_category_score ON submissions (festival_id, category_id, score_weighted DESC, id);
CREATE INDEX submissions_festival_score ON submissions (festival_id, score_weighted DESC, id);
CREATE INDEX submissions_category ON submissions (category_id);

-- A festival's jury. user_id is NULL until the invitation is accepted;
-- token_hash is the SHA-256 of the invitation token. scope: '' (specific
-- submissions only), 'all', or 'category' (judge_categories).
CREATE TABLE judges (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    festival_id INTEGER NOT NULL REFERENCES festivals (id) ON DELETE CASCADE,
    user_id     INTEGER REFERENCES users (id) ON DELETE CASCADE,
    email       TEXT NOT NULL,
    token_hash  TEXT NOT NULL UNIQUE,
    status      TEXT NOT NULL DEFAULT 'invited' CHECK (status IN ('invited', 'active')),
    scope       TEXT NOT NULL DEFAULT '' CHECK (scope IN ('', 'all', 'category')),
    invited_at  TIMESTAMP NOT NULL,
    accepted_at TIMESTAMP,
    UNIQUE (festival_id, email)
);
CREATE UNIQUE INDEX judges_festival_user ON judges (festival_id, user_id);
CREATE INDEX judges_user ON judges (user_id);

CREATE TABLE judge_categories (
    judge_id    INTEGER NOT NULL REFERENCES judges (id) ON DELETE CASCADE,
    category_id INTEGER NOT NULL REFERENCES festival_categories (id) ON DELETE CASCADE,
    PRIMARY KEY (judge_id, category_id)
);

-- Specific assignments (modes specific and spread).
CREATE TABLE judge_assignments (
    judge_id      INTEGER NOT NULL REFERENCES judges (id) ON DELETE CASCADE,
    submission_id INTEGER NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
    created_at    TIMESTAMP NOT NULL,
    PRIMARY KEY (judge_id, submission_id)
);
CREATE INDEX judge_assignments_submission ON judge_assignments (submission_id);

CREATE TABLE judge_conflicts (
    judge_id      INTEGER NOT NULL REFERENCES judges (id) ON DELETE CASCADE,
    submission_id INTEGER NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
    reason        TEXT NOT NULL DEFAULT '',
    created_at    TIMESTAMP NOT NULL,
    PRIMARY KEY (judge_id, submission_id)
);
CREATE INDEX judge_conflicts_submission ON judge_conflicts (submission_id);

-- A judge's scoring of a submission; weighted is on a 0..100 scale.
CREATE TABLE judge_scores (
    judge_id      INTEGER NOT NULL REFERENCES judges (id) ON DELETE CASCADE,
    submission_id INTEGER NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
    weighted      DOUBLE PRECISION NOT NULL,
    comment       TEXT NOT NULL DEFAULT '',
    private_note  TEXT NOT NULL DEFAULT '',
    updated_at    TIMESTAMP NOT NULL,
    PRIMARY KEY (judge_id, submission_id)
);
CREATE INDEX judge_scores_submission ON judge_scores (submission_id);

CREATE TABLE judge_criterion_scores (
    judge_id      INTEGER NOT NULL,
    submission_id INTEGER NOT NULL,
    criterion_id  INTEGER NOT NULL REFERENCES festival_criteria (id) ON DELETE CASCADE,
    score         INTEGER NOT NULL CHECK (score >= 0),
    PRIMARY KEY (judge_id, submission_id, criterion_id),
    FOREIGN KEY (judge_id, submission_id) REFERENCES judge_scores (judge_id, submission_id) ON DELETE CASCADE
);

-- +goose Down
DROP TABLE judge_criterion_scores;
DROP TABLE judge_scores;
DROP TABLE judge_conflicts;
DROP TABLE judge_assignments;
DROP TABLE judge_categories;
DROP TABLE judges;
DROP TABLE submissions;
DROP TABLE waivers;
DROP TABLE festival_settings;
DROP TABLE films;

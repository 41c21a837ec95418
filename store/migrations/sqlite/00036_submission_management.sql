-- +goose Up
-- Submission management (issue 30): custom questions and their answers,
-- the organiser's own statuses beyond the decision, deadline extensions,
-- decision e-mail texts, message threads and bulk messages.

-- A festival's questions, asked at submission in position order. kind is
-- short_text, long_text, choice (options: a JSON array of strings) or
-- yes_no.
CREATE TABLE festival_questions (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    festival_id INTEGER NOT NULL REFERENCES festivals (id) ON DELETE CASCADE,
    position    INTEGER NOT NULL,
    kind        TEXT NOT NULL CHECK (kind IN ('short_text', 'long_text', 'choice', 'yes_no')),
    label       TEXT NOT NULL,
    required    INTEGER NOT NULL DEFAULT 0,
    options     TEXT NOT NULL DEFAULT '[]',
    created_at  TIMESTAMP NOT NULL
);
CREATE INDEX festival_questions_festival ON festival_questions (festival_id, position);

-- One answer per submission and question, written with the submission.
CREATE TABLE submission_answers (
    submission_id INTEGER NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
    question_id   INTEGER NOT NULL REFERENCES festival_questions (id) ON DELETE CASCADE,
    value         TEXT NOT NULL,
    PRIMARY KEY (submission_id, question_id)
);

-- The organiser's statuses beyond the decision (semi-finalist, finalist,
-- custom ones); preset names a built-in one ('' for custom). notify
-- e-mails the filmmaker when an entry gets it, with note added.
CREATE TABLE festival_entry_statuses (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    festival_id INTEGER NOT NULL REFERENCES festivals (id) ON DELETE CASCADE,
    name        TEXT NOT NULL,
    preset      TEXT NOT NULL DEFAULT '',
    notify      INTEGER NOT NULL DEFAULT 0,
    note        TEXT NOT NULL DEFAULT '',
    created_at  TIMESTAMP NOT NULL,
    UNIQUE (festival_id, name)
);

-- An entry's status of those (at most one).
CREATE TABLE submission_entry_statuses (
    submission_id INTEGER PRIMARY KEY REFERENCES submissions (id) ON DELETE CASCADE,
    status_id     INTEGER NOT NULL REFERENCES festival_entry_statuses (id) ON DELETE CASCADE,
    set_at        TIMESTAMP NOT NULL
);
CREATE INDEX submission_entry_statuses_status ON submission_entry_statuses (status_id);

-- A deadline extended to until (YYYY-MM-DD) for one category (user_id
-- NULL: every filmmaker) or for one filmmaker (category_id NULL: every
-- category of the festival).
CREATE TABLE deadline_extensions (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    festival_id INTEGER NOT NULL REFERENCES festivals (id) ON DELETE CASCADE,
    category_id INTEGER REFERENCES festival_categories (id) ON DELETE CASCADE,
    user_id     INTEGER REFERENCES users (id) ON DELETE CASCADE,
    until       TEXT NOT NULL,
    created_at  TIMESTAMP NOT NULL,
    CHECK (category_id IS NOT NULL OR user_id IS NOT NULL)
);
CREATE INDEX deadline_extensions_festival ON deadline_extensions (festival_id);

-- A festival's own text of a decision e-mail, per status and language.
CREATE TABLE festival_notice_texts (
    festival_id INTEGER NOT NULL REFERENCES festivals (id) ON DELETE CASCADE,
    status      TEXT NOT NULL,
    language    TEXT NOT NULL,
    subject     TEXT NOT NULL,
    body        TEXT NOT NULL,
    updated_at  TIMESTAMP NOT NULL,
    PRIMARY KEY (festival_id, status, language)
);

-- A submission's thread between its filmmaker and the festival's team.
-- author_id is NULL once the author's account is deleted.
CREATE TABLE submission_messages (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    submission_id INTEGER NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
    author_id     INTEGER REFERENCES users (id) ON DELETE SET NULL,
    from_festival INTEGER NOT NULL,
    language      TEXT NOT NULL DEFAULT 'en',
    body          TEXT NOT NULL,
    created_at    TIMESTAMP NOT NULL
);
CREATE INDEX submission_messages_submission ON submission_messages (submission_id, id);

-- A bulk message sent to a selection of a festival's entrants; its
-- recipients are one row each (the primary key: never twice to one
-- person for one send).
CREATE TABLE bulk_messages (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    festival_id INTEGER NOT NULL REFERENCES festivals (id) ON DELETE CASCADE,
    subject     TEXT NOT NULL,
    body        TEXT NOT NULL,
    selection   TEXT NOT NULL,
    recipients  INTEGER NOT NULL,
    created_at  TIMESTAMP NOT NULL
);
CREATE INDEX bulk_messages_festival ON bulk_messages (festival_id, created_at);
CREATE TABLE bulk_message_recipients (
    bulk_message_id INTEGER NOT NULL REFERENCES bulk_messages (id) ON DELETE CASCADE,
    user_id         INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    PRIMARY KEY (bulk_message_id, user_id)
);

-- +goose Down
DROP TABLE bulk_message_recipients;
DROP TABLE bulk_messages;
DROP TABLE submission_messages;
DROP TABLE festival_notice_texts;
DROP TABLE deadline_extensions;
DROP TABLE submission_entry_statuses;
DROP TABLE festival_entry_statuses;
DROP TABLE submission_answers;
DROP TABLE festival_questions;

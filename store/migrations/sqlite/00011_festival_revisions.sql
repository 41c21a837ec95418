-- +goose Up
-- A festival's one revision: the public facts (name, description,
-- location, country, city, website, contact e-mail) its organiser proposed
-- after its approval, kept whole; the approved values stay on festivals
-- until an admin approves the revision (which applies it and deletes the
-- row). A rejected revision stays, with its reason, until the organiser's
-- next edit replaces or removes it.
CREATE TABLE festival_revisions (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    festival_id      INTEGER NOT NULL UNIQUE REFERENCES festivals (id) ON DELETE CASCADE,
    status           TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'rejected')),
    name             TEXT NOT NULL,
    description      TEXT NOT NULL,
    location         TEXT NOT NULL,
    country          TEXT NOT NULL,
    city             TEXT NOT NULL,
    website          TEXT NOT NULL,
    contact_email    TEXT NOT NULL,
    rejection_reason TEXT NOT NULL DEFAULT '',
    created_at       TIMESTAMP NOT NULL,
    reviewed_at      TIMESTAMP
);
CREATE INDEX festival_revisions_status ON festival_revisions (status, created_at);

-- +goose Down
DROP TABLE festival_revisions;

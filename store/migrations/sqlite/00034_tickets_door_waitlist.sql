-- +goose Up
-- Issue 27 (tickets-b): ticket PDFs attached to e-mails, the waiting list
-- of sold-out screenings, and the door's check-in lists.

-- A mail's attachments (a confirmation's ticket PDFs), written with the
-- mail in its transaction and read when the worker sends it.
CREATE TABLE mail_attachments (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    mail_id      INTEGER NOT NULL REFERENCES mail_outbox (id) ON DELETE CASCADE,
    position     INTEGER NOT NULL,
    filename     TEXT NOT NULL,
    content_type TEXT NOT NULL,
    data         BLOB NOT NULL,
    UNIQUE (mail_id, position)
);

-- A sold-out screening's waiting list, in id order. An entry waits, is
-- offered (its quantity of seats held in screenings.held until
-- offer_expires_at; offer_hash is the SHA-256 of the link's token), then is
-- claimed (an order took the held seats), lapses (the seats pass on) or is
-- left by its owner. Each move is guarded by the old status, so a freed
-- seat is offered once whatever the number of nodes.
CREATE TABLE waitlist_entries (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    screening_id     INTEGER NOT NULL REFERENCES screenings (id) ON DELETE CASCADE,
    user_id          INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    email            TEXT NOT NULL,
    quantity         INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 10),
    language         TEXT NOT NULL DEFAULT 'en',
    status           TEXT NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'offered', 'claimed', 'lapsed', 'left')),
    offer_hash       TEXT UNIQUE,
    offered_at       TIMESTAMP,
    offer_expires_at TIMESTAMP,
    order_id         INTEGER REFERENCES ticket_orders (id) ON DELETE SET NULL,
    created_at       TIMESTAMP NOT NULL,
    updated_at       TIMESTAMP NOT NULL
);
CREATE INDEX waitlist_entries_screening ON waitlist_entries (screening_id, status, id);
CREATE INDEX waitlist_entries_offer ON waitlist_entries (status, offer_expires_at);
CREATE UNIQUE INDEX waitlist_entries_one_open ON waitlist_entries (screening_id, user_id) WHERE status IN ('waiting', 'offered');

-- A festival's check-in lists (per venue, per day ...): each names
-- screenings; the door checks a ticket in on a list only if its
-- screening is on it.
CREATE TABLE checkin_lists (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    festival_id INTEGER NOT NULL REFERENCES festivals (id) ON DELETE CASCADE,
    name        TEXT NOT NULL,
    created_at  TIMESTAMP NOT NULL,
    updated_at  TIMESTAMP NOT NULL,
    UNIQUE (festival_id, name)
);
CREATE TABLE checkin_list_screenings (
    list_id      INTEGER NOT NULL REFERENCES checkin_lists (id) ON DELETE CASCADE,
    screening_id INTEGER NOT NULL REFERENCES screenings (id) ON DELETE CASCADE,
    PRIMARY KEY (list_id, screening_id)
);
CREATE INDEX checkin_list_screenings_screening ON checkin_list_screenings (screening_id);

-- +goose Down
DROP TABLE checkin_list_screenings;
DROP TABLE checkin_lists;
DROP TABLE waitlist_entries;
DROP TABLE mail_attachments;

-- +goose Up
-- Issue 27 (guest checkout): orders and waiting-list places of visitors
-- without an account. Their orders and entries belong to the one guest
-- account (guests@marquee.invalid, disabled, made by the store on first
-- use) so that every seat rule, counter and guard stays the signed-in
-- buyers'; these tables say whose they really are.

-- A guest's order: the name and address typed at checkout. claimed_by is
-- the account (with this address, confirmed) that took the order over.
CREATE TABLE ticket_guest_orders (
    order_id   INTEGER PRIMARY KEY REFERENCES ticket_orders (id) ON DELETE CASCADE,
    email      TEXT NOT NULL,
    name       TEXT NOT NULL,
    claimed_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
    claimed_at TIMESTAMP,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX ticket_guest_orders_email ON ticket_guest_orders (email) WHERE claimed_at IS NULL;

-- The links to a guest's order: the SHA-256 of each random token (the
-- browser's at checkout, the confirmation e-mail's at payment).
CREATE TABLE ticket_guest_tokens (
    token_hash TEXT PRIMARY KEY,
    order_id   INTEGER NOT NULL REFERENCES ticket_orders (id) ON DELETE CASCADE,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX ticket_guest_tokens_order ON ticket_guest_tokens (order_id);

-- A visitor's request to wait for a sold-out screening: it joins the queue
-- (entry_id) only when its link (token_hash, SHA-256) is opened before
-- confirm_by; the same link then shows the place and leaves the list.
CREATE TABLE waitlist_guest_requests (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    screening_id INTEGER NOT NULL REFERENCES screenings (id) ON DELETE CASCADE,
    email        TEXT NOT NULL,
    quantity     INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 10),
    language     TEXT NOT NULL DEFAULT 'en',
    token_hash   TEXT NOT NULL UNIQUE,
    entry_id     INTEGER REFERENCES waitlist_entries (id) ON DELETE SET NULL,
    confirm_by   TIMESTAMP NOT NULL,
    confirmed_at TIMESTAMP,
    created_at   TIMESTAMP NOT NULL
);
CREATE INDEX waitlist_guest_requests_screening ON waitlist_guest_requests (screening_id, email);

-- One open entry per account and address: the guest account's entries
-- differ by their address.
DROP INDEX waitlist_entries_one_open;
CREATE UNIQUE INDEX waitlist_entries_one_open ON waitlist_entries (screening_id, user_id, email) WHERE status IN ('waiting', 'offered');

-- +goose Down
DROP INDEX waitlist_entries_one_open;
DELETE FROM waitlist_entries WHERE id IN (SELECT entry_id FROM waitlist_guest_requests WHERE entry_id IS NOT NULL);
CREATE UNIQUE INDEX waitlist_entries_one_open ON waitlist_entries (screening_id, user_id) WHERE status IN ('waiting', 'offered');
DROP TABLE waitlist_guest_requests;
DROP TABLE ticket_guest_tokens;
DROP TABLE ticket_guest_orders;

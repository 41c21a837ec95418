-- +goose Up
-- Tickets (issue 12). A festival's IANA time zone: screening times are
-- typed and shown in it; instants are stored in UTC.
ALTER TABLE festivals ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'UTC';

-- A screening's seats: sold and held are counters that one conditional
-- UPDATE moves (sold + held + n <= capacity), so a seat is never sold twice;
-- the CHECK is the last guard.
CREATE TABLE screenings (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    festival_id    INTEGER NOT NULL REFERENCES festivals (id) ON DELETE CASCADE,
    submission_id  INTEGER REFERENCES submissions (id) ON DELETE SET NULL,
    title          TEXT NOT NULL,
    venue          TEXT NOT NULL,
    starts_at      TIMESTAMP NOT NULL,
    ends_at        TIMESTAMP NOT NULL,
    capacity       INTEGER NOT NULL CHECK (capacity > 0),
    sold           INTEGER NOT NULL DEFAULT 0 CHECK (sold >= 0),
    held           INTEGER NOT NULL DEFAULT 0 CHECK (held >= 0),
    price_cents    INTEGER NOT NULL CHECK (price_cents >= 0),
    currency       TEXT NOT NULL,
    sales_start_at TIMESTAMP NOT NULL,
    sales_end_at   TIMESTAMP NOT NULL,
    status         TEXT NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'cancelled')),
    cancelled_at   TIMESTAMP,
    created_at     TIMESTAMP NOT NULL,
    updated_at     TIMESTAMP NOT NULL,
    CHECK (sold + held <= capacity)
);
CREATE INDEX screenings_festival_starts ON screenings (festival_id, starts_at, id);

-- An order holds quantity seats while pending (until hold_expires_at);
-- the status guard of each change (pending -> paid/failed/expired/cancelled)
-- moves the seats exactly once. reference is the provider's payment id.
CREATE TABLE ticket_orders (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id         INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    screening_id    INTEGER NOT NULL REFERENCES screenings (id) ON DELETE CASCADE,
    quantity        INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 10),
    amount_cents    INTEGER NOT NULL CHECK (amount_cents >= 0),
    currency        TEXT NOT NULL,
    status          TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'failed', 'expired', 'cancelled', 'refunded')),
    hold_expires_at TIMESTAMP NOT NULL,
    provider        TEXT NOT NULL DEFAULT '',
    reference       TEXT UNIQUE,
    country         TEXT NOT NULL DEFAULT '',
    failure_message TEXT NOT NULL DEFAULT '',
    language        TEXT NOT NULL DEFAULT 'en',
    created_at      TIMESTAMP NOT NULL,
    paid_at         TIMESTAMP,
    refunded_at     TIMESTAMP,
    updated_at      TIMESTAMP NOT NULL
);
CREATE INDEX ticket_orders_user ON ticket_orders (user_id, id);
CREATE INDEX ticket_orders_hold ON ticket_orders (status, hold_expires_at);
CREATE INDEX ticket_orders_screening ON ticket_orders (screening_id, status);

-- A ticket is one seat of a paid order; code is its secret (the QR code's
-- content). (order_id, position) is unique: an order issues its tickets once.
CREATE TABLE tickets (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id      INTEGER NOT NULL REFERENCES ticket_orders (id) ON DELETE CASCADE,
    position      INTEGER NOT NULL,
    screening_id  INTEGER NOT NULL REFERENCES screenings (id) ON DELETE CASCADE,
    user_id       INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    code          TEXT NOT NULL UNIQUE,
    status        TEXT NOT NULL DEFAULT 'valid' CHECK (status IN ('valid', 'used', 'cancelled', 'refunded')),
    checked_in_at TIMESTAMP,
    created_at    TIMESTAMP NOT NULL,
    updated_at    TIMESTAMP NOT NULL,
    UNIQUE (order_id, position)
);
CREATE INDEX tickets_user ON tickets (user_id, id);
CREATE INDEX tickets_screening ON tickets (screening_id, status);

-- The users a festival's organiser named to check tickets at the door.
CREATE TABLE festival_door_staff (
    festival_id INTEGER NOT NULL REFERENCES festivals (id) ON DELETE CASCADE,
    user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    added_at    TIMESTAMP NOT NULL,
    PRIMARY KEY (festival_id, user_id)
);
CREATE INDEX festival_door_staff_user ON festival_door_staff (user_id);

-- +goose Down
DROP TABLE festival_door_staff;
DROP TABLE tickets;
DROP TABLE ticket_orders;
DROP TABLE screenings;
ALTER TABLE festivals DROP COLUMN time_zone;

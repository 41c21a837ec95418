-- +goose Up
-- Ticket types, vouchers and attendee names (issue 27). A screening's
-- seats are still its sold/held counters; each ticket type has its own
-- sold/held counters under an optional quota, moved by one conditional
-- UPDATE per type in the order's transaction (in ticket type id order,
-- before the screening's row), with a CHECK as the last guard.
ALTER TABLE screenings ADD COLUMN attendee_names TEXT NOT NULL DEFAULT 'off'
    CHECK (attendee_names IN ('off', 'optional', 'required'));

CREATE TABLE screening_ticket_types (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    screening_id INTEGER NOT NULL REFERENCES screenings (id) ON DELETE CASCADE,
    position     INTEGER NOT NULL,
    name         TEXT NOT NULL,
    price_cents  INTEGER NOT NULL CHECK (price_cents >= 0),
    quota        INTEGER CHECK (quota IS NULL OR quota >= 0),
    sold         INTEGER NOT NULL DEFAULT 0 CHECK (sold >= 0),
    held         INTEGER NOT NULL DEFAULT 0 CHECK (held >= 0),
    created_at   TIMESTAMP NOT NULL,
    updated_at   TIMESTAMP NOT NULL,
    CHECK (quota IS NULL OR sold + held <= quota),
    UNIQUE (screening_id, name)
);
CREATE INDEX screening_ticket_types_screening ON screening_ticket_types (screening_id, position);

-- Every screening has its default type (position 0, no name: "Standard"),
-- which takes the screening's price and its seats sold and held so far.
INSERT INTO screening_ticket_types (screening_id, position, name, price_cents, quota, sold, held, created_at, updated_at)
    SELECT id, 0, '', price_cents, NULL, sold, held, created_at, updated_at FROM screenings;

-- A festival's vouchers: kind percent (value 1-100), fixed (value in
-- cents off the order) or free (one ticket free). used never passes
-- usage_limit: one conditional UPDATE takes a use, the CHECK is the last guard.
CREATE TABLE vouchers (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    festival_id INTEGER NOT NULL REFERENCES festivals (id) ON DELETE CASCADE,
    code        TEXT NOT NULL,
    kind        TEXT NOT NULL CHECK (kind IN ('percent', 'fixed', 'free')),
    value       INTEGER NOT NULL CHECK (value >= 0),
    usage_limit INTEGER NOT NULL CHECK (usage_limit > 0),
    used        INTEGER NOT NULL DEFAULT 0 CHECK (used >= 0),
    valid_from  TIMESTAMP,
    valid_until TIMESTAMP,
    disabled_at TIMESTAMP,
    created_at  TIMESTAMP NOT NULL,
    updated_at  TIMESTAMP NOT NULL,
    CHECK (used <= usage_limit),
    UNIQUE (festival_id, code)
);

-- A voucher restricted to screenings (none: every screening of its festival).
CREATE TABLE voucher_screenings (
    voucher_id   INTEGER NOT NULL REFERENCES vouchers (id) ON DELETE CASCADE,
    screening_id INTEGER NOT NULL REFERENCES screenings (id) ON DELETE CASCADE,
    PRIMARY KEY (voucher_id, screening_id)
);

-- A voucher restricted to ticket types by name (none: every type).
CREATE TABLE voucher_ticket_types (
    voucher_id INTEGER NOT NULL REFERENCES vouchers (id) ON DELETE CASCADE,
    type_name  TEXT NOT NULL,
    PRIMARY KEY (voucher_id, type_name)
);

ALTER TABLE ticket_orders ADD COLUMN voucher_id INTEGER REFERENCES vouchers (id) ON DELETE SET NULL;
ALTER TABLE ticket_orders ADD COLUMN discount_cents INTEGER NOT NULL DEFAULT 0 CHECK (discount_cents >= 0);
CREATE INDEX ticket_orders_voucher ON ticket_orders (voucher_id) WHERE voucher_id IS NOT NULL;

-- An order's seats per ticket type at the unit price it was sold at.
CREATE TABLE ticket_order_lines (
    order_id       INTEGER NOT NULL REFERENCES ticket_orders (id) ON DELETE CASCADE,
    ticket_type_id INTEGER NOT NULL REFERENCES screening_ticket_types (id),
    quantity       INTEGER NOT NULL CHECK (quantity > 0),
    price_cents    INTEGER NOT NULL CHECK (price_cents >= 0),
    PRIMARY KEY (order_id, ticket_type_id)
);
CREATE INDEX ticket_order_lines_type ON ticket_order_lines (ticket_type_id);
INSERT INTO ticket_order_lines (order_id, ticket_type_id, quantity, price_cents)
    SELECT o.id, tt.id, o.quantity, o.amount_cents / o.quantity
    FROM ticket_orders o JOIN screening_ticket_types tt ON tt.screening_id = o.screening_id AND tt.position = 0;

-- The attendee names typed at purchase, by ticket position.
CREATE TABLE ticket_order_attendees (
    order_id INTEGER NOT NULL REFERENCES ticket_orders (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    name     TEXT NOT NULL,
    PRIMARY KEY (order_id, position)
);

ALTER TABLE tickets ADD COLUMN ticket_type_id INTEGER REFERENCES screening_ticket_types (id);
ALTER TABLE tickets ADD COLUMN attendee_name TEXT NOT NULL DEFAULT '';
UPDATE tickets SET ticket_type_id = (SELECT tt.id FROM screening_ticket_types tt WHERE tt.screening_id = tickets.screening_id AND tt.position = 0);

-- +goose Down
ALTER TABLE tickets DROP COLUMN attendee_name;
ALTER TABLE tickets DROP COLUMN ticket_type_id;
DROP TABLE ticket_order_attendees;
DROP TABLE ticket_order_lines;
DROP INDEX ticket_orders_voucher;
ALTER TABLE ticket_orders DROP COLUMN discount_cents;
ALTER TABLE ticket_orders DROP COLUMN voucher_id;
DROP TABLE voucher_ticket_types;
DROP TABLE voucher_screenings;
DROP TABLE vouchers;
DROP TABLE screening_ticket_types;
ALTER TABLE screenings DROP COLUMN attendee_names;

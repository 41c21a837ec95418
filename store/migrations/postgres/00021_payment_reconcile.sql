-- +goose Up
-- The worker's reconciliation of payments left unsettled (a crash or a
-- lost database connection between the provider's answer and the
-- settlement; store/payment_reconcile.go). reconcile_at is when the worker
-- next asks the provider about the payment if it is still unsettled: set
-- marquee.PaymentReconcileAfter after a purchase is made or a ticket
-- order's payment begins, moved on by a node's claim (its lease), and
-- cleared on a ticket order once it was reconciled. Unsettled rows of
-- before this migration are asked about at once.
ALTER TABLE purchases ADD COLUMN reconcile_at TIMESTAMPTZ;
UPDATE purchases SET reconcile_at = created_at WHERE status = 'pending';
CREATE INDEX purchases_reconcile ON purchases (reconcile_at) WHERE status = 'pending';

ALTER TABLE ticket_orders ADD COLUMN reconcile_at TIMESTAMPTZ;
UPDATE ticket_orders SET reconcile_at = updated_at
    WHERE country <> '' AND status IN ('pending', 'expired', 'cancelled');
CREATE INDEX ticket_orders_reconcile ON ticket_orders (reconcile_at)
    WHERE reconcile_at IS NOT NULL AND status IN ('pending', 'expired', 'cancelled');

-- The test mode's payments (payment/testmode.go), kept as a card provider
-- keeps its own: each one's outcome, written before the test mode answers,
-- so that every node, or a restarted one, says what became of it.
-- purchase_id and ticket_order_id are the payment's metadata (0: none),
-- not foreign keys: the provider's records outlive Marquee's rows.
CREATE TABLE test_payments (
    reference       TEXT PRIMARY KEY,
    purchase_id     BIGINT NOT NULL DEFAULT 0,
    ticket_order_id BIGINT NOT NULL DEFAULT 0,
    amount_cents    BIGINT NOT NULL,
    outcome         TEXT NOT NULL CHECK (outcome IN ('payment_intent.succeeded', 'payment_intent.payment_failed')),
    message         TEXT NOT NULL DEFAULT '',
    created_at      TIMESTAMPTZ NOT NULL
);
CREATE INDEX test_payments_purchase ON test_payments (purchase_id, created_at) WHERE purchase_id <> 0;
CREATE INDEX test_payments_ticket_order ON test_payments (ticket_order_id, created_at) WHERE ticket_order_id <> 0;

-- +goose Down
DROP TABLE test_payments;
DROP INDEX ticket_orders_reconcile;
ALTER TABLE ticket_orders DROP COLUMN reconcile_at;
DROP INDEX purchases_reconcile;
ALTER TABLE purchases DROP COLUMN reconcile_at;

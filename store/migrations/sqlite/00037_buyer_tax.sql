-- +goose Up
-- Tax data on receipts (issue 26): the company and VAT id a buyer may give
-- at checkout, printed on the receipt and the ticket confirmation; '' when
-- not given. Cleared with the account (store/privacy_tables.go).
ALTER TABLE purchases ADD COLUMN buyer_company TEXT NOT NULL DEFAULT '';
ALTER TABLE purchases ADD COLUMN buyer_vat_id TEXT NOT NULL DEFAULT '';
ALTER TABLE ticket_orders ADD COLUMN buyer_company TEXT NOT NULL DEFAULT '';
ALTER TABLE ticket_orders ADD COLUMN buyer_vat_id TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE ticket_orders DROP COLUMN buyer_vat_id;
ALTER TABLE ticket_orders DROP COLUMN buyer_company;
ALTER TABLE purchases DROP COLUMN buyer_vat_id;
ALTER TABLE purchases DROP COLUMN buyer_company;

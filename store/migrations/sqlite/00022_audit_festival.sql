-- +goose Up
-- The festival an audit entry belongs to (NULL for entries of no
-- festival: an account, a package), so that admins can filter the log by
-- festival and a festival's organiser can read its trail. No foreign key:
-- the log outlives a deleted (rejected, empty) festival, and the column,
-- like the rest of an entry, is never updated.
ALTER TABLE audit_log ADD COLUMN festival_id INTEGER;
-- The entries written before the column: the admins' reviews name the
-- festival, a cancelled screening and an ended campaign name their own.
UPDATE audit_log SET festival_id = (SELECT f.id FROM festivals f WHERE CAST(f.id AS TEXT) = audit_log.target_id)
    WHERE target_type = 'festival';
UPDATE audit_log SET festival_id = (SELECT s.festival_id FROM screenings s WHERE CAST(s.id AS TEXT) = audit_log.target_id)
    WHERE target_type = 'screening';
UPDATE audit_log SET festival_id = (SELECT p.festival_id FROM promotions p WHERE CAST(p.id AS TEXT) = audit_log.target_id)
    WHERE target_type = 'promotion';
CREATE INDEX audit_log_festival ON audit_log (festival_id, id DESC) WHERE festival_id IS NOT NULL;
DROP TRIGGER audit_log_no_update;
-- +goose StatementBegin
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OF action, target_type, target_id, before_json, after_json, ip, created_at, festival_id ON audit_log BEGIN
    SELECT RAISE(ABORT, 'audit_log is append-only');
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER audit_log_no_update;
-- +goose StatementBegin
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OF action, target_type, target_id, before_json, after_json, ip, created_at ON audit_log BEGIN
    SELECT RAISE(ABORT, 'audit_log is append-only');
END;
-- +goose StatementEnd
DROP INDEX audit_log_festival;
ALTER TABLE audit_log DROP COLUMN festival_id;

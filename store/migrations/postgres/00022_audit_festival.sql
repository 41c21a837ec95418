-- +goose Up
-- The festival an audit entry belongs to (NULL for entries of no
-- festival: an account, a package), so that admins can filter the log by
-- festival and a festival's organiser can read its trail. No foreign key:
-- the log outlives a deleted (rejected, empty) festival, and the column,
-- like the rest of an entry, is never updated.
ALTER TABLE audit_log ADD COLUMN festival_id BIGINT;
-- The entries written before the column: the admins' reviews name the
-- festival, a cancelled screening and an ended campaign name their own.
UPDATE audit_log SET festival_id = (SELECT f.id FROM festivals f WHERE CAST(f.id AS TEXT) = audit_log.target_id)
    WHERE target_type = 'festival';
UPDATE audit_log SET festival_id = (SELECT s.festival_id FROM screenings s WHERE CAST(s.id AS TEXT) = audit_log.target_id)
    WHERE target_type = 'screening';
UPDATE audit_log SET festival_id = (SELECT p.festival_id FROM promotions p WHERE CAST(p.id AS TEXT) = audit_log.target_id)
    WHERE target_type = 'promotion';
CREATE INDEX audit_log_festival ON audit_log (festival_id, id DESC) WHERE festival_id IS NOT NULL;
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger AS $$
BEGIN
    IF NEW.action IS DISTINCT FROM OLD.action OR NEW.target_type IS DISTINCT FROM OLD.target_type
        OR NEW.target_id IS DISTINCT FROM OLD.target_id OR NEW.before_json IS DISTINCT FROM OLD.before_json
        OR NEW.after_json IS DISTINCT FROM OLD.after_json OR NEW.ip IS DISTINCT FROM OLD.ip
        OR NEW.created_at IS DISTINCT FROM OLD.created_at OR NEW.festival_id IS DISTINCT FROM OLD.festival_id THEN
        RAISE EXCEPTION 'audit_log is append-only';
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger AS $$
BEGIN
    IF NEW.action IS DISTINCT FROM OLD.action OR NEW.target_type IS DISTINCT FROM OLD.target_type
        OR NEW.target_id IS DISTINCT FROM OLD.target_id OR NEW.before_json IS DISTINCT FROM OLD.before_json
        OR NEW.after_json IS DISTINCT FROM OLD.after_json OR NEW.ip IS DISTINCT FROM OLD.ip
        OR NEW.created_at IS DISTINCT FROM OLD.created_at THEN
        RAISE EXCEPTION 'audit_log is append-only';
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd
DROP INDEX audit_log_festival;
ALTER TABLE audit_log DROP COLUMN festival_id;

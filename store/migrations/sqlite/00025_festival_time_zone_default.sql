-- +goose Up
-- A festival's time_zone '' is "not chosen": its screenings, ticket mails
-- and analytics days follow the zone of its country and city
-- (marquee.FestivalTimeZone), and follow them when the organiser edits the
-- place. Every festival got 'UTC' from 00014 whether or not its organiser
-- chose it; those whose organiser never saved a zone (no festival.time_zone
-- entry in the audit log) had not chosen it.
UPDATE festivals SET time_zone = '' WHERE time_zone = 'UTC'
    AND NOT EXISTS (SELECT 1 FROM audit_log a WHERE a.festival_id = festivals.id AND a.action = 'festival.time_zone');

-- +goose Down
UPDATE festivals SET time_zone = 'UTC' WHERE time_zone = '';

package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/marquee-festival/marquee"
)

var _ marquee.CheckInListService = (*TicketService)(nil)

// checkInLists reads festival festivalID's check-in lists through c, by
// name, with their screenings and live counts: tickets sold (valid or
// used) and checked in.
func checkInLists(ctx context.Context, c conn, festivalID int64) ([]*marquee.CheckInList, error) {
	rows, err := c.query(ctx, `SELECT l.id, l.name,
		(SELECT COUNT(*) FROM tickets t JOIN checkin_list_screenings ls ON ls.screening_id = t.screening_id
			WHERE ls.list_id = l.id AND t.status IN ('valid', 'used')),
		(SELECT COUNT(*) FROM tickets t JOIN checkin_list_screenings ls ON ls.screening_id = t.screening_id
			WHERE ls.list_id = l.id AND t.checked_in_at IS NOT NULL AND t.status = 'used')
		FROM checkin_lists l WHERE l.festival_id = ? ORDER BY l.name, l.id`, festivalID)
	if err != nil {
		return nil, fmt.Errorf("store: check-in lists of festival %d: %w", festivalID, err)
	}
	out := []*marquee.CheckInList{}
	byID := map[int64]*marquee.CheckInList{}
	for rows.Next() {
		l := &marquee.CheckInList{ScreeningIDs: []int64{}}
		if err := rows.Scan(&l.ID, &l.Name, &l.Sold, &l.CheckedIn); err != nil {
			rows.Close()
			return nil, fmt.Errorf("store: check-in lists of festival %d: %w", festivalID, err)
		}
		out = append(out, l)
		byID[l.ID] = l
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: check-in lists of festival %d: %w", festivalID, err)
	}
	srows, err := c.query(ctx, `SELECT ls.list_id, ls.screening_id FROM checkin_list_screenings ls
		JOIN checkin_lists l ON l.id = ls.list_id JOIN screenings sc ON sc.id = ls.screening_id
		WHERE l.festival_id = ? ORDER BY ls.list_id, sc.starts_at, sc.id`, festivalID)
	if err != nil {
		return nil, fmt.Errorf("store: check-in list screenings of festival %d: %w", festivalID, err)
	}
	defer srows.Close()
	for srows.Next() {
		var list, screening int64
		if err := srows.Scan(&list, &screening); err != nil {
			return nil, fmt.Errorf("store: check-in list screenings of festival %d: %w", festivalID, err)
		}
		if l := byID[list]; l != nil {
			l.ScreeningIDs = append(l.ScreeningIDs, screening)
		}
	}
	return out, srows.Err()
}

// CheckInLists lists the festival's check-in lists with their live
// counts, to its team and door staff.
func (s *TicketService) CheckInLists(ctx context.Context, slug string) ([]*marquee.CheckInList, error) {
	f, err := s.door(ctx, slug)
	if err != nil {
		return nil, err
	}
	return checkInLists(ctx, s.reader(), f.ID)
}

// checkInList reads list id of festival festivalID through c.
func checkInList(ctx context.Context, c conn, festivalID, id int64) (*marquee.CheckInList, error) {
	lists, err := checkInLists(ctx, c, festivalID)
	if err != nil {
		return nil, err
	}
	for _, l := range lists {
		if l.ID == id {
			return l, nil
		}
	}
	return nil, marquee.ErrCheckInListNotFound()
}

// writeListScreenings replaces list id's screenings, which must all be
// festival festivalID's.
func writeListScreenings(ctx context.Context, c conn, festivalID, id int64, screenings []int64) error {
	marks := strings.TrimSuffix(strings.Repeat("?, ", len(screenings)), ", ")
	args := []any{festivalID}
	for _, sid := range screenings {
		args = append(args, sid)
	}
	var n int
	if err := c.queryRow(ctx, `SELECT COUNT(*) FROM screenings WHERE festival_id = ? AND id IN (`+marks+`)`, args...).Scan(&n); err != nil {
		return fmt.Errorf("store: check-in list %d: screenings: %w", id, err)
	}
	if n != len(screenings) {
		return marquee.ErrCheckInListScreenings()
	}
	if _, err := c.exec(ctx, `DELETE FROM checkin_list_screenings WHERE list_id = ?`, id); err != nil {
		return fmt.Errorf("store: check-in list %d: screenings: %w", id, err)
	}
	for _, sid := range screenings {
		if _, err := c.exec(ctx, `INSERT INTO checkin_list_screenings (list_id, screening_id) VALUES (?, ?)`, id, sid); err != nil {
			return fmt.Errorf("store: check-in list %d: screening %d: %w", id, sid, err)
		}
	}
	return nil
}

// CreateCheckInList adds a check-in list to a managed festival, in one
// transaction (a refused screening writes nothing).
func (s *TicketService) CreateCheckInList(ctx context.Context, slug string, in marquee.CheckInListInput) (*marquee.CheckInList, error) {
	f, err := s.managed(ctx, slug)
	if err != nil {
		return nil, err
	}
	in.Normalize()
	if err := in.Validate(); err != nil {
		return nil, err
	}
	var out *marquee.CheckInList
	err = s.inTx(ctx, func(c conn) error {
		now := s.now()
		var count int
		if err := c.queryRow(ctx, `SELECT COUNT(*) FROM checkin_lists WHERE festival_id = ?`, f.ID).Scan(&count); err != nil {
			return fmt.Errorf("store: count check-in lists of festival %d: %w", f.ID, err)
		}
		if count >= marquee.CheckInListMax {
			return marquee.Errorf(marquee.EConflict, "A festival can have at most 50 check-in lists")
		}
		var id int64
		err := c.queryRow(ctx, `INSERT INTO checkin_lists (festival_id, name, created_at, updated_at) VALUES (?, ?, ?, ?) RETURNING id`,
			f.ID, in.Name, now, now).Scan(&id)
		if isUniqueViolation(err) {
			return marquee.ErrCheckInListName()
		} else if err != nil {
			return fmt.Errorf("store: create check-in list of festival %d: %w", f.ID, err)
		}
		if err := writeListScreenings(ctx, c, f.ID, id, in.ScreeningIDs); err != nil {
			return err
		}
		out, err = checkInList(ctx, c, f.ID, id)
		return err
	})
	return out, err
}

// UpdateCheckInList renames a managed festival's list and replaces its
// screenings, in one transaction.
func (s *TicketService) UpdateCheckInList(ctx context.Context, slug string, id int64, in marquee.CheckInListInput) (*marquee.CheckInList, error) {
	f, err := s.managed(ctx, slug)
	if err != nil {
		return nil, err
	}
	in.Normalize()
	if err := in.Validate(); err != nil {
		return nil, err
	}
	var out *marquee.CheckInList
	err = s.inTx(ctx, func(c conn) error {
		res, err := c.exec(ctx, `UPDATE checkin_lists SET name = ?, updated_at = ? WHERE id = ? AND festival_id = ?`, in.Name, s.now(), id, f.ID)
		if isUniqueViolation(err) {
			return marquee.ErrCheckInListName()
		} else if err != nil {
			return fmt.Errorf("store: update check-in list %d: %w", id, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return marquee.ErrCheckInListNotFound()
		}
		if err := writeListScreenings(ctx, c, f.ID, id, in.ScreeningIDs); err != nil {
			return err
		}
		out, err = checkInList(ctx, c, f.ID, id)
		return err
	})
	return out, err
}

// DeleteCheckInList removes a managed festival's list (its tickets and
// check-ins stay).
func (s *TicketService) DeleteCheckInList(ctx context.Context, slug string, id int64) error {
	f, err := s.managed(ctx, slug)
	if err != nil {
		return err
	}
	res, err := s.writer().exec(ctx, `DELETE FROM checkin_lists WHERE id = ? AND festival_id = ?`, id, f.ID)
	if err != nil {
		return fmt.Errorf("store: delete check-in list %d: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return marquee.ErrCheckInListNotFound()
	}
	return nil
}

// onCheckInList reports whether screening is on list id of festival
// festivalID (ErrCheckInListNotFound for another festival's list).
func onCheckInList(ctx context.Context, c conn, festivalID, id, screening int64) (bool, error) {
	var one, on int
	err := c.queryRow(ctx, `SELECT 1, (SELECT COUNT(*) FROM checkin_list_screenings WHERE list_id = l.id AND screening_id = ?)
		FROM checkin_lists l WHERE l.id = ? AND l.festival_id = ?`, screening, id, festivalID).Scan(&one, &on)
	if errors.Is(err, sql.ErrNoRows) {
		return false, marquee.ErrCheckInListNotFound()
	} else if err != nil {
		return false, fmt.Errorf("store: check-in list %d: %w", id, err)
	}
	return on > 0, nil
}

// UndoCheckIn makes a checked-in ticket of a managed festival valid again:
// one UPDATE guarded by the check-in it undoes (status used, the same
// checked_in_at), so of two undos one acts, and the audit entry (who, when,
// the check-in's time) in the same transaction.
func (s *TicketService) UndoCheckIn(ctx context.Context, slug string, ticketID int64) (*marquee.CheckInUndo, error) {
	f, err := s.managed(ctx, slug)
	if err != nil {
		return nil, err
	}
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	var out *marquee.CheckInUndo
	err = s.inTx(ctx, func(c conn) error {
		now := s.now()
		var screening int64
		var st string
		var in sql.NullTime
		err := c.queryRow(ctx, `SELECT t.screening_id, t.status, t.checked_in_at FROM tickets t JOIN screenings sc ON sc.id = t.screening_id
			WHERE t.id = ? AND sc.festival_id = ?`, ticketID, f.ID).Scan(&screening, &st, &in)
		if errors.Is(err, sql.ErrNoRows) {
			return marquee.ErrTicketNotFound()
		} else if err != nil {
			return fmt.Errorf("store: undo check-in of ticket %d: %w", ticketID, err)
		}
		if !marquee.CheckInUndoable(marquee.TicketStatus(st), in.Valid) {
			return marquee.ErrCheckInNotUndoable()
		}
		res, err := c.exec(ctx, `UPDATE tickets SET status = 'valid', checked_in_at = NULL, updated_at = ?
			WHERE id = ? AND status = 'used' AND checked_in_at = ?`, now, ticketID, in.Time)
		if err != nil {
			return fmt.Errorf("store: undo check-in of ticket %d: %w", ticketID, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return marquee.ErrCheckInNotUndoable() // undone (or changed) meanwhile
		}
		e := festivalAudit(f.ID, marquee.AuditCheckInUndo, "ticket", auditTargetID(ticketID))
		e.Before = auditJSON(map[string]any{"status": st, "checkedInAt": in.Time.UTC(), "screeningId": screening})
		e.After = auditJSON(map[string]any{"status": marquee.TicketValid, "checkedInAt": nil})
		if err := recordAudit(ctx, c, now, e); err != nil {
			return err
		}
		out = &marquee.CheckInUndo{TicketID: ticketID, ScreeningID: screening, UndoneBy: u.Email, UndoneAt: now, CheckedInAt: in.Time.UTC()}
		return nil
	})
	return out, err
}

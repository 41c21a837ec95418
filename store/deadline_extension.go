package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/marquee-festival/marquee"
)

// extensionColumns are what scanExtension reads, for deadline_extensions
// x left-joined to its category c and filmmaker u.
const extensionColumns = `x.id, x.festival_id, COALESCE(x.category_id, 0), COALESCE(c.name, ''), COALESCE(x.user_id, 0),
	COALESCE(u.email, ''), x.until, x.created_at FROM deadline_extensions x
	LEFT JOIN festival_categories c ON c.id = x.category_id LEFT JOIN users u ON u.id = x.user_id`

func scanExtension(row interface{ Scan(...any) error }) (*marquee.DeadlineExtension, error) {
	var e marquee.DeadlineExtension
	if err := row.Scan(&e.ID, &e.FestivalID, &e.CategoryID, &e.CategoryName, &e.FilmmakerID, &e.FilmmakerEmail, &e.Until, &e.CreatedAt); err != nil {
		return nil, err
	}
	e.CreatedAt = e.CreatedAt.UTC()
	return &e, nil
}

// festivalExtensions reads festival id's extensions through c: every one
// when userID is 0, else those for every filmmaker or for userID (what
// pricing that filmmaker's entries needs: marquee.ExtendedUntil).
func festivalExtensions(ctx context.Context, c conn, festivalID, userID int64) ([]*marquee.DeadlineExtension, error) {
	q, args := `SELECT `+extensionColumns+` WHERE x.festival_id = ?`, []any{festivalID}
	if userID != 0 {
		q, args = q+` AND (x.user_id IS NULL OR x.user_id = ?)`, append(args, userID)
	}
	rows, err := c.query(ctx, q+` ORDER BY x.id`, args...)
	if err != nil {
		return nil, fmt.Errorf("store: extensions of festival %d: %w", festivalID, err)
	}
	defer rows.Close()
	out := []*marquee.DeadlineExtension{}
	for rows.Next() {
		e, err := scanExtension(rows)
		if err != nil {
			return nil, fmt.Errorf("store: extensions of festival %d: %w", festivalID, err)
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// Extensions lists a managed festival's deadline extensions, oldest first.
func (s *SubmissionService) Extensions(ctx context.Context, slug string) ([]*marquee.DeadlineExtension, error) {
	fest, err := s.managed(ctx, slug)
	if err != nil {
		return nil, err
	}
	return festivalExtensions(ctx, s.reader(), fest.id, 0)
}

// ExtendDeadline adds an extension to a managed festival: the category,
// when given, must be the festival's; the filmmaker, when given, an
// account (found by e-mail); audited in the same transaction.
func (s *SubmissionService) ExtendDeadline(ctx context.Context, slug string, ne marquee.NewDeadlineExtension) (*marquee.DeadlineExtension, error) {
	fest, err := s.managed(ctx, slug)
	if err != nil {
		return nil, err
	}
	if err := ne.Validate(s.today()); err != nil {
		return nil, err
	}
	now := s.now()
	var out *marquee.DeadlineExtension
	err = s.inTx(ctx, func(c conn) error {
		var category, user any
		if ne.CategoryID > 0 {
			var id int64
			err := c.queryRow(ctx, `SELECT id FROM festival_categories WHERE id = ? AND festival_id = ?`, ne.CategoryID, fest.id).Scan(&id)
			if errors.Is(err, sql.ErrNoRows) {
				return marquee.FieldError("categoryId", "This category is not one of the festival's")
			} else if err != nil {
				return fmt.Errorf("store: extend: category %d: %w", ne.CategoryID, err)
			}
			category = id
		}
		if ne.FilmmakerEmail != "" {
			var id int64
			err := c.queryRow(ctx, `SELECT id FROM users WHERE email = ?`, ne.FilmmakerEmail).Scan(&id)
			if errors.Is(err, sql.ErrNoRows) {
				return marquee.FieldError("filmmakerEmail", "No account has this e-mail address")
			} else if err != nil {
				return fmt.Errorf("store: extend: filmmaker: %w", err)
			}
			user = id
		}
		var id int64
		if err := c.queryRow(ctx, `INSERT INTO deadline_extensions (festival_id, category_id, user_id, until, created_at)
			VALUES (?, ?, ?, ?, ?) RETURNING id`, fest.id, category, user, ne.Until, now).Scan(&id); err != nil {
			return fmt.Errorf("store: extend deadline of festival %d: %w", fest.id, err)
		}
		var err error
		out, err = scanExtension(c.queryRow(ctx, `SELECT `+extensionColumns+` WHERE x.id = ?`, id))
		if err != nil {
			return fmt.Errorf("store: extend deadline of festival %d: %w", fest.id, err)
		}
		e := festivalAudit(fest.id, marquee.AuditDeadlineExtend, "deadline_extension", auditTargetID(id))
		e.After = auditJSON(extensionFacts(out))
		return recordAudit(ctx, c, now, e)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// extensionFacts are an extension in audit entries: the filmmaker by id,
// never by address (the festival's activity shows the entries).
func extensionFacts(e *marquee.DeadlineExtension) map[string]any {
	return map[string]any{"categoryId": e.CategoryID, "category": e.CategoryName, "filmmakerId": e.FilmmakerID, "until": e.Until}
}

// DeleteExtension removes a managed festival's extension, audited.
func (s *SubmissionService) DeleteExtension(ctx context.Context, slug string, id int64) error {
	fest, err := s.managed(ctx, slug)
	if err != nil {
		return err
	}
	return s.inTx(ctx, func(c conn) error {
		e, err := scanExtension(c.queryRow(ctx, `SELECT `+extensionColumns+` WHERE x.id = ? AND x.festival_id = ?`, id, fest.id))
		if errors.Is(err, sql.ErrNoRows) {
			return marquee.ErrExtensionNotFound()
		} else if err != nil {
			return fmt.Errorf("store: delete extension %d: %w", id, err)
		}
		if _, err := c.exec(ctx, `DELETE FROM deadline_extensions WHERE id = ? AND festival_id = ?`, id, fest.id); err != nil {
			return fmt.Errorf("store: delete extension %d: %w", id, err)
		}
		a := festivalAudit(fest.id, marquee.AuditDeadlineUnextend, "deadline_extension", auditTargetID(id))
		a.Before = auditJSON(extensionFacts(e))
		return recordAudit(ctx, c, s.now(), a)
	})
}

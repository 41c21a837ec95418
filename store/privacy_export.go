package store

import (
	"archive/zip"
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/marquee-festival/marquee"
)

// exportLease is how long a worker holds a pending export it builds.
const exportLease = 10 * time.Minute

// RequestExport records the signed-in user's request for their data (the
// worker builds it) and its audit entry, in one transaction. The limit
// (marquee.LimitDataExport) counts the user's exports requested within its
// window, in that transaction: a request past it is its refusal.
func (s *PrivacyService) RequestExport(ctx context.Context, lang string) error {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return err
	}
	return s.inTx(ctx, func(c conn) error {
		now := s.now()
		var recent int
		if err := c.queryRow(ctx, `SELECT COUNT(*) FROM data_exports WHERE user_id = ? AND created_at > ?`,
			u.ID, now.Add(-s.exports.Window)).Scan(&recent); err != nil {
			return fmt.Errorf("store: recent exports of user %d: %w", u.ID, err)
		}
		if !s.exports.Allows(recent + 1) {
			return s.exports.Refusal()
		}
		if _, err := c.exec(ctx, `INSERT INTO data_exports (user_id, status, language, created_at) VALUES (?, 'pending', ?, ?)`,
			u.ID, lang, now); err != nil {
			return fmt.Errorf("store: request export of user %d: %w", u.ID, err)
		}
		return recordAudit(ctx, c, now, marquee.AuditEntry{Action: marquee.AuditUserExport, TargetType: "user", TargetID: auditTargetID(u.ID)})
	})
}

// BuildExports builds up to n pending exports: each is leased, built from
// exportEntries in a read, then stored with its hashed token and e-mailed
// in one transaction. It returns how many it built.
func (s *PrivacyService) BuildExports(ctx context.Context, n int, compose marquee.ComposeDataExport, status marquee.MailStatus) (int, error) {
	now := s.now()
	rows, err := s.writer().query(ctx, `UPDATE data_exports SET locked_until = ?
		WHERE id IN (SELECT id FROM data_exports WHERE status = 'pending' AND (locked_until IS NULL OR locked_until < ?) ORDER BY id LIMIT `+fmt.Sprint(max(n, 1))+`)
		AND status = 'pending' AND (locked_until IS NULL OR locked_until < ?)
		RETURNING id, user_id, language`, now.Add(exportLease), now, now)
	if err != nil {
		return 0, fmt.Errorf("store: claim exports: %w", err)
	}
	type claim struct {
		id, user int64
		lang     string
	}
	var claims []claim
	for rows.Next() {
		var c claim
		if err := rows.Scan(&c.id, &c.user, &c.lang); err != nil {
			rows.Close()
			return 0, fmt.Errorf("store: claim exports: %w", err)
		}
		claims = append(claims, c)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, fmt.Errorf("store: claim exports: %w", err)
	}
	built := 0
	var errs []error
	for _, c := range claims {
		if err := s.buildExport(ctx, c.id, c.user, c.lang, compose, status); err != nil {
			errs = append(errs, err)
			continue
		}
		built++
	}
	return built, errors.Join(errs...)
}

// buildExport builds export id of user and e-mails its link.
func (s *PrivacyService) buildExport(ctx context.Context, id, user int64, lang string, compose marquee.ComposeDataExport, status marquee.MailStatus) error {
	data, err := s.exportZip(ctx, user)
	if err != nil {
		return err
	}
	token, err := newToken()
	if err != nil {
		return err
	}
	return s.inTx(ctx, func(c conn) error {
		now := s.now()
		expires := now.Add(marquee.DataExportTTL)
		var got int64
		err := c.queryRow(ctx, `UPDATE data_exports SET status = 'ready', token_hash = ?, zip = ?, size_bytes = ?, ready_at = ?, expires_at = ?, locked_until = NULL
			WHERE id = ? AND status = 'pending' RETURNING id`,
			hashToken(token), data, len(data), now, expires, id).Scan(&got)
		if errors.Is(err, sql.ErrNoRows) {
			return nil // built by another worker, or the account deleted meanwhile
		} else if err != nil {
			return fmt.Errorf("store: store export %d: %w", id, err)
		}
		var email string
		if err := c.queryRow(ctx, `SELECT email FROM users WHERE id = ?`, user).Scan(&email); err != nil {
			return fmt.Errorf("store: export %d: %w", id, err)
		}
		if compose == nil {
			return nil
		}
		m := compose(email, token, lang, expires)
		m.Status = mailStatusOr(status)
		if err := insertMail(ctx, c, &m, now); err != nil {
			return fmt.Errorf("store: export mail to user %d: %w", user, err)
		}
		return nil
	})
}

// exportZip reads every entry of exportEntries for user into a ZIP of JSON
// files (each an array of objects, one per row), with a README.
func (s *PrivacyService) exportZip(ctx context.Context, user int64) ([]byte, error) {
	var buf bytes.Buffer
	z := zip.NewWriter(&buf)
	readme, err := z.Create("README.txt")
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(readme, "Your data on Marquee, exported %s (UTC).\nEach .json file holds the rows of one kind of data, as stored.\n", s.now().Format(time.RFC3339))
	for _, e := range exportEntries {
		rows, err := s.exportRows(ctx, e, user)
		if err != nil {
			return nil, err
		}
		b, err := json.MarshalIndent(rows, "", "  ")
		if err != nil {
			return nil, fmt.Errorf("store: export %s of user %d: %w", e.File, user, err)
		}
		w, err := z.Create(e.File)
		if err != nil {
			return nil, err
		}
		if _, err := w.Write(b); err != nil {
			return nil, err
		}
	}
	if err := z.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// exportRows runs e's query for user and returns its rows as objects.
func (s *PrivacyService) exportRows(ctx context.Context, e exportEntry, user int64) ([]map[string]any, error) {
	args := make([]any, strings.Count(e.Query, "?"))
	for i := range args {
		args[i] = user
	}
	rows, err := s.reader().query(ctx, e.Query, args...)
	if err != nil {
		return nil, fmt.Errorf("store: export %s of user %d: %w", e.File, user, err)
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return nil, err
	}
	out := []map[string]any{}
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return nil, fmt.Errorf("store: export %s of user %d: %w", e.File, user, err)
		}
		row := make(map[string]any, len(cols))
		for i, col := range cols {
			switch v := vals[i].(type) {
			case []byte:
				row[col] = string(v)
			case time.Time:
				row[col] = v.UTC()
			default:
				row[col] = v
			}
		}
		out = append(out, row)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: export %s of user %d: %w", e.File, user, err)
	}
	return out, nil
}

// DeleteExpiredExports removes the exports past their expiry, and the
// pending ones nobody could build within a day.
func (s *PrivacyService) DeleteExpiredExports(ctx context.Context) (int64, error) {
	now := s.now()
	res, err := s.writer().exec(ctx, `DELETE FROM data_exports WHERE expires_at < ? OR (status = 'pending' AND created_at < ?)`,
		now, now.Add(-marquee.DataExportTTL))
	if err != nil {
		return 0, fmt.Errorf("store: delete expired exports: %w", err)
	}
	return res.RowsAffected()
}

// DownloadExport returns the signed-in user's own (marquee.OwnRecords)
// ready, unexpired export of token; any other is ErrExportLink.
func (s *PrivacyService) DownloadExport(ctx context.Context, token string) (*marquee.DataExport, error) {
	scope, err := marquee.OwnRecords(ctx)
	if err != nil {
		return nil, err
	}
	if token == "" || len(token) > tokenMaxLength {
		return nil, marquee.ErrExportLink()
	}
	var e marquee.DataExport
	err = s.reader().queryRow(ctx, `SELECT zip, ready_at, expires_at FROM data_exports
		WHERE token_hash = ? AND user_id = ? AND status = 'ready' AND expires_at > ?`, hashToken(token), scope.UserID, s.now()).
		Scan(&e.Data, &e.CreatedAt, &e.ExpiresAt)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, marquee.ErrExportLink()
	} else if err != nil {
		return nil, fmt.Errorf("store: download export of user %d: %w", scope.UserID, err)
	}
	e.CreatedAt, e.ExpiresAt = e.CreatedAt.UTC(), e.ExpiresAt.UTC()
	e.FileName = "marquee-data-" + e.CreatedAt.Format("2006-01-02") + ".zip"
	return &e, nil
}

package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"

	"github.com/marquee-festival/marquee"
)

// judgeColumns are the columns scanJudge reads over judges j and the
// judge's users u (LEFT JOIN: no user before acceptance). The counts are
// of the submissions the judge may see and score (judgeSeesSubmission)
// and of those they scored.
const judgeColumns = `j.id, j.festival_id, COALESCE(j.user_id, 0), j.email, COALESCE(u.name, ''), j.status, j.scope,
	j.invited_at, j.accepted_at,
	(SELECT COUNT(*) FROM submissions s WHERE s.festival_id = j.festival_id AND ` + judgeSeesSubmission + `),
	(SELECT COUNT(*) FROM judge_scores js JOIN submissions s ON s.id = js.submission_id WHERE js.judge_id = j.id AND ` + judgeSeesSubmission + `)`

func scanJudge(row interface{ Scan(...any) error }) (*marquee.Judge, error) {
	var j marquee.Judge
	var accepted sql.NullTime
	if err := row.Scan(&j.ID, &j.FestivalID, &j.UserID, &j.Email, &j.Name, &j.Status, &j.Scope, &j.InvitedAt, &accepted, &j.Assigned, &j.Scored); err != nil {
		return nil, err
	}
	j.InvitedAt = j.InvitedAt.UTC()
	j.AcceptedAt = timePtr(accepted)
	j.CategoryIDs = []int64{}
	return &j, nil
}

// loadJudges returns the judges of festival festivalID (one judge when
// judgeID is not 0), with their categories, in invitation order.
func loadJudges(ctx context.Context, c conn, festivalID, judgeID int64) ([]*marquee.Judge, error) {
	q, args := `SELECT `+judgeColumns+` FROM judges j LEFT JOIN users u ON u.id = j.user_id WHERE j.festival_id = ?`, []any{festivalID}
	if judgeID != 0 {
		q, args = q+` AND j.id = ?`, append(args, judgeID)
	}
	rows, err := c.query(ctx, q+` ORDER BY j.invited_at, j.id`, args...)
	if err != nil {
		return nil, fmt.Errorf("store: judges of festival %d: %w", festivalID, err)
	}
	out := []*marquee.Judge{}
	byID := map[int64]*marquee.Judge{}
	for rows.Next() {
		j, err := scanJudge(rows)
		if err != nil {
			rows.Close()
			return nil, fmt.Errorf("store: judges of festival %d: %w", festivalID, err)
		}
		out = append(out, j)
		byID[j.ID] = j
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: judges of festival %d: %w", festivalID, err)
	}
	rows, err = c.query(ctx, `SELECT jc.judge_id, jc.category_id FROM judge_categories jc JOIN judges j ON j.id = jc.judge_id
		WHERE j.festival_id = ? ORDER BY jc.category_id`, festivalID)
	if err != nil {
		return nil, fmt.Errorf("store: judge categories of festival %d: %w", festivalID, err)
	}
	defer rows.Close()
	for rows.Next() {
		var jid, cid int64
		if err := rows.Scan(&jid, &cid); err != nil {
			return nil, fmt.Errorf("store: judge categories of festival %d: %w", festivalID, err)
		}
		if j := byID[jid]; j != nil {
			j.CategoryIDs = append(j.CategoryIDs, cid)
		}
	}
	return out, rows.Err()
}

// loadJudge returns judge id of festival festivalID, or ENotFound.
func loadJudge(ctx context.Context, c conn, festivalID, id int64) (*marquee.Judge, error) {
	js, err := loadJudges(ctx, c, festivalID, id)
	if err != nil {
		return nil, err
	}
	if len(js) == 0 {
		return nil, errJudgeNotFound()
	}
	return js[0], nil
}

func errJudgeNotFound() error { return marquee.Errorf(marquee.ENotFound, "Judge not found") }

func errInvitationNotFound() error { return marquee.Errorf(marquee.ENotFound, "Invitation not found") }

// Judges lists a managed festival's judges with their progress.
func (s *JudgingService) Judges(ctx context.Context, slug string) ([]*marquee.Judge, error) {
	f, err := managedFestival(ctx, s.reader(), slug)
	if err != nil {
		return nil, err
	}
	return loadJudges(ctx, s.reader(), f.ID, 0)
}

// Invite adds a judge to a managed festival by e-mail and puts the
// invitation e-mail in the outbox in the same transaction. The token is
// 32 random bytes of which only the SHA-256 is stored (as sessions do).
// Inviting an address again (not accepted yet) sends a new invitation
// whose token replaces the old one; an address that already accepted is
// refused. The organiser may invite their own address: small festivals'
// organisers often judge too, and the rules a judge obeys (never their
// own film, conflicts) hold for them as for anyone.
func (s *JudgingService) Invite(ctx context.Context, slug, email, lang string) (*marquee.Judge, error) {
	f, err := managedFestival(ctx, s.reader(), slug)
	if err != nil {
		return nil, err
	}
	email, err = marquee.ValidateInvitationEmail(email)
	if err != nil {
		return nil, err
	}
	if err := s.requireVerifiedInviter(ctx); err != nil {
		return nil, err
	}
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return nil, fmt.Errorf("store: invitation token: %w", err)
	}
	token := base64.RawURLEncoding.EncodeToString(b)
	var id int64
	// Two organisers inviting the same address at once: the second insert
	// fails on the unique (festival, e-mail) and goes again as a re-invitation.
	for attempt := 0; ; attempt++ {
		id, err = s.invite(ctx, f, email, token, lang)
		if err == nil || attempt > 0 || !isUniqueViolation(err) {
			break
		}
	}
	if err != nil {
		return nil, err
	}
	return loadJudge(ctx, s.writer(), f.ID, id)
}

// requireVerifiedInviter refuses an invitation from an organiser whose
// own address is not confirmed (admins' always are). An invitation goes
// to an address of the organiser's choosing, which may have no account to
// confirm anything, carrying the festival's name: so only someone who has
// shown they own a mailbox may send one, at most judgeInvitesPerHour an
// hour (the server's limit).
func (s *JudgingService) requireVerifiedInviter(ctx context.Context) error {
	u, err := marquee.RequireUser(ctx)
	if err != nil || u.IsAdmin() {
		return err
	}
	var verified bool
	err = s.reader().queryRow(ctx, `SELECT email_verified_at IS NOT NULL FROM users WHERE id = ?`, u.ID).Scan(&verified)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("store: is inviter %d verified: %w", u.ID, err)
	}
	if !verified {
		return marquee.ErrVerifyBeforeInviting()
	}
	return nil
}

func (s *JudgingService) invite(ctx context.Context, f *judgingFestival, email, token, lang string) (int64, error) {
	now := s.now()
	var id int64
	err := s.inTx(ctx, func(c conn) error {
		var status string
		again := false
		err := c.queryRow(ctx, `SELECT id, status FROM judges WHERE festival_id = ? AND email = ?`, f.ID, email).Scan(&id, &status)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			var n int
			if err := c.queryRow(ctx, `SELECT COUNT(*) FROM judges WHERE festival_id = ?`, f.ID).Scan(&n); err != nil {
				return fmt.Errorf("store: count judges of festival %d: %w", f.ID, err)
			}
			if n >= marquee.JudgesMax {
				return marquee.Errorf(marquee.EConflict, "A festival can have at most 200 judges")
			}
			if err := c.queryRow(ctx, `INSERT INTO judges (festival_id, email, token_hash, status, scope, invited_at)
				VALUES (?, ?, ?, 'invited', '', ?) RETURNING id`, f.ID, email, hashToken(token), now).Scan(&id); err != nil {
				return fmt.Errorf("store: invite %s to festival %d: %w", email, f.ID, err)
			}
		case err != nil:
			return fmt.Errorf("store: find judge %s of festival %d: %w", email, f.ID, err)
		case status == string(marquee.JudgeActive):
			return marquee.Errorf(marquee.EConflict, "This person is already a judge of this festival")
		default:
			if _, err := c.exec(ctx, `UPDATE judges SET token_hash = ?, invited_at = ? WHERE id = ?`, hashToken(token), now, id); err != nil {
				return fmt.Errorf("store: invite %s again to festival %d: %w", email, f.ID, err)
			}
			again = true
		}
		// The judge is named by id: their address stays out of the log.
		e := festivalAudit(f.ID, marquee.AuditJudgeInvite, "judge", auditTargetID(id))
		e.After = auditJSON(map[string]any{"status": marquee.JudgeInvited, "again": again})
		if err := recordAudit(ctx, c, now, e); err != nil {
			return err
		}
		if s.composeInvitation == nil {
			return nil
		}
		m := s.composeInvitation(f.Name, email, token, lang)
		m.Status = s.mailStatus
		if err := insertMail(ctx, c, &m, now); err != nil {
			return fmt.Errorf("store: invitation mail to %s: %w", email, err)
		}
		return nil
	})
	return id, err
}

// RemoveJudge removes a judge of a managed festival with their
// assignments, conflicts and scores, and recomputes the summaries of the
// submissions they had scored.
func (s *JudgingService) RemoveJudge(ctx context.Context, slug string, judgeID int64) error {
	f, err := managedFestival(ctx, s.reader(), slug)
	if err != nil {
		return err
	}
	return s.inTx(ctx, func(c conn) error {
		if err := lockFestivalScores(ctx, c, f.ID); err != nil {
			return err
		}
		scored, err := int64s(ctx, c, `SELECT js.submission_id FROM judge_scores js JOIN judges j ON j.id = js.judge_id
			WHERE js.judge_id = ? AND j.festival_id = ?`, judgeID, f.ID)
		if err != nil {
			return fmt.Errorf("store: scores of judge %d: %w", judgeID, err)
		}
		var userID sql.NullInt64
		var status string
		err = c.queryRow(ctx, `DELETE FROM judges WHERE id = ? AND festival_id = ? RETURNING user_id, status`, judgeID, f.ID).Scan(&userID, &status)
		if errors.Is(err, sql.ErrNoRows) {
			return errJudgeNotFound()
		} else if err != nil {
			return fmt.Errorf("store: remove judge %d: %w", judgeID, err)
		}
		now := s.now()
		e := festivalAudit(f.ID, marquee.AuditJudgeRemove, "judge", auditTargetID(judgeID))
		before := map[string]any{"status": status, "scores": len(scored)}
		if userID.Valid {
			before["userId"] = userID.Int64
		}
		e.Before = auditJSON(before)
		if err := recordAudit(ctx, c, now, e); err != nil {
			return err
		}
		return recomputeScores(ctx, c, f.ID, []int64{judgeID}, scored)
	})
}

// Invitation describes the invitation with token to whoever holds it.
func (s *JudgingService) Invitation(ctx context.Context, token string) (*marquee.Invitation, error) {
	if token == "" || len(token) > tokenMaxLength {
		return nil, errInvitationNotFound()
	}
	var inv marquee.Invitation
	err := s.reader().queryRow(ctx, `SELECT fe.name, fe.slug, j.email, EXISTS (SELECT 1 FROM users u WHERE u.email = j.email)
		FROM judges j JOIN festivals fe ON fe.id = j.festival_id WHERE j.token_hash = ?`, hashToken(token)).
		Scan(&inv.FestivalName, &inv.FestivalSlug, &inv.Email, &inv.HasAccount)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errInvitationNotFound()
	} else if err != nil {
		return nil, fmt.Errorf("store: invitation: %w", err)
	}
	return &inv, nil
}

// Accept makes the signed-in user, whose e-mail must be the invited one,
// an active judge of the invitation's festival. Accepting again is harmless.
func (s *JudgingService) Accept(ctx context.Context, token string) (*marquee.JudgeFestival, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	if token == "" || len(token) > tokenMaxLength {
		return nil, errInvitationNotFound()
	}
	var id, festivalID, userID int64
	err = s.inTx(ctx, func(c conn) error {
		var email, status string
		err := c.queryRow(ctx, `SELECT id, festival_id, email, status, COALESCE(user_id, 0) FROM judges WHERE token_hash = ?`, hashToken(token)).
			Scan(&id, &festivalID, &email, &status, &userID)
		if errors.Is(err, sql.ErrNoRows) {
			return errInvitationNotFound()
		} else if err != nil {
			return fmt.Errorf("store: accept invitation: %w", err)
		}
		if err := marquee.InvitationFor(email, u.Email); err != nil {
			return err
		}
		if status == string(marquee.JudgeActive) {
			if userID == u.ID {
				return nil
			}
			return marquee.Errorf(marquee.EConflict, "This invitation has already been accepted")
		}
		_, err = c.exec(ctx, `UPDATE judges SET user_id = ?, status = 'active', accepted_at = ? WHERE id = ?`, u.ID, s.now(), id)
		if isUniqueViolation(err) {
			return marquee.Errorf(marquee.EConflict, "You are already a judge of this festival")
		} else if err != nil {
			return fmt.Errorf("store: accept invitation of judge %d: %w", id, err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	out, err := judgeFestivals(ctx, s.writer(), u.ID, id)
	if err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, errInvitationNotFound()
	}
	return out[0], nil
}

// int64s runs q, which selects one integer column, and returns the values.
func int64s(ctx context.Context, c conn, q string, args ...any) ([]int64, error) {
	rows, err := c.query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []int64{}
	for rows.Next() {
		var v int64
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/marquee-festival/marquee"
)

// NoticeTexts returns a managed festival's own decision texts and the
// defaults: each decision's e-mail in each language as the composer
// writes it, with placeholders where the submission's values go.
func (s *SubmissionService) NoticeTexts(ctx context.Context, slug string) (*marquee.NoticeTexts, error) {
	fest, err := s.managed(ctx, slug)
	if err != nil {
		return nil, err
	}
	return s.noticeTexts(ctx, s.reader(), fest.id)
}

func (s *SubmissionService) noticeTexts(ctx context.Context, c conn, festivalID int64) (*marquee.NoticeTexts, error) {
	out := &marquee.NoticeTexts{Texts: []marquee.NoticeText{}, Defaults: []marquee.NoticeText{}, Placeholders: marquee.NoticePlaceholders}
	rows, err := c.query(ctx, `SELECT status, language, subject, body FROM festival_notice_texts WHERE festival_id = ? ORDER BY status, language`, festivalID)
	if err != nil {
		return nil, fmt.Errorf("store: notice texts of festival %d: %w", festivalID, err)
	}
	defer rows.Close()
	for rows.Next() {
		var t marquee.NoticeText
		var status string
		if err := rows.Scan(&status, &t.Language, &t.Subject, &t.Body); err != nil {
			return nil, fmt.Errorf("store: notice texts of festival %d: %w", festivalID, err)
		}
		t.Status = marquee.SubmissionStatus(status)
		out.Texts = append(out.Texts, t)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: notice texts of festival %d: %w", festivalID, err)
	}
	if s.composeDecision != nil {
		for _, st := range marquee.NoticeStatuses {
			for _, lang := range marquee.Languages {
				m := s.composeDecision(&marquee.Submission{FilmTitle: "{{film}}", FestivalName: "{{festival}}", CategoryName: "{{category}}",
					AwardName: "{{award}}", FilmmakerName: "{{filmmaker}}", Status: st, Language: lang, Feedback: []string{}}, "")
				out.Defaults = append(out.Defaults, marquee.NoticeText{Status: st, Language: lang, Subject: m.Subject, Body: m.Body})
			}
		}
	}
	return out, nil
}

// SetNoticeText saves a managed festival's text of one decision's e-mail
// in one language (empty subject and body delete it: the default again),
// audited when it changed.
func (s *SubmissionService) SetNoticeText(ctx context.Context, slug string, t marquee.NoticeText) (*marquee.NoticeTexts, error) {
	fest, err := s.managed(ctx, slug)
	if err != nil {
		return nil, err
	}
	if err := marquee.ValidateNoticeText(&t); err != nil {
		return nil, err
	}
	now := s.now()
	var out *marquee.NoticeTexts
	err = s.inTx(ctx, func(c conn) error {
		var was marquee.NoticeText
		err := c.queryRow(ctx, `SELECT subject, body FROM festival_notice_texts WHERE festival_id = ? AND status = ? AND language = ?`,
			fest.id, string(t.Status), t.Language).Scan(&was.Subject, &was.Body)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("store: notice text of festival %d: %w", fest.id, err)
		}
		if _, err := c.exec(ctx, `DELETE FROM festival_notice_texts WHERE festival_id = ? AND status = ? AND language = ?`,
			fest.id, string(t.Status), t.Language); err != nil {
			return fmt.Errorf("store: notice text of festival %d: %w", fest.id, err)
		}
		if t.Subject != "" {
			if _, err := c.exec(ctx, `INSERT INTO festival_notice_texts (festival_id, status, language, subject, body, updated_at)
				VALUES (?, ?, ?, ?, ?, ?)`, fest.id, string(t.Status), t.Language, t.Subject, t.Body, now); err != nil {
				return fmt.Errorf("store: notice text of festival %d: %w", fest.id, err)
			}
		}
		if was.Subject != t.Subject || was.Body != t.Body {
			e := festivalAudit(fest.id, marquee.AuditNoticeTextUpdate, "festival", auditTargetID(fest.id))
			e.Before = auditJSON(map[string]any{"status": t.Status, "language": t.Language, "subject": was.Subject, "body": was.Body})
			e.After = auditJSON(map[string]any{"status": t.Status, "language": t.Language, "subject": t.Subject, "body": t.Body})
			if err := recordAudit(ctx, c, now, e); err != nil {
				return err
			}
		}
		out, err = s.noticeTexts(ctx, c, fest.id)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// applyNoticeText replaces m's subject and body by festival id's own text
// for sub's status in m's language, when it has one (read through c).
func applyNoticeText(ctx context.Context, c conn, festivalID int64, sub *marquee.Submission, m *marquee.Mail) error {
	var subject, body string
	err := c.queryRow(ctx, `SELECT subject, body FROM festival_notice_texts WHERE festival_id = ? AND status = ? AND language = ?`,
		festivalID, string(sub.Status), m.Language).Scan(&subject, &body)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	} else if err != nil {
		return fmt.Errorf("store: notice text of festival %d: %w", festivalID, err)
	}
	vars := marquee.NoticeVars(sub)
	m.Subject, m.Body = marquee.RenderNotice(subject, vars), marquee.RenderNotice(body, vars)+"\n"
	return nil
}

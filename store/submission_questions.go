package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/marquee-festival/marquee"
)

var _ marquee.SubmissionManagementService = (*SubmissionService)(nil)

// Questions lists the questions of a festival the signed-in user can see
// (they are asked at submission), in position order.
func (s *SubmissionService) Questions(ctx context.Context, slug string) ([]*marquee.Question, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	f, err := loadFestival(ctx, s.reader(), s.today(), `f.slug = ?`, strings.TrimSpace(slug))
	if err != nil {
		return nil, err
	}
	if !marquee.CanSeeFestival(u, f) && !marquee.CanManageFestival(u, f) {
		return nil, marquee.ErrFestivalNotFound()
	}
	return festivalQuestions(ctx, s.reader(), f.ID)
}

// festivalQuestions reads festival id's questions through c.
func festivalQuestions(ctx context.Context, c conn, festivalID int64) ([]*marquee.Question, error) {
	rows, err := c.query(ctx, `SELECT id, festival_id, position, kind, label, required, options FROM festival_questions
		WHERE festival_id = ? ORDER BY position, id`, festivalID)
	if err != nil {
		return nil, fmt.Errorf("store: questions of festival %d: %w", festivalID, err)
	}
	defer rows.Close()
	out := []*marquee.Question{}
	for rows.Next() {
		var q marquee.Question
		var kind, opts string
		var required int
		if err := rows.Scan(&q.ID, &q.FestivalID, &q.Position, &kind, &q.Label, &required, &opts); err != nil {
			return nil, fmt.Errorf("store: questions of festival %d: %w", festivalID, err)
		}
		q.Kind, q.Required = marquee.QuestionKind(kind), required != 0
		if err := json.Unmarshal([]byte(opts), &q.Options); err != nil || q.Options == nil {
			q.Options = []string{}
		}
		out = append(out, &q)
	}
	return out, rows.Err()
}

// SetQuestions replaces a managed festival's questions in one
// transaction: questions kept (by id) are updated, new ones added, the
// others deleted with their answers; one audit entry when anything
// changed.
func (s *SubmissionService) SetQuestions(ctx context.Context, slug string, qs []marquee.QuestionInput) ([]*marquee.Question, error) {
	fest, err := s.managed(ctx, slug)
	if err != nil {
		return nil, err
	}
	if err := marquee.ValidateQuestions(qs); err != nil {
		return nil, err
	}
	now := s.now()
	var out []*marquee.Question
	err = s.inTx(ctx, func(c conn) error {
		before, err := festivalQuestions(ctx, c, fest.id)
		if err != nil {
			return err
		}
		keep := map[int64]bool{}
		for i, q := range qs {
			if q.ID != 0 {
				if !slices.ContainsFunc(before, func(b *marquee.Question) bool { return b.ID == q.ID }) {
					return marquee.FieldError(fmt.Sprintf("questions.%d.id", i), "This question is not one of the festival's")
				}
				keep[q.ID] = true
			}
		}
		for _, b := range before {
			if !keep[b.ID] {
				if _, err := c.exec(ctx, `DELETE FROM festival_questions WHERE id = ? AND festival_id = ?`, b.ID, fest.id); err != nil {
					return fmt.Errorf("store: delete question %d: %w", b.ID, err)
				}
			}
		}
		for i, q := range qs {
			opts, _ := json.Marshal(q.Options)
			if q.ID != 0 {
				_, err = c.exec(ctx, `UPDATE festival_questions SET position = ?, kind = ?, label = ?, required = ?, options = ?
					WHERE id = ? AND festival_id = ?`, i, string(q.Kind), q.Label, settingInt(q.Required), string(opts), q.ID, fest.id)
			} else {
				_, err = c.exec(ctx, `INSERT INTO festival_questions (festival_id, position, kind, label, required, options, created_at)
					VALUES (?, ?, ?, ?, ?, ?, ?)`, fest.id, i, string(q.Kind), q.Label, settingInt(q.Required), string(opts), now)
			}
			if err != nil {
				return fmt.Errorf("store: save question %d of festival %d: %w", i, fest.id, err)
			}
		}
		out, err = festivalQuestions(ctx, c, fest.id)
		if err != nil {
			return err
		}
		b, a := auditJSON(map[string]any{"questions": questionFacts(before)}), auditJSON(map[string]any{"questions": questionFacts(out)})
		if string(b) == string(a) {
			return nil
		}
		e := festivalAudit(fest.id, marquee.AuditQuestionsUpdate, "festival", auditTargetID(fest.id))
		e.Before, e.After = b, a
		return recordAudit(ctx, c, now, e)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// questionFacts are a festival's questions in audit entries.
func questionFacts(qs []*marquee.Question) []map[string]any {
	out := []map[string]any{}
	for _, q := range qs {
		out = append(out, map[string]any{"kind": q.Kind, "label": q.Label, "required": q.Required, "options": q.Options})
	}
	return out
}

// festivalAnswers validates ns's answers for each festival entered (its
// questions read through c) and returns them by festival id.
func festivalAnswers(ctx context.Context, c conn, festivalIDs []int64, answers []marquee.Answer) (map[int64][]marquee.Answer, error) {
	out := map[int64][]marquee.Answer{}
	var all marquee.FieldErrors
	for _, id := range festivalIDs {
		qs, err := festivalQuestions(ctx, c, id)
		if err != nil {
			return nil, err
		}
		a, err := marquee.ValidateAnswers(qs, answers)
		if err != nil {
			if merr := all.Merge(err); merr != nil {
				return nil, merr
			}
			continue
		}
		out[id] = a
	}
	if err := all.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// insertAnswers writes submission id's answers through c.
func insertAnswers(ctx context.Context, c conn, id int64, answers []marquee.Answer) error {
	for _, a := range answers {
		if _, err := c.exec(ctx, `INSERT INTO submission_answers (submission_id, question_id, value) VALUES (?, ?, ?)`,
			id, a.QuestionID, a.Value); err != nil {
			return fmt.Errorf("store: answers of submission %d: %w", id, err)
		}
	}
	return nil
}

// submissionAnswers reads submission id's answers through r.
func submissionAnswers(ctx context.Context, r conn, id int64) ([]*marquee.EntryAnswer, error) {
	rows, err := r.query(ctx, `SELECT q.id, q.label, q.kind, a.value FROM submission_answers a
		JOIN festival_questions q ON q.id = a.question_id WHERE a.submission_id = ? ORDER BY q.position, q.id`, id)
	if err != nil {
		return nil, fmt.Errorf("store: answers of submission %d: %w", id, err)
	}
	defer rows.Close()
	out := []*marquee.EntryAnswer{}
	for rows.Next() {
		var a marquee.EntryAnswer
		var kind string
		if err := rows.Scan(&a.QuestionID, &a.Label, &kind, &a.Value); err != nil {
			return nil, fmt.Errorf("store: answers of submission %d: %w", id, err)
		}
		a.Kind = marquee.QuestionKind(kind)
		out = append(out, &a)
	}
	return out, rows.Err()
}

// ExportEntries is the CSV export (Export's rows, in the same order) with
// each submission's answers and organiser's status, read in the same
// statement (a subquery per row by primary key: the answers as one JSON
// array, only when the festival asks questions), so that nothing is
// collected whatever the festival's size and the export holds one
// connection of the read pool while it runs: three cursors at once (the
// rows, the answers and the statuses walked alongside, as before) let
// four exports at once, on a pool of four, each hold some and wait for
// the others' (issue 23).
func (s *SubmissionService) ExportEntries(ctx context.Context, slug string) (*marquee.SubmissionExport, error) {
	fest, names, err := s.managedWithNames(ctx, slug)
	if err != nil {
		return nil, err
	}
	qs, err := festivalQuestions(ctx, s.reader(), fest.id)
	if err != nil {
		return nil, err
	}
	answers := `NULL`
	if len(qs) > 0 {
		answers = jsonPairs(s.dialect, `a.question_id`, `a.value`, `submission_answers a WHERE a.submission_id = s.id`)
	}
	exportErr := func(err error) error { return fmt.Errorf("store: export submissions of festival %d: %w", fest.id, err) }
	rows := func(yield func(*marquee.ExportRow, error) bool) {
		stopped := false // the caller stopped reading: it is told nothing more
		err := s.inSerialRead(ctx, func(c conn) error {
			q, err := c.query(ctx, `SELECT `+festivalSubmissionColumns+`, `+answers+`,
			(SELECT fs.name FROM submission_entry_statuses es JOIN festival_entry_statuses fs ON fs.id = es.status_id WHERE es.submission_id = s.id)`+
				festivalSubmissionFrom+` WHERE s.festival_id = ? ORDER BY s.created_at, s.id`, fest.id)
			if err != nil {
				return err
			}
			defer q.Close()
			var answerJSON, status sql.NullString
			scan := &withMore{rows: q, more: []any{&answerJSON, &status}}
			for q.Next() {
				row, err := scanSubmission(scan)
				if err != nil {
					return err
				}
				names.fill(row.Submission)
				out := &marquee.ExportRow{Submission: row.Submission, Answers: map[int64]string{}, EntryStatus: status.String}
				if answerJSON.Valid && answerJSON.String != "" {
					var pairs []idPair
					if err := decodeIDPairs(answerJSON.String, &pairs); err != nil {
						return err
					}
					for _, p := range pairs {
						out.Answers[p.id] = p.value
					}
				}
				if !yield(out, nil) {
					stopped = true
					return nil
				}
			}
			return q.Err()
		})
		if err != nil && !stopped {
			yield(nil, exportErr(err))
		}
	}
	return &marquee.SubmissionExport{Questions: qs, Rows: rows}, nil
}

// withMore scans a row's leading columns into the targets its caller
// gives and the rest into more (one slice of targets, reused).
type withMore struct {
	rows interface{ Scan(...any) error }
	more []any
	all  []any
}

func (w *withMore) Scan(dest ...any) error {
	w.all = append(append(w.all[:0], dest...), w.more...)
	return w.rows.Scan(w.all...)
}

package store

import (
	"context"
	"encoding/json"
	"errors"
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
// each submission's answers and organiser's status: a second query reads
// the answers in the same order, walked alongside the rows, so that
// nothing is collected whatever the festival's size.
func (s *SubmissionService) ExportEntries(ctx context.Context, slug string) (*marquee.SubmissionExport, error) {
	fest, err := s.managed(ctx, slug)
	if err != nil {
		return nil, err
	}
	qs, err := festivalQuestions(ctx, s.reader(), fest.id)
	if err != nil {
		return nil, err
	}
	subs, err := s.Export(ctx, slug)
	if err != nil {
		return nil, err
	}
	exportErr := func(err error) error { return fmt.Errorf("store: export answers of festival %d: %w", fest.id, err) }
	rows := func(yield func(*marquee.ExportRow, error) bool) {
		ans, err := s.reader().query(ctx, `SELECT a.submission_id, a.question_id, a.value FROM submission_answers a
			JOIN submissions s ON s.id = a.submission_id WHERE s.festival_id = ? ORDER BY s.created_at, s.id`, fest.id)
		if err != nil {
			yield(nil, exportErr(err))
			return
		}
		defer ans.Close()
		st, err := s.reader().query(ctx, `SELECT es.submission_id, fs.name FROM submission_entry_statuses es
			JOIN festival_entry_statuses fs ON fs.id = es.status_id JOIN submissions s ON s.id = es.submission_id
			WHERE s.festival_id = ? ORDER BY s.created_at, s.id`, fest.id)
		if err != nil {
			yield(nil, exportErr(err))
			return
		}
		defer st.Close()
		// The next answer and status not yet matched to a row (id 0: none left).
		var next struct {
			id, question int64
			value        string
		}
		var nextStatus struct {
			id   int64
			name string
		}
		advance := func() error {
			next.id = 0
			if ans.Next() {
				return ans.Scan(&next.id, &next.question, &next.value)
			}
			return ans.Err()
		}
		advanceStatus := func() error {
			nextStatus.id = 0
			if st.Next() {
				return st.Scan(&nextStatus.id, &nextStatus.name)
			}
			return st.Err()
		}
		if err := errors.Join(advance(), advanceStatus()); err != nil {
			yield(nil, exportErr(err))
			return
		}
		for sub, err := range subs {
			if err != nil {
				yield(nil, err)
				return
			}
			row := &marquee.ExportRow{Submission: sub, Answers: map[int64]string{}}
			for next.id == sub.ID {
				row.Answers[next.question] = next.value
				if err := advance(); err != nil {
					yield(nil, exportErr(err))
					return
				}
			}
			if nextStatus.id == sub.ID {
				row.EntryStatus = nextStatus.name
				if err := advanceStatus(); err != nil {
					yield(nil, exportErr(err))
					return
				}
			}
			if !yield(row, nil) {
				return
			}
		}
	}
	return &marquee.SubmissionExport{Questions: qs, Rows: rows}, nil
}

package marquee

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// The rules of submission management: questions and answers, the
// organiser's statuses, deadline extensions, decision texts and messages.

// Limits of submission management.
const (
	QuestionsMax       = 30
	QuestionLabelMax   = 300
	QuestionOptionsMax = 20
	QuestionOptionMax  = 100
	AnswerShortMax     = 200
	AnswerLongMax      = 5000
	EntryStatusesMax   = 30
	EntryStatusNameMax = 60
	EntryStatusNoteMax = 2000
	NoticeSubjectMax   = 200
	NoticeBodyMax      = 5000
	MessageBodyMax     = 5000
	BulkSubjectMax     = 200
	BulkBodyMax        = 5000
	BulkKeyMin         = 16
	BulkKeyMax         = 64
)

// BulkKeyPattern is what a bulk send's idempotency key may hold (a UUID
// or any random id of BulkKeyMin to BulkKeyMax such characters).
const BulkKeyPattern = "^[A-Za-z0-9_-]+$"

var bulkKey = regexp.MustCompile(BulkKeyPattern)

// Answers of yes/no questions.
const (
	AnswerYes = "yes"
	AnswerNo  = "no"
)

// ValidateQuestions checks and normalises an organiser's questions: at
// most QuestionsMax; each a known kind with a label of 1 to
// QuestionLabelMax characters; a choice with 2 to QuestionOptionsMax
// distinct non-empty options of at most QuestionOptionMax characters
// (other kinds keep none); no id twice. Errors are per question:
// "questions.<index>.<field>".
func ValidateQuestions(qs []QuestionInput) error {
	var f FieldErrors
	if len(qs) > QuestionsMax {
		f.Add("questions", "A festival asks at most 30 questions")
		return f.Err()
	}
	ids := map[int64]bool{}
	for i := range qs {
		q := &qs[i]
		key := "questions." + strconv.Itoa(i) + "."
		q.Label = strings.TrimSpace(q.Label)
		if q.ID != 0 {
			if ids[q.ID] {
				f.Add(key+"id", "The same question is given twice")
			}
			ids[q.ID] = true
		}
		if !slices.Contains(QuestionKinds, q.Kind) {
			f.Add(key+"kind", "Choose the kind of answer")
		}
		switch n := Length(q.Label); {
		case n == 0:
			f.Add(key+"label", "Write the question")
		case n > QuestionLabelMax:
			f.Add(key+"label", "A question is at most 300 characters")
		}
		if q.Kind != QuestionChoice {
			q.Options = []string{}
			continue
		}
		opts := []string{}
		for _, o := range q.Options {
			o = strings.TrimSpace(o)
			switch {
			case o == "":
				continue
			case Length(o) > QuestionOptionMax:
				f.Add(key+"options", "An option is at most 100 characters")
			case slices.Contains(opts, o):
				f.Add(key+"options", "The same option is given twice")
			}
			opts = append(opts, o)
		}
		q.Options = opts
		if len(opts) < 2 || len(opts) > QuestionOptionsMax {
			f.Add(key+"options", "A choice has 2 to 20 options")
		}
	}
	return f.Err()
}

// ValidateAnswers checks a filmmaker's answers to questions qs (one
// festival's; answers to other questions are ignored) and returns the
// answers to keep, trimmed, in the questions' order (unanswered optional
// questions have none). A required question needs an answer; short and
// long texts have their lengths; a choice is one of its options; yes/no
// is AnswerYes or AnswerNo. Errors are per question: "answers.<id>".
func ValidateAnswers(qs []*Question, answers []Answer) ([]Answer, error) {
	given := map[int64]string{}
	for _, a := range answers {
		given[a.QuestionID] = strings.TrimSpace(a.Value)
	}
	var f FieldErrors
	out := []Answer{}
	for _, q := range qs {
		key := "answers." + strconv.FormatInt(q.ID, 10)
		v := given[q.ID]
		if v == "" {
			if q.Required {
				f.Add(key, "Answer this question")
			}
			continue
		}
		switch q.Kind {
		case QuestionShortText:
			if strings.ContainsAny(v, "\r\n") {
				f.Add(key, "Answer on one line")
			} else if Length(v) > AnswerShortMax {
				f.Add(key, "An answer is at most 200 characters")
			}
		case QuestionLongText:
			if Length(v) > AnswerLongMax {
				f.Add(key, "An answer is at most 5000 characters")
			}
		case QuestionChoice:
			if !slices.Contains(q.Options, v) {
				f.Add(key, "Choose one of the options")
			}
		case QuestionYesNo:
			if v != AnswerYes && v != AnswerNo {
				f.Add(key, "Answer yes or no")
			}
		}
		out = append(out, Answer{QuestionID: q.ID, Value: v})
	}
	if err := f.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// Validate checks and normalises a new status: a preset is one of the
// built-in ones; the name (a preset's own when empty) 1 to
// EntryStatusNameMax characters; the note at most EntryStatusNoteMax.
func (ns *NewEntryStatus) Validate() error {
	var f FieldErrors
	ns.Name, ns.Note = strings.TrimSpace(ns.Name), strings.TrimSpace(ns.Note)
	switch ns.Preset {
	case "":
	case EntryStatusSemiFinalist, EntryStatusFinalist:
		if ns.Name == "" {
			ns.Name = ns.Preset
		}
	default:
		f.Add("preset", "Choose semi-finalist, finalist or a name of your own")
	}
	switch n := Length(ns.Name); {
	case n == 0:
		f.Add("name", "Name the status")
	case n > EntryStatusNameMax:
		f.Add("name", "A status's name is at most 60 characters")
	}
	if Length(ns.Note) > EntryStatusNoteMax {
		f.Add("note", "The note is at most 2000 characters")
	}
	return f.Err()
}

// Validate checks an organiser's extension: a category or a filmmaker's
// e-mail (or both), and a valid date that is today or later.
func (ne *NewDeadlineExtension) Validate(today string) error {
	var f FieldErrors
	ne.FilmmakerEmail = NormalizeEmail(ne.FilmmakerEmail)
	ne.Until = strings.TrimSpace(ne.Until)
	if ne.CategoryID <= 0 && ne.FilmmakerEmail == "" {
		f.Add("categoryId", "Choose a category or a filmmaker")
	}
	if ne.FilmmakerEmail != "" && !ValidEmail(ne.FilmmakerEmail) {
		f.Add("filmmakerEmail", "Enter a valid e-mail address")
	}
	if _, ok := ParseDate(ne.Until); !ok {
		f.Add("until", "Enter a date as YYYY-MM-DD")
	} else if ne.Until < today {
		f.Add("until", "The new deadline cannot be in the past")
	}
	return f.Err()
}

// ExtendedUntil returns the last day filmmaker userID may still enter
// category categoryID under the extensions exts ("" when none applies):
// the latest of those for the category (every filmmaker), for the
// filmmaker in every category, and for the filmmaker in that category.
func ExtendedUntil(exts []*DeadlineExtension, categoryID, userID int64) string {
	until := ""
	for _, e := range exts {
		catOK := e.CategoryID == 0 || e.CategoryID == categoryID
		userOK := e.FilmmakerID == 0 || e.FilmmakerID == userID
		if catOK && userOK && e.Until > until {
			until = e.Until
		}
	}
	return until
}

// EntryFeeExtended is EntryFee under an extension to until ("" for
// none): once every tier's date has passed, an entry made on or before
// until pays the last tier's fee, as on its last day. Every entry is
// priced by it, so the extension holds wherever the deadline does.
func EntryFeeExtended(c *Category, today, until string) (*Deadline, error) {
	d, err := EntryFee(c, today)
	if err == nil || until == "" || today > until || len(c.Deadlines) == 0 {
		return d, err
	}
	last := c.Deadlines[len(c.Deadlines)-1]
	return &Deadline{Tier: last.Tier, Date: until, Fee: last.Fee}, nil
}

// NoticeStatuses are the decisions whose e-mails a festival may write.
var NoticeStatuses = []SubmissionStatus{SubmissionInConsideration, SubmissionSelected, SubmissionNotSelected,
	SubmissionFinalist, SubmissionAwardWinner}

// NoticePlaceholders are the {{name}} placeholders of decision texts.
var NoticePlaceholders = []string{"film", "festival", "category", "award", "filmmaker"}

var placeholderRE = regexp.MustCompile(`\{\{\s*([^{}]*?)\s*\}\}`)

// ValidateNoticeText checks a festival's decision text: a status of
// NoticeStatuses, a language of Languages, a subject (one line) and body
// within their lengths, both given or both empty (back to the default),
// and no placeholder but NoticePlaceholders (the unknown one is named).
func ValidateNoticeText(t *NoticeText) error {
	var f FieldErrors
	t.Subject, t.Body = strings.TrimSpace(t.Subject), strings.TrimSpace(t.Body)
	if !slices.Contains(NoticeStatuses, t.Status) {
		f.Add("status", "Choose a decision")
	}
	if !slices.Contains(Languages, t.Language) {
		f.Add("language", "Choose a language")
	}
	if (t.Subject == "") != (t.Body == "") {
		if t.Subject == "" {
			f.Add("subject", "Write the subject")
		} else {
			f.Add("body", "Write the message")
		}
	}
	if strings.ContainsAny(t.Subject, "\r\n") {
		f.Add("subject", "The subject is one line")
	} else if Length(t.Subject) > NoticeSubjectMax {
		f.Add("subject", "The subject is at most 200 characters")
	}
	if Length(t.Body) > NoticeBodyMax {
		f.Add("body", "The message is at most 5000 characters")
	}
	if err := f.Err(); err != nil {
		return err
	}
	for _, field := range []struct{ name, text string }{{"subject", t.Subject}, {"body", t.Body}} {
		if p := UnknownPlaceholder(field.text); p != "" {
			return ErrUnknownPlaceholder(field.name, p)
		}
	}
	if strings.Count(t.Subject+t.Body, "{{") != len(placeholderRE.FindAllString(t.Subject+t.Body, -1)) {
		return FieldError("body", "A placeholder is not closed: write it as {{film}}")
	}
	return nil
}

// ErrUnknownPlaceholder refuses a text of field using placeholder name,
// which is not one of NoticePlaceholders: the message names it, the
// field's message lists the known ones.
func ErrUnknownPlaceholder(field, name string) error {
	e := Errorf(EInvalid, "Unknown placeholder {placeholder}").With("placeholder", "{{"+name+"}}")
	e.Fields = map[string]string{field: msgKnownPlaceholders}
	return e
}

const msgKnownPlaceholders = "Use only {{film}}, {{festival}}, {{category}}, {{award}} and {{filmmaker}}"

// UnknownPlaceholder returns the first {{name}} of s that is not one of
// NoticePlaceholders ("" when all are known).
func UnknownPlaceholder(s string) string {
	for _, m := range placeholderRE.FindAllStringSubmatch(s, -1) {
		if !slices.Contains(NoticePlaceholders, m[1]) {
			return m[1]
		}
	}
	return ""
}

// RenderNotice fills text's placeholders with vars (known ones only;
// values are not searched in turn).
func RenderNotice(text string, vars map[string]string) string {
	return placeholderRE.ReplaceAllStringFunc(text, func(m string) string {
		name := placeholderRE.FindStringSubmatch(m)[1]
		if v, ok := vars[name]; ok {
			return v
		}
		return m
	})
}

// NoticeVars are the values of a decision text's placeholders for s.
func NoticeVars(s *Submission) map[string]string {
	return map[string]string{"film": s.FilmTitle, "festival": s.FestivalName, "category": s.CategoryName,
		"award": s.AwardName, "filmmaker": s.FilmmakerName}
}

// Validate checks and trims a message: 1 to MessageBodyMax characters.
func (m *NewMessage) Validate() error {
	m.Body = strings.TrimSpace(m.Body)
	switch n := Length(m.Body); {
	case n == 0:
		return FieldError("body", "Write a message")
	case n > MessageBodyMax:
		return FieldError("body", "A message is at most 5000 characters")
	}
	if !slices.Contains(Languages, m.Language) {
		m.Language = Languages[0]
	}
	return nil
}

// Validate checks and trims a bulk message: a one-line subject and a
// body within their lengths, a known decision status when one is
// chosen, at most DecisionIDsMax explicit submissions.
func (b *BulkMessage) Validate() error {
	var f FieldErrors
	b.Subject, b.Body = strings.TrimSpace(b.Subject), strings.TrimSpace(b.Body)
	switch n := Length(b.Subject); {
	case n == 0:
		f.Add("subject", "Write the subject")
	case n > BulkSubjectMax || strings.ContainsAny(b.Subject, "\r\n"):
		f.Add("subject", "The subject is one line of at most 200 characters")
	}
	switch n := Length(b.Body); {
	case n == 0:
		f.Add("body", "Write the message")
	case n > BulkBodyMax:
		f.Add("body", "The message is at most 5000 characters")
	}
	if s := b.Selection.Status; s != "" && !slices.Contains(append(NoticeStatuses, SubmissionSubmitted), s) {
		f.Add("selection", "Choose a status")
	}
	if len(b.Selection.IDs) > DecisionIDsMax {
		f.Add("selection", "Choose at most 500 entries at once")
	}
	return f.Err()
}

// Validate checks the message and its idempotency key.
func (b *BulkSend) Validate() error {
	var f FieldErrors
	if err := f.Merge(b.BulkMessage.Validate(), "subject", "body", "selection"); err != nil {
		return err
	}
	if n := len(b.Key); n < BulkKeyMin || n > BulkKeyMax || !bulkKey.MatchString(b.Key) {
		f.Add("key", "This send has no valid key; reload the page and try again")
	}
	return f.Err()
}

// Errors of submission management.

// ErrEntryStatusNotFound answers a status that is not the festival's.
func ErrEntryStatusNotFound() error { return Errorf(ENotFound, "Status not found") }

// ErrEntryStatusExists refuses a status name the festival already has.
func ErrEntryStatusExists() error {
	return Errorf(EConflict, "This festival already has a status of that name")
}

// ErrExtensionNotFound answers an extension that is not the festival's.
func ErrExtensionNotFound() error { return Errorf(ENotFound, "Extension not found") }

// ErrNoRecipients refuses a bulk message whose selection is empty.
func ErrNoRecipients() error { return FieldError("selection", "No entrant matches this selection") }

package marquee

import (
	"context"
	"iter"
	"time"
)

// Submission management (issue 30): what an organiser adds to the
// submissions of a festival beyond decisions — custom questions answered
// at submission, statuses of their own, deadline extensions, the texts of
// decision e-mails, a message thread per submission and bulk messages.
// The rules are in submission_management_rules.go.

// QuestionKind is the kind of answer a custom question takes.
type QuestionKind string

// The kinds of questions.
const (
	QuestionShortText QuestionKind = "short_text" // one line, up to AnswerShortMax characters
	QuestionLongText  QuestionKind = "long_text"  // up to AnswerLongMax characters
	QuestionChoice    QuestionKind = "choice"     // one of the question's options
	QuestionYesNo     QuestionKind = "yes_no"     // "yes" or "no"
)

// QuestionKinds lists every kind, in the form's order.
var QuestionKinds = []QuestionKind{QuestionShortText, QuestionLongText, QuestionChoice, QuestionYesNo}

// Question is one of a festival's custom submission questions.
type Question struct {
	ID         int64        `json:"id"`
	FestivalID int64        `json:"festivalId"`
	Position   int          `json:"position"`
	Kind       QuestionKind `json:"kind"`
	Label      string       `json:"label"`
	Required   bool         `json:"required"`
	// Options are a choice's answers (empty for other kinds).
	Options []string `json:"options"`
}

// QuestionInput is one question of an organiser's list: ID 0 adds it, an
// ID of the festival's keeps (and changes) that question; questions left
// out of the list are removed with their answers.
type QuestionInput struct {
	ID       int64        `json:"id"`
	Kind     QuestionKind `json:"kind"`
	Label    string       `json:"label"`
	Required bool         `json:"required"`
	Options  []string     `json:"options"`
}

// Answer is a filmmaker's answer to question QuestionID.
type Answer struct {
	QuestionID int64  `json:"questionId"`
	Value      string `json:"value"`
}

// EntryAnswer is an answer as the organiser sees it, with its question.
type EntryAnswer struct {
	QuestionID int64        `json:"questionId"`
	Label      string       `json:"label"`
	Kind       QuestionKind `json:"kind"`
	Value      string       `json:"value"`
}

// The built-in presets of the organiser's statuses.
const (
	EntryStatusSemiFinalist = "semi_finalist"
	EntryStatusFinalist     = "finalist"
)

// EntryStatus is one of a festival's own statuses beyond the decision
// (semi-finalist, finalist, custom ones), set on entries by the team.
type EntryStatus struct {
	ID         int64  `json:"id"`
	FestivalID int64  `json:"festivalId"`
	Name       string `json:"name"`
	// Preset is EntryStatusSemiFinalist or EntryStatusFinalist for the
	// built-in ones (named in the reader's language), "" for custom ones.
	Preset string `json:"preset"`
	// Notify e-mails the filmmaker, in their language, when an entry gets
	// this status, with Note added when given.
	Notify    bool      `json:"notify"`
	Note      string    `json:"note"`
	Entries   int64     `json:"entries"`
	CreatedAt time.Time `json:"createdAt"`
}

// NewEntryStatus is what an organiser fills in to add a status.
type NewEntryStatus struct {
	Name   string `json:"name"`
	Preset string `json:"preset"`
	Notify bool   `json:"notify"`
	Note   string `json:"note"`
}

// EntryStatusChange sets status StatusID (0 clears it) on submissions IDs.
type EntryStatusChange struct {
	IDs      []int64 `json:"ids"`
	StatusID int64   `json:"statusId"`
}

// DeadlineExtension extends a festival's deadline to Until for one
// category (every filmmaker) or for one filmmaker (CategoryID 0: every
// category; else that one).
type DeadlineExtension struct {
	ID             int64     `json:"id"`
	FestivalID     int64     `json:"festivalId"`
	CategoryID     int64     `json:"categoryId"`
	CategoryName   string    `json:"categoryName"`
	FilmmakerID    int64     `json:"filmmakerId"`
	FilmmakerEmail string    `json:"filmmakerEmail"`
	Until          string    `json:"until"` // YYYY-MM-DD, the last day entries are taken
	CreatedAt      time.Time `json:"createdAt"`
}

// NewDeadlineExtension is an organiser's extension: a category, a
// filmmaker's e-mail (an account's), or both; and the new last day.
type NewDeadlineExtension struct {
	CategoryID     int64  `json:"categoryId"`
	FilmmakerEmail string `json:"filmmakerEmail"`
	Until          string `json:"until"`
}

// NoticeText is a festival's own text of the decision e-mail for Status
// in Language; Subject and Body may hold NoticePlaceholders.
type NoticeText struct {
	Status   SubmissionStatus `json:"status"`
	Language string           `json:"language"`
	Subject  string           `json:"subject"`
	Body     string           `json:"body"`
}

// NoticeTexts are a festival's decision texts: its own (Texts) and the
// defaults (Defaults, one per status and language, with placeholders).
type NoticeTexts struct {
	Texts        []NoticeText `json:"texts"`
	Defaults     []NoticeText `json:"defaults"`
	Placeholders []string     `json:"placeholders"`
}

// Message is one message of a submission's thread.
type Message struct {
	ID           int64 `json:"id"`
	SubmissionID int64 `json:"submissionId"`
	// FromFestival tells the team's messages from the filmmaker's.
	FromFestival bool      `json:"fromFestival"`
	AuthorName   string    `json:"authorName"`
	Body         string    `json:"body"`
	CreatedAt    time.Time `json:"createdAt"`
}

// NewMessage is a message to post in a thread; Language is the author's,
// set by the server.
type NewMessage struct {
	Body     string `json:"body"`
	Language string `json:"-"`
}

// Thread is a submission's messages, oldest first, with what names it.
type Thread struct {
	SubmissionID int64      `json:"submissionId"`
	FilmTitle    string     `json:"filmTitle"`
	FestivalName string     `json:"festivalName"`
	Messages     []*Message `json:"messages"`
}

// BulkSelection chooses a festival's entrants: by decision status, by the
// organiser's status, by category, or explicit submissions (all given
// conditions hold; none chooses every entry not withdrawn).
type BulkSelection struct {
	Status        SubmissionStatus `json:"status"`
	EntryStatusID int64            `json:"entryStatusId"`
	CategoryID    int64            `json:"categoryId"`
	IDs           []int64          `json:"ids"`
}

// BulkMessage is an organiser's message to a selection of entrants.
type BulkMessage struct {
	Selection BulkSelection `json:"selection"`
	Subject   string        `json:"subject"`
	Body      string        `json:"body"`
}

// BulkSend is a bulk message as sent: the message and the key the client
// chose for this one send (made with its preview), so that a retried or
// repeated request with the same key answers the first send and mails
// no one again.
type BulkSend struct {
	BulkMessage
	Key string `json:"key"`
}

// MailPreview is an e-mail as it would read in one language.
type MailPreview struct {
	Language string `json:"language"`
	Subject  string `json:"subject"`
	Body     string `json:"body"`
}

// BulkPreview is what a bulk message would send: how many people, and
// the e-mail in each language.
type BulkPreview struct {
	Recipients int64          `json:"recipients"`
	Previews   []*MailPreview `json:"previews"`
}

// BulkSent is a bulk message sent: its id and how many got it. Repeat
// is true when its key had already sent it (nothing was sent again).
type BulkSent struct {
	ID         int64 `json:"id"`
	Recipients int64 `json:"recipients"`
	Repeat     bool  `json:"-"`
}

// SubmissionExport is a festival's CSV export: its questions (the extra
// columns) and the rows, each with its answers, read as they are yielded.
type SubmissionExport struct {
	Questions []*Question
	Rows      iter.Seq2[*ExportRow, error]
}

// ExportRow is one submission of the export with its answers (by
// question id) and the organiser's status.
type ExportRow struct {
	Submission  *Submission
	Answers     map[int64]string
	EntryStatus string
}

// SubmissionManagementService is the organiser's management of
// submissions beyond decisions, and the message threads. Every
// organiser method checks the festival is the caller's (or the caller an
// admin): ErrFestivalNotFound otherwise, as for a missing festival.
type SubmissionManagementService interface {
	// Questions lists a festival's questions (any signed-in user may read
	// those of a festival they can see: they are asked at submission).
	Questions(ctx context.Context, slug string) ([]*Question, error)
	// SetQuestions replaces a managed festival's questions (validated as
	// a whole: ValidateQuestions), audited.
	SetQuestions(ctx context.Context, slug string, qs []QuestionInput) ([]*Question, error)
	// ExportEntries is the CSV export with the answers and statuses.
	ExportEntries(ctx context.Context, slug string) (*SubmissionExport, error)

	// EntryStatuses lists a managed festival's statuses; AddEntryStatus
	// adds one (EConflict when the name exists); DeleteEntryStatus
	// removes one (and takes it off its entries).
	EntryStatuses(ctx context.Context, slug string) ([]*EntryStatus, error)
	AddEntryStatus(ctx context.Context, slug string, ns NewEntryStatus) (*EntryStatus, error)
	DeleteEntryStatus(ctx context.Context, slug string, id int64) error
	// SetEntryStatus sets (or clears) the status of entries, e-mailing
	// each filmmaker whose entry got a status with Notify, audited.
	SetEntryStatus(ctx context.Context, slug string, c EntryStatusChange) error

	// Extensions lists a managed festival's deadline extensions;
	// ExtendDeadline adds one; DeleteExtension removes one (both audited).
	Extensions(ctx context.Context, slug string) ([]*DeadlineExtension, error)
	ExtendDeadline(ctx context.Context, slug string, ne NewDeadlineExtension) (*DeadlineExtension, error)
	DeleteExtension(ctx context.Context, slug string, id int64) error

	// NoticeTexts returns a managed festival's decision texts and the
	// defaults; SetNoticeText saves one (an empty subject and body go
	// back to the default), validated (ValidateNoticeText), audited.
	NoticeTexts(ctx context.Context, slug string) (*NoticeTexts, error)
	SetNoticeText(ctx context.Context, slug string, t NoticeText) (*NoticeTexts, error)

	// Thread returns the signed-in filmmaker's thread on their submission
	// id; PostMessage adds a message to it and e-mails the festival team.
	Thread(ctx context.Context, id int64) (*Thread, error)
	PostMessage(ctx context.Context, id int64, m NewMessage) (*Message, error)
	// FestivalThread and PostFestivalMessage are the same for a managed
	// festival's team (never its judges); the filmmaker is e-mailed.
	FestivalThread(ctx context.Context, slug string, id int64) (*Thread, error)
	PostFestivalMessage(ctx context.Context, slug string, id int64, m NewMessage) (*Message, error)

	// PreviewBulk tells how many people a bulk message would reach and
	// how it reads in each language; SendBulk sends it through the outbox
	// (one e-mail per person, whatever their entries), once per
	// festival and idempotency key: a repeat answers the first send.
	PreviewBulk(ctx context.Context, slug string, b BulkMessage) (*BulkPreview, error)
	SendBulk(ctx context.Context, slug string, b BulkSend) (*BulkSent, error)
}

// ManagementMail writes the e-mails of submission management; each func
// may be nil (then none is sent).
type ManagementMail struct {
	// EntryStatus tells a filmmaker their entry s got a status called
	// name (a preset's name is translated), with the organiser's note.
	EntryStatus func(s *Submission, name, preset, note, to string) Mail
	// Message tells the reader (language lang) of a new message in the
	// thread of s; toFestival when the reader is the festival's team.
	Message func(s *Submission, m *Message, toFestival bool, lang, to string) Mail
	// Bulk wraps an organiser's bulk message for a filmmaker.
	Bulk func(festival, subject, body, lang, to string) Mail
}

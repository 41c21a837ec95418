package marquee

import (
	"context"
	"iter"
	"strconv"
	"time"
)

// A submission is one film entered in one category of one festival; its
// fee, in credits, is the category's tier in force at that moment, less a
// waiver, taken from the filmmaker's balance in the transaction that
// creates it (a ledger row; none when a waiver makes it zero, since the
// ledger refuses rows of delta 0).

// SubmissionStatus is where a submission stands.
type SubmissionStatus string

// The statuses of a submission: submitted at first; the organiser's
// decisions (in consideration, selected, not selected, finalist, award
// winner); withdrawn by the filmmaker while undecided.
const (
	SubmissionSubmitted       SubmissionStatus = "submitted"
	SubmissionInConsideration SubmissionStatus = "in_consideration"
	SubmissionSelected        SubmissionStatus = "selected"
	SubmissionNotSelected     SubmissionStatus = "not_selected"
	SubmissionFinalist        SubmissionStatus = "finalist"
	SubmissionAwardWinner     SubmissionStatus = "award_winner"
	SubmissionWithdrawn       SubmissionStatus = "withdrawn"
)

// SubmissionFlag is the festival team's marker on a submission, like
// FilmFreeway's colour flags; "" for none.
type SubmissionFlag string

// The flags.
const (
	FlagNone            SubmissionFlag = ""
	FlagStrongContender SubmissionFlag = "strong_contender"
	FlagNeedsReview     SubmissionFlag = "needs_review"
	FlagFlagNotSelected SubmissionFlag = "not_selected"
)

// FlagChange is an organiser's change of a submission's flag: body
// {"flag": ...}, where "none" (or "") clears it. Flag must be given
// (FlagChange.Parse): a body without it changes nothing and is refused.
type FlagChange struct {
	Flag *string `json:"flag"`
}

// Ledger reasons of submissions (see LedgerReason).
const (
	LedgerSubmissionFee    LedgerReason = "submission-fee"    // a fee taken (delta < 0; no row when waived in full)
	LedgerSubmissionRefund LedgerReason = "submission-refund" // a fee given back on withdrawal
)

// SubmissionReference is the ledger reference of submission id.
func SubmissionReference(id int64) string { return "submission:" + strconv.FormatInt(id, 10) }

// Submission is one film in one category of one festival.
type Submission struct {
	ID           int64  `json:"id"`
	FilmID       int64  `json:"filmId"`
	FilmTitle    string `json:"filmTitle"`
	FestivalID   int64  `json:"festivalId"`
	FestivalSlug string `json:"festivalSlug"`
	FestivalName string `json:"festivalName"`
	CategoryID   int64  `json:"categoryId"`
	CategoryName string `json:"categoryName"`
	// FilmmakerID, FilmmakerName and FilmmakerEmail are blanked for judges
	// when the festival's review is blind.
	FilmmakerID    int64  `json:"filmmakerId"`
	FilmmakerName  string `json:"filmmakerName"`
	FilmmakerEmail string `json:"filmmakerEmail"`
	// Country is the film's country (for the organiser's filter).
	Country string       `json:"country"`
	Tier    DeadlineTier `json:"tier"`
	// FeeCredits is the tier's fee; PaidCredits what was taken after the waiver.
	FeeCredits  int64  `json:"feeCredits"`
	PaidCredits int64  `json:"paidCredits"`
	WaiverCode  string `json:"waiverCode"`
	// RefundedCredits is what a withdrawal gave back.
	RefundedCredits int64            `json:"refundedCredits"`
	Status          SubmissionStatus `json:"status"`
	AwardName       string           `json:"awardName"`
	// Flag is the festival team's own; never shown to the filmmaker.
	Flag SubmissionFlag `json:"flag"`
	// Feedback is the judges' comments the organiser shared with the
	// filmmaker (never private notes); empty otherwise.
	Feedback []string `json:"feedback"`
	// Language is the filmmaker's language when submitting: the decision
	// e-mails'.
	Language    string     `json:"language"`
	CreatedAt   time.Time  `json:"createdAt"`
	DecidedAt   *time.Time `json:"decidedAt"`
	WithdrawnAt *time.Time `json:"withdrawnAt"`
	// Scores is the judging summary, for the organiser only (nil otherwise).
	Scores *ScoreSummary `json:"scores,omitempty"`
	// EntryStatus is the organiser's own status of the entry (semi-finalist,
	// ...), in the organiser's list and detail only (nil otherwise).
	EntryStatus *EntryStatusRef `json:"entryStatus,omitempty"`
}

// EntryStatusRef names an entry's organiser status.
type EntryStatusRef struct {
	ID     int64  `json:"id"`
	Name   string `json:"name"`
	Preset string `json:"preset"`
}

// SubmissionEntry names one category of one festival to enter.
type SubmissionEntry struct {
	FestivalID int64 `json:"festivalId"`
	CategoryID int64 `json:"categoryId"`
}

// NewSubmission is a filmmaker's request to enter a film.
type NewSubmission struct {
	FilmID     int64             `json:"filmId"`
	Entries    []SubmissionEntry `json:"entries"`
	WaiverCode string            `json:"waiverCode"`
	// Answers are the answers to the entries' festivals' questions
	// (ValidateAnswers, per festival).
	Answers []Answer `json:"answers"`
	// Language is the filmmaker's language; set by the server.
	Language string `json:"-"`
}

// SubmissionEntriesMax bounds the entries of one request.
const SubmissionEntriesMax = 20

// QuoteLine is the price of one entry.
type QuoteLine struct {
	FestivalID   int64        `json:"festivalId"`
	FestivalName string       `json:"festivalName"`
	CategoryID   int64        `json:"categoryId"`
	CategoryName string       `json:"categoryName"`
	Tier         DeadlineTier `json:"tier"`
	Deadline     string       `json:"deadline"` // the tier's date, YYYY-MM-DD
	Fee          int64        `json:"fee"`
	Discount     int64        `json:"discount"` // from the waiver
	Price        int64        `json:"price"`
}

// SubmissionQuote is what entering would cost, shown before confirming.
type SubmissionQuote struct {
	Lines   []QuoteLine `json:"lines"`
	Total   int64       `json:"total"`
	Balance int64       `json:"balance"`
	// WaiverApplied tells whether the waiver code lowered any price.
	WaiverApplied bool `json:"waiverApplied"`
}

// SubmitResult is what submitting answers.
type SubmitResult struct {
	Submissions []*Submission `json:"submissions"`
	Total       int64         `json:"total"`
	Balance     int64         `json:"balance"`
}

// SubmissionFilter narrows the filmmaker's list.
type SubmissionFilter struct {
	Status SubmissionStatus // "" for every status
	PageRequest
}

// SubmissionsPerPage is the page size of the filmmaker's list;
// ReceivedPerPage the organiser's.
const (
	SubmissionsPerPage = 20
	ReceivedPerPage    = 50
)

// The sort orders of the organiser's list.
const (
	ReceivedSortDate       = "date"       // newest first
	ReceivedSortScore      = "score"      // weighted average, best first
	ReceivedSortCalibrated = "calibrated" // calibrated score, best first
)

// ReceivedFilter narrows an organiser's list of a festival's submissions.
type ReceivedFilter struct {
	CategoryID int64
	Status     SubmissionStatus
	Country    string
	// Flag filters by flag; FlagFilterNone ("none") asks for unflagged ones.
	Flag     string
	MinScore *float64 // weighted average, 0..100
	MaxScore *float64
	// EntryStatusID filters by the organiser's status (EntryStatus.ID).
	EntryStatusID int64
	Sort          string
	PageRequest
}

// FlagFilterNone asks for submissions without a flag.
const FlagFilterNone = "none"

// Decision is the organiser's decision on submissions.
type Decision struct {
	Status SubmissionStatus `json:"status"` // in_consideration, selected, not_selected, finalist or award_winner
	// AwardName is required for award_winner.
	AwardName string `json:"awardName"`
	// ShareComments shares the judges' comments (never private notes)
	// with the filmmaker.
	ShareComments bool `json:"shareComments"`
}

// FestivalSettings are an organiser's settings of submissions and judging.
type FestivalSettings struct {
	// RefundOnWithdraw gives the fee back in credits when a filmmaker
	// withdraws an undecided submission.
	RefundOnWithdraw bool `json:"refundOnWithdraw"`
	// BlindReview hides the filmmaker's name, e-mail and credits from judges.
	BlindReview bool `json:"blindReview"`
	// JudgingLocked stops judges from changing scores.
	JudgingLocked bool `json:"judgingLocked"`
	// MinJudges is how many judges should score a submission before its
	// place in the ranking is trusted (DefaultMinJudges, 1 to JudgesMax):
	// the ranking marks those scored by fewer (BelowMinimumJudges).
	MinJudges int `json:"minJudges"`
}

// SettingsChange is an organiser's change of a festival's settings: each
// field set changes that setting, each left out (or null) keeps its value
// (SettingsChange.Apply).
type SettingsChange struct {
	RefundOnWithdraw *bool `json:"refundOnWithdraw"`
	BlindReview      *bool `json:"blindReview"`
	// JudgingLocked is accepted, since the settings form sends back what
	// it read, and never applied: locking belongs to the lock route
	// (JudgingService.SetLocked), so a stale form cannot unlock judging.
	JudgingLocked *bool `json:"judgingLocked"`
	MinJudges     *int  `json:"minJudges"`
}

// Waiver is a fee waiver code of a festival.
type Waiver struct {
	ID         int64     `json:"id"`
	FestivalID int64     `json:"festivalId"`
	Code       string    `json:"code"`    // upper case, A-Z 0-9 and -
	Percent    int       `json:"percent"` // 1..100; 100 waives the whole fee
	UsageLimit int       `json:"usageLimit"`
	Used       int       `json:"used"`
	ExpiresOn  string    `json:"expiresOn"` // YYYY-MM-DD, the last day it works
	CreatedAt  time.Time `json:"createdAt"`
}

// NewWaiver is what an organiser fills in to create a waiver.
type NewWaiver struct {
	Code       string `json:"code"`
	Percent    int    `json:"percent"`
	UsageLimit int    `json:"usageLimit"`
	ExpiresOn  string `json:"expiresOn"`
}

// SubmissionDetail is one submission as its festival's organiser sees it:
// the submission, the film (with credits and screener), the judges'
// scores, and the conflicts declared on it.
type SubmissionDetail struct {
	Submission *Submission   `json:"submission"`
	Film       *Film         `json:"film"`
	Scores     []*JudgeScore `json:"scores"`
	Conflicts  []*Conflict   `json:"conflicts"`
	// Judges are those who may score it (assigned and not in conflict).
	Judges []*Judge `json:"judges"`
	// Answers are the filmmaker's answers to the festival's questions.
	Answers []*EntryAnswer `json:"answers"`
}

// SubmissionService takes submissions from filmmakers and lets organisers
// receive and decide on them.
type SubmissionService interface {
	// Quote prices ns for the signed-in filmmaker without writing anything.
	Quote(ctx context.Context, ns NewSubmission) (*SubmissionQuote, error)
	// Submit enters ns: every entry or none; the fees are taken in the
	// same transaction (EInsufficientCredits when the balance is short,
	// nothing written).
	Submit(ctx context.Context, ns NewSubmission) (*SubmitResult, error)
	// Mine lists the signed-in filmmaker's submissions, newest first.
	Mine(ctx context.Context, f SubmissionFilter) (*Page[*Submission], error)
	// Withdraw withdraws the signed-in filmmaker's undecided submission,
	// refunding the fee when the festival allows it.
	Withdraw(ctx context.Context, id int64) (*Submission, error)

	// Received lists a managed festival's submissions.
	Received(ctx context.Context, slug string, f ReceivedFilter) (*Page[*Submission], error)
	// Detail returns one submission of a managed festival in full.
	Detail(ctx context.Context, slug string, id int64) (*SubmissionDetail, error)
	// Decide applies d to submissions ids of a managed festival (withdrawn
	// ones are refused) and e-mails each filmmaker in their language.
	Decide(ctx context.Context, slug string, ids []int64, d Decision) ([]*Submission, error)
	// SetFlag sets the team's flag on a submission of a managed festival.
	SetFlag(ctx context.Context, slug string, id int64, flag SubmissionFlag) (*Submission, error)
	// Export yields every submission of a managed festival, oldest first,
	// with its score summary, for the CSV download. The festival is
	// checked (and calibrated scores brought up to date) before it
	// answers; the rows are read by one query as they are yielded, never
	// collected, so that memory stays the same whatever the festival's
	// size. A read that fails yields its error last (nil submission).
	Export(ctx context.Context, slug string) (iter.Seq2[*Submission, error], error)

	// Settings returns a managed festival's settings; UpdateSettings
	// applies a change to them (SettingsChange.Apply: what it leaves out
	// keeps its value) and returns them.
	Settings(ctx context.Context, slug string) (*FestivalSettings, error)
	UpdateSettings(ctx context.Context, slug string, c SettingsChange) (*FestivalSettings, error)

	// Waivers lists a managed festival's waiver codes; CreateWaiver adds
	// one (EConflict when the code exists); DeleteWaiver removes one.
	Waivers(ctx context.Context, slug string) ([]*Waiver, error)
	CreateWaiver(ctx context.Context, slug string, w NewWaiver) (*Waiver, error)
	DeleteWaiver(ctx context.Context, slug string, id int64) error
}

// ComposeDecision writes the e-mail telling a filmmaker of a decision on
// their submission, in the submission's language, to address to.
type ComposeDecision func(s *Submission, to string) Mail

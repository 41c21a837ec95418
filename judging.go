package marquee

import (
	"context"
	"time"
)

// Judging: an organiser invites judges by e-mail and assigns them
// submissions; judges score each criterion, comment and keep private
// notes; the organiser sees weighted and calibrated rankings.

// JudgeStatus is where a judge's invitation stands.
type JudgeStatus string

// The statuses of a judge.
const (
	JudgeInvited JudgeStatus = "invited" // the invitation is not accepted yet
	JudgeActive  JudgeStatus = "active"
)

// Judge is a member of a festival's jury.
type Judge struct {
	ID         int64       `json:"id"`
	FestivalID int64       `json:"festivalId"`
	UserID     int64       `json:"userId"` // 0 until the invitation is accepted
	Email      string      `json:"email"`
	Name       string      `json:"name"`
	Status     JudgeStatus `json:"status"`
	// Scope is what the judge is assigned as a whole: "" (only specific
	// submissions), "all" (every submission), or "category" (those of
	// CategoryIDs).
	Scope       string  `json:"scope"`
	CategoryIDs []int64 `json:"categoryIds"`
	// Assigned counts the submissions the judge may score; Scored how many
	// they have scored.
	Assigned   int        `json:"assigned"`
	Scored     int        `json:"scored"`
	InvitedAt  time.Time  `json:"invitedAt"`
	AcceptedAt *time.Time `json:"acceptedAt"`
}

// The judge scopes.
const (
	JudgeScopeSpecific = ""
	JudgeScopeAll      = "all"
	JudgeScopeCategory = "category"
)

// Invitation is what the invited person sees before accepting.
type Invitation struct {
	FestivalName string `json:"festivalName"`
	FestivalSlug string `json:"festivalSlug"`
	Email        string `json:"email"`
	// HasAccount tells whether an account with that e-mail exists (log in)
	// or not (sign up first).
	HasAccount bool `json:"hasAccount"`
}

// The assignment modes.
const (
	AssignAll      = "all"      // the judges get every submission, present and future
	AssignCategory = "category" // the judges get every submission of CategoryIDs
	AssignSpecific = "specific" // the judges get SubmissionIDs
	AssignSpread   = "spread"   // each of SubmissionIDs (all when empty) gets PerSubmission (default 1) of the judges, loads balanced
)

// AssignmentRequest assigns judges of a festival.
type AssignmentRequest struct {
	Mode          string  `json:"mode"`
	JudgeIDs      []int64 `json:"judgeIds"`
	CategoryIDs   []int64 `json:"categoryIds"`
	SubmissionIDs []int64 `json:"submissionIds"`
	PerSubmission int     `json:"perSubmission"`
}

// Conflict is a judge's declared conflict of interest on a submission.
type Conflict struct {
	JudgeID      int64     `json:"judgeId"`
	JudgeName    string    `json:"judgeName"`
	SubmissionID int64     `json:"submissionId"`
	Reason       string    `json:"reason"`
	CreatedAt    time.Time `json:"createdAt"`
}

// CriterionScore is one criterion's score.
type CriterionScore struct {
	CriterionID int64 `json:"criterionId"`
	Score       int   `json:"score"` // 0..the criterion's MaxScore
}

// ScoreInput is what a judge saves for a submission.
type ScoreInput struct {
	Scores      []CriterionScore `json:"scores"`
	Comment     string           `json:"comment"`
	PrivateNote string           `json:"privateNote"`
}

// Score limits.
const (
	JudgeCommentMax   = 5000
	JudgeNoteMax      = 5000
	ConflictReasonMax = 500
)

// JudgeScore is one judge's scoring of one submission.
type JudgeScore struct {
	JudgeID      int64            `json:"judgeId"`
	JudgeName    string           `json:"judgeName"`
	SubmissionID int64            `json:"submissionId"`
	Scores       []CriterionScore `json:"scores"`
	// Weighted is the weighted score on a 0..100 scale (WeightedScore).
	Weighted    float64   `json:"weighted"`
	Comment     string    `json:"comment"`
	PrivateNote string    `json:"privateNote"` // the judge and the organiser only
	UpdatedAt   time.Time `json:"updatedAt"`
}

// ScoreSummary sums up the judges' scores of a submission.
type ScoreSummary struct {
	Judges int `json:"judges"`
	// Weighted is the mean of the judges' weighted scores (0..100);
	// Calibrated the mean of their standardised scores; Spread the
	// difference between the highest and the lowest weighted score. All
	// nil without scores.
	Weighted   *float64 `json:"weighted"`
	Calibrated *float64 `json:"calibrated"`
	Spread     *float64 `json:"spread"`
}

// RankedSubmission is one line of a festival's ranking.
type RankedSubmission struct {
	Submission *Submission  `json:"submission"`
	Summary    ScoreSummary `json:"summary"`
	// Rank is the 1-based rank in the ranking's order (RankingFilter.Sort;
	// equal scores share a rank, see Rank); 0 when not scored.
	Rank int `json:"rank"`
	// BelowMinimumJudges marks a submission scored by fewer judges
	// (Summary.Judges) than the festival's minimum
	// (FestivalSettings.BelowMinimumJudges).
	BelowMinimumJudges bool `json:"belowMinimumJudges"`
}

// The orders of a ranking.
const (
	RankingSortWeighted   = "weighted"   // by weighted score (ScoreSummary.Weighted), best first
	RankingSortCalibrated = "calibrated" // by calibrated score, best first
)

// RankingPerPage is how many lines a page of a ranking has.
const RankingPerPage = 50

// RankingFilter asks for a page of a festival's ranking: its submissions
// (not withdrawn) of one category (every category when CategoryID is 0)
// in one order, the scored ones by score (ties by id), then the unscored
// ones by id.
type RankingFilter struct {
	CategoryID int64
	Sort       string // RankingSortWeighted (the default) or RankingSortCalibrated
	PageRequest
}

// Assignment is one submission in a judge's queue.
type Assignment struct {
	Submission *Submission `json:"submission"` // as JudgeView shows it: no filmmaker when blind
	Film       *Film       `json:"film"`       // as JudgeView shows it: the screener; no director, credits or owner when blind
	Criteria   []Criterion `json:"criteria"`
	MyScore    *JudgeScore `json:"myScore"`
	Conflict   bool        `json:"conflict"`
	Locked     bool        `json:"locked"`
}

// JudgeFestival is one festival a signed-in user judges, with progress.
type JudgeFestival struct {
	FestivalID   int64  `json:"festivalId"`
	FestivalSlug string `json:"festivalSlug"`
	FestivalName string `json:"festivalName"`
	JudgeID      int64  `json:"judgeId"`
	Assigned     int    `json:"assigned"`
	Scored       int    `json:"scored"`
	Locked       bool   `json:"locked"`
}

// ComposeInvitation writes the e-mail inviting address to to judge the
// festival named festivalName, in lang, with the invitation's token (the
// link accepts it, or signs up an unknown address first).
type ComposeInvitation func(festivalName, to, token, lang string) Mail

// JudgingService runs a festival's jury.
type JudgingService interface {
	// Judges lists a managed festival's judges; Invite adds one by e-mail
	// and e-mails the invitation (through the outbox) with a link that
	// signs up an unknown address; RemoveJudge removes one (their scores go).
	Judges(ctx context.Context, slug string) ([]*Judge, error)
	Invite(ctx context.Context, slug, email, lang string) (*Judge, error)
	RemoveJudge(ctx context.Context, slug string, judgeID int64) error
	// Invitation describes an invitation by its token, for anyone holding it.
	Invitation(ctx context.Context, token string) (*Invitation, error)
	// Accept makes the signed-in user (whose e-mail must be the invited
	// one) a judge of the invitation's festival.
	Accept(ctx context.Context, token string) (*JudgeFestival, error)

	// Assign assigns judges of a managed festival and returns how many
	// (judge, submission) pairs it added.
	Assign(ctx context.Context, slug string, req AssignmentRequest) (int, error)
	// Unassign removes a specific assignment.
	Unassign(ctx context.Context, slug string, judgeID, submissionID int64) error
	// Conflicts lists the conflicts declared in a managed festival.
	Conflicts(ctx context.Context, slug string) ([]*Conflict, error)
	// Ranking returns a page of a managed festival's ranking (ENotFound
	// for a category not the festival's).
	Ranking(ctx context.Context, slug string, f RankingFilter) (*Page[*RankedSubmission], error)
	// SetLocked locks or unlocks judging of a managed festival.
	SetLocked(ctx context.Context, slug string, locked bool) (*FestivalSettings, error)

	// MyFestivals lists the festivals the signed-in user judges.
	MyFestivals(ctx context.Context) ([]*JudgeFestival, error)
	// Queue lists the signed-in judge's submissions of a festival.
	Queue(ctx context.Context, slug string) ([]*Assignment, error)
	// Assignment returns one submission of the signed-in judge's queue;
	// ENotFound when not assigned, or in conflict (then only Conflict is set).
	Assignment(ctx context.Context, slug string, submissionID int64) (*Assignment, error)
	// SaveScore saves the signed-in judge's score (EConflict when judging
	// is locked or the judge declared a conflict; ENotFound when not
	// assigned or the film is the judge's own).
	SaveScore(ctx context.Context, slug string, submissionID int64, in ScoreInput) (*JudgeScore, error)
	// DeclareConflict records the signed-in judge's conflict on a submission.
	DeclareConflict(ctx context.Context, slug string, submissionID int64, reason string) (*Conflict, error)
}

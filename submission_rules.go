package marquee

import (
	"net/url"
	"strconv"
	"strings"
)

// The rules of submissions: what a request to enter a film must hold, the
// fee in force, waivers, decisions, and the organiser's list filters.

// Waiver limits.
const (
	WaiverCodeMin       = 3
	WaiverCodeMax       = 30
	WaiverUsageLimitMax = 100_000
	// AwardNameMax bounds an award's name, in characters.
	AwardNameMax = 200
	// DecisionIDsMax bounds the submissions of one bulk decision.
	DecisionIDsMax = 500
)

// NormalizeWaiverCode trims a waiver code and upper-cases it: codes are
// matched regardless of case.
func NormalizeWaiverCode(s string) string { return strings.ToUpper(strings.TrimSpace(s)) }

// ValidWaiverCode reports whether s (normalised) is 3 to 30 of A-Z, 0-9 and -.
func ValidWaiverCode(s string) bool {
	if len(s) < WaiverCodeMin || len(s) > WaiverCodeMax {
		return false
	}
	for _, r := range s {
		if !(r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-') {
			return false
		}
	}
	return true
}

const msgWaiverCodeFormat = "Waiver codes are 3 to 30 letters, digits or hyphens"

// Normalize upper-cases the waiver code.
func (ns *NewSubmission) Normalize() { ns.WaiverCode = NormalizeWaiverCode(ns.WaiverCode) }

// Validate checks a normalised request: a film, 1 to SubmissionEntriesMax
// entries each naming a festival and a category, no category twice, and
// a well-formed waiver code when one is given.
func (ns NewSubmission) Validate() error {
	var f FieldErrors
	if ns.FilmID <= 0 {
		f.Add("filmId", "Choose a film")
	}
	switch {
	case len(ns.Entries) == 0:
		f.Add("entries", "Choose at least one category")
	case len(ns.Entries) > SubmissionEntriesMax:
		f.Add("entries", "Choose at most 20 categories at once")
	}
	seen := map[SubmissionEntry]bool{}
	for _, e := range ns.Entries {
		if e.FestivalID <= 0 || e.CategoryID <= 0 {
			f.Add("entries", "Choose a festival and a category for every entry")
			continue
		}
		if seen[e] {
			f.Add("entries", "The same category is chosen twice")
		}
		seen[e] = true
	}
	if ns.WaiverCode != "" && !ValidWaiverCode(ns.WaiverCode) {
		f.Add("waiverCode", msgWaiverCodeFormat)
	}
	return f.Err()
}

// EntryFee returns the tier of category c in force today (the first whose
// date is on or after today, so a deadline's own day still counts), or
// EInvalid naming the category when its last deadline has passed.
func EntryFee(c *Category, today string) (*Deadline, error) {
	if d := c.CurrentDeadline(today); d != nil {
		return d, nil
	}
	return nil, Errorf(EInvalid, "The deadline for {category} has passed").With("category", c.Name)
}

// ErrAlreadyEntered is the answer to entering a film in a category it is
// already entered in (and not withdrawn from).
func ErrAlreadyEntered(category string) error {
	return Errorf(EConflict, "This film is already entered in {category}").With("category", category)
}

// ErrCategoryHasSubmissions refuses removing a category with submissions.
func ErrCategoryHasSubmissions() error {
	return Errorf(EConflict, "A category with submissions cannot be removed")
}

// InsufficientCredits is the refusal of entries costing total credits to
// a filmmaker whose balance is balance (402; nothing is written).
func InsufficientCredits(total, balance int64) error {
	return Errorf(EInsufficientCredits, "Not enough credits: these entries cost {total} credits and your balance is {balance}.").
		With("total", strconv.FormatInt(total, 10)).With("balance", strconv.FormatInt(balance, 10))
}

// Normalize upper-cases the code and trims the date.
func (w *NewWaiver) Normalize() {
	w.Code = NormalizeWaiverCode(w.Code)
	w.ExpiresOn = strings.TrimSpace(w.ExpiresOn)
}

// Validate checks a normalised waiver: its code's format, a percentage
// from 1 to 100, a usage limit from 1 to WaiverUsageLimitMax, and an
// expiry date that is not before today.
func (w NewWaiver) Validate(today string) error {
	var f FieldErrors
	if !ValidWaiverCode(w.Code) {
		f.Add("code", msgWaiverCodeFormat)
	}
	if w.Percent < 1 || w.Percent > 100 {
		f.Add("percent", "The discount must be from 1 to 100 percent")
	}
	if w.UsageLimit < 1 || w.UsageLimit > WaiverUsageLimitMax {
		f.Add("usageLimit", "The usage limit must be from 1 to 100,000")
	}
	if _, ok := ParseDate(w.ExpiresOn); !ok {
		f.Add("expiresOn", "Enter the expiry date as YYYY-MM-DD")
	} else if w.ExpiresOn < today {
		f.Add("expiresOn", "The expiry date cannot be in the past")
	}
	return f.Err()
}

// WaiverDiscount returns the credits a percent waiver takes off fee: the
// discount rounds down, so the price rounds up; 100 % waives the whole fee.
func WaiverDiscount(fee int64, percent int) int64 {
	switch {
	case fee <= 0 || percent <= 0:
		return 0
	case percent >= 100:
		return fee
	}
	return fee * int64(percent) / 100
}

// Usable tells whether the waiver still works today: not past its last
// day and not used up.
func (w *Waiver) Usable(today string) error {
	if w.ExpiresOn < today {
		return FieldError("waiverCode", "This waiver code has expired")
	}
	if w.Used >= w.UsageLimit {
		return ErrWaiverUsedUp()
	}
	return nil
}

// ErrWaiverUsedUp is the answer to a waiver code with no use left.
func ErrWaiverUsedUp() error { return FieldError("waiverCode", "This waiver code has been used up") }

// ErrWaiverUnknown is the answer to a code that is no waiver of the
// entries' festivals.
func ErrWaiverUnknown() error {
	return FieldError("waiverCode", "This waiver code does not apply to these festivals")
}

// Valid reports whether s is a status of submissions.
func (s SubmissionStatus) Valid() bool {
	switch s {
	case SubmissionSubmitted, SubmissionWithdrawn:
		return true
	}
	return s.IsDecision()
}

// IsDecision reports whether s is one an organiser may decide:
// in consideration, selected, not selected, finalist or award winner.
func (s SubmissionStatus) IsDecision() bool {
	switch s {
	case SubmissionInConsideration, SubmissionSelected, SubmissionNotSelected, SubmissionFinalist, SubmissionAwardWinner:
		return true
	}
	return false
}

// Decided reports whether the organiser has decided anything on a
// submission with status s (in consideration included).
func (s SubmissionStatus) Decided() bool { return s.IsDecision() }

// CanWithdraw reports whether a filmmaker may still withdraw a submission
// with status s: only while it is undecided.
func (s SubmissionStatus) CanWithdraw() bool { return s == SubmissionSubmitted }

// ErrCannotWithdraw refuses withdrawing a decided or withdrawn submission.
func ErrCannotWithdraw() error {
	return Errorf(EConflict, "Only a submission still awaiting a decision can be withdrawn")
}

// ErrSubmissionNotFound is the answer for a submission that does not exist
// or that the caller may not see.
func ErrSubmissionNotFound() error { return Errorf(ENotFound, "Submission not found") }

// Valid reports whether f is one of the flags ("" included).
func (f SubmissionFlag) Valid() bool {
	switch f {
	case FlagNone, FlagStrongContender, FlagNeedsReview, FlagFlagNotSelected:
		return true
	}
	return false
}

// Apply returns cur with c's changes: the refund and blind review
// settings c sets, every other setting as it was. A change that sets
// nothing changes nothing (never a silent default); JudgingLocked is
// never taken from c (see SettingsChange).
func (c SettingsChange) Apply(cur FestivalSettings) FestivalSettings {
	if c.RefundOnWithdraw != nil {
		cur.RefundOnWithdraw = *c.RefundOnWithdraw
	}
	if c.BlindReview != nil {
		cur.BlindReview = *c.BlindReview
	}
	if c.MinJudges != nil {
		cur.MinJudges = *c.MinJudges
	}
	return cur
}

// Validate checks the settings c sets: a minimum of judges from 1 to
// JudgesMax.
func (c SettingsChange) Validate() error {
	var f FieldErrors
	if c.MinJudges != nil && (*c.MinJudges < 1 || *c.MinJudges > JudgesMax) {
		f.Add("minJudges", "The minimum of judges must be from 1 to 200")
	}
	return f.Err()
}

// DefaultMinJudges is a festival's minimum of judges until its organiser
// sets one: a submission nobody scored is marked.
const DefaultMinJudges = 1

// BelowMinimumJudges reports whether a submission scored by judges judges
// has fewer than the festival's minimum (DefaultMinJudges when unset), so
// that its rank, weighted or calibrated, rests on too few opinions.
func (s FestivalSettings) BelowMinimumJudges(judges int) bool {
	min := s.MinJudges
	if min < 1 {
		min = DefaultMinJudges
	}
	return judges < min
}

// Parse returns the flag c sets: FlagNone for "none" or "", else one of
// the flags. A change that names no flag (a body without "flag", or with
// null) is refused rather than read as clearing it, and so is an unknown
// flag.
func (c FlagChange) Parse() (SubmissionFlag, error) {
	if c.Flag == nil {
		return "", FieldError("flag", "Choose a flag, or none to clear it")
	}
	f := SubmissionFlag(strings.TrimSpace(*c.Flag))
	if f == FlagFilterNone {
		f = FlagNone
	}
	if err := ValidateFlag(f); err != nil {
		return "", err
	}
	return f, nil
}

// ValidateFlag checks a flag an organiser sets.
func ValidateFlag(f SubmissionFlag) error {
	if !f.Valid() {
		return FieldError("flag", "Unknown flag (want strong_contender, needs_review, not_selected or none)")
	}
	return nil
}

// Normalize trims the award's name and drops it unless the decision is an award.
func (d *Decision) Normalize() {
	d.AwardName = strings.TrimSpace(d.AwardName)
	if d.Status != SubmissionAwardWinner {
		d.AwardName = ""
	}
}

// Validate checks a normalised decision: one of the five decision
// statuses, and an award's name (at most AwardNameMax characters) for an
// award winner.
func (d Decision) Validate() error {
	var f FieldErrors
	CheckSingleLine("awardName", d.AwardName, &f)
	if !d.Status.IsDecision() {
		f.Add("status", "Choose a decision: in consideration, selected, not selected, finalist or award winner")
	}
	if d.Status == SubmissionAwardWinner && d.AwardName == "" {
		f.Add("awardName", "Enter the award's name")
	}
	if Length(d.AwardName) > AwardNameMax {
		f.Add("awardName", "The award's name must be at most 200 characters")
	}
	return f.Err()
}

// ChangesNothing reports whether decision d, applied to a submission whose
// decision is now current (its status, award name and whether the judges'
// comments are shared), leaves it as it is: such a decision writes no
// e-mail and no audit row (sending a decision again re-sends nothing).
func (d Decision) ChangesNothing(current Decision) bool {
	d.Normalize()
	current.Normalize()
	return d == current
}

// ValidateDecisionIDs checks the submissions a bulk decision names: 1 to
// DecisionIDsMax ids.
func ValidateDecisionIDs(ids []int64) error {
	switch {
	case len(ids) == 0:
		return FieldError("ids", "Choose at least one submission")
	case len(ids) > DecisionIDsMax:
		return FieldError("ids", "Choose at most 500 submissions at once")
	}
	return nil
}

// ErrDecideWithdrawn refuses deciding on a withdrawn submission.
func ErrDecideWithdrawn() error {
	return Errorf(EConflict, "A withdrawn submission cannot be decided on")
}

// ParseSubmissionStatusFilter reads a ?status= filter of submissions: ""
// (every status) when empty or all.
func ParseSubmissionStatusFilter(v string, f *FieldErrors) SubmissionStatus {
	s := SubmissionStatus(strings.TrimSpace(v))
	switch {
	case s == "" || s == "all":
		return ""
	case s.Valid():
		return s
	}
	f.Add("status", "Unknown submission status")
	return ""
}

// ParseReceivedFilter reads an organiser's list filters from the URL:
// category, status, country, flag (a flag or "none"), minScore and
// maxScore (0..100, on the weighted score), sort (date, score or
// calibrated; date by default) and page. PerPage is ReceivedPerPage.
func ParseReceivedFilter(q url.Values) (ReceivedFilter, error) {
	var f FieldErrors
	r := ReceivedFilter{PageRequest: PageRequest{PerPage: ReceivedPerPage}}
	if v := strings.TrimSpace(q.Get("category")); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n <= 0 {
			f.Add("category", "Unknown category")
		}
		r.CategoryID = n
	}
	r.Status = ParseSubmissionStatusFilter(q.Get("status"), &f)
	if v := strings.TrimSpace(q.Get("entryStatus")); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n <= 0 {
			f.Add("entryStatus", "Unknown status")
		}
		r.EntryStatusID = n
	}
	if v := strings.ToUpper(strings.TrimSpace(q.Get("country"))); v != "" {
		if !ValidCountry(v) {
			f.Add("country", "Unknown country")
		}
		r.Country = v
	}
	switch v := strings.TrimSpace(q.Get("flag")); {
	case v == "" || v == "all":
	case v == FlagFilterNone || (SubmissionFlag(v).Valid()):
		r.Flag = v
	default:
		f.Add("flag", "Unknown flag (want strong_contender, needs_review, not_selected or none)")
	}
	r.MinScore = parseScore(q.Get("minScore"), "minScore", &f)
	r.MaxScore = parseScore(q.Get("maxScore"), "maxScore", &f)
	if r.MinScore != nil && r.MaxScore != nil && *r.MinScore > *r.MaxScore {
		f.Add("maxScore", "The highest score must not be below the lowest")
	}
	switch v := strings.TrimSpace(q.Get("sort")); v {
	case "", ReceivedSortDate:
		r.Sort = ReceivedSortDate
	case ReceivedSortScore, ReceivedSortCalibrated:
		r.Sort = v
	default:
		f.Add("sort", "Unknown sort (want date, score or calibrated)")
	}
	r.Page = ParsePageNumber(q.Get("page"), &f)
	return r, f.Err()
}

// parseScore reads a score bound of 0..100, nil when empty.
func parseScore(v, field string, f *FieldErrors) *float64 {
	v = strings.TrimSpace(v)
	if v == "" {
		return nil
	}
	x, err := strconv.ParseFloat(v, 64)
	if err != nil || x < 0 || x > 100 || x != x {
		f.Add(field, "Scores are numbers from 0 to 100")
		return nil
	}
	return &x
}

package marquee

import (
	"cmp"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"
)

// The rules of judging: how a judge's scores are weighed, summed up and
// calibrated, how submissions are ranked, how 'spread evenly' shares
// submissions among judges, and what a judge may save.

// ErrJudgingLocked is the answer to a judge changing anything once the
// organiser has locked judging.
func ErrJudgingLocked() error { return Errorf(EConflict, "Judging is locked") }

// ErrInConflict is the answer to a judge acting on a submission on which
// they declared a conflict of interest.
func ErrInConflict() error {
	return Errorf(EConflict, "You declared a conflict of interest on this submission")
}

// ErrNoCriteria is the answer to scoring in a festival without criteria.
func ErrNoCriteria() error {
	return Errorf(EConflict, "This festival has no judging criteria yet")
}

// scoreField names the field of criterion id's score in field errors.
func scoreField(id int64) string { return "scores." + strconv.FormatInt(id, 10) }

// WeightedScore returns the weighted score of scores on a 0..100 scale:
// the sum over criteria of weight * score / maxScore, divided by the sum
// of the weights, times 100. Every criterion must be scored once, each
// from 0 to its MaxScore; a score of a criterion not in criteria is
// refused. The errors are field errors named scores.<criterionId>.
func WeightedScore(criteria []Criterion, scores []CriterionScore) (float64, error) {
	if len(criteria) == 0 {
		return 0, ErrNoCriteria()
	}
	byID := make(map[int64]int, len(scores))
	var f FieldErrors
	for _, s := range scores {
		known := slices.ContainsFunc(criteria, func(c Criterion) bool { return c.ID == s.CriterionID })
		switch _, dup := byID[s.CriterionID]; {
		case !known:
			f.Add(scoreField(s.CriterionID), "Unknown criterion")
		case dup:
			f.Add(scoreField(s.CriterionID), "Each criterion is scored once")
		default:
			byID[s.CriterionID] = s.Score
		}
	}
	var sum, weights float64
	for _, c := range criteria {
		s, ok := byID[c.ID]
		switch {
		case !ok:
			f.Add(scoreField(c.ID), "Score every criterion")
		case s < 0 || s > c.MaxScore:
			f.Add(scoreField(c.ID), "A score must be between 0 and the criterion's maximum")
		case c.Weight <= 0 || c.MaxScore <= 0:
			// The festival's rules keep both positive; a bad row must not divide by zero.
			f.Add(scoreField(c.ID), "Unknown criterion")
		default:
			sum += float64(c.Weight) * float64(s) / float64(c.MaxScore)
			weights += float64(c.Weight)
		}
	}
	if err := f.Err(); err != nil {
		return 0, err
	}
	return sum / weights * 100, nil
}

// Normalize trims the comment and the private note and writes their line
// breaks as \n.
func (in *ScoreInput) Normalize() {
	in.Comment = strings.TrimSpace(strings.ReplaceAll(in.Comment, "\r\n", "\n"))
	in.PrivateNote = strings.TrimSpace(strings.ReplaceAll(in.PrivateNote, "\r\n", "\n"))
}

// Validate checks a normalised score against the festival's criteria
// (see WeightedScore) and the length of its texts.
func (in *ScoreInput) Validate(criteria []Criterion) error {
	var f FieldErrors
	if _, err := WeightedScore(criteria, in.Scores); err != nil {
		if err := f.Merge(err); err != nil {
			return err
		}
	}
	CheckMultiLine("comment", in.Comment, &f)
	CheckMultiLine("privateNote", in.PrivateNote, &f)
	if Length(in.Comment) > JudgeCommentMax {
		f.Add("comment", "Comment must be at most 5,000 characters")
	}
	if Length(in.PrivateNote) > JudgeNoteMax {
		f.Add("privateNote", "Private note must be at most 5,000 characters")
	}
	return f.Err()
}

// ValidateConflictReason returns the trimmed reason of a declared
// conflict (optional) or a field error.
func ValidateConflictReason(reason string) (string, error) {
	reason = strings.TrimSpace(strings.ReplaceAll(reason, "\r\n", "\n"))
	var f FieldErrors
	if !CheckMultiLine("reason", reason, &f) {
		return "", f.Err()
	}
	if Length(reason) > ConflictReasonMax {
		return "", FieldError("reason", "Reason must be at most 500 characters")
	}
	return reason, nil
}

// ValidateInvitationEmail returns the normalised address to invite as a
// judge (NormalizeEmail), or a field error as the sign-up form gives.
func ValidateInvitationEmail(email string) (string, error) {
	email = NormalizeEmail(email)
	var f FieldErrors
	if !CheckSingleLine("email", email, &f) {
		return "", f.Err()
	}
	switch {
	case email == "":
		return "", FieldError("email", "Email is required")
	case !ValidEmail(email):
		return "", FieldError("email", "Enter a valid email address")
	}
	return email, nil
}

// InvitationFor reports whether the invitation sent to invited may be
// accepted by the account with e-mail address email.
func InvitationFor(invited, email string) error {
	if NormalizeEmail(invited) != NormalizeEmail(email) {
		return Errorf(EForbidden, "This invitation was sent to another e-mail address")
	}
	return nil
}

// OwnFilm reports whether a judge (by user id) would be judging their own
// film: a judge never may, whatever their assignment.
func OwnFilm(judgeUserID, filmmakerID int64) bool {
	return judgeUserID != 0 && judgeUserID == filmmakerID
}

// Summarize returns the mean of a submission's weighted scores and their
// spread (the highest less the lowest); both 0 without scores.
func Summarize(weighted []float64) (mean, spread float64) {
	if len(weighted) == 0 {
		return 0, 0
	}
	lo, hi, sum := weighted[0], weighted[0], 0.0
	for _, w := range weighted {
		sum += w
		lo, hi = min(lo, w), max(hi, w)
	}
	return sum / float64(len(weighted)), hi - lo
}

// JudgeScoreValue is one judge's weighted score of one submission, the
// input of Calibrate.
type JudgeScoreValue struct {
	JudgeID      int64
	SubmissionID int64
	Weighted     float64
}

// JudgeCalibration is what calibration keeps of one judge: how many
// submissions they scored, the mean of their weighted scores and its
// population standard deviation.
type JudgeCalibration struct {
	Scores   int
	Mean, SD float64
}

// calibrationMinSD is the standard deviation under which a judge counts
// as giving every submission the same score.
const calibrationMinSD = 1e-9

// CalibrateJudge returns the calibration of one judge's weighted scores,
// given in the order of their submissions' ids: the order fixes how the
// sums round, so the same scores always give the same bits, whether
// computed for the whole festival (Calibrate) or for one judge after a
// change. The deviations are summed in a second pass, around the mean,
// which keeps the variance exact where a sum of squares would cancel.
func CalibrateJudge(weighted []float64) JudgeCalibration {
	if len(weighted) == 0 {
		return JudgeCalibration{}
	}
	var sum float64
	for _, w := range weighted {
		sum += w
	}
	n := float64(len(weighted))
	mean := sum / n
	var sumSq float64
	for _, w := range weighted {
		d := w - mean
		sumSq += d * d
	}
	return JudgeCalibration{Scores: len(weighted), Mean: mean, SD: math.Sqrt(sumSq / n)}
}

// Z returns the judge's standardised score of weighted: (weighted - mean)
// / sd, so that a harsh judge and a generous one weigh the same; 0 for a
// judge with a single score or who gives every submission the same score.
func (c JudgeCalibration) Z(weighted float64) float64 {
	if !c.Standardises() {
		return 0
	}
	return (weighted - c.Mean) / c.SD
}

// Standardises reports whether Z gives any score a value other than 0:
// the judge scored more than one submission, not all the same. A change
// that leaves a judge standardising nothing, before and after, moves none
// of their submissions.
func (c JudgeCalibration) Standardises() bool {
	return c.Scores > 1 && c.SD > calibrationMinSD
}

// CalibratedScore returns a submission's calibrated score: the mean of its
// judges' standardised scores (JudgeCalibration.Z), given in the order of
// the judges' ids (which fixes the rounding); 0 without any.
func CalibratedScore(z []float64) float64 {
	if len(z) == 0 {
		return 0
	}
	var sum float64
	for _, v := range z {
		sum += v
	}
	return sum / float64(len(z))
}

// Calibrate returns each scored submission's calibrated score, computed
// from all the festival's scores at once: every judge's calibration
// (CalibrateJudge over their scores by submission id), then each
// submission's CalibratedScore over its judges by id. The result does not
// depend on the order of scores; one judge's score of one submission is
// expected once.
func Calibrate(scores []JudgeScoreValue) map[int64]float64 {
	sorted := slices.Clone(scores)
	slices.SortFunc(sorted, func(a, b JudgeScoreValue) int {
		return cmp.Or(cmp.Compare(a.JudgeID, b.JudgeID), cmp.Compare(a.SubmissionID, b.SubmissionID))
	})
	judges := map[int64]JudgeCalibration{}
	var ws []float64
	for i, s := range sorted {
		ws = append(ws, s.Weighted)
		if i == len(sorted)-1 || sorted[i+1].JudgeID != s.JudgeID {
			judges[s.JudgeID] = CalibrateJudge(ws)
			ws = ws[:0]
		}
	}
	slices.SortFunc(sorted, func(a, b JudgeScoreValue) int {
		return cmp.Or(cmp.Compare(a.SubmissionID, b.SubmissionID), cmp.Compare(a.JudgeID, b.JudgeID))
	})
	out := map[int64]float64{}
	var z []float64
	for i, s := range sorted {
		z = append(z, judges[s.JudgeID].Z(s.Weighted))
		if i == len(sorted)-1 || sorted[i+1].SubmissionID != s.SubmissionID {
			out[s.SubmissionID] = CalibratedScore(z)
			z = z[:0]
		}
	}
	return out
}

// rankEpsilon is how close two scores must be to share a rank (the
// calibrated scores are sums of floating-point quotients).
const rankEpsilon = 1e-9

// SameRank reports whether two scores next to each other in a ranking
// share a rank.
func SameRank(a, b float64) bool { return math.Abs(a-b) <= rankEpsilon }

// RankAfter returns the 1-based rank of score at 0-based position pos of
// a ranking, best (highest) first, given the score just above it (nil at
// the top) and that one's rank: the same rank when the two are SameRank,
// pos+1 otherwise (1, 1, 3); 0 for a nil score (not scored), which ranks
// after all the others. A ranking read a page at a time continues from the
// line above the page.
func RankAfter(prev *float64, prevRank, pos int, score *float64) int {
	switch {
	case score == nil:
		return 0
	case prev != nil && prevRank > 0 && SameRank(*prev, *score):
		return prevRank
	default:
		return pos + 1
	}
}

// Rank returns the 1-based rank of each score, best (highest) first:
// equal scores share a rank and the next one skips (1, 1, 3); a nil score
// (not scored) ranks 0, after all the others (RankAfter down the sorted
// scores).
func Rank(scores []*float64) []int {
	order := make([]int, 0, len(scores))
	for i, s := range scores {
		if s != nil {
			order = append(order, i)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(*scores[b], *scores[a]) })
	ranks := make([]int, len(scores))
	for pos, i := range order {
		if pos == 0 {
			ranks[i] = RankAfter(nil, 0, pos, scores[i])
		} else {
			ranks[i] = RankAfter(scores[order[pos-1]], ranks[order[pos-1]], pos, scores[i])
		}
	}
	return ranks
}

// ParseRankingFilter reads a page of a ranking from the URL: category (an
// id; every category when absent), sort (weighted or calibrated; weighted
// by default) and page. PerPage is RankingPerPage. A category that is no
// id is not found, as one of another festival.
func ParseRankingFilter(q url.Values) (RankingFilter, error) {
	r := RankingFilter{Sort: RankingSortWeighted, PageRequest: PageRequest{Page: 1, PerPage: RankingPerPage}}
	if v := strings.TrimSpace(q.Get("category")); v != "" {
		id, err := strconv.ParseInt(v, 10, 64)
		if err != nil || id <= 0 {
			return r, Errorf(ENotFound, "Category not found")
		}
		r.CategoryID = id
	}
	var f FieldErrors
	switch v := strings.TrimSpace(q.Get("sort")); v {
	case "", RankingSortWeighted:
	case RankingSortCalibrated:
		r.Sort = v
	default:
		f.Add("sort", "Unknown sort (want weighted or calibrated)")
	}
	r.Page = ParsePageNumber(q.Get("page"), &f)
	return r, f.Err()
}

// JudgePair is one (judge, submission) assignment.
type JudgePair struct {
	JudgeID      int64
	SubmissionID int64
}

// SpreadHold is what a judge holds of a submission before a spread.
type SpreadHold int

// The holds a spread reads.
const (
	HoldNone     SpreadHold = iota // not assigned
	HoldAssigned                   // assigned (specifically or by scope), not scored: kept when the loads allow
	HoldScored                     // scored: always kept (the judge's work)
	HoldExcluded                   // the judge's own film or a declared conflict: never
)

// SpreadEvenly plans how perSubmission of judgeIDs judge each submission,
// in the order given: the whole plan for those submissions (pairs held
// before included), which replaces what the judges held of them. Each
// submission gets the judges who scored it, then, up to perSubmission,
// the least loaded others (loads holds what each judge has outside these
// submissions; at equal load a judge who holds it already, then the judge
// listed first), never an excluded pair. A submission with too few judges
// left gets as many as there are. Starting from equal loads, without
// scores or exclusions, the loads end differing by at most one. Planning
// again from its own result gives the same plan (a spread run twice
// changes nothing).
func SpreadEvenly(submissionIDs, judgeIDs []int64, perSubmission int, loads map[int64]int, hold func(judgeID, submissionID int64) SpreadHold) []JudgePair {
	if perSubmission <= 0 {
		return nil
	}
	if hold == nil {
		hold = func(int64, int64) SpreadHold { return HoldNone }
	}
	judges := uniqueIDs(judgeIDs) // in their first order: ties go to the first
	load := make(map[int64]int, len(judges))
	pos := make(map[int64]int, len(judges))
	for i, j := range judges {
		load[j], pos[j] = loads[j], i
	}
	var out []JudgePair
	type candidate struct {
		id   int64
		held bool
	}
	candidates := make([]candidate, 0, len(judges))
	for _, sub := range submissionIDs {
		candidates = candidates[:0]
		need := perSubmission
		for _, j := range judges {
			switch hold(j, sub) {
			case HoldScored:
				out = append(out, JudgePair{JudgeID: j, SubmissionID: sub})
				load[j]++
				need--
			case HoldExcluded:
			case HoldAssigned:
				candidates = append(candidates, candidate{j, true})
			default:
				candidates = append(candidates, candidate{j, false})
			}
		}
		slices.SortFunc(candidates, func(a, b candidate) int {
			heldFirst := func(c candidate) int {
				if c.held {
					return 0
				}
				return 1
			}
			return cmp.Or(cmp.Compare(load[a.id], load[b.id]), cmp.Compare(heldFirst(a), heldFirst(b)), cmp.Compare(pos[a.id], pos[b.id]))
		})
		for _, c := range candidates[:max(0, min(need, len(candidates)))] {
			out = append(out, JudgePair{JudgeID: c.id, SubmissionID: sub})
			load[c.id]++
		}
	}
	return out
}

// Assignment limits; JudgesMax bounds a festival's jury.
const (
	JudgesMax            = 200
	AssignJudgesMax      = 200
	AssignSubmissionsMax = 10_000
	AssignCategoriesMax  = CategoriesMax
)

// Validate checks an assignment request and removes repeated ids; a
// spread without PerSubmission gives each submission one judge.
func (r *AssignmentRequest) Validate() error {
	r.JudgeIDs = uniqueIDs(r.JudgeIDs)
	r.CategoryIDs = uniqueIDs(r.CategoryIDs)
	r.SubmissionIDs = uniqueIDs(r.SubmissionIDs)
	var f FieldErrors
	switch r.Mode {
	case AssignAll, AssignCategory, AssignSpecific, AssignSpread:
	default:
		f.Add("mode", "Choose how to assign: all, category, specific or spread")
	}
	switch n := len(r.JudgeIDs); {
	case n == 0:
		f.Add("judgeIds", "Choose at least one judge")
	case n > AssignJudgesMax:
		f.Add("judgeIds", "Choose at most 200 judges at a time")
	}
	if r.Mode == AssignCategory {
		switch n := len(r.CategoryIDs); {
		case n == 0:
			f.Add("categoryIds", "Choose at least one category")
		case n > AssignCategoriesMax:
			f.Add("categoryIds", "Too many categories")
		}
	}
	if r.Mode == AssignSpecific && len(r.SubmissionIDs) == 0 {
		f.Add("submissionIds", "Choose at least one submission")
	}
	if (r.Mode == AssignSpecific || r.Mode == AssignSpread) && len(r.SubmissionIDs) > AssignSubmissionsMax {
		f.Add("submissionIds", "Choose at most 10,000 submissions at a time")
	}
	if r.Mode == AssignSpread && r.PerSubmission == 0 {
		r.PerSubmission = 1 // spread evenly: each submission to one of the judges
	}
	if r.Mode == AssignSpread && (r.PerSubmission < 1 || r.PerSubmission > len(r.JudgeIDs)) {
		f.Add("perSubmission", "Judges per submission must be between 1 and the number of judges chosen")
	}
	return f.Err()
}

// ValidateAssignment checks req (see AssignmentRequest.Validate).
func ValidateAssignment(req *AssignmentRequest) error { return req.Validate() }

// uniqueIDs returns ids without repeats, in their first order.
func uniqueIDs(ids []int64) []int64 {
	seen := make(map[int64]bool, len(ids))
	out := make([]int64, 0, len(ids))
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

package marquee

import (
	"context"
	"strings"
)

// AdminFestivalsPerPage is the page size of the admins' festival list.
const AdminFestivalsPerPage = 20

// ValidateRejection normalises a rejection reason (trimmed, CRLF as LF)
// and checks it: 1 to 1,000 characters. The organiser reads it.
func ValidateRejection(reason string) (string, error) {
	reason = strings.TrimSpace(strings.ReplaceAll(reason, "\r\n", "\n"))
	var f FieldErrors
	if !CheckMultiLine("reason", reason, &f) {
		return "", f.Err()
	}
	switch n := Length(reason); {
	case n == 0:
		return "", FieldError("reason", "Give a reason for the rejection")
	case n > RejectionReasonMax:
		return "", FieldError("reason", "Reason must be at most 1,000 characters")
	}
	return reason, nil
}

// ParseFestivalStatusFilter reads the admins' ?status= filter: pending when
// empty, "" (every status) for all.
func ParseFestivalStatusFilter(v string, f *FieldErrors) FestivalStatus {
	switch s := FestivalStatus(strings.TrimSpace(v)); {
	case s == "":
		return FestivalPending
	case s == "all":
		return ""
	case s.Valid():
		return s
	}
	f.Add("status", "Status must be pending, approved, rejected or all")
	return FestivalPending
}

// FestivalReviewFilterRevision is the admins' ?status= value that lists
// the approved festivals with a revision waiting for review.
const FestivalReviewFilterRevision = "revision"

// ParseFestivalReviewFilter reads the admins' ?status= filter: as
// ParseFestivalStatusFilter, and "revision" for the approved festivals
// with a pending revision.
func ParseFestivalReviewFilter(v string, f *FieldErrors) FestivalReviewFilter {
	if strings.TrimSpace(v) == FestivalReviewFilterRevision {
		return FestivalReviewFilter{Status: FestivalApproved, Revisions: true}
	}
	return FestivalReviewFilter{Status: ParseFestivalStatusFilter(v, f)}
}

// FestivalReviewFilter narrows the admins' list of festivals.
type FestivalReviewFilter struct {
	Status FestivalStatus // "" for every status
	// Revisions keeps only the festivals with a pending revision.
	Revisions bool
	PageRequest
}

// CheckVersion adds a field error when an edit names no version: every
// edit must name the version it was made on.
func CheckVersion(version int64, f *FieldErrors) {
	if version <= 0 {
		f.Add("version", "Reload the festival and try again")
	}
}

// FestivalService keeps festivals: registration, the organiser's edits,
// the admins' review and the public's discovery. Methods that act for
// someone read the signed-in user from the context and check what that
// user may do (auth.go); a festival the caller may not see is
// ErrFestivalNotFound.
type FestivalService interface {
	// Create registers a pending festival on today's date rules; the
	// signed-in user becomes its organiser (a filmmaker becomes an organiser).
	Create(ctx context.Context, d FestivalDetails) (*Festival, error)
	// Public returns an approved festival by slug, with categories.
	Public(ctx context.Context, slug string) (*Festival, error)
	// PublicPage returns an approved festival's public page, encoded
	// (EncodePublicFestivalPage), by slug; any other is ErrFestivalNotFound. It
	// shows every change committed before it was called, on any node.
	PublicPage(ctx context.Context, slug string) (*PublicFestivalPage, error)
	// Search runs a discovery search over approved festivals.
	Search(ctx context.Context, q FestivalQuery) (*Page[*Festival], error)
	// Sitemap returns every approved festival's slug and update time, in
	// the order they were registered (the sitemap's; for anyone).
	Sitemap(ctx context.Context) ([]FestivalSitemapEntry, error)

	// Managed returns a festival in full to its organiser or an admin,
	// with its revision if it has one.
	Managed(ctx context.Context, slug string) (*Festival, error)
	// ListManaged returns the signed-in user's festivals, newest first.
	ListManaged(ctx context.Context) ([]*Festival, error)
	// UpdateDetails saves details over version (EConflict when stale). On
	// an approved festival (marquee.EditNeedsReview) the changes to its
	// public facts become its pending revision, replacing any earlier
	// one, and the rest applies at once; the answer carries the revision.
	UpdateDetails(ctx context.Context, slug string, version int64, d FestivalDetails) (*Festival, error)
	// ReplaceCategories saves the categories over version (EConflict when stale).
	ReplaceCategories(ctx context.Context, slug string, version int64, cats []Category) (*Festival, error)
	// ReplaceCriteria saves the judging criteria over version (EConflict when stale).
	ReplaceCriteria(ctx context.Context, slug string, version int64, cs []Criterion) (*Festival, error)

	// ListForReview is the admins' list, newest first, each festival with
	// its pending revision if it has one (admin only).
	ListForReview(ctx context.Context, f FestivalReviewFilter) (*Page[*Festival], error)
	// Approve makes a festival public (admin only).
	Approve(ctx context.Context, id int64) (*Festival, error)
	// Reject rejects a festival with a reason its organiser reads (admin only).
	Reject(ctx context.Context, id int64, reason string) (*Festival, error)
	// ApproveRevision publishes the pending revision revisionID of
	// festival id (admin only); ErrRevisionReplaced when it is no longer
	// that festival's pending revision.
	ApproveRevision(ctx context.Context, id, revisionID int64) (*Festival, error)
	// RejectRevision discards the pending revision revisionID of festival
	// id with a reason its organiser reads; the approved values stay
	// (admin only).
	RejectRevision(ctx context.Context, id, revisionID int64, reason string) (*Festival, error)

	// RefreshDeadlines recomputes cached next deadlines after days pass
	// (the background worker calls it) and returns how many changed.
	RefreshDeadlines(ctx context.Context) (int64, error)
	// Import stores already validated festivals of organiserID in bulk
	// (the seed command).
	Import(ctx context.Context, organiserID int64, fs []*Festival) error
}

// RoleAfterFestivalRegistration is the role a user holds once they have
// registered a festival: a filmmaker becomes an organiser; organisers and
// admins keep their role.
func RoleAfterFestivalRegistration(r Role) Role {
	if r == RoleFilmmaker {
		return RoleOrganiser
	}
	return r
}

package marquee

import "time"

// FestivalReviewedFields are the public facts of a festival, in form order:
// once a festival is approved, a change to any of them waits for an admin
// as a pending revision while the approved values stay public. Dates,
// categories, deadlines and criteria are not among them and change at once.
var FestivalReviewedFields = []string{"name", "description", "location", "country", "city", "website", "contactEmail"}

// FieldChange is one reviewed field of a revision: its approved (public)
// value and the value waiting for review.
type FieldChange struct {
	Field string `json:"field"` // a FestivalReviewedFields name
	Old   string `json:"old"`
	New   string `json:"new"`
}

// RevisionStatus is where a revision stands in the admins' review.
type RevisionStatus string

// The states of a revision: pending until an admin approves it (it is then
// applied and forgotten) or rejects it (kept, with the reason, for the
// organiser to read until their next edit).
const (
	RevisionPending  RevisionStatus = "pending"
	RevisionRejected RevisionStatus = "rejected"
)

// FestivalRevision is a festival's one revision: changes to its public
// facts proposed after its approval.
type FestivalRevision struct {
	ID              int64          `json:"id"`
	FestivalID      int64          `json:"festivalId"`
	Status          RevisionStatus `json:"status"`
	Changes         []FieldChange  `json:"changes"` // against the approved values, in form order
	RejectionReason string         `json:"rejectionReason"`
	CreatedAt       time.Time      `json:"createdAt"`
	ReviewedAt      *time.Time     `json:"reviewedAt"`
}

// EditNeedsReview reports whether u's changes to the public facts of a
// festival in status s wait for review: those of an approved festival do,
// unless an admin (the reviewer) makes them. A pending or rejected
// festival is edited directly (a rejected one returns to pending).
func EditNeedsReview(u *User, s FestivalStatus) bool {
	return s == FestivalApproved && (u == nil || u.Role != RoleAdmin)
}

// Field returns the value of the reviewed field name ("" for any other).
func (d *FestivalDetails) Field(name string) string {
	switch name {
	case "name":
		return d.Name
	case "description":
		return d.Description
	case "location":
		return d.Location
	case "country":
		return d.Country
	case "city":
		return d.City
	case "website":
		return d.Website
	case "contactEmail":
		return d.ContactEmail
	}
	return ""
}

// SetField sets the reviewed field name to v (any other name is ignored).
func (d *FestivalDetails) SetField(name, v string) {
	switch name {
	case "name":
		d.Name = v
	case "description":
		d.Description = v
	case "location":
		d.Location = v
	case "country":
		d.Country = v
	case "city":
		d.City = v
	case "website":
		d.Website = v
	case "contactEmail":
		d.ContactEmail = v
	}
}

// PublicChanges lists, in form order, the reviewed fields whose value in d
// differs from old: what an edit of an approved festival sends to review.
// Both should be normalised (Validate does it).
func (d *FestivalDetails) PublicChanges(old FestivalDetails) []FieldChange {
	var out []FieldChange
	for _, name := range FestivalReviewedFields {
		if o, n := old.Field(name), d.Field(name); o != n {
			out = append(out, FieldChange{Field: name, Old: o, New: n})
		}
	}
	return out
}

// KeepPublic returns d with its reviewed fields taken from approved: the
// part of an edit that applies at once.
func (d FestivalDetails) KeepPublic(approved FestivalDetails) FestivalDetails {
	for _, name := range FestivalReviewedFields {
		d.SetField(name, approved.Field(name))
	}
	return d
}

// Proposed returns the details the revision would publish: d with each
// change's new value.
func (r *FestivalRevision) Proposed(d FestivalDetails) FestivalDetails {
	for _, c := range r.Changes {
		d.SetField(c.Field, c.New)
	}
	return d
}

// ErrRevisionReplaced is the answer to reviewing a revision the organiser
// has replaced or withdrawn since the admin opened it.
func ErrRevisionReplaced() error {
	return Errorf(EConflict, "The organiser changed this revision since you opened it. Reload the list to review the latest changes.")
}

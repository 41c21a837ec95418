package marquee

import (
	"context"
	"strings"
	"time"
)

// CheckInListMax is the most check-in lists a festival may have, and the
// most screenings one list may name.
const (
	CheckInListMax          = 50
	CheckInListScreeningMax = 500
)

// CheckInList is a festival's list of screenings the door checks in
// together (a venue, a day): door staff pick a list, and a ticket for a
// screening not on it is refused.
type CheckInList struct {
	ID           int64   `json:"id"`
	Name         string  `json:"name"`
	ScreeningIDs []int64 `json:"screeningIds"`
	// Sold and CheckedIn are the list's screenings' tickets sold (not
	// cancelled or refunded) and checked in, for the door's live counts.
	Sold      int `json:"sold"`
	CheckedIn int `json:"checkedIn"`
}

// CheckInListInput is an organiser's new or changed list.
type CheckInListInput struct {
	Name         string  `json:"name"`
	ScreeningIDs []int64 `json:"screeningIds"`
}

// Normalize trims the name and drops repeated screenings.
func (in *CheckInListInput) Normalize() {
	in.Name = strings.TrimSpace(in.Name)
	seen := map[int64]bool{}
	ids := []int64{}
	for _, id := range in.ScreeningIDs {
		if id > 0 && !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	in.ScreeningIDs = ids
}

// Validate checks the list (Normalize first): a name of 1 to 100
// characters and 1 to CheckInListScreeningMax screenings (the store checks
// they are the festival's).
func (in CheckInListInput) Validate() error {
	var f FieldErrors
	if n := len([]rune(in.Name)); n == 0 || n > 100 {
		f.Add("name", "Name the list (up to 100 characters)")
	}
	if len(in.ScreeningIDs) == 0 || len(in.ScreeningIDs) > CheckInListScreeningMax {
		f.Add("screeningIds", "Choose the list's screenings")
	}
	return f.Err()
}

// ErrCheckInListNotFound is the answer for a list that is not the
// festival's.
func ErrCheckInListNotFound() error { return Errorf(ENotFound, "Check-in list not found") }

// ErrCheckInListScreenings is the answer to a list naming a screening of
// another festival (or none).
func ErrCheckInListScreenings() error {
	return FieldError("screeningIds", "Choose screenings of this festival")
}

// ErrCheckInListName is the answer to a second list of the same name.
func ErrCheckInListName() error {
	return FieldError("name", "Another check-in list has this name")
}

// CheckInWrongList is the door's answer for a ticket whose screening is
// not on the chosen list.
const CheckInWrongList CheckInOutcome = "wrong_list"

// ClassifyListCheckIn says what the door answers for a ticket scanned on
// a check-in list: as ClassifyCheckIn, with wrong_list for a ticket of the
// festival whose screening is not on the list.
func ClassifyListCheckIn(found bool, ticketFestival, festivalID int64, onList bool, status TicketStatus, checkedIn bool) CheckInOutcome {
	switch {
	case !found || ticketFestival != festivalID:
		return CheckInUnknown
	case !onList:
		return CheckInWrongList
	case status == TicketCancelled || status == TicketRefunded:
		return CheckInCancelled
	case status == TicketUsed || checkedIn:
		return CheckInUsed
	}
	return CheckInValid
}

// CheckInUndoable reports whether a check-in may be undone: the ticket is
// used (checked in) and not cancelled or refunded since.
func CheckInUndoable(status TicketStatus, checkedIn bool) bool {
	return status == TicketUsed && checkedIn
}

// ErrCheckInNotUndoable is the answer to undoing a ticket that is not
// checked in.
func ErrCheckInNotUndoable() error {
	return Errorf(EConflict, "This ticket is not checked in")
}

// CheckInUndo is the answer to an undone check-in: the ticket, valid
// again, and who undid it when (also in the festival's activity).
type CheckInUndo struct {
	TicketID    int64     `json:"ticketId"`
	ScreeningID int64     `json:"screeningId"`
	UndoneBy    string    `json:"undoneBy"`
	UndoneAt    time.Time `json:"undoneAt"`
	// CheckedInAt is when the undone check-in had been made.
	CheckedInAt time.Time `json:"checkedInAt"`
}

// CheckInListService keeps a festival's check-in lists (its organiser and
// admins) and undoes check-ins (the organiser, audited).
type CheckInListService interface {
	// CheckInLists lists a festival's lists with their live counts (its
	// team and door staff).
	CheckInLists(ctx context.Context, slug string) ([]*CheckInList, error)
	// CreateCheckInList adds a list to a managed festival.
	CreateCheckInList(ctx context.Context, slug string, in CheckInListInput) (*CheckInList, error)
	// UpdateCheckInList renames a list or changes its screenings.
	UpdateCheckInList(ctx context.Context, slug string, id int64, in CheckInListInput) (*CheckInList, error)
	// DeleteCheckInList removes a list.
	DeleteCheckInList(ctx context.Context, slug string, id int64) error
	// UndoCheckIn makes a checked-in ticket of a managed festival valid
	// again, once, and records who did it when in the audit log.
	UndoCheckIn(ctx context.Context, slug string, ticketID int64) (*CheckInUndo, error)
}

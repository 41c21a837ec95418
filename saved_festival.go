package marquee

import (
	"context"
	"time"
)

// A filmmaker's saved festivals are a watch list: festivals they mean to
// enter, listed with the next deadline of each, soonest first. Reminders
// of those deadlines are the ordinary deadline reminders
// (NewReminder.ForDeadline): the list names each next deadline's category
// and tier, which is what one asks for.

// SavedFestival is one festival of the watch list.
type SavedFestival struct {
	FestivalID   int64  `json:"festivalId"`
	FestivalSlug string `json:"festivalSlug"`
	FestivalName string `json:"festivalName"`
	City         string `json:"city"`
	Country      string `json:"country"`
	// NextDeadline is the earliest deadline on or after today ("" when
	// none is left), and the category and tier it is of (0 and "" then).
	NextDeadline string       `json:"nextDeadline"`
	CategoryID   int64        `json:"categoryId"`
	CategoryName string       `json:"categoryName"`
	Tier         DeadlineTier `json:"tier"`
	SavedAt      time.Time    `json:"savedAt"`
}

// SavedFestivalsMax bounds a watch list.
const SavedFestivalsMax = 500

// SortSavedFestivals orders a watch list by next deadline, soonest first;
// festivals with none left come last; ties by name, then id.
func SortSavedFestivals(list []*SavedFestival) {
	less := func(a, b *SavedFestival) bool {
		switch {
		case a.NextDeadline == "" && b.NextDeadline != "":
			return false
		case a.NextDeadline != "" && b.NextDeadline == "":
			return true
		case a.NextDeadline != b.NextDeadline:
			return a.NextDeadline < b.NextDeadline
		case a.FestivalName != b.FestivalName:
			return a.FestivalName < b.FestivalName
		}
		return a.FestivalID < b.FestivalID
	}
	for i := 1; i < len(list); i++ {
		for j := i; j > 0 && less(list[j], list[j-1]); j-- {
			list[j], list[j-1] = list[j-1], list[j]
		}
	}
}

// ErrTooManySaved refuses a festival past SavedFestivalsMax.
func ErrTooManySaved() error {
	return Errorf(EInvalid, "You can save at most 500 festivals. Remove one before saving another.")
}

// SavedFestivalService keeps the signed-in user's watch list.
type SavedFestivalService interface {
	// List returns the signed-in user's saved festivals (approved ones
	// only: one no longer public leaves the list), by next deadline.
	List(ctx context.Context) ([]*SavedFestival, error)
	// Save adds the approved festival slug to the list (saving it again
	// changes nothing); Unsave removes it (a festival not in it is fine).
	Save(ctx context.Context, slug string) error
	Unsave(ctx context.Context, slug string) error
}

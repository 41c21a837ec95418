package store

// STUBS: the signatures below are the contract between the festival store
// and its callers. The festival-store helper replaces these bodies (and may
// move the functions into other files, deleting this one).

import (
	"context"
	"errors"

	"github.com/marquee-festival/marquee"
)

var errNotBuilt = errors.New("store: festivals not built yet")

// CreateFestival stores a new pending festival organised by organiserID, with
// a unique slug made from its name, and makes a filmmaker organiser its
// organiser role, in one transaction. d must already be validated.
func (db *DB) CreateFestival(ctx context.Context, organiserID int64, d marquee.FestivalDetails) (*marquee.Festival, error) {
	return nil, errNotBuilt
}

// FestivalByID returns a festival with its categories (each with Current
// for today) and criteria.
func (db *DB) FestivalByID(ctx context.Context, id int64) (*marquee.Festival, error) {
	return nil, errNotBuilt
}

// FestivalBySlug is FestivalByID by slug.
func (db *DB) FestivalBySlug(ctx context.Context, slug string) (*marquee.Festival, error) {
	return nil, errNotBuilt
}

// ListOrganiserFestivals returns the festivals organiserID organises, any status, newest first.
func (db *DB) ListOrganiserFestivals(ctx context.Context, organiserID int64) ([]*marquee.Festival, error) {
	return nil, errNotBuilt
}

// UpdateFestivalDetails saves d over festival id if its version is still
// version (else EConflict), refusing dates that would put existing
// deadlines on or after the start. A rejected festival returns to pending.
func (db *DB) UpdateFestivalDetails(ctx context.Context, id, version int64, d marquee.FestivalDetails) (*marquee.Festival, error) {
	return nil, errNotBuilt
}

// ReplaceFestivalCategories makes cats the festival's categories (keeping
// the ids of those that carry one, adding the rest, deleting the missing).
func (db *DB) ReplaceFestivalCategories(ctx context.Context, id, version int64, cats []marquee.Category) (*marquee.Festival, error) {
	return nil, errNotBuilt
}

// ReplaceFestivalCriteria makes cs the festival's judging criteria.
func (db *DB) ReplaceFestivalCriteria(ctx context.Context, id, version int64, cs []marquee.Criterion) (*marquee.Festival, error) {
	return nil, errNotBuilt
}

// ReviewFestival approves or rejects (with reason) festival id.
func (db *DB) ReviewFestival(ctx context.Context, id int64, status marquee.FestivalStatus, reason string) (*marquee.Festival, error) {
	return nil, errNotBuilt
}

// ListFestivalsForAdmin returns festivals with the status ("" for all),
// newest first, and their count.
func (db *DB) ListFestivalsForAdmin(ctx context.Context, status marquee.FestivalStatus, limit, offset int) ([]*marquee.Festival, int64, error) {
	return nil, 0, errNotBuilt
}

// SearchFestivals runs a discovery search over approved festivals.
func (db *DB) SearchFestivals(ctx context.Context, q marquee.FestivalQuery) (*marquee.FestivalPage, error) {
	return nil, errNotBuilt
}

// RefreshFestivalDeadlines recomputes the cached next deadline and minimum
// fee of festivals whose cached next deadline has passed; it returns how
// many it changed.
func (db *DB) RefreshFestivalDeadlines(ctx context.Context) (int64, error) {
	return 0, errNotBuilt
}

// ImportFestivals inserts many complete festivals (details, status,
// categories with deadlines, criteria) for organiserID in batches, setting
// their IDs and slugs. It is for `marquee seed`.
func (db *DB) ImportFestivals(ctx context.Context, organiserID int64, fs []*marquee.Festival) error {
	return errNotBuilt
}

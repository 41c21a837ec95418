package marquee

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"
)

// PromotionStatus is where a campaign stands.
type PromotionStatus string

// The campaign statuses.
const (
	PromotionActive PromotionStatus = "active"
	PromotionEnded  PromotionStatus = "ended"
)

// The ledger reasons of promotion.
const (
	LedgerPromotion       LedgerReason = "promotion"        // a campaign paid (delta < 0)
	LedgerPromotionRefund LedgerReason = "promotion-refund" // the unused whole days given back
)

// PromotionReference is the ledger reference of campaign id.
func PromotionReference(id int64) string { return "promotion:" + strconv.FormatInt(id, 10) }

// PromotionLengths are the lengths a campaign may run, in days.
var PromotionLengths = []int{7, 14, 30}

// PromotionPrice is what a campaign of Days costs.
type PromotionPrice struct {
	Days      int       `json:"days"`
	Credits   int64     `json:"credits"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// MaxPromotionCredits bounds a price.
const MaxPromotionCredits = 100000

// ValidatePromotionPrice checks an admin's new price.
func ValidatePromotionPrice(days int, credits int64) error {
	if !slices.Contains(PromotionLengths, days) {
		return ErrPromotionLength()
	}
	if credits < 1 || credits > MaxPromotionCredits {
		var f FieldErrors
		f.Add("credits", "Enter a price between 1 and 100000 credits.")
		return f.Err()
	}
	return nil
}

// ErrPromotionLength refuses a length that is not offered.
func ErrPromotionLength() error {
	var f FieldErrors
	f.Add("days", "Choose 7, 14 or 30 days.")
	return f.Err()
}

// NewPromotion is an organiser's order of a campaign. Key identifies the
// order (the page makes one per purchase): a retry with the same key
// answers the campaign it made, paid once.
type NewPromotion struct {
	Days int    `json:"days"`
	Key  string `json:"key"`
}

// Validate checks the length and the key.
func (p *NewPromotion) Validate() error {
	p.Key = strings.TrimSpace(p.Key)
	var f FieldErrors
	if !slices.Contains(PromotionLengths, p.Days) {
		f.Add("days", "Choose 7, 14 or 30 days.")
	}
	if p.Key == "" || len(p.Key) > 64 {
		f.Add("key", "The order key is missing or too long.")
	} else {
		CheckSingleLine("key", p.Key, &f)
	}
	return f.Err()
}

// Promotion is a campaign featuring a festival.
type Promotion struct {
	ID              int64           `json:"id"`
	FestivalID      int64           `json:"festivalId"`
	FestivalSlug    string          `json:"festivalSlug"`
	FestivalName    string          `json:"festivalName"`
	OrganiserEmail  string          `json:"organiserEmail,omitempty"`
	Days            int             `json:"days"`
	Credits         int64           `json:"credits"`
	Status          PromotionStatus `json:"status"`
	EndReason       string          `json:"endReason"`
	RefundedCredits int64           `json:"refundedCredits"`
	StartsAt        time.Time       `json:"startsAt"`
	EndsAt          time.Time       `json:"endsAt"`
	EndedAt         *time.Time      `json:"endedAt"`
	CreatedAt       time.Time       `json:"createdAt"`
}

// PromotionRefund is what ending a campaign of credits over days early
// gives back at now: the remaining whole days' share, rounded down.
func PromotionRefund(credits int64, days int, endsAt, now time.Time) int64 {
	if days <= 0 || !now.Before(endsAt) {
		return 0
	}
	left := min(int64(endsAt.Sub(now)/(24*time.Hour)), int64(days))
	return credits * left / int64(days)
}

// ErrPromotionActive refuses a second campaign while one runs.
func ErrPromotionActive() error {
	return Errorf(EConflict, "This festival is already promoted.")
}

// ErrPromotionNotApproved refuses promoting a festival not yet public.
func ErrPromotionNotApproved() error {
	return Errorf(EInvalid, "Only an approved festival can be promoted.")
}

// ErrPromotionNotFound is the answer for a missing campaign.
func ErrPromotionNotFound() error { return Errorf(ENotFound, "Campaign not found") }

// ErrPromotionEnded refuses ending a campaign twice.
func ErrPromotionEnded() error { return Errorf(EConflict, "This campaign has already ended.") }

// PromotableFestival is one of an organiser's festivals on the promotion
// screen, with its running campaign (nil when none).
type PromotableFestival struct {
	ID       int64          `json:"id"`
	Slug     string         `json:"slug"`
	Name     string         `json:"name"`
	Status   FestivalStatus `json:"status"`
	Campaign *Promotion     `json:"campaign"`
}

// PromotionOverview is the organiser's promotion screen.
type PromotionOverview struct {
	Festivals []PromotableFestival `json:"festivals"`
	Prices    []PromotionPrice     `json:"prices"`
	Balance   int64                `json:"balance"`
}

// FeaturedFestival is a festival in the home page's strip.
type FeaturedFestival struct {
	CampaignID int64  `json:"campaignId"`
	Slug       string `json:"slug"`
	Name       string `json:"name"`
	Location   string `json:"location"`
	Country    string `json:"country"`
	StartDate  string `json:"startDate"`
	EndDate    string `json:"endDate"`
}

// MaxFeatured bounds the home page's strip.
const MaxFeatured = 12

// PromotionsPerPage is the admin list's page size.
const PromotionsPerPage = 50

// PromotionService sells, lists, ends and expires campaigns.
type PromotionService interface {
	// Prices lists the prices, shortest first.
	Prices(ctx context.Context) ([]PromotionPrice, error)
	// UpdatePrice sets a length's price (admins; audited).
	UpdatePrice(ctx context.Context, days int, credits int64) (*PromotionPrice, error)
	// Overview answers the signed-in user's promotion screen.
	Overview(ctx context.Context) (*PromotionOverview, error)
	// Start promotes a managed, approved festival, paid in credits.
	Start(ctx context.Context, slug string, p NewPromotion) (*Promotion, error)
	// Featured lists the festivals promoted now, for everyone.
	Featured(ctx context.Context) ([]FeaturedFestival, error)
	// List pages every campaign, newest first (admins).
	List(ctx context.Context, page PageRequest) (*Page[*Promotion], error)
	// End ends a running campaign early (admins): the unused whole days'
	// credits refunded and an audit entry, in one transaction.
	End(ctx context.Context, id int64) (*Promotion, error)
	// Expire ends the campaigns whose time is up; it returns how many.
	Expire(ctx context.Context) (int, error)
}

// InsufficientCreditsForPromotion refuses a campaign the balance cannot pay.
func InsufficientCreditsForPromotion(total, balance int64) error {
	return Errorf(EInsufficientCredits, "Not enough credits: this campaign costs {total} credits and your balance is {balance}.").
		With("total", strconv.FormatInt(total, 10)).With("balance", strconv.FormatInt(balance, 10))
}

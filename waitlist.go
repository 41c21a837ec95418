package marquee

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"strings"
	"time"
)

// DefaultWaitlistOfferFor is how long a waiting-list offer holds its seats
// when MARQUEE_WAITLIST_OFFER_MINUTES is not set.
const DefaultWaitlistOfferFor = 30 * time.Minute

// WaitlistStatus is where a waiting-list entry stands.
type WaitlistStatus string

// The statuses of a waiting-list entry: waiting in line; offered (seats
// held for it until the offer expires); claimed (an order took the held
// seats); lapsed (the offer expired unused, its seats passed on); left (its
// owner left the list).
const (
	WaitlistWaiting WaitlistStatus = "waiting"
	WaitlistOffered WaitlistStatus = "offered"
	WaitlistClaimed WaitlistStatus = "claimed"
	WaitlistLapsed  WaitlistStatus = "lapsed"
	WaitlistLeft    WaitlistStatus = "left"
)

// WaitlistEntry is a buyer's place on a screening's waiting list.
type WaitlistEntry struct {
	ID          int64          `json:"id"`
	ScreeningID int64          `json:"screeningId"`
	Quantity    int            `json:"quantity"`
	Status      WaitlistStatus `json:"status"`
	// Ahead is how many entries wait before this one (0 when offered).
	Ahead          int        `json:"ahead"`
	OfferExpiresAt *time.Time `json:"offerExpiresAt"`
	CreatedAt      time.Time  `json:"createdAt"`
}

// WaitlistJoinRequest is a buyer's request to wait for seats of a sold-out
// screening. The address is the signed-in account's.
type WaitlistJoinRequest struct {
	ScreeningID int64 `json:"screeningId"`
	Quantity    int   `json:"quantity"`
	// Language is the buyer's language (for the offer e-mail); set by the
	// server.
	Language string `json:"-"`
}

// Validate checks the request: a screening and 1 to TicketOrderMax seats.
func (r WaitlistJoinRequest) Validate() error {
	var f FieldErrors
	if r.ScreeningID <= 0 {
		f.Add("screeningId", "Choose a screening")
	}
	if r.Quantity < 1 || r.Quantity > TicketOrderMax {
		f.Add("quantity", "Choose between 1 and 10 tickets")
	}
	return f.Err()
}

// WaitlistJoinable is the rule of who may join a screening's waiting list:
// a scheduled screening whose sales are open and that has no seat left for
// quantity (a buyer who can buy, buys).
func WaitlistJoinable(s *Screening, quantity int, now time.Time) error {
	if s.Status != ScreeningScheduled || !s.SalesOpen(now) {
		return ErrNotOnSale()
	}
	if s.Remaining >= quantity {
		return Errorf(EConflict, "Seats are still available: buy them instead of waiting")
	}
	return nil
}

// WaitlistOffer is what an offer link shows: the screening, the seats held
// and until when.
type WaitlistOffer struct {
	Screening *Screening     `json:"screening"`
	Quantity  int            `json:"quantity"`
	Status    WaitlistStatus `json:"status"`
	ExpiresAt time.Time      `json:"expiresAt"`
	// OrderID is the order that claimed it (0 until then).
	OrderID int64 `json:"orderId"`
}

// WaitlistOfferOpen reports whether an offer may still be claimed at now.
func WaitlistOfferOpen(status WaitlistStatus, expiresAt, now time.Time) bool {
	return status == WaitlistOffered && now.Before(expiresAt)
}

// WaitlistOfferMail is what an offer e-mail says: the entry's screening,
// seats, deadline and the link's token, in the entry's language.
type WaitlistOfferMail struct {
	To        string
	Language  string
	Screening *Screening
	Quantity  int
	ExpiresAt time.Time
	Token     string
	// Guest says the entry is a visitor's (no account): the link opens
	// the guest's offer page.
	Guest bool
}

// ComposeWaitlistOffer writes the e-mail offering held seats to the next
// person on a waiting list.
type ComposeWaitlistOffer func(o *WaitlistOfferMail) Mail

// NewWaitlistToken returns the secret of an offer link: 32 random bytes,
// URL-safe base64.
func NewWaitlistToken() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b) // crypto/rand.Read never fails
	return base64.RawURLEncoding.EncodeToString(b)
}

// HashWaitlistToken is the stored form of an offer link's token.
func HashWaitlistToken(token string) string {
	sum := sha256.Sum256([]byte(strings.TrimSpace(token)))
	return hex.EncodeToString(sum[:])
}

// ErrWaitlistOfferGone is the answer to an offer link that has expired,
// was used, or is not the signed-in user's.
func ErrWaitlistOfferGone() error {
	return Errorf(ENotFound, "This offer has expired or has already been used")
}

// ErrWaitlistEntryNotFound is the answer for an entry that is not the
// caller's.
func ErrWaitlistEntryNotFound() error { return Errorf(ENotFound, "Waiting list entry not found") }

// WaitlistService keeps sold-out screenings' waiting lists and offers the
// seats that come back, in order, once across any number of nodes.
type WaitlistService interface {
	// JoinWaitlist puts the signed-in buyer (their account's address) on a
	// sold-out screening's list; joining again answers the open entry.
	JoinWaitlist(ctx context.Context, req WaitlistJoinRequest) (*WaitlistEntry, error)
	// MyWaitlistEntry is the signed-in buyer's open entry for a screening
	// (ENotFound when none).
	MyWaitlistEntry(ctx context.Context, screeningID int64) (*WaitlistEntry, error)
	// LeaveWaitlist takes the signed-in buyer's entry off the list (an
	// offer's held seats pass on).
	LeaveWaitlist(ctx context.Context, id int64) error
	// WaitlistOffer reads the offer of a link's token for its owner.
	WaitlistOffer(ctx context.Context, token string) (*WaitlistOffer, error)
	// ClaimWaitlistOffer turns the offer's held seats into the signed-in
	// owner's pending order (held for TicketHoldDuration to pay), once.
	ClaimWaitlistOffer(ctx context.Context, token string) (*TicketOrder, error)
	// OfferFreedSeats lapses expired offers and offers free seats of
	// sold-out screenings to the next entries; it returns how many offers
	// it made (the worker, every tick, and after each release).
	OfferFreedSeats(ctx context.Context) (int, error)
}

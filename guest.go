package marquee

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"
)

// GuestAccountEmail is the address of the one guest account: the orders
// and waiting-list entries of visitors without an account belong to it
// (disabled, no password: nobody signs in as it), so that they follow the
// signed-in buyers' seat rules unchanged; who really bought is kept beside
// them (the guest's name and address).
const GuestAccountEmail = "guests@marquee.invalid"

// GuestNameMax bounds a guest's name, in characters.
const GuestNameMax = 120

// GuestWaitlistConfirmFor is how long a visitor has to confirm their
// address before a waiting-list request lapses unconfirmed.
const GuestWaitlistConfirmFor = 48 * time.Hour

// GuestBuyer is who buys without an account: a name for the tickets and an
// address for the confirmation.
type GuestBuyer struct {
	Name  string `json:"name"`
	Email string `json:"email"`
}

// Normalize trims the name and lower-cases the address.
func (g *GuestBuyer) Normalize() {
	g.Name = strings.Join(strings.Fields(g.Name), " ")
	g.Email = NormalizeEmail(g.Email)
}

// Validate checks the buyer (Normalize first) into f.
func (g GuestBuyer) Validate(f *FieldErrors) {
	g.ValidateName(f)
	validateGuestEmail(g.Email, f)
}

// ValidateName checks the name alone (Normalize first) into f.
func (g GuestBuyer) ValidateName(f *FieldErrors) {
	switch {
	case g.Name == "":
		f.Add("name", "Type your name")
	case utf8.RuneCountInString(g.Name) > GuestNameMax:
		f.Add("name", "Your name is too long (at most 120 characters)")
	}
}

func validateGuestEmail(email string, f *FieldErrors) {
	switch {
	case email == "":
		f.Add("email", "Type your e-mail address")
	case !ValidEmail(email) || strings.HasSuffix(email, ".invalid"):
		f.Add("email", "Type a valid e-mail address, like name@example.com")
	}
}

// GuestOrderRequest is a visitor's order: the seats as a signed-in
// buyer's, with their name and address.
type GuestOrderRequest struct {
	OrderRequest
	GuestBuyer
}

// Validate checks the guest's name and address and the order.
func (r *GuestOrderRequest) Validate() error {
	var f FieldErrors
	r.GuestBuyer.Normalize()
	r.GuestBuyer.Validate(&f)
	return f.Err()
}

// GuestOrderResult is a guest's new order with the token of its link
// (shown once; only its hash is kept).
type GuestOrderResult struct {
	Order *TicketOrder `json:"order"`
	Token string       `json:"token"`
}

// GuestOfferClaim is a visitor's claim of a waiting-list offer made to
// their confirmed address: the name on the tickets.
type GuestOfferClaim struct {
	Name string `json:"name"`
}

// GuestWaitlistRequest is a visitor's request to wait for seats of a
// sold-out screening.
type GuestWaitlistRequest struct {
	ScreeningID int64  `json:"-"`
	Email       string `json:"email"`
	Quantity    int    `json:"quantity"`
	// Language is the visitor's language (for the e-mails); set by the
	// server.
	Language string `json:"-"`
}

// Validate checks the address and the seats (the address normalised).
func (r *GuestWaitlistRequest) Validate() error {
	var f FieldErrors
	r.Email = NormalizeEmail(r.Email)
	validateGuestEmail(r.Email, &f)
	if r.Quantity < 1 || r.Quantity > TicketOrderMax {
		f.Add("quantity", "Choose between 1 and 10 tickets")
	}
	return f.Err()
}

// GuestWaitlistSent is the answer to a visitor's request: the same
// whether the address is new, waiting already or refused, so that it
// tells a stranger nothing.
type GuestWaitlistSent struct {
	Sent bool `json:"sent"`
}

// GuestWaitlistEntry is what a visitor's waiting-list link shows.
type GuestWaitlistEntry struct {
	Screening *Screening     `json:"screening"`
	Quantity  int            `json:"quantity"`
	Status    WaitlistStatus `json:"status"`
	// Ahead is how many entries wait before this one.
	Ahead int `json:"ahead"`
}

// GuestWaitlistMail is the e-mail asking a visitor to confirm their
// address before they join a waiting list.
type GuestWaitlistMail struct {
	To        string
	Language  string
	Screening *Screening
	Quantity  int
	Token     string
	ConfirmBy time.Time
}

// ComposeGuestWaitlistMail writes the e-mail a visitor confirms their
// place on a waiting list with.
type ComposeGuestWaitlistMail func(m *GuestWaitlistMail) Mail

// ErrGuestLinkGone is the answer to a guest link that is wrong or has
// expired (the screening has ended): it says nothing of other orders.
func ErrGuestLinkGone() error {
	return Errorf(ENotFound, "This link is wrong or has expired")
}

// GuestLinkOpen reports whether a guest order's link still opens at now:
// until its screening ends.
func GuestLinkOpen(s *Screening, now time.Time) bool {
	return s != nil && now.Before(s.EndsAt)
}

// GuestTicketService sells tickets to visitors without an account, on the
// signed-in buyers' seats and rules, and lets an account with the same
// confirmed address take their orders over.
type GuestTicketService interface {
	// CreateGuestOrder holds seats for a visitor as CreateOrder does.
	CreateGuestOrder(ctx context.Context, req GuestOrderRequest) (*GuestOrderResult, error)
	// GuestOrder reads the order of a link's token.
	GuestOrder(ctx context.Context, token string) (*TicketOrder, error)
	// PayGuestOrder pays the pending order of a link's token.
	PayGuestOrder(ctx context.Context, token string, req TicketPayRequest) (*TicketPayResult, error)
	// ConfirmGuestOrder settles the order of a link's token with the
	// provider's state.
	ConfirmGuestOrder(ctx context.Context, token string) (*TicketPayResult, error)
	// CancelGuestOrder releases the pending order of a link's token.
	CancelGuestOrder(ctx context.Context, token string) (*TicketOrder, error)
	// SelfCancelGuestOrder cancels the paid order of a link's token under
	// its festival's rule, as SelfCancelOrder does a signed-in buyer's.
	SelfCancelGuestOrder(ctx context.Context, token string) (*TicketOrder, error)
	// GuestTicket is a ticket of the order of a link's token.
	GuestTicket(ctx context.Context, token string, id int64) (*Ticket, error)
	// ClaimGuestOrders moves the guest orders bought with the signed-in
	// user's address to their account, once it is confirmed; it returns
	// how many it moved.
	ClaimGuestOrders(ctx context.Context) (int, error)

	// JoinGuestWaitlist e-mails a visitor a link to confirm their place
	// on a sold-out screening's waiting list.
	JoinGuestWaitlist(ctx context.Context, req GuestWaitlistRequest) error
	// ConfirmGuestWaitlist puts the visitor of a confirmation link in the
	// queue (once) and answers their place.
	ConfirmGuestWaitlist(ctx context.Context, token string) (*GuestWaitlistEntry, error)
	// LeaveGuestWaitlist takes the visitor of a link off the list.
	LeaveGuestWaitlist(ctx context.Context, token string) error
	// GuestWaitlistOffer reads an offer made to a visitor.
	GuestWaitlistOffer(ctx context.Context, token string) (*WaitlistOffer, error)
	// ClaimGuestWaitlistOffer turns an offer made to a visitor into their
	// pending guest order, holding the offer's seats.
	ClaimGuestWaitlistOffer(ctx context.Context, token string, claim GuestOfferClaim) (*GuestOrderResult, error)
}

package marquee

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"strconv"
	"strings"
	"time"
)

// TicketHoldDuration is how long the seats of a new order are held while
// its buyer pays (pretix's reservation); the worker releases them after.
const TicketHoldDuration = 10 * time.Minute

// TicketOrderMax is the most tickets one order may buy.
const TicketOrderMax = 10

// TicketsPerPage is the page size of a buyer's tickets.
const TicketsPerPage = 20

// HolderSearchMax is the most holders a door search answers.
const HolderSearchMax = 20

// TicketOrderStatus is where an order of tickets stands.
type TicketOrderStatus string

// The statuses of a ticket order. Pending holds its seats until
// hold_expires_at; paid has sold them and issued the tickets; failed,
// expired and cancelled gave the held seats back; refunded returned the
// money (a cancelled screening, a refund, or a payment that arrived when
// no seat was left).
const (
	OrderPending   TicketOrderStatus = "pending"
	OrderPaid      TicketOrderStatus = "paid"
	OrderFailed    TicketOrderStatus = "failed"
	OrderExpired   TicketOrderStatus = "expired"
	OrderCancelled TicketOrderStatus = "cancelled"
	OrderRefunded  TicketOrderStatus = "refunded"
)

// TicketStatus is where a ticket stands.
type TicketStatus string

// The statuses of a ticket.
const (
	TicketValid     TicketStatus = "valid"
	TicketUsed      TicketStatus = "used"
	TicketCancelled TicketStatus = "cancelled"
	TicketRefunded  TicketStatus = "refunded"
)

// TicketOrder is a buyer's order of tickets for one screening.
type TicketOrder struct {
	ID             int64             `json:"id"`
	UserID         int64             `json:"-"`
	Screening      *Screening        `json:"screening"`
	Quantity       int               `json:"quantity"`
	AmountCents    int64             `json:"amountCents"`
	Currency       string            `json:"currency"`
	Status         TicketOrderStatus `json:"status"`
	HoldExpiresAt  time.Time         `json:"holdExpiresAt"`
	FailureMessage string            `json:"failureMessage"`
	// Provider is "stripe", "test", or "" for a free order.
	Provider  string     `json:"provider"`
	Reference string     `json:"-"`
	Language  string     `json:"-"`
	CreatedAt time.Time  `json:"createdAt"`
	PaidAt    *time.Time `json:"paidAt"`
	Tickets   []*Ticket  `json:"tickets"`
	// BuyerEmail and BuyerName are the buyer's, for the e-mails.
	BuyerEmail string `json:"-"`
	BuyerName  string `json:"-"`
	// Lines are the seats per ticket type; SubtotalCents their sum and
	// DiscountCents what VoucherCode took off (AmountCents is the rest).
	Lines         []OrderLine `json:"lines"`
	SubtotalCents int64       `json:"subtotalCents"`
	DiscountCents int64       `json:"discountCents"`
	VoucherCode   string      `json:"voucherCode"`
	// BuyerTax is the company and VAT id the buyer gave for the
	// confirmation ("" when not given).
	BuyerTax
	// Guest says a visitor without an account bought it (guest.go);
	// GuestToken is its link's token for the confirmation e-mail (set only
	// when that e-mail is written).
	Guest      bool   `json:"guest"`
	GuestToken string `json:"-"`
	// RefundedCents is what a refund returned; SelfCancel, on the buyer's
	// own order, whether and until when they may cancel it and for how
	// much (ticket_self_cancel.go; null when the festival does not allow it).
	RefundedCents int64            `json:"refundedCents"`
	SelfCancel    *SelfCancelQuote `json:"selfCancel"`
}

// Ticket is one seat of a paid order. Code is the secret the QR code holds.
type Ticket struct {
	ID          int64        `json:"id"`
	OrderID     int64        `json:"orderId"`
	Code        string       `json:"code"`
	Status      TicketStatus `json:"status"`
	CheckedInAt *time.Time   `json:"checkedInAt"`
	HolderName  string       `json:"holderName"`
	HolderEmail string       `json:"holderEmail"`
	Screening   *Screening   `json:"screening"`
	// TicketTypeName is its type's ("" for the default type);
	// AttendeeName the name typed for it at purchase ("" for none).
	TicketTypeName string `json:"ticketTypeName"`
	AttendeeName   string `json:"attendeeName"`
}

// AdminTicketOrder is a ticket order as admins list it, with its buyer,
// festival and screening.
type AdminTicketOrder struct {
	ID             int64             `json:"id"`
	UserID         int64             `json:"userId"`
	UserEmail      string            `json:"userEmail"`
	FestivalSlug   string            `json:"festivalSlug"`
	FestivalName   string            `json:"festivalName"`
	ScreeningID    int64             `json:"screeningId"`
	ScreeningTitle string            `json:"screeningTitle"`
	StartsAt       time.Time         `json:"startsAt"`
	Quantity       int               `json:"quantity"`
	AmountCents    int64             `json:"amountCents"`
	Currency       string            `json:"currency"`
	Status         TicketOrderStatus `json:"status"`
	FailureMessage string            `json:"failureMessage"`
	Provider       string            `json:"provider"`
	CreatedAt      time.Time         `json:"createdAt"`
	PaidAt         *time.Time        `json:"paidAt"`
	RefundedAt     *time.Time        `json:"refundedAt"`
	// Refundable says whether an admin may refund it (TicketOrderRefundable).
	Refundable bool `json:"refundable"`
}

// TicketOrderRefundable is the ticket refund rule, the same for an admin's
// refund as for a cancelled screening's: a paid order is refunded whole
// (its money back, its tickets refunded, its seats given back); a free
// order has no money to return, and any other status none taken.
func TicketOrderRefundable(status TicketOrderStatus, amountCents int64) bool {
	return status == OrderPaid && amountCents > 0
}

// ErrTicketOrderNotRefundable is the answer to refunding an order the
// rule refuses.
func ErrTicketOrderNotRefundable() error {
	return Errorf(EConflict, "Only a paid ticket order with a price can be refunded")
}

// ErrTicketRefundUnconfirmed is the answer to an admin's refund of a
// ticket order the payment provider did not confirm: nothing is recorded,
// and refunding again asks again for the same refund (its idempotency key).
func ErrTicketRefundUnconfirmed() error {
	return Errorf(EUnavailable, "The payment provider has not confirmed the refund, and the order is still paid: refund it again to retry")
}

// TicketOrderFilter narrows the admins' list of ticket orders.
type TicketOrderFilter struct {
	// Status is one status, or "" for every order.
	Status TicketOrderStatus
	// UserID, when not 0, is the buyer.
	UserID int64
	PageRequest
}

// TicketOrdersPerPage is the page size of the admins' list of ticket orders.
const TicketOrdersPerPage = 20

// ParseTicketOrderStatusFilter reads a ?status= filter of ticket orders:
// "" or "all" (every order), or one status.
func ParseTicketOrderStatusFilter(v string, f *FieldErrors) TicketOrderStatus {
	switch s := TicketOrderStatus(strings.TrimSpace(v)); s {
	case "", "all":
		return ""
	case OrderPending, OrderPaid, OrderFailed, OrderExpired, OrderCancelled, OrderRefunded:
		return s
	}
	f.Add("status", "Unknown ticket order status (want pending, paid, failed, expired, cancelled, refunded or all)")
	return ""
}

// TicketIdempotencyKey is the key a provider is given with the payment of
// ticket order id, so that a retried request never charges twice.
func TicketIdempotencyKey(id int64) string {
	return "marquee-ticket-order-" + strconv.FormatInt(id, 10)
}

// TicketAttemptKey is the key of payment attempt n of ticket order id: a
// declined payment keeps the hold and its retry is attempt n+1, a new
// payment (the first attempt keeps TicketIdempotencyKey).
func TicketAttemptKey(id int64, n int) string {
	if n <= 0 {
		return TicketIdempotencyKey(id)
	}
	return TicketIdempotencyKey(id) + "-" + strconv.Itoa(n+1)
}

// TicketRefundKey is the idempotency key of the refund of ticket order id.
func TicketRefundKey(id int64) string {
	return "marquee-ticket-refund-" + strconv.FormatInt(id, 10)
}

// OrderRequest is a buyer's request to hold seats of a screening.
type OrderRequest struct {
	ScreeningID int64 `json:"screeningId"`
	// Quantity is the seats of the default ticket type when Items is
	// empty (the request before ticket types); NormalizeItems sets it to
	// the items' sum.
	Quantity int `json:"quantity"`
	// Items are the seats per ticket type, with the attendees' names.
	Items []OrderItem `json:"items"`
	// VoucherCode is a discount code, "" for none.
	VoucherCode string `json:"voucherCode"`
	// BuyerTax is the optional company and VAT id for the confirmation.
	BuyerTax
	// Language is the buyer's language (for the e-mails); set by the server.
	Language string `json:"-"`
}

// Validate checks the request's quantity (1 to TicketOrderMax in all;
// NormalizeItems first when it has items).
func (r OrderRequest) Validate() error {
	var f FieldErrors
	if r.ScreeningID <= 0 {
		f.Add("screeningId", "Choose a screening")
	}
	q := r.Quantity
	if len(r.Items) > 0 {
		q = 0
		for _, it := range r.Items {
			q += it.Quantity
		}
	}
	if q < 1 || q > TicketOrderMax {
		f.Add("quantity", "Choose between 1 and 10 tickets")
	}
	r.BuyerTax.Validate(&f)
	return f.Err()
}

// TicketPayRequest is the payment of a pending order: the billing country
// and a card, as the credit checkout takes them.
type TicketPayRequest struct {
	Country       string    `json:"country"`
	PaymentMethod string    `json:"paymentMethodId"`
	Card          *TestCard `json:"card,omitempty"`
}

// Normalize trims the request and upper-cases the country.
func (r *TicketPayRequest) Normalize() {
	r.Country = strings.ToUpper(strings.TrimSpace(r.Country))
	r.PaymentMethod = strings.TrimSpace(r.PaymentMethod)
}

// Validate checks the request (Normalize first) and the test card's form.
func (r TicketPayRequest) Validate(now time.Time) error {
	req := CheckoutRequest{PackageID: "ticket", Country: r.Country, PaymentMethod: r.PaymentMethod, Card: r.Card}
	return req.Validate(now)
}

// TicketPayResult is the answer to a payment or its confirmation.
type TicketPayResult struct {
	Order *TicketOrder `json:"order"`
	// ClientSecret is set when the browser must confirm with Stripe.
	ClientSecret string `json:"clientSecret,omitempty"`
}

// Errors of ordering.
func ErrNotOnSale() error {
	return Errorf(EConflict, "Tickets for this screening are not on sale")
}

// ErrSeatsLeft is the answer when an order asks for more seats than
// remain: "Sold out" when none are left.
func ErrSeatsLeft(remaining int) error {
	switch {
	case remaining <= 0:
		return Errorf(EConflict, "Sold out")
	case remaining == 1:
		return Errorf(EConflict, "Only 1 ticket left")
	}
	return Errorf(EConflict, "Only {remaining} tickets left").With("remaining", strconv.Itoa(remaining))
}

// ErrHoldExpired is the answer to paying an order whose hold has passed.
func ErrHoldExpired() error { return Errorf(EConflict, "Your reservation has expired") }

// ErrLatePaymentRefunded is the failure message of an order whose payment
// arrived after its hold had passed and every seat was gone: the payment
// is refunded.
func ErrLatePaymentRefunded() *Error {
	return &Error{Code: EConflict, Message: "Your reservation expired and the screening sold out before your payment arrived. Your payment has been refunded."}
}

// ErrCancelledPaymentRefunded is the failure message of an order whose
// payment arrived after its screening was cancelled: the payment is
// refunded.
func ErrCancelledPaymentRefunded() *Error {
	return &Error{Code: EConflict, Message: "The screening was cancelled before your payment arrived. Your payment has been refunded."}
}

// ErrOrderNotFound is the answer for an order that is not the caller's.
func ErrOrderNotFound() error { return Errorf(ENotFound, "Order not found") }

// ErrTicketNotFound is the answer for a ticket that is not the caller's.
func ErrTicketNotFound() error { return Errorf(ENotFound, "Ticket not found") }

// ticketCodeLen is the length of a ticket code: 26 base32 characters,
// 130 bits from crypto/rand.
const ticketCodeLen = 26

// NewTicketCode returns a new ticket secret: 26 upper-case base32
// characters (A–Z, 2–7) carrying 130 random bits from crypto/rand.
func NewTicketCode() string {
	b := make([]byte, 17)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (it crashes the program instead)
	return base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b)[:ticketCodeLen]
}

// NormalizeTicketCode turns a typed or scanned code into the stored form:
// spaces and dashes removed, upper case.
func NormalizeTicketCode(s string) string {
	s = strings.NewReplacer(" ", "", "-", "", "\t", "", "\n", "", "\r", "").Replace(s)
	return strings.ToUpper(s)
}

// ValidTicketCode reports whether code (normalised) can be a ticket code.
func ValidTicketCode(code string) bool {
	if len(code) != ticketCodeLen {
		return false
	}
	for i := 0; i < len(code); i++ {
		c := code[i]
		if !(c >= 'A' && c <= 'Z' || c >= '2' && c <= '7') {
			return false
		}
	}
	return true
}

// CheckInOutcome is the door's answer about a ticket.
type CheckInOutcome string

// The outcomes of a check-in.
const (
	CheckInValid          CheckInOutcome = "valid"
	CheckInUsed           CheckInOutcome = "used"
	CheckInWrongScreening CheckInOutcome = "wrong_screening"
	CheckInCancelled      CheckInOutcome = "cancelled"
	CheckInUnknown        CheckInOutcome = "unknown"
)

// ClassifyCheckIn says what the door answers for a ticket found (or not)
// for festivalID's screening screeningID: unknown for no ticket or another
// festival's, wrong_screening, cancelled (cancelled or refunded), used
// (checked in before), and valid when the ticket may now be marked used
// (the store then marks it with one conditional UPDATE; losing that race
// is "used").
func ClassifyCheckIn(found bool, ticketFestival, festivalID, ticketScreening, screeningID int64, status TicketStatus, checkedIn bool) CheckInOutcome {
	switch {
	case !found || ticketFestival != festivalID:
		return CheckInUnknown
	case ticketScreening != screeningID:
		return CheckInWrongScreening
	case status == TicketCancelled || status == TicketRefunded:
		return CheckInCancelled
	case status == TicketUsed || checkedIn:
		return CheckInUsed
	}
	return CheckInValid
}

// CheckInRequest is a scan or a typed code at the door, or a ticket
// chosen from the holder search.
type CheckInRequest struct {
	ScreeningID int64 `json:"screeningId"`
	// ListID, when not 0, is the check-in list the door picked: the
	// ticket's screening must be on it (ScreeningID is then not needed).
	ListID   int64  `json:"listId,omitempty"`
	Code     string `json:"code"`
	TicketID int64  `json:"ticketId"`
}

// Validate checks that the request names a screening or a check-in list,
// and a code or ticket.
func (r CheckInRequest) Validate() error {
	var f FieldErrors
	if r.ScreeningID <= 0 && r.ListID <= 0 {
		f.Add("screeningId", "Choose a screening")
	}
	if strings.TrimSpace(r.Code) == "" && r.TicketID <= 0 {
		f.Add("code", "Scan or type a ticket code")
	}
	return f.Err()
}

// CheckInTicket is the ticket a check-in found.
type CheckInTicket struct {
	ID             int64      `json:"id"`
	HolderName     string     `json:"holderName"`
	AttendeeName   string     `json:"attendeeName"`
	TicketTypeName string     `json:"ticketTypeName"`
	HolderEmail    string     `json:"holderEmail"`
	ScreeningID    int64      `json:"screeningId"`
	ScreeningTitle string     `json:"screeningTitle"`
	StartsAt       time.Time  `json:"startsAt"`
	CheckedInAt    *time.Time `json:"checkedInAt"`
}

// CheckInResult is the door's answer.
type CheckInResult struct {
	Result      CheckInOutcome `json:"result"`
	FirstUsedAt *time.Time     `json:"firstUsedAt"`
	Ticket      *CheckInTicket `json:"ticket"`
}

// CheckInScreening is a screening in the door's list.
type CheckInScreening struct {
	ID        int64           `json:"id"`
	Title     string          `json:"title"`
	Venue     string          `json:"venue"`
	StartsAt  time.Time       `json:"startsAt"`
	EndsAt    time.Time       `json:"endsAt"`
	Status    ScreeningStatus `json:"status"`
	Sold      int             `json:"sold"`
	CheckedIn int             `json:"checkedIn"`
}

// CheckInInfo is what the check-in page needs.
type CheckInInfo struct {
	FestivalName string              `json:"festivalName"`
	FestivalSlug string              `json:"festivalSlug"`
	TimeZone     string              `json:"timeZone"`
	Screenings   []*CheckInScreening `json:"screenings"`
	// Lists are the festival's check-in lists with their live counts.
	Lists []*CheckInList `json:"lists"`
	// CanUndo says whether the caller may undo check-ins (the organiser
	// and admins, not door staff).
	CanUndo bool `json:"canUndo"`
}

// Holder is a ticket found by the door's search.
type Holder struct {
	TicketID       int64        `json:"ticketId"`
	HolderName     string       `json:"holderName"`
	HolderEmail    string       `json:"holderEmail"`
	ScreeningID    int64        `json:"screeningId"`
	ScreeningTitle string       `json:"screeningTitle"`
	Status         TicketStatus `json:"status"`
	CheckedInAt    *time.Time   `json:"checkedInAt"`
}

// HolderQuery is the door's search: part of a name or e-mail (at least 2
// characters), optionally within one screening.
type HolderQuery struct {
	Q           string
	ScreeningID int64
}

// Validate checks the query's text.
func (q *HolderQuery) Validate() error {
	q.Q = strings.TrimSpace(q.Q)
	if len([]rune(q.Q)) < 2 || len(q.Q) > 200 {
		return FieldError("q", "Type at least 2 characters of a name or e-mail address")
	}
	return nil
}

// DoorStaffMember is a user a festival's organiser named to check tickets.
type DoorStaffMember struct {
	UserID  int64     `json:"userId"`
	Name    string    `json:"name"`
	Email   string    `json:"email"`
	AddedAt time.Time `json:"addedAt"`
}

// DoorFestival is a festival where the signed-in user is door staff.
type DoorFestival struct {
	Slug string `json:"slug"`
	Name string `json:"name"`
}

// CanCheckIn reports whether u may check tickets in at festival f: its
// organiser, the admins and the door staff it named (isDoorStaff, found
// by the service).
func CanCheckIn(u *User, f *Festival, isDoorStaff bool) bool {
	return CanManageFestival(u, f) || u != nil && f != nil && isDoorStaff
}

// ComposeTicketMail writes an e-mail about a ticket order (its
// confirmation with the tickets, or the notice of its screening's
// cancellation) in the order's language, to its buyer.
type ComposeTicketMail func(o *TicketOrder) Mail

// TicketService sells screenings' seats and checks tickets at the door.
type TicketService interface {
	// ManagedScreenings lists a managed festival's screenings with their
	// figures, in start order, cancelled included.
	ManagedScreenings(ctx context.Context, slug string) (*ManagedScreeningList, error)
	// CreateScreening adds a screening to a managed festival.
	CreateScreening(ctx context.Context, slug string, in ScreeningInput) (*ManagedScreening, error)
	// UpdateScreening changes a screening; its capacity cannot go below
	// the seats sold and held.
	UpdateScreening(ctx context.Context, slug string, id int64, in ScreeningInput) (*ManagedScreening, error)
	// CancelScreening cancels a screening, refunds its paid orders through
	// the provider, cancels their tickets and e-mails the buyers
	// (idempotent: a second call retries what is left).
	CancelScreening(ctx context.Context, slug string, id int64) (*ManagedScreening, error)
	// SetTimeZone sets a managed festival's IANA time zone.
	SetTimeZone(ctx context.Context, slug, tz string) (string, error)
	// SetCurrency sets the currency a managed festival sells tickets in
	// (TicketCurrencies); refused once it has sold tickets.
	SetCurrency(ctx context.Context, slug, currency string) (string, error)
	// ScreeningFilms lists the films of a managed festival's submissions
	// that are not withdrawn.
	ScreeningFilms(ctx context.Context, slug string) ([]ScreeningFilm, error)
	// DoorStaff lists a managed festival's door staff.
	DoorStaff(ctx context.Context, slug string) ([]*DoorStaffMember, error)
	// AddDoorStaff names the account with email door staff.
	AddDoorStaff(ctx context.Context, slug, email string) (*DoorStaffMember, error)
	// RemoveDoorStaff removes a door staff member.
	RemoveDoorStaff(ctx context.Context, slug string, userID int64) error

	// CheckInInfo is the check-in page's festival and screenings (its
	// team and door staff only).
	CheckInInfo(ctx context.Context, slug string) (*CheckInInfo, error)
	// CheckIn checks a ticket in: exactly one of any number of concurrent
	// check-ins of a ticket is valid.
	CheckIn(ctx context.Context, slug string, req CheckInRequest) (*CheckInResult, error)
	// SearchHolders finds tickets by their holder's name or e-mail.
	SearchHolders(ctx context.Context, slug string, q HolderQuery) ([]*Holder, error)
	// DoorFestivals lists the festivals where the signed-in user is door staff.
	DoorFestivals(ctx context.Context) ([]DoorFestival, error)

	// FestivalScreenings lists an approved festival's scheduled screenings
	// that have not ended.
	FestivalScreenings(ctx context.Context, slug string) (*ScreeningList, error)
	// Screening returns a screening of an approved festival.
	Screening(ctx context.Context, id int64) (*Screening, error)

	// CreateOrder holds seats for the signed-in buyer for
	// TicketHoldDuration; a free screening's order is paid at once.
	CreateOrder(ctx context.Context, req OrderRequest) (*TicketOrder, error)
	// PayOrder pays a pending order through the provider.
	PayOrder(ctx context.Context, id int64, req TicketPayRequest) (*TicketPayResult, error)
	// ConfirmOrder settles an order with the provider's current state.
	ConfirmOrder(ctx context.Context, id int64) (*TicketPayResult, error)
	// CancelOrder releases a pending order's hold.
	CancelOrder(ctx context.Context, id int64) (*TicketOrder, error)
	// Order returns the signed-in buyer's order.
	Order(ctx context.Context, id int64) (*TicketOrder, error)
	// AdminOrders lists everyone's ticket orders, newest first (admins only).
	AdminOrders(ctx context.Context, f TicketOrderFilter) (*Page[*AdminTicketOrder], error)
	// AdminRefundOrder refunds a paid order whole through the provider, as
	// a cancelled screening's orders are (TicketOrderRefundable), and
	// audits it (admins only).
	AdminRefundOrder(ctx context.Context, id int64) (*AdminTicketOrder, error)
	// Tickets lists the signed-in buyer's tickets, upcoming first.
	Tickets(ctx context.Context, page PageRequest) (*Page[*Ticket], error)
	// Ticket returns the signed-in buyer's ticket.
	Ticket(ctx context.Context, id int64) (*Ticket, error)

	// ReleaseExpiredHolds gives back the seats of pending orders whose
	// hold has passed (the worker, every tick); it returns how many
	// orders expired.
	ReleaseExpiredHolds(ctx context.Context) (int, error)
}

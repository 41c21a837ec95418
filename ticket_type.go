package marquee

import (
	"cmp"
	"context"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// TicketTypeNameMax bounds a ticket type's name.
const TicketTypeNameMax = 60

// TicketTypesMax is the most ticket types a screening may have.
const TicketTypesMax = 10

// AttendeeNameMax bounds an attendee's name.
const AttendeeNameMax = 100

// TicketType is a kind of seat of a screening (full, concession, guest…)
// with its price and an optional quota inside the screening's capacity.
// Every screening has a default type (Default, no name: "Standard"),
// whose price is the screening's.
type TicketType struct {
	ID         int64  `json:"id"`
	Name       string `json:"name"`
	PriceCents int64  `json:"priceCents"`
	// Quota is the most seats of this type, nil for no quota of its own.
	Quota   *int `json:"quota"`
	Default bool `json:"default"`
	// Remaining is the seats of this type still for sale: its quota's
	// rest, and never more than the screening's.
	Remaining int `json:"remaining"`
}

// ManagedTicketType is a ticket type with its counters, for its organiser.
type ManagedTicketType struct {
	TicketType
	Sold int `json:"sold"`
	Held int `json:"held"`
}

// TypeRemaining is the seats of a type still for sale: its quota less
// its seats sold and held (no quota: unbounded), and at most the
// screening's remaining seats.
func TypeRemaining(quota *int, sold, held, screeningRemaining int) int {
	r := screeningRemaining
	if quota != nil {
		r = min(r, *quota-sold-held)
	}
	return max(r, 0)
}

// TicketTypeInput is the organiser's form of a ticket type. Quota nil is
// no quota of its own.
type TicketTypeInput struct {
	Name       string `json:"name"`
	PriceCents int64  `json:"priceCents"`
	Quota      *int   `json:"quota"`
	// Currency is the screening's, set by the service; "" is US dollars.
	Currency string `json:"-"`
}

// Normalize trims the name.
func (in *TicketTypeInput) Normalize() { in.Name = strings.TrimSpace(in.Name) }

// Validate checks the input (Normalize first) against the screening's
// capacity; isDefault allows the default type's empty name.
func (in TicketTypeInput) Validate(capacity int, isDefault bool) error {
	var f FieldErrors
	switch {
	case in.Name == "" && !isDefault:
		f.Add("name", "Name the ticket type (for example Concession)")
	case utf8.RuneCountInString(in.Name) > TicketTypeNameMax:
		f.Add("name", "A ticket type's name must be at most 60 characters")
	default:
		CheckSingleLine("name", in.Name, &f)
	}
	checkTicketPrice("priceCents", in.PriceCents, in.Currency, &f)
	if in.Quota != nil && (*in.Quota < 0 || *in.Quota > capacity) {
		f.Add("quota", "A quota must be between 0 and the screening's capacity")
	}
	return f.Err()
}

// CheckQuota refuses a quota below the seats of the type already sold or held.
func CheckQuota(quota *int, soldAndHeld int) error {
	if quota != nil && *quota < soldAndHeld {
		return FieldError("quota", "The quota cannot be below the seats of this type already sold or held")
	}
	return nil
}

// ErrTicketTypeNotFound is the answer for a type that is not the screening's.
func ErrTicketTypeNotFound() error { return Errorf(ENotFound, "Ticket type not found") }

// ErrTicketTypeInUse refuses deleting a type with orders or the default type.
func ErrTicketTypeInUse() error {
	return Errorf(EConflict, "This ticket type has orders or is the screening's default, so it cannot be deleted; set its quota to 0 to stop selling it")
}

// AttendeeNames is whether a screening's buyers name each ticket's attendee.
type AttendeeNames string

// The organiser's choices of attendee names.
const (
	AttendeeNamesOff      AttendeeNames = "off"
	AttendeeNamesOptional AttendeeNames = "optional"
	AttendeeNamesRequired AttendeeNames = "required"
)

// ParseAttendeeNames reads the organiser's choice, or a field error.
func ParseAttendeeNames(v string) (AttendeeNames, error) {
	switch a := AttendeeNames(strings.TrimSpace(v)); a {
	case AttendeeNamesOff, AttendeeNamesOptional, AttendeeNamesRequired:
		return a, nil
	}
	return "", FieldError("attendeeNames", "Choose off, optional or required")
}

// OrderItem is a number of seats of one ticket type in an order, with
// the attendees' names (one per seat, or none).
type OrderItem struct {
	TicketTypeID int64    `json:"ticketTypeId"`
	Quantity     int      `json:"quantity"`
	Attendees    []string `json:"attendees"`
}

// NormalizeItems merges the request's items by type, drops empty ones,
// trims the names and sorts the items by type id: the order in which the
// store takes the types' counters (so that two orders never wait on each
// other's rows) and numbers the tickets. An old request with Quantity and
// no items asks for defaultType.
func (r *OrderRequest) NormalizeItems(defaultType int64) {
	r.VoucherCode = NormalizeVoucherCode(r.VoucherCode)
	if len(r.Items) == 0 && r.Quantity > 0 {
		r.Items = []OrderItem{{TicketTypeID: defaultType, Quantity: r.Quantity}}
	}
	at := map[int64]int{}
	var items []OrderItem
	for _, it := range r.Items {
		if it.Quantity <= 0 {
			continue
		}
		names := make([]string, 0, len(it.Attendees))
		for _, n := range it.Attendees {
			names = append(names, strings.TrimSpace(n))
		}
		if i, ok := at[it.TicketTypeID]; ok {
			items[i].Quantity += it.Quantity
			items[i].Attendees = append(items[i].Attendees, names...)
			continue
		}
		it.Attendees = names
		at[it.TicketTypeID] = len(items)
		items = append(items, it)
	}
	slices.SortFunc(items, func(a, b OrderItem) int { return cmp.Compare(a.TicketTypeID, b.TicketTypeID) })
	r.Items = items
	r.Quantity = 0
	for _, it := range items {
		r.Quantity += it.Quantity
	}
}

// ValidateAttendees checks the items' names against the screening's
// choice: off takes none, required one per seat, optional any (each at
// most AttendeeNameMax characters on one line). It returns the names by
// ticket position ("" for none).
func (r OrderRequest) ValidateAttendees(mode AttendeeNames) ([]string, error) {
	var f FieldErrors
	var names []string
	for _, it := range r.Items {
		for i := 0; i < it.Quantity; i++ {
			n := ""
			if mode != AttendeeNamesOff && i < len(it.Attendees) {
				n = it.Attendees[i]
			}
			switch {
			case mode == AttendeeNamesRequired && n == "":
				f.Add("attendees", "Enter each attendee's name")
			case utf8.RuneCountInString(n) > AttendeeNameMax:
				f.Add("attendees", "An attendee's name must be at most 100 characters")
			default:
				CheckSingleLine("attendees", n, &f)
			}
			names = append(names, n)
		}
	}
	return names, f.Err()
}

// OrderLine is an order's seats of one ticket type.
type OrderLine struct {
	TicketTypeID int64  `json:"ticketTypeId"`
	Name         string `json:"name"`
	Quantity     int    `json:"quantity"`
	PriceCents   int64  `json:"priceCents"`
}

// OrderTotal is what an order costs: the sum of its lines, less a
// voucher's discount.
type OrderTotal struct {
	SubtotalCents int64 `json:"subtotalCents"`
	DiscountCents int64 `json:"discountCents"`
	TotalCents    int64 `json:"totalCents"`
}

// PriceOrder prices lines, in currency, with voucher v (nil for none):
// v's discount applies to the lines of the types it allows
// (VoucherAllowsType). A total left between 0 and the currency's minimum
// charge (MinChargeCents: 0.50 of a dollar or euro, ¥50, 4.00 yuan) is
// raised to that minimum (never above the subtotal), so a discounted order
// is either free or payable by card.
func PriceOrder(lines []OrderLine, v *Voucher, currency string) OrderTotal {
	var t OrderTotal
	var eligible, top int64
	for _, l := range lines {
		t.SubtotalCents += l.PriceCents * int64(l.Quantity)
		if v != nil && v.AllowsType(l.Name) {
			eligible += l.PriceCents * int64(l.Quantity)
			top = max(top, l.PriceCents)
		}
	}
	if v != nil {
		switch v.Kind {
		case VoucherPercent:
			for _, l := range lines {
				if v.AllowsType(l.Name) {
					t.DiscountCents += l.PriceCents * int64(l.Quantity) * v.Value / 100
				}
			}
		case VoucherFixed:
			t.DiscountCents = min(v.Value, eligible)
		case VoucherFree:
			t.DiscountCents = top
		}
	}
	t.TotalCents = t.SubtotalCents - t.DiscountCents
	if floor := MinChargeCents(currency); t.TotalCents > 0 && t.TotalCents < floor {
		t.TotalCents = min(floor, t.SubtotalCents)
		t.DiscountCents = t.SubtotalCents - t.TotalCents
	}
	return t
}

// OrganiserOrder is a screening's order as its organiser lists it: the
// buyer, the seats per type, the attendees and the money.
type OrganiserOrder struct {
	ID            int64             `json:"id"`
	BuyerName     string            `json:"buyerName"`
	BuyerEmail    string            `json:"buyerEmail"`
	Status        TicketOrderStatus `json:"status"`
	Quantity      int               `json:"quantity"`
	AmountCents   int64             `json:"amountCents"`
	DiscountCents int64             `json:"discountCents"`
	VoucherCode   string            `json:"voucherCode"`
	Lines         []OrderLine       `json:"lines"`
	Attendees     []string          `json:"attendees"`
	CreatedAt     time.Time         `json:"createdAt"`
}

// TicketOfferService is what an organiser offers on a screening beyond
// its seats: ticket types, attendee names and the festival's vouchers,
// with the orders that used them; and the buyer's check of a code.
type TicketOfferService interface {
	// TicketTypes lists a managed screening's types with their counters.
	TicketTypes(ctx context.Context, slug string, screeningID int64) ([]*ManagedTicketType, error)
	// CreateTicketType adds a type to a managed screening.
	CreateTicketType(ctx context.Context, slug string, screeningID int64, in TicketTypeInput) (*ManagedTicketType, error)
	// UpdateTicketType changes a type; its quota cannot go below its
	// seats sold and held.
	UpdateTicketType(ctx context.Context, slug string, screeningID, typeID int64, in TicketTypeInput) (*ManagedTicketType, error)
	// DeleteTicketType removes a type no order used (not the default).
	DeleteTicketType(ctx context.Context, slug string, screeningID, typeID int64) error
	// SetAttendeeNames sets whether a screening's buyers name attendees.
	SetAttendeeNames(ctx context.Context, slug string, screeningID int64, mode AttendeeNames) (AttendeeNames, error)
	// ScreeningOrders lists a managed screening's orders, newest first.
	ScreeningOrders(ctx context.Context, slug string, screeningID int64) ([]*OrganiserOrder, error)

	// Vouchers lists a managed festival's vouchers with their use.
	Vouchers(ctx context.Context, slug string) ([]*Voucher, error)
	// CreateVoucher adds a voucher to a managed festival.
	CreateVoucher(ctx context.Context, slug string, in VoucherInput) (*Voucher, error)
	// DisableVoucher stops a voucher's further use (orders keep theirs).
	DisableVoucher(ctx context.Context, slug string, id int64) (*Voucher, error)
	// CheckVoucher says whether a code applies to an order of a screening
	// and what it would cost, or exactly why the code is refused.
	CheckVoucher(ctx context.Context, req VoucherCheck) (*VoucherQuote, error)
}

// ErrTypeSeatsLeft is the answer when an order asks for more seats of a
// type than its quota has left.
func ErrTypeSeatsLeft(name string, remaining int) error {
	if remaining <= 0 {
		return Errorf(EConflict, "{type} tickets are sold out").With("type", name)
	}
	return Errorf(EConflict, "Only {remaining} {type} tickets left").With("type", name).With("remaining", strconv.Itoa(remaining))
}

// ErrLateVoucherRefunded is the failure message of an order whose payment
// arrived after its hold had passed and its voucher was used up
// meanwhile: the payment is refunded.
func ErrLateVoucherRefunded() *Error {
	return &Error{Code: EConflict, Message: "Your reservation expired and its code was used up before your payment arrived. Your payment has been refunded."}
}

package marquee

import (
	"slices"
	"strconv"
	"strings"
	"time"
)

// VoucherKind is what a voucher takes off an order.
type VoucherKind string

// The kinds of voucher: a percentage off the tickets it allows, a fixed
// amount off them, or one of them free (the dearest).
const (
	VoucherPercent VoucherKind = "percent"
	VoucherFixed   VoucherKind = "fixed"
	VoucherFree    VoucherKind = "free"
)

// Limits of a voucher.
const (
	VoucherCodeMin     = 4
	VoucherCodeMax     = 32
	VoucherUsageMax    = 100000
	VouchersPerFestMax = 500
)

// Voucher is a festival's discount code. One order uses it once; Used
// never passes UsageLimit (one conditional UPDATE takes a use, and an
// order that expires, fails, is cancelled or refunded gives it back).
type Voucher struct {
	ID         int64       `json:"id"`
	FestivalID int64       `json:"-"`
	Code       string      `json:"code"`
	Kind       VoucherKind `json:"kind"`
	// Value is the percentage (1–100) or the amount in cents (fixed);
	// 0 for a free ticket.
	Value      int64      `json:"value"`
	UsageLimit int        `json:"usageLimit"`
	Used       int        `json:"used"`
	ValidFrom  *time.Time `json:"validFrom"`
	ValidUntil *time.Time `json:"validUntil"`
	DisabledAt *time.Time `json:"disabledAt"`
	// ScreeningIDs restrict it to these screenings (none: every one).
	ScreeningIDs []int64 `json:"screeningIds"`
	// TypeNames restrict it to ticket types of these names (none: every
	// type; "" is the default type).
	TypeNames []string  `json:"typeNames"`
	CreatedAt time.Time `json:"createdAt"`
}

// AllowsType reports whether v applies to a ticket type called name.
func (v *Voucher) AllowsType(name string) bool {
	return len(v.TypeNames) == 0 || slices.Contains(v.TypeNames, name)
}

// The refusals of a voucher code, each under voucherCode and saying
// exactly what is wrong.

// ErrVoucherUnknown refuses a code the festival does not have.
func ErrVoucherUnknown() error { return FieldError("voucherCode", "This code does not exist") }

// ErrVoucherDisabled refuses a code its organiser disabled.
func ErrVoucherDisabled() error { return FieldError("voucherCode", "This code is no longer valid") }

// ErrVoucherNotYetValid refuses a code before its first day.
func ErrVoucherNotYetValid() error { return FieldError("voucherCode", "This code is not valid yet") }

// ErrVoucherExpired refuses a code after its last day.
func ErrVoucherExpired() error { return FieldError("voucherCode", "This code has expired") }

// ErrVoucherUsedUp refuses a code whose uses are all taken.
func ErrVoucherUsedUp() error { return FieldError("voucherCode", "This code has been used up") }

// ErrVoucherWrongScreening refuses a code restricted to other screenings.
func ErrVoucherWrongScreening() error {
	return FieldError("voucherCode", "This code is not valid for this screening")
}

// ErrVoucherWrongType refuses a code none of the order's ticket types may use.
func ErrVoucherWrongType() error {
	return FieldError("voucherCode", "This code is not valid for the ticket types you chose")
}

// Refusal says why v cannot be used at now for an order of screeningID
// with tickets of typeNames, or nil when it can. Used up is judged from
// the row read; the store's conditional UPDATE decides under concurrency.
func (v *Voucher) Refusal(now time.Time, screeningID int64, typeNames []string) error {
	switch {
	case v.DisabledAt != nil:
		return ErrVoucherDisabled()
	case v.ValidFrom != nil && now.Before(*v.ValidFrom):
		return ErrVoucherNotYetValid()
	case v.ValidUntil != nil && !now.Before(*v.ValidUntil):
		return ErrVoucherExpired()
	case len(v.ScreeningIDs) > 0 && !slices.Contains(v.ScreeningIDs, screeningID):
		return ErrVoucherWrongScreening()
	case !slices.ContainsFunc(typeNames, v.AllowsType):
		return ErrVoucherWrongType()
	case v.Used >= v.UsageLimit:
		return ErrVoucherUsedUp()
	}
	return nil
}

// NormalizeVoucherCode is a typed code's stored form: trimmed, upper case.
func NormalizeVoucherCode(s string) string { return strings.ToUpper(strings.TrimSpace(s)) }

// VoucherInput is the organiser's form of a voucher. Dates are local
// days "YYYY-MM-DD" in the festival's zone: valid from the start of
// ValidFrom until the end of ValidUntil; empty for no bound.
type VoucherInput struct {
	Code         string      `json:"code"`
	Kind         VoucherKind `json:"kind"`
	Value        int64       `json:"value"`
	UsageLimit   int         `json:"usageLimit"`
	ValidFrom    string      `json:"validFrom"`
	ValidUntil   string      `json:"validUntil"`
	ScreeningIDs []int64     `json:"screeningIds"`
	TypeNames    []string    `json:"typeNames"`
}

// Normalize trims the input and upper-cases the code.
func (in *VoucherInput) Normalize() {
	in.Code = NormalizeVoucherCode(in.Code)
	in.ValidFrom = strings.TrimSpace(in.ValidFrom)
	in.ValidUntil = strings.TrimSpace(in.ValidUntil)
	names := []string{}
	for _, n := range in.TypeNames {
		n = strings.TrimSpace(n)
		if !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	in.TypeNames = names
	slices.Sort(in.ScreeningIDs)
	in.ScreeningIDs = slices.Compact(in.ScreeningIDs)
}

// VoucherDates are a voucher's bounds as instants (nil: none).
type VoucherDates struct{ From, Until *time.Time }

// Validate checks the input (Normalize first), reading its days in loc;
// it returns the bounds: from the start of ValidFrom to the start of the
// day after ValidUntil.
func (in VoucherInput) Validate(loc *time.Location) (VoucherDates, error) {
	var f FieldErrors
	var d VoucherDates
	if len(in.Code) < VoucherCodeMin || len(in.Code) > VoucherCodeMax || strings.IndexFunc(in.Code, func(r rune) bool {
		return !(r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_')
	}) >= 0 {
		f.Add("code", "A code has 4 to 32 letters, digits, dashes or underscores")
	}
	switch in.Kind {
	case VoucherPercent:
		if in.Value < 1 || in.Value > 100 {
			f.Add("value", "A percentage is between 1 and 100")
		}
	case VoucherFixed:
		if in.Value < 1 || in.Value > TicketPriceMaxCents*TicketOrderMax {
			f.Add("value", "Enter an amount off between 0.01 and 100,000.00")
		}
	case VoucherFree:
	default:
		f.Add("kind", "Choose a percentage, a fixed amount or a free ticket")
	}
	if in.UsageLimit < 1 || in.UsageLimit > VoucherUsageMax {
		f.Add("usageLimit", "Uses must be between 1 and 100,000")
	}
	day := func(field, v string, next bool) *time.Time {
		if v == "" {
			return nil
		}
		t, err := time.ParseInLocation(time.DateOnly, v, loc)
		if err != nil {
			f.Add(field, "Enter a date as YYYY-MM-DD")
			return nil
		}
		if next {
			t = t.AddDate(0, 0, 1)
		}
		u := t.UTC()
		return &u
	}
	d.From = day("validFrom", in.ValidFrom, false)
	d.Until = day("validUntil", in.ValidUntil, true)
	if d.From != nil && d.Until != nil && !d.Until.After(*d.From) {
		f.Add("validUntil", "The last day cannot be before the first")
	}
	for _, n := range in.TypeNames {
		if len([]rune(n)) > TicketTypeNameMax {
			f.Add("typeNames", "A ticket type's name must be at most 60 characters")
			break
		}
	}
	return d, f.Err()
}

// ErrVoucherCodeTaken refuses a code the festival already has.
func ErrVoucherCodeTaken() error { return FieldError("code", "The festival already has this code") }

// ErrVoucherNotFound is the answer for a voucher that is not the festival's.
func ErrVoucherNotFound() error { return Errorf(ENotFound, "Voucher not found") }

// ErrTooManyVouchers refuses a festival's voucher past VouchersPerFestMax.
func ErrTooManyVouchers() error {
	return Errorf(EConflict, "A festival may have at most {max} vouchers").With("max", strconv.Itoa(VouchersPerFestMax))
}

// VoucherCheck is a buyer's question: what does this code do to this order?
type VoucherCheck struct {
	ScreeningID int64       `json:"screeningId"`
	Code        string      `json:"code"`
	Items       []OrderItem `json:"items"`
}

// VoucherQuote is the answer: the code's kind and value, and the order's
// total with it.
type VoucherQuote struct {
	Code  string      `json:"code"`
	Kind  VoucherKind `json:"kind"`
	Value int64       `json:"value"`
	OrderTotal
}

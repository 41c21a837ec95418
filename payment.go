package marquee

import (
	"context"
	"strconv"
	"strings"
	"time"
)

// Credits are Marquee's currency: users buy them in packages and spend them
// on submission fees and promotion. Every change of a balance is one row of
// the append-only credit ledger, and a user's balance (User.Credits) always
// equals the sum of their ledger rows.

// Currency is the currency every package is priced in (ISO 4217, lower case
// as Stripe writes it).
const Currency = "usd"

// PurchaseStatus is where a purchase of a package stands.
type PurchaseStatus string

// The statuses of a purchase. A purchase is created pending; the provider's
// answer settles it once as succeeded (the credits are granted) or failed;
// a succeeded purchase can be refunded (its unspent share: refund.go). A failed purchase may still succeed (the buyer
// retries the same payment with another card).
const (
	PurchasePending   PurchaseStatus = "pending"
	PurchaseSucceeded PurchaseStatus = "succeeded"
	PurchaseFailed    PurchaseStatus = "failed"
	PurchaseRefunded  PurchaseStatus = "refunded"
)

// Purchase is one attempt to buy a credit package. Amount and credits are
// copied from the package when the purchase is made, so a later change of
// the package never changes what a buyer paid for.
type Purchase struct {
	ID          int64  `json:"id"`
	UserID      int64  `json:"userId"`
	UserEmail   string `json:"userEmail"`
	PackageID   string `json:"packageId"`
	PackageName string `json:"packageName"` // in the reader's language
	Credits     int64  `json:"credits"`
	AmountCents int64  `json:"amountCents"`
	Currency    string `json:"currency"`
	Country     string `json:"country"`
	// Provider is the PaymentProvider's Name: "stripe" or "test".
	Provider string `json:"provider"`
	// Reference is the provider's id of the payment (a Stripe
	// PaymentIntent id, or the test mode's own); unique.
	Reference string         `json:"reference"`
	Status    PurchaseStatus `json:"status"`
	// FailureMessage is the provider's reason for a failed payment, shown
	// to the buyer as it is ("Your card was declined.").
	FailureMessage string `json:"failureMessage"`
	// RefundedCredits is how many credits a refund took back; fewer than
	// Credits when the buyer had already spent some.
	RefundedCredits int64 `json:"refundedCredits"`
	// RefundedCents is the money a refund returned (refund.go: the
	// unspent share of the price, or all of it when the provider refunded
	// the whole payment).
	RefundedCents int64 `json:"refundedCents"`
	// RefundPending is RefundUnconfirmed, for the front end: the refund is
	// recorded and its credits taken back, but the payment provider has
	// not confirmed returning the money yet.
	RefundPending bool `json:"refundPending"`
	// BuyerTax is the company and VAT id the buyer gave for the receipt
	// ("" when not given).
	BuyerTax
	// Language is the buyer's language when buying: the receipt e-mail's.
	Language  string     `json:"language"`
	CreatedAt time.Time  `json:"createdAt"`
	SettledAt *time.Time `json:"settledAt"`
	// RefundedAt is when the payment provider confirmed the refund; nil
	// while a recorded refund waits for it (RefundUnconfirmed).
	RefundedAt *time.Time `json:"refundedAt"`
}

// RefundUnconfirmed reports whether p's refund is recorded (its credits
// taken back) but the payment provider has not confirmed returning the
// money: refunding p again asks the provider again.
func (p *Purchase) RefundUnconfirmed() bool {
	return p.Status == PurchaseRefunded && p.RefundedAt == nil
}

// LedgerReason says why a balance changed.
type LedgerReason string

// The reasons of ledger rows.
const (
	LedgerPurchase   LedgerReason = "purchase"   // credits of a succeeded purchase
	LedgerRefund     LedgerReason = "refund"     // credits taken back by a refund
	LedgerAdjustment LedgerReason = "adjustment" // set by an admin or the seed
)

// LedgerEntry is one change of a user's balance. Rows are never updated or
// deleted. Reference names what caused it ("purchase:12"); a (reason,
// reference) pair occurs at most once, which is what makes a purchase
// grant at most once.
type LedgerEntry struct {
	ID        int64        `json:"id"`
	UserID    int64        `json:"userId"`
	Delta     int64        `json:"delta"`
	Reason    LedgerReason `json:"reason"`
	Reference string       `json:"reference"`
	CreatedAt time.Time    `json:"createdAt"`
	// Note is an admin adjustment's reason (shown to admins only).
	Note string `json:"note,omitempty"`
}

// PurchaseReference is the ledger reference of purchase id.
func PurchaseReference(id int64) string { return "purchase:" + strconv.FormatInt(id, 10) }

// IdempotencyKey is the key a provider is given with the payment of
// purchase id, so that a retried request never charges twice.
func IdempotencyKey(id int64) string { return "marquee-purchase-" + strconv.FormatInt(id, 10) }

// TestCard is a card typed into the test mode's own form (never a real
// card: with Stripe configured the card goes to Stripe, not to Marquee).
type TestCard struct {
	Number   string `json:"number"`
	ExpMonth int    `json:"expMonth"`
	ExpYear  int    `json:"expYear"`
	CVC      string `json:"cvc"`
}

// Digits returns the card number without spaces and dashes.
func (c TestCard) Digits() string {
	return strings.NewReplacer(" ", "", "-", "").Replace(c.Number)
}

// Validate checks the card's form as any card form would: a number of 12 to
// 19 digits that passes the Luhn check, an expiry month that has not
// passed (now is in UTC), and a CVC of 3 or 4 digits.
func (c TestCard) Validate(now time.Time) error {
	var f FieldErrors
	n := c.Digits()
	switch {
	case n == "":
		f.Add("card.number", "Card number is required")
	case len(n) < 12 || len(n) > 19 || !allDigits(n) || !Luhn(n):
		f.Add("card.number", "Your card number is invalid.")
	}
	y, m := now.UTC().Year(), int(now.UTC().Month())
	switch {
	case c.ExpMonth < 1 || c.ExpMonth > 12 || c.ExpYear < 2000 || c.ExpYear > 2100:
		f.Add("card.expiry", "Your card's expiration date is invalid.")
	case c.ExpYear < y || c.ExpYear == y && c.ExpMonth < m:
		f.Add("card.expiry", "Your card's expiration date is in the past.")
	}
	if cvc := strings.TrimSpace(c.CVC); len(cvc) < 3 || len(cvc) > 4 || !allDigits(cvc) {
		f.Add("card.cvc", "Your card's security code is invalid.")
	}
	return f.Err()
}

// Luhn reports whether the digits pass the Luhn checksum of card numbers.
func Luhn(digits string) bool {
	if digits == "" || !allDigits(digits) {
		return false
	}
	sum := 0
	double := false
	for i := len(digits) - 1; i >= 0; i-- {
		d := int(digits[i] - '0')
		if double {
			d *= 2
			if d > 9 {
				d -= 9
			}
		}
		sum += d
		double = !double
	}
	return sum%10 == 0
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// CheckoutRequest is a signed-in user's request to buy a package.
type CheckoutRequest struct {
	// PackageID names the package; the server prices the purchase from it.
	PackageID string `json:"packageId"`
	// AmountCents, when not zero, is what the client believes the price is;
	// it is only compared with the package's price.
	AmountCents int64 `json:"amountCents"`
	// Country is the billing country, an ISO 3166 two-letter code (any case).
	Country string `json:"country"`
	// PaymentMethod is a provider's payment method id (Stripe's "pm_...",
	// including its test ids pm_card_visa and pm_card_chargeDeclined, which
	// the test mode accepts too). Empty with Stripe: the browser confirms
	// the payment with Stripe Elements and the client secret.
	PaymentMethod string `json:"paymentMethodId"`
	// Card is the test mode's own card form; only the test mode takes it.
	Card *TestCard `json:"card,omitempty"`
	// BuyerTax is the optional company and VAT id for the receipt.
	BuyerTax
	// Language is the buyer's language (for the receipt); set by the server.
	Language string `json:"-"`
}

// Normalize trims the request and upper-cases the country.
func (r *CheckoutRequest) Normalize() {
	r.PackageID = strings.TrimSpace(r.PackageID)
	r.Country = strings.ToUpper(strings.TrimSpace(r.Country))
	r.PaymentMethod = strings.TrimSpace(r.PaymentMethod)
	r.BuyerTax.Normalize()
}

// Validate checks the request's own fields (Normalize first), and the test
// card's form when there is one (its expiry against now), reporting every
// failing field at once; the package's existence and price are checked by
// ValidatePrice once it is found. A request naming no package but an
// amount (the seed client's) lets the amount name the package.
func (r CheckoutRequest) Validate(now time.Time) error {
	var f FieldErrors
	if r.PackageID == "" && r.AmountCents <= 0 {
		f.Add("packageId", "Package is required")
	}
	switch {
	case r.Country == "":
		f.Add("country", "Country is required")
	case !ValidCountry(r.Country):
		f.Add("country", "Country must be a two-letter ISO 3166 code, such as US or IN")
	}
	if r.AmountCents < 0 {
		f.Add("amount", "Amount must be a positive number of cents")
	}
	if len(r.PaymentMethod) > 255 {
		f.Add("paymentMethodId", "Payment method is not valid")
	}
	r.BuyerTax.Validate(&f)
	if r.Card != nil {
		if err := f.Merge(r.Card.Validate(now), "card.number", "card.expiry", "card.cvc"); err != nil {
			return err
		}
	}
	return f.Err()
}

// ValidatePrice compares a client's amount, when it sent one, with the
// package's price.
func (r CheckoutRequest) ValidatePrice(p *Package) error {
	if r.AmountCents != 0 && r.AmountCents != p.PriceCents {
		return FieldError("amount", "The amount does not match the package's price")
	}
	return nil
}

// PackageForAmount returns the package whose price is amount cents (the
// seed client sends only an amount), or a validation error.
func PackageForAmount(packages []*Package, amountCents int64) (*Package, error) {
	for _, p := range packages {
		if p.PriceCents == amountCents {
			return p, nil
		}
	}
	return nil, FieldError("amount", "The amount does not match any package's price")
}

// CheckoutResult is what a checkout answers.
type CheckoutResult struct {
	Purchase *Purchase `json:"purchase"`
	// ClientSecret is Stripe's PaymentIntent client secret, when the browser
	// must still confirm the payment with Stripe Elements; "" otherwise.
	ClientSecret string `json:"clientSecret,omitempty"`
	// Balance is the buyer's balance after the checkout.
	Balance int64 `json:"balance"`
}

// PaymentEventType is what a provider reports about a payment.
type PaymentEventType string

// The events Marquee settles on: Stripe's payment_intent.succeeded,
// payment_intent.payment_failed and charge.refunded, and the test mode's
// equivalents.
const (
	PaymentSucceeded PaymentEventType = "payment_intent.succeeded"
	PaymentFailed    PaymentEventType = "payment_intent.payment_failed"
	PaymentRefunded  PaymentEventType = "charge.refunded"
)

// PaymentEvent is a provider's report about one payment, from a verified
// webhook or from the provider's direct answer; both settle through
// PaymentService.Settle.
type PaymentEvent struct {
	// ID is the provider's event id ("evt_..."), for the log.
	ID   string
	Type PaymentEventType
	// Reference is the provider's payment id (PaymentIntent id).
	Reference string
	// PurchaseID is the purchase named in the payment's metadata; 0 when
	// the event did not carry it (Reference then finds the purchase).
	PurchaseID int64
	// TicketOrderID is the ticket order named in the payment's metadata
	// (Stripe's ticket_order_id); 0 for a purchase's payment, or when the
	// event did not carry it (Reference then finds the order).
	TicketOrderID int64
	// AmountCents is the amount the provider reports for the payment.
	AmountCents int64
	// Message is the provider's failure message for a failed payment.
	Message string
}

// PaymentRequest is what Marquee asks a provider to charge.
type PaymentRequest struct {
	PurchaseID int64
	// TicketOrderID, when not 0, names the ticket order paid (and
	// PurchaseID is 0).
	TicketOrderID  int64
	AmountCents    int64
	Currency       string
	Country        string
	Email          string
	PaymentMethod  string
	Card           *TestCard
	IdempotencyKey string
}

// PaymentResult is a provider's answer to a PaymentRequest.
type PaymentResult struct {
	// Reference is the provider's id of the payment.
	Reference string
	// ClientSecret is set when the browser must confirm the payment.
	ClientSecret string
	// Event, when not nil, is the payment's outcome known at once (the test
	// mode always, Stripe when a payment method was given and confirmed).
	Event *PaymentEvent
}

// PaymentConfig tells the front end which provider takes payments.
type PaymentConfig struct {
	// Provider is "stripe" or "test".
	Provider string `json:"provider"`
	// PublishableKey is Stripe's publishable key ("" in test mode).
	PublishableKey string `json:"publishableKey,omitempty"`
}

// The providers' names.
const (
	ProviderStripe = "stripe"
	ProviderTest   = "test"
)

// PaymentProvider takes card payments: Stripe, or the embedded test mode.
// A card refused by the provider is not an error: it is a PaymentResult
// whose Event is PaymentFailed with the provider's message. Errors are
// input the provider refuses (EInvalid, with its message) or failures to
// reach it.
type PaymentProvider interface {
	// Name is ProviderStripe or ProviderTest.
	Name() string
	// Config is what the front end needs to collect a card.
	Config() PaymentConfig
	// CreatePayment asks for req.AmountCents, with req.IdempotencyKey and
	// the purchase id in the payment's metadata.
	CreatePayment(ctx context.Context, req PaymentRequest) (*PaymentResult, error)
	// Payment reports the current state of a payment, as an event (for a
	// browser that confirmed a payment and asks to settle at once).
	Payment(ctx context.Context, reference string) (*PaymentEvent, error)
	// FindPayment reports the outcome of the payment q names (by its
	// reference, else by its purchase or ticket order), for the worker's
	// reconciliation of payments left unsettled: a succeeded or failed
	// event; ENotFound when the provider has no such payment (nothing was
	// charged); EConflict while it is unfinished. The provider's own
	// record answers, on every node.
	FindPayment(ctx context.Context, q PaymentLookup) (*PaymentEvent, error)
	// Refund returns amountCents of the payment to the buyer; 0 returns
	// all of it. The same idempotency key with the same amount refunds
	// once however often it is asked.
	Refund(ctx context.Context, reference, idempotencyKey string, amountCents int64) error
	// ParseWebhook verifies a webhook's signature header against its body
	// and returns its event; a forged, stale or malformed webhook is
	// EUnauthorized or EInvalid. It returns (nil, nil) for an event type
	// Marquee does not settle on. The test mode has no webhooks and refuses
	// every one.
	ParseWebhook(payload []byte, signature string) (*PaymentEvent, error)
}

// PurchaseFilter narrows a list of purchases.
type PurchaseFilter struct {
	// UserID limits an admin's list to one user's purchases (0:
	// everyone's); a list of one's own purchases does not read it.
	UserID int64
	Status PurchaseStatus // "" for every status
	PageRequest
}

// PurchasesPerPage is the page size of purchase lists and the ledger.
const PurchasesPerPage = 20

// ParsePurchaseStatusFilter reads a ?status= filter of purchases: "" (every
// status) when empty or all.
func ParsePurchaseStatusFilter(v string, f *FieldErrors) PurchaseStatus {
	switch s := PurchaseStatus(strings.TrimSpace(v)); s {
	case "", "all":
		return ""
	case PurchasePending, PurchaseSucceeded, PurchaseFailed, PurchaseRefunded:
		return s
	}
	f.Add("status", "Unknown purchase status (want pending, succeeded, failed, refunded or all)")
	return ""
}

// RefundResult is the outcome of a refund.
type RefundResult struct {
	Purchase *Purchase `json:"purchase"`
	// Uncollected is how many of the purchase's credits could not be taken
	// back because the buyer had already spent them.
	Uncollected int64 `json:"uncollected"`
}

// ComposeReceipt writes the receipt e-mail of a succeeded purchase in the
// purchase's language, addressed to its buyer.
type ComposeReceipt func(p *Purchase) Mail

// PaymentService sells credit packages and keeps the ledger.
type PaymentService interface {
	// Config is the active provider's configuration for the front end.
	Config() PaymentConfig
	// Checkout prices req from its package, records a pending purchase for
	// the signed-in user and asks the provider for the payment; when the
	// outcome is known at once it settles it (exactly as Settle would). A
	// refused card is a failed purchase with the provider's message, not an
	// error. Invalid input is EInvalid and writes nothing.
	Checkout(ctx context.Context, req CheckoutRequest) (*CheckoutResult, error)
	// Confirm asks the provider for the state of the signed-in user's
	// purchase id and settles it (after the browser confirmed a Stripe
	// payment). Another user's purchase is ENotFound.
	Confirm(ctx context.Context, id int64) (*CheckoutResult, error)
	// Settle applies a provider's event: a success grants the purchase's
	// credits once (a unique ledger row in the same transaction: duplicate
	// webhooks, retries and concurrent calls on several nodes grant once),
	// a failure records the provider's message, a refund of the whole
	// payment made at the provider takes the credits back as far as the
	// balance allows (ProviderRefund), and confirms a refund Marquee
	// recorded. An event for no known purchase, or
	// whose amount differs from the purchase's, is EInvalid.
	Settle(ctx context.Context, ev PaymentEvent) (*Purchase, error)
	// Webhook verifies a provider's webhook (body and signature header)
	// with the provider and settles its event; an event type Marquee does
	// not settle on is accepted and ignored (nil purchase, nil error).
	Webhook(ctx context.Context, payload []byte, signature string) (*Purchase, error)
	// Reconcile settles the payments left unsettled for
	// PaymentReconcileAfter (a crash or a lost database connection between
	// the provider's answer and the settlement): purchases still pending,
	// and ticket orders whose payment began and that are not settled. Each
	// is claimed by one caller (any number of nodes may run it at once),
	// its provider asked (FindPayment) outside any transaction, and the
	// answer (ReconcileEvent) settled exactly as Settle settles, receipt
	// and tickets included. It returns how many it settled.
	Reconcile(ctx context.Context) (int, error)
	// RefundPreview is what refunding purchase id would do now
	// (PlanRefund): the credits taken back and the money returned, or
	// why nothing can be refunded (Refundable false) (admin only).
	RefundPreview(ctx context.Context, id int64) (*RefundPlan, error)
	// Refund refunds purchase id as its preview said (c repeats the
	// preview's figures; a balance changed since is EConflict): the
	// credits are taken back and the refund recorded in one transaction,
	// then the provider returns the money. A provider that does not
	// confirm leaves the refund recorded and unconfirmed (EUnavailable):
	// refunding again asks it again, for the same amount (admin only).
	Refund(ctx context.Context, id int64, c RefundConfirmation) (*RefundResult, error)
	// Purchase returns one of the signed-in user's own purchases
	// (OwnRecords: an admin's own too); anyone else's is ENotFound, like
	// one that does not exist. Texts are in lang.
	Purchase(ctx context.Context, id int64, lang string) (*Purchase, error)
	// Purchases lists the signed-in user's own purchases (OwnRecords),
	// newest first; f.UserID is not read, f.Status narrows the list.
	Purchases(ctx context.Context, f PurchaseFilter, lang string) (*Page[*Purchase], error)
	// AdminPurchase returns any purchase, for an admin (AdminRecords).
	AdminPurchase(ctx context.Context, id int64, lang string) (*Purchase, error)
	// AdminPurchases lists everyone's purchases (f.UserID 0) or one
	// user's, newest first, for an admin (AdminRecords).
	AdminPurchases(ctx context.Context, f PurchaseFilter, lang string) (*Page[*Purchase], error)
	// Ledger lists the signed-in user's own ledger rows (OwnRecords),
	// newest first.
	Ledger(ctx context.Context, page PageRequest) (*Page[*LedgerEntry], error)
}

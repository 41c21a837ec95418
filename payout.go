package marquee

import (
	"context"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Payouts pay a festival's earnings to its organiser. The organiser
// connects one payout account per festival (PayoutAccount: a Stripe
// Connect Express account, or the embedded test mode's), with the tax data
// statements show. A payout takes the festival's available balance as one
// 'payout' row of the earnings ledger, written in the transaction that
// creates the payout (pending); the provider is asked to transfer the money
// afterwards, outside any transaction, with the payout's idempotency key;
// its answer settles the payout as paid or failed, and a failed payout
// gives its amount back to the balance ('payout_reversal') once.
//
// An account is per festival, not per organiser: the earnings ledger,
// statements and tax data are per festival, a festival may be run by a
// legal entity of its own (an association, a company) with its own tax
// id and bank account, and a festival handed to another organiser takes its
// payout account with it.

// PayoutAccountStatus is where a payout account stands at its provider.
type PayoutAccountStatus string

// The statuses of a payout account: onboarding until the organiser has
// given the provider what it asks (bank account, identity), active when
// the provider accepts transfers to it, restricted when it stopped
// accepting them (the provider needs more information).
const (
	PayoutAccountOnboarding PayoutAccountStatus = "onboarding"
	PayoutAccountActive     PayoutAccountStatus = "active"
	PayoutAccountRestricted PayoutAccountStatus = "restricted"
)

// PayoutTaxData is the organiser's tax data for a festival's payouts,
// shown on its statements.
type PayoutTaxData struct {
	LegalName string `json:"legalName"`
	Address   string `json:"address"`
	// Country is an ISO 3166 two-letter code, upper case.
	Country string `json:"country"`
	TaxID   string `json:"taxId"`
}

// The bounds of the tax data's fields, in characters (the API document
// states them).
const (
	PayoutLegalNameMax = 200
	PayoutAddressMax   = 500
	PayoutTaxIDMax     = 40
)

// Normalize trims every field and upper-cases the country.
func (d *PayoutTaxData) Normalize() {
	d.LegalName = strings.TrimSpace(d.LegalName)
	d.Address = strings.TrimSpace(d.Address)
	d.Country = strings.ToUpper(strings.TrimSpace(d.Country))
	d.TaxID = strings.TrimSpace(d.TaxID)
}

// Validate checks every field at once (Normalize first): a legal name, an
// address, a country and a tax id are required; the tax id is letters,
// digits, spaces and - . / only.
func (d PayoutTaxData) Validate() error {
	var f FieldErrors
	switch {
	case d.LegalName == "":
		f.Add("legalName", "Legal name is required")
	case utf8.RuneCountInString(d.LegalName) > PayoutLegalNameMax:
		f.Add("legalName", "Legal name must be at most 200 characters")
	}
	switch {
	case d.Address == "":
		f.Add("address", "Address is required")
	case utf8.RuneCountInString(d.Address) > PayoutAddressMax:
		f.Add("address", "Address must be at most 500 characters")
	}
	switch {
	case d.Country == "":
		f.Add("country", "Country is required")
	case !ValidCountry(d.Country):
		f.Add("country", "Country must be a two-letter ISO 3166 code, such as US or IN")
	}
	switch {
	case d.TaxID == "":
		f.Add("taxId", "Tax ID is required")
	case len(d.TaxID) > PayoutTaxIDMax || !validTaxID(d.TaxID):
		f.Add("taxId", "Tax ID may contain only letters, digits, spaces, hyphens, dots and slashes (at most 40)")
	}
	return f.Err()
}

func validTaxID(s string) bool {
	for _, r := range s {
		switch {
		case r >= 'A' && r <= 'Z', r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == ' ', r == '-', r == '.', r == '/':
		default:
			return false
		}
	}
	return true
}

// PayoutAccount is a festival's payout account.
type PayoutAccount struct {
	FestivalID int64 `json:"festivalId"`
	// Provider is the PayoutProvider's Name: "stripe" or "test".
	Provider string `json:"provider"`
	// Reference is the provider's id of the account ("acct_..." or the
	// test mode's "test_acct_...").
	Reference string              `json:"reference"`
	Status    PayoutAccountStatus `json:"status"`
	PayoutTaxData
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// PayoutAccountView is what the earnings page shows of a festival's payout
// account: the account (nil when none is connected) and the payouts
// settings.
type PayoutAccountView struct {
	Account *PayoutAccount `json:"account"`
	// Provider is the active provider's name ("test" shows the test mode's
	// notice).
	Provider string `json:"provider"`
	// MinimumCents is the smallest balance a scheduled payout pays.
	MinimumCents int64 `json:"minimumCents"`
	// ScheduleDay is the day of the month scheduled payouts run.
	ScheduleDay int `json:"scheduleDay"`
}

// PayoutOnboarding is the link where the organiser gives the provider
// what it needs (Stripe's hosted onboarding, or the test mode's page).
type PayoutOnboarding struct {
	Account *PayoutAccount `json:"account"`
	URL     string         `json:"url"`
}

// PayoutStatus is where a payout stands.
type PayoutStatus string

// The statuses of a payout: pending from its creation until the provider
// answers, then paid or failed (a failed payout's amount is back in the
// balance). A paid payout the provider reverses later becomes failed.
const (
	PayoutPending PayoutStatus = "pending"
	PayoutPaid    PayoutStatus = "paid"
	PayoutFailed  PayoutStatus = "failed"
)

// PayoutTrigger says who started a payout.
type PayoutTrigger string

// The triggers: the worker's monthly schedule, or an admin.
const (
	PayoutScheduled PayoutTrigger = "schedule"
	PayoutByAdmin   PayoutTrigger = "admin"
)

// Payout is one transfer of a festival's balance to its payout account.
type Payout struct {
	ID           int64         `json:"id"`
	FestivalID   int64         `json:"festivalId"`
	FestivalSlug string        `json:"festivalSlug"`
	FestivalName string        `json:"festivalName"`
	AmountCents  int64         `json:"amountCents"`
	Currency     string        `json:"currency"`
	Status       PayoutStatus  `json:"status"`
	Trigger      PayoutTrigger `json:"trigger"`
	// Period is the month a scheduled payout is for ("2026-11"); "" for
	// an admin's.
	Period   string `json:"period"`
	Provider string `json:"provider"`
	// Account is the provider's account id the payout was sent to.
	Account string `json:"account"`
	// Transfer is the provider's id of the transfer ("" until known).
	Transfer string `json:"transfer"`
	// FailureMessage is a translation key of why it failed.
	FailureMessage string `json:"failureMessage"`
	// RetriedBy is the payout that retried this failed one (0: none).
	RetriedBy int64      `json:"retriedBy"`
	CreatedAt time.Time  `json:"createdAt"`
	SettledAt *time.Time `json:"settledAt"`
}

// PayoutIdempotencyKey is the key the provider is given with payout id's
// transfer, so that a retried request never pays twice.
func PayoutIdempotencyKey(id int64) string { return "marquee-payout-" + strconv.FormatInt(id, 10) }

// PayoutPeriod is the month a scheduled payout at now is for (UTC).
func PayoutPeriod(now time.Time) string { return now.UTC().Format("2006-01") }

// PayoutDue reports whether the monthly schedule runs at now: on day (1-28)
// of the month or later, UTC (a worker that was down on the day pays when
// it comes back; the period's unique key pays once).
func PayoutDue(now time.Time, day int) bool { return now.UTC().Day() >= day }

// PayoutSettings configure payouts (MARQUEE_PAYOUT_*).
type PayoutSettings struct {
	// ScheduleDay is the day of the month (1-28) of scheduled payouts.
	ScheduleDay int
	// MinimumCents is the smallest available balance a payout pays.
	MinimumCents int64
}

// DefaultPayoutSettings: on the 1st, from 25.00.
var DefaultPayoutSettings = PayoutSettings{ScheduleDay: 1, MinimumCents: 2500}

// PayoutFilter narrows an admin's list of payouts.
type PayoutFilter struct {
	Status PayoutStatus // "" for every status
	PageRequest
}

// PayoutsPerPage is the page size of payout lists.
const PayoutsPerPage = 20

// ParsePayoutStatusFilter reads a ?status= filter of payouts: "" (every
// status) when empty or all.
func ParsePayoutStatusFilter(v string, f *FieldErrors) PayoutStatus {
	switch s := PayoutStatus(strings.TrimSpace(v)); s {
	case "", "all":
		return ""
	case PayoutPending, PayoutPaid, PayoutFailed:
		return s
	}
	f.Add("status", "Unknown payout status (want pending, paid, failed or all)")
	return ""
}

// PayoutRunResult is what a scheduled run did.
type PayoutRunResult struct {
	Created int `json:"created"`
	Paid    int `json:"paid"`
	Failed  int `json:"failed"`
}

// PayoutAccountRequest is what the provider is asked to open an account
// with.
type PayoutAccountRequest struct {
	FestivalID int64
	Email      string
	PayoutTaxData
}

// PayoutAccountState is the provider's word on an account.
type PayoutAccountState struct {
	Reference string
	Status    PayoutAccountStatus
}

// TransferRequest asks the provider to pay a payout.
type TransferRequest struct {
	PayoutID       int64
	Account        string
	AmountCents    int64
	Currency       string
	IdempotencyKey string
}

// TransferResult is the provider's answer about a payout's transfer.
type TransferResult struct {
	// Reference is the provider's transfer id ("" when it refused).
	Reference string
	PayoutID  int64
	Status    PayoutStatus // PayoutPaid or PayoutFailed
	// Message is a failure's reason, a translation key.
	Message string
}

// PayoutEventType is what a provider's webhook reports about payouts.
type PayoutEventType string

// The payout events: an account's status changed (Stripe's
// account.updated), a transfer was reversed (transfer.reversed: the money
// went back to the platform, so the payout failed).
const (
	PayoutAccountUpdated   PayoutEventType = "account.updated"
	PayoutTransferReversed PayoutEventType = "transfer.reversed"
)

// PayoutEvent is a provider's verified webhook about payouts.
type PayoutEvent struct {
	ID   string
	Type PayoutEventType
	// Account is set for PayoutAccountUpdated (with its new state).
	Account *PayoutAccountState
	// Transfer is set for PayoutTransferReversed.
	Transfer *TransferResult
}

// Messages of failed payouts (translation keys).
const (
	PayoutMessageDeclined = "The payout account does not accept transfers."
	PayoutMessageReversed = "The transfer was reversed."
)

// PayoutProvider opens payout accounts and transfers money to them:
// Stripe Connect (Express accounts), or the embedded test mode.
type PayoutProvider interface {
	// Name is ProviderStripe or ProviderTest.
	Name() string
	// CreateAccount opens an account for req's festival.
	CreateAccount(ctx context.Context, req PayoutAccountRequest) (*PayoutAccountState, error)
	// OnboardingLink returns the address where the organiser finishes the
	// account's onboarding; the provider sends them back to returnURL.
	OnboardingLink(ctx context.Context, account, returnURL, refreshURL string) (string, error)
	// Account reports an account's status.
	Account(ctx context.Context, account string) (*PayoutAccountState, error)
	// CreateTransfer pays req; the same idempotency key pays once. A
	// transfer the provider refuses for the account is a failed result,
	// not an error; errors are failures to reach the provider (the payout
	// stays pending and is asked about again).
	CreateTransfer(ctx context.Context, req TransferRequest) (*TransferResult, error)
	// FindTransfer reports payout id's transfer; ENotFound when the
	// provider made none.
	FindTransfer(ctx context.Context, payoutID int64) (*TransferResult, error)
	// ParseWebhook verifies a webhook and returns its payout event; (nil,
	// nil) for an event that is not about payouts.
	ParseWebhook(payload []byte, signature string) (*PayoutEvent, error)
}

// TestPayoutOnboarding is the test mode's simulated onboarding: the
// organiser finishes it on a page of Marquee's, and may mark the account
// as one whose transfers fail.
type TestPayoutOnboarding interface {
	CompleteOnboarding(ctx context.Context, account string, failTransfers bool) error
}

// TestPayoutAccount is an account the test mode opened.
type TestPayoutAccount struct {
	Reference     string
	FestivalID    int64
	Status        PayoutAccountStatus
	FailTransfers bool
	CreatedAt     time.Time
}

// TestTransfer is a transfer the test mode made (or refused).
type TestTransfer struct {
	Reference      string
	PayoutID       int64
	Account        string
	AmountCents    int64
	Status         PayoutStatus
	Message        string
	IdempotencyKey string
	CreatedAt      time.Time
}

// TestPayouts keeps the test mode's accounts and transfers in the
// database, so that every node answers the same.
type TestPayouts interface {
	CreateAccount(ctx context.Context, a TestPayoutAccount) error
	Account(ctx context.Context, reference string) (*TestPayoutAccount, error)
	CompleteOnboarding(ctx context.Context, reference string, failTransfers bool) error
	// RecordTransfer stores t unless a transfer with its idempotency key
	// exists; it returns the one stored.
	RecordTransfer(ctx context.Context, t TestTransfer) (*TestTransfer, error)
	// FindTransfer returns payout id's transfer (ENotFound: none).
	FindTransfer(ctx context.Context, payoutID int64) (*TestTransfer, error)
}

// PayoutService connects payout accounts and pays festivals.
type PayoutService interface {
	// Account is festival slug's payout account view (organiser of the
	// festival or admin; anyone else ENotFound).
	Account(ctx context.Context, slug string) (*PayoutAccountView, error)
	// Connect opens the festival's payout account with tax data d (or
	// updates the tax data of the one it has) and returns the provider's
	// onboarding link; invalid data is EInvalid and writes nothing.
	Connect(ctx context.Context, slug string, d PayoutTaxData) (*PayoutOnboarding, error)
	// Refresh asks the provider for the account's status and stores it.
	Refresh(ctx context.Context, slug string) (*PayoutAccountView, error)
	// CompleteTestOnboarding finishes the test mode's simulated onboarding
	// of the festival's account (EInvalid with Stripe).
	CompleteTestOnboarding(ctx context.Context, slug string, failTransfers bool) (*PayoutAccountView, error)
	// FestivalPayouts lists the festival's payouts, newest first.
	FestivalPayouts(ctx context.Context, slug string, page PageRequest) (*Page[*Payout], error)
	// PayNow pays festival slug's available balance at once (admin only):
	// EConflict when there is no active account, or the balance is below
	// the minimum or already being paid.
	PayNow(ctx context.Context, slug string) (*Payout, error)
	// Retry pays again the festival of failed payout id (admin only), once.
	Retry(ctx context.Context, id int64) (*Payout, error)
	// AdminPayouts lists every payout, newest first (admin only).
	AdminPayouts(ctx context.Context, f PayoutFilter) (*Page[*Payout], error)
	// RunSchedule makes the month's scheduled payouts when due, and asks
	// the provider about payouts left pending (the worker; any number of
	// nodes at once make each payout once).
	RunSchedule(ctx context.Context) (*PayoutRunResult, error)
	// Webhook verifies a provider's webhook; handled is false for an
	// event that is not about payouts (the payments service takes it).
	Webhook(ctx context.Context, payload []byte, signature string) (handled bool, err error)
}

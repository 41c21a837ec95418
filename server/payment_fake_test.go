package server_test

import (
	"context"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/marquee-festival/marquee"
)

// fakePayments is an in-memory marquee.PaymentService for the handler
// tests: it keeps what it was asked and answers like the real service
// would, without a database or a provider. Checkout's outcome follows the
// payment method: pm_card_chargeDeclined is declined ("Your card was
// declined."), pm_pending stays pending with a client secret (a Stripe
// payment the browser must confirm), anything else succeeds.
type fakePayments struct {
	mu sync.Mutex

	config marquee.PaymentConfig
	// checkoutErr, when set, is Checkout's answer.
	checkoutErr error

	checkouts  []marquee.CheckoutRequest
	webhooks   []fakeWebhook
	purchases  []*marquee.Purchase
	ledger     []*marquee.LedgerEntry
	balances   map[int64]int64
	refunded   []int64
	lastFilter marquee.PurchaseFilter
	lastLang   string
}

type fakeWebhook struct {
	payload   []byte
	signature string
}

// fake webhook signatures: forgedSignature is refused as EUnauthorized,
// malformedSignature as EInvalid; any other is accepted.
const (
	forgedSignature    = "t=1,v1=forged"
	malformedSignature = "garbage"
)

func newFakePayments() *fakePayments {
	return &fakePayments{config: marquee.PaymentConfig{Provider: marquee.ProviderTest}, balances: map[int64]int64{}}
}

// fakePackages are the packages the fake sells, as the store's migration
// adds them: id, price in cents, credits.
var fakePackages = []*marquee.Package{
	{ID: "basic", Name: "Basic", PriceCents: 2500, Credits: 50},
	{ID: "pro", Name: "Pro", PriceCents: 5000, Credits: 100},
	{ID: "enterprise", Name: "Enterprise", PriceCents: 10000, Credits: 250},
}

func (f *fakePayments) Config() marquee.PaymentConfig { return f.config }

func (f *fakePayments) Checkout(ctx context.Context, req marquee.CheckoutRequest) (*marquee.CheckoutResult, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.checkouts = append(f.checkouts, req)
	if f.checkoutErr != nil {
		return nil, f.checkoutErr
	}
	req.Normalize()
	if err := req.Validate(time.Now()); err != nil {
		return nil, err
	}
	var pkg *marquee.Package
	if req.PackageID == "" {
		if pkg, err = marquee.PackageForAmount(fakePackages, req.AmountCents); err != nil {
			return nil, err
		}
	} else {
		i := slices.IndexFunc(fakePackages, func(p *marquee.Package) bool { return p.ID == req.PackageID })
		if i < 0 {
			return nil, marquee.FieldError("packageId", "Package not found")
		}
		pkg = fakePackages[i]
		if err := req.ValidatePrice(pkg); err != nil {
			return nil, err
		}
	}
	p := &marquee.Purchase{
		ID: int64(len(f.purchases) + 1), UserID: u.ID, UserEmail: u.Email, PackageID: pkg.ID, PackageName: pkg.Name,
		Credits: pkg.Credits, AmountCents: pkg.PriceCents, Currency: marquee.Currency, Country: req.Country,
		Provider: f.config.Provider, Status: marquee.PurchasePending, Language: req.Language,
	}
	p.Reference = "pi_fake_" + strings.Repeat("x", int(p.ID))
	f.purchases = append(f.purchases, p)
	res := &marquee.CheckoutResult{Purchase: p}
	switch req.PaymentMethod {
	case "pm_card_chargeDeclined":
		p.Status, p.FailureMessage = marquee.PurchaseFailed, "Your card was declined."
	case "pm_pending":
		res.ClientSecret = p.Reference + "_secret"
	default:
		f.grant(p)
	}
	res.Balance = f.balances[u.ID]
	return res, nil
}

// grant settles p as succeeded (f.mu held).
func (f *fakePayments) grant(p *marquee.Purchase) {
	p.Status = marquee.PurchaseSucceeded
	f.balances[p.UserID] += p.Credits
	f.ledger = append(f.ledger, &marquee.LedgerEntry{ID: int64(len(f.ledger) + 1), UserID: p.UserID, Delta: p.Credits,
		Reason: marquee.LedgerPurchase, Reference: marquee.PurchaseReference(p.ID)})
}

// find returns purchase id when the caller may see it (f.mu held).
func (f *fakePayments) find(ctx context.Context, id int64) (*marquee.Purchase, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	for _, p := range f.purchases {
		if p.ID == id && (p.UserID == u.ID || u.IsAdmin()) {
			return p, nil
		}
	}
	return nil, marquee.Errorf(marquee.ENotFound, "Purchase not found")
}

func (f *fakePayments) Confirm(ctx context.Context, id int64) (*marquee.CheckoutResult, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	p, err := f.find(ctx, id)
	if err != nil {
		return nil, err
	}
	if p.UserID != marquee.UserFromContext(ctx).ID {
		return nil, marquee.Errorf(marquee.ENotFound, "Purchase not found")
	}
	if p.Status == marquee.PurchasePending {
		f.grant(p)
	}
	return &marquee.CheckoutResult{Purchase: p, Balance: f.balances[p.UserID]}, nil
}

func (f *fakePayments) Settle(ctx context.Context, ev marquee.PaymentEvent) (*marquee.Purchase, error) {
	return nil, marquee.Errorf(marquee.EInvalid, "not used by the server")
}

func (f *fakePayments) Reconcile(ctx context.Context) (int, error) {
	return 0, marquee.Errorf(marquee.EInvalid, "not used by the server")
}

func (f *fakePayments) Webhook(ctx context.Context, payload []byte, signature string) (*marquee.Purchase, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.webhooks = append(f.webhooks, fakeWebhook{payload: payload, signature: signature})
	switch signature {
	case forgedSignature:
		return nil, marquee.Errorf(marquee.EUnauthorized, "Webhook signature does not match")
	case malformedSignature:
		return nil, marquee.Errorf(marquee.EInvalid, "Webhook is malformed")
	}
	return nil, nil
}

// RefundPreview plans the refund over the fake's balance, by the
// domain's rule.
func (f *fakePayments) RefundPreview(ctx context.Context, id int64) (*marquee.RefundPlan, error) {
	if _, err := marquee.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	p, err := f.find(ctx, id)
	if err != nil {
		return nil, err
	}
	return marquee.PlanRefund(p, f.balances[p.UserID])
}

// Refund refunds as the domain's plan says when c confirms it.
func (f *fakePayments) Refund(ctx context.Context, id int64, c marquee.RefundConfirmation) (*marquee.RefundResult, error) {
	if _, err := marquee.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	if err := c.Validate(); err != nil {
		return nil, err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	p, err := f.find(ctx, id)
	if err != nil {
		return nil, err
	}
	plan, err := marquee.PlanRefund(p, f.balances[p.UserID])
	if err != nil {
		return nil, err
	}
	if err := plan.Confirm(c); err != nil {
		return nil, err
	}
	now := time.Now().UTC()
	p.Status, p.RefundedCredits, p.RefundedCents, p.RefundedAt = marquee.PurchaseRefunded, plan.TakeCredits, plan.RefundCents, &now
	f.balances[p.UserID] -= plan.TakeCredits
	f.refunded = append(f.refunded, id)
	return &marquee.RefundResult{Purchase: p, Uncollected: plan.SpentCredits}, nil
}

// setBalance sets user's balance (as if they had spent credits).
func (f *fakePayments) setBalance(user, credits int64) {
	f.mu.Lock()
	f.balances[user] = credits
	f.mu.Unlock()
}

func (f *fakePayments) Purchase(ctx context.Context, id int64, lang string) (*marquee.Purchase, error) {
	scope, err := marquee.OwnRecords(ctx)
	if err != nil {
		return nil, err
	}
	return f.purchaseIn(scope, id, lang)
}

func (f *fakePayments) AdminPurchase(ctx context.Context, id int64, lang string) (*marquee.Purchase, error) {
	scope, err := marquee.AdminRecords(ctx, 0)
	if err != nil {
		return nil, err
	}
	return f.purchaseIn(scope, id, lang)
}

// purchaseIn returns purchase id if scope covers it.
func (f *fakePayments) purchaseIn(scope marquee.RecordsScope, id int64, lang string) (*marquee.Purchase, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.lastLang = lang
	for _, p := range f.purchases {
		if p.ID == id && scope.Includes(p.UserID) {
			return p, nil
		}
	}
	return nil, marquee.Errorf(marquee.ENotFound, "Purchase not found")
}

func (f *fakePayments) Purchases(ctx context.Context, filter marquee.PurchaseFilter, lang string) (*marquee.Page[*marquee.Purchase], error) {
	scope, err := marquee.OwnRecords(ctx)
	if err != nil {
		return nil, err
	}
	return f.purchasesIn(scope, filter, lang)
}

func (f *fakePayments) AdminPurchases(ctx context.Context, filter marquee.PurchaseFilter, lang string) (*marquee.Page[*marquee.Purchase], error) {
	scope, err := marquee.AdminRecords(ctx, filter.UserID)
	if err != nil {
		return nil, err
	}
	return f.purchasesIn(scope, filter, lang)
}

// purchasesIn lists the purchases scope covers, as the filter (its user
// the scope's, as the service reads it) narrows them.
func (f *fakePayments) purchasesIn(scope marquee.RecordsScope, filter marquee.PurchaseFilter, lang string) (*marquee.Page[*marquee.Purchase], error) {
	filter.UserID = scope.UserID
	f.mu.Lock()
	defer f.mu.Unlock()
	f.lastFilter, f.lastLang = filter, lang
	var all []*marquee.Purchase
	for i := len(f.purchases) - 1; i >= 0; i-- {
		p := f.purchases[i]
		if (filter.UserID == 0 || p.UserID == filter.UserID) && (filter.Status == "" || p.Status == filter.Status) {
			all = append(all, p)
		}
	}
	return pageOfItems(all, filter.PageRequest), nil
}

func (f *fakePayments) Ledger(ctx context.Context, page marquee.PageRequest) (*marquee.Page[*marquee.LedgerEntry], error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	var all []*marquee.LedgerEntry
	for i := len(f.ledger) - 1; i >= 0; i-- {
		if f.ledger[i].UserID == u.ID {
			all = append(all, f.ledger[i])
		}
	}
	return pageOfItems(all, page), nil
}

func pageOfItems[T any](all []T, req marquee.PageRequest) *marquee.Page[T] {
	from := min(req.Offset(), len(all))
	to := min(from+req.PerPage, len(all))
	return marquee.NewPage(all[from:to], int64(len(all)), max(req.Page, 1), req.PerPage)
}

// lastCheckout returns the request Checkout was given last.
func (f *fakePayments) lastCheckout() marquee.CheckoutRequest {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.checkouts) == 0 {
		return marquee.CheckoutRequest{}
	}
	return f.checkouts[len(f.checkouts)-1]
}

func (f *fakePayments) checkoutCount() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.checkouts)
}

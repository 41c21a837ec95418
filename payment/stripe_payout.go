package payment

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"

	"github.com/marquee-festival/marquee"
)

// metadataPayoutID is the Transfer metadata key naming the payout;
// metadataFestivalID the Account metadata key naming its festival.
const (
	metadataPayoutID   = "payout_id"
	metadataFestivalID = "festival_id"
)

// transferGroup is the transfer group of payout id's transfer, by which
// FindTransfer lists it.
func transferGroup(id int64) string { return "marquee_payout_" + strconv.FormatInt(id, 10) }

// StripePayouts pays organisers with Stripe Connect: an Express account
// per festival, onboarded on Stripe's hosted pages (account links), and a
// transfer from the platform's balance per payout. It shares the Stripe
// provider's client and webhook secret.
type StripePayouts struct {
	s *Stripe
}

var _ marquee.PayoutProvider = (*StripePayouts)(nil)

// Payouts returns the Connect payout provider over s's client.
func (s *Stripe) Payouts() *StripePayouts { return &StripePayouts{s: s} }

// Name is marquee.ProviderStripe.
func (*StripePayouts) Name() string { return marquee.ProviderStripe }

// CreateAccount creates an Express account in the organiser's country
// with the transfers capability requested and the festival in its
// metadata; the account is onboarding until Stripe enables payouts.
func (p *StripePayouts) CreateAccount(ctx context.Context, req marquee.PayoutAccountRequest) (*marquee.PayoutAccountState, error) {
	params := &stripe.AccountCreateParams{
		Type:    stripe.String(string(stripe.AccountTypeExpress)),
		Country: stripe.String(req.Country),
		Capabilities: &stripe.AccountCreateCapabilitiesParams{
			Transfers: &stripe.AccountCreateCapabilitiesTransfersParams{Requested: stripe.Bool(true)},
		},
	}
	if req.Email != "" {
		params.Email = stripe.String(req.Email)
	}
	params.AddMetadata(metadataFestivalID, strconv.FormatInt(req.FestivalID, 10))
	params.SetIdempotencyKey("marquee-payout-account-" + strconv.FormatInt(req.FestivalID, 10))
	a, err := p.s.client.V1Accounts.Create(ctx, params)
	if err != nil {
		var se *stripe.Error
		if errors.As(err, &se) && se.Type == stripe.ErrorTypeInvalidRequest && se.Param == "country" {
			return nil, marquee.FieldError("country", "Payouts are not available in this country")
		}
		return nil, fmt.Errorf("stripe: create the payout account of festival %d: %w", req.FestivalID, err)
	}
	return accountState(a), nil
}

// OnboardingLink creates an account_onboarding account link.
func (p *StripePayouts) OnboardingLink(ctx context.Context, account, returnURL, refreshURL string) (string, error) {
	l, err := p.s.client.V1AccountLinks.Create(ctx, &stripe.AccountLinkCreateParams{
		Account:    stripe.String(account),
		Type:       stripe.String(string(stripe.AccountLinkTypeAccountOnboarding)),
		ReturnURL:  stripe.String(returnURL),
		RefreshURL: stripe.String(refreshURL),
	})
	if err != nil {
		return "", fmt.Errorf("stripe: onboarding link of account %s: %w", account, err)
	}
	return l.URL, nil
}

// Account retrieves the account and maps it (accountState).
func (p *StripePayouts) Account(ctx context.Context, account string) (*marquee.PayoutAccountState, error) {
	a, err := p.s.client.V1Accounts.GetByID(ctx, account, nil)
	if err != nil {
		var se *stripe.Error
		if errors.As(err, &se) && (se.HTTPStatusCode == http.StatusNotFound || se.Code == stripe.ErrorCodeResourceMissing) {
			return nil, marquee.Errorf(marquee.ENotFound, "The payout account was not found")
		}
		return nil, fmt.Errorf("stripe: retrieve account %s: %w", account, err)
	}
	return accountState(a), nil
}

// accountState maps an Account: active when payouts are enabled and the
// transfers capability is active; restricted when Stripe disabled it
// after onboarding; onboarding otherwise.
func accountState(a *stripe.Account) *marquee.PayoutAccountState {
	st := &marquee.PayoutAccountState{Reference: a.ID, Status: marquee.PayoutAccountOnboarding}
	transfers := a.Capabilities == nil || a.Capabilities.Transfers == "" || a.Capabilities.Transfers == stripe.AccountCapabilityStatusActive
	switch {
	case a.PayoutsEnabled && transfers:
		st.Status = marquee.PayoutAccountActive
	case a.DetailsSubmitted:
		st.Status = marquee.PayoutAccountRestricted
	}
	return st
}

// CreateTransfer transfers req.AmountCents to the account, with the
// payout's idempotency key, id in its metadata and its transfer group. A
// transfer Stripe refuses for the destination (an account that cannot take
// transfers, an insufficient platform balance) is a failed result.
func (p *StripePayouts) CreateTransfer(ctx context.Context, req marquee.TransferRequest) (*marquee.TransferResult, error) {
	currency := strings.ToLower(req.Currency)
	if currency == "" {
		currency = marquee.Currency
	}
	params := &stripe.TransferCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(currency),
		Destination:   stripe.String(req.Account),
		TransferGroup: stripe.String(transferGroup(req.PayoutID)),
	}
	params.AddMetadata(metadataPayoutID, strconv.FormatInt(req.PayoutID, 10))
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}
	tr, err := p.s.client.V1Transfers.Create(ctx, params)
	if err != nil {
		var se *stripe.Error
		if errors.As(err, &se) && se.Type == stripe.ErrorTypeInvalidRequest && se.HTTPStatusCode < 500 {
			return &marquee.TransferResult{PayoutID: req.PayoutID, Status: marquee.PayoutFailed, Message: marquee.PayoutMessageDeclined}, nil
		}
		return nil, fmt.Errorf("stripe: transfer of payout %d: %w", req.PayoutID, err)
	}
	return transferResult(tr, req.PayoutID), nil
}

// FindTransfer lists the transfers of the payout's transfer group.
func (p *StripePayouts) FindTransfer(ctx context.Context, payoutID int64) (*marquee.TransferResult, error) {
	params := &stripe.TransferListParams{TransferGroup: stripe.String(transferGroup(payoutID))}
	for tr, err := range p.s.client.V1Transfers.List(ctx, params).All(ctx) {
		if err != nil {
			return nil, fmt.Errorf("stripe: find the transfer of payout %d: %w", payoutID, err)
		}
		if tr.TransferGroup != transferGroup(payoutID) && tr.Metadata[metadataPayoutID] != strconv.FormatInt(payoutID, 10) {
			continue
		}
		return transferResult(tr, payoutID), nil
	}
	return nil, marquee.Errorf(marquee.ENotFound, "The transfer was not found")
}

// transferResult maps a Transfer: paid, or failed once reversed.
func transferResult(tr *stripe.Transfer, payoutID int64) *marquee.TransferResult {
	r := &marquee.TransferResult{Reference: tr.ID, PayoutID: payoutID, Status: marquee.PayoutPaid}
	if id, err := strconv.ParseInt(tr.Metadata[metadataPayoutID], 10, 64); err == nil && id > 0 {
		r.PayoutID = id
	}
	if tr.Reversed {
		r.Status, r.Message = marquee.PayoutFailed, marquee.PayoutMessageReversed
	}
	return r
}

// ParseWebhook verifies a webhook as the payment provider does and maps
// account.updated (the account's new state) and transfer.reversed of
// the whole transfer (the payout failed); other events are (nil, nil). Stripe has no
// transfer.failed event: a transfer either is made at once or refused
// when created (CreateTransfer).
func (p *StripePayouts) ParseWebhook(payload []byte, signature string) (*marquee.PayoutEvent, error) {
	if p.s.cfg.WebhookSecret == "" {
		return nil, marquee.Errorf(marquee.EUnauthorized, "Invalid webhook signature")
	}
	ev, err := webhook.ConstructEventWithOptions(payload, signature, p.s.cfg.WebhookSecret,
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
	switch {
	case errors.Is(err, webhook.ErrNotSigned), errors.Is(err, webhook.ErrInvalidHeader),
		errors.Is(err, webhook.ErrNoValidSignature), errors.Is(err, webhook.ErrTooOld):
		return nil, marquee.Errorf(marquee.EUnauthorized, "Invalid webhook signature")
	case err != nil:
		return nil, invalidWebhook(err)
	}
	switch marquee.PayoutEventType(ev.Type) {
	case marquee.PayoutAccountUpdated:
		var a stripe.Account
		if ev.Data == nil || json.Unmarshal(ev.Data.Raw, &a) != nil || a.ID == "" {
			return nil, invalidWebhook(fmt.Errorf("event %s: account", ev.ID))
		}
		return &marquee.PayoutEvent{ID: ev.ID, Type: marquee.PayoutAccountUpdated, Account: accountState(&a)}, nil
	case marquee.PayoutTransferReversed:
		var tr stripe.Transfer
		if ev.Data == nil || json.Unmarshal(ev.Data.Raw, &tr) != nil || tr.ID == "" {
			return nil, invalidWebhook(fmt.Errorf("event %s: transfer", ev.ID))
		}
		if !tr.Reversed {
			return nil, nil // reversed in part (in Stripe's dashboard): left to an admin
		}
		r := transferResult(&tr, 0)
		r.Status, r.Message = marquee.PayoutFailed, marquee.PayoutMessageReversed
		return &marquee.PayoutEvent{ID: ev.ID, Type: marquee.PayoutTransferReversed, Transfer: r}, nil
	}
	return nil, nil
}

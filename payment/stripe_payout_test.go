package payment

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
)

func payoutAccountRequest() marquee.PayoutAccountRequest {
	return marquee.PayoutAccountRequest{FestivalID: 9, Email: "org@example.com",
		PayoutTaxData: marquee.PayoutTaxData{LegalName: "Ann Films KK", Address: "1-2-3 Shibuya, Tokyo", Country: "JP", TaxID: "T1234567890123"}}
}

// TestStripePayoutCreateAccount creates an Express account with the
// transfers capability, the festival in its metadata and an idempotency
// key; stripe-mock's account (nothing enabled) is onboarding.
func TestStripePayoutCreateAccount(t *testing.T) {
	s, rec := newTestStripe(t, nil)
	st, err := s.Payouts().CreateAccount(context.Background(), payoutAccountRequest())
	if err != nil {
		t.Fatalf("CreateAccount: %v", err)
	}
	r := rec.only(t)
	if r.Method != http.MethodPost || r.Path != "/v1/accounts" || r.IdempotencyKey != "marquee-payout-account-9" {
		t.Errorf("request %s %s key %q", r.Method, r.Path, r.IdempotencyKey)
	}
	wantForm(t, r, map[string]string{"type": "express", "country": "JP", "email": "org@example.com",
		"capabilities[transfers][requested]": "true", "metadata[festival_id]": "9"})
	if !strings.HasPrefix(st.Reference, "acct_") {
		t.Errorf("state %+v", st)
	}
}

// TestStripePayoutOnboardingLink asks for an account_onboarding link with
// the return and refresh addresses.
func TestStripePayoutOnboardingLink(t *testing.T) {
	s, rec := newTestStripe(t, nil)
	link, err := s.Payouts().OnboardingLink(context.Background(), "acct_123", "https://m.example/back", "https://m.example/again")
	if err != nil || link == "" {
		t.Fatalf("OnboardingLink: %q %v", link, err)
	}
	r := rec.only(t)
	if r.Path != "/v1/account_links" {
		t.Errorf("path %s", r.Path)
	}
	wantForm(t, r, map[string]string{"account": "acct_123", "type": "account_onboarding",
		"return_url": "https://m.example/back", "refresh_url": "https://m.example/again"})
}

func account(id string, payouts, submitted bool, transfers string) string {
	return fmt.Sprintf(`{"id":%q,"object":"account","payouts_enabled":%t,"details_submitted":%t,"capabilities":{"transfers":%q}}`,
		id, payouts, submitted, transfers)
}

// TestStripePayoutAccountStatus maps an account's state.
func TestStripePayoutAccountStatus(t *testing.T) {
	for _, tc := range []struct {
		name string
		body string
		want marquee.PayoutAccountStatus
	}{
		{"new", account("acct_1", false, false, "inactive"), marquee.PayoutAccountOnboarding},
		{"active", account("acct_1", true, true, "active"), marquee.PayoutAccountActive},
		{"transfers pending", account("acct_1", true, true, "pending"), marquee.PayoutAccountRestricted},
		{"disabled after onboarding", account("acct_1", false, true, "inactive"), marquee.PayoutAccountRestricted},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, rec := newTestStripe(t, func(r recorded) *canned { return &canned{200, tc.body} })
			st, err := s.Payouts().Account(context.Background(), "acct_1")
			if err != nil || st.Status != tc.want || st.Reference != "acct_1" {
				t.Fatalf("Account: %+v %v", st, err)
			}
			if r := rec.only(t); r.Method != http.MethodGet || r.Path != "/v1/accounts/acct_1" {
				t.Errorf("request %s %s", r.Method, r.Path)
			}
		})
	}
	s, _ := newTestStripe(t, func(r recorded) *canned {
		return &canned{404, `{"error":{"type":"invalid_request_error","code":"resource_missing","message":"No such account"}}`}
	})
	if _, err := s.Payouts().Account(context.Background(), "acct_gone"); marquee.ErrorCode(err) != marquee.ENotFound {
		t.Errorf("missing account: %v", err)
	}
}

// TestStripePayoutTransfer sends the amount, currency, destination,
// payout id, transfer group and the payout's idempotency key; stripe-mock's
// transfer is paid, a refused destination a failed result, an outage an
// error.
func TestStripePayoutTransfer(t *testing.T) {
	req := marquee.TransferRequest{PayoutID: 5, Account: "acct_123", AmountCents: 9150, Currency: "USD", IdempotencyKey: marquee.PayoutIdempotencyKey(5)}
	s, rec := newTestStripe(t, nil)
	res, err := s.Payouts().CreateTransfer(context.Background(), req)
	if err != nil {
		t.Fatalf("CreateTransfer: %v", err)
	}
	r := rec.only(t)
	if r.Path != "/v1/transfers" || r.IdempotencyKey != "marquee-payout-5" {
		t.Errorf("request %s key %q", r.Path, r.IdempotencyKey)
	}
	wantForm(t, r, map[string]string{"amount": "9150", "currency": "usd", "destination": "acct_123",
		"metadata[payout_id]": "5", "transfer_group": "marquee_payout_5"})
	if res.Status != marquee.PayoutPaid || !strings.HasPrefix(res.Reference, "tr_") {
		t.Errorf("result %+v", res)
	}

	refused, _ := newTestStripe(t, func(r recorded) *canned {
		return &canned{400, `{"error":{"type":"invalid_request_error","code":"account_invalid","message":"Cannot transfer to this account"}}`}
	})
	res, err = refused.Payouts().CreateTransfer(context.Background(), req)
	if err != nil || res.Status != marquee.PayoutFailed || res.Message != marquee.PayoutMessageDeclined || res.Reference != "" {
		t.Errorf("refused: %+v %v", res, err)
	}
	down, _ := newTestStripe(t, func(r recorded) *canned {
		return &canned{500, `{"error":{"type":"api_error","message":"boom"}}`}
	})
	if res, err := down.Payouts().CreateTransfer(context.Background(), req); err == nil {
		t.Errorf("outage answered %+v", res)
	}
}

// TestStripePayoutFindTransfer lists the payout's transfer group.
func TestStripePayoutFindTransfer(t *testing.T) {
	tr := func(id string, reversed bool) string {
		return fmt.Sprintf(`{"id":%q,"object":"transfer","amount":9150,"currency":"usd","reversed":%t,"transfer_group":"marquee_payout_5","metadata":{"payout_id":"5"}}`, id, reversed)
	}
	list := func(items ...string) string {
		return `{"object":"list","url":"/v1/transfers","has_more":false,"data":[` + strings.Join(items, ",") + `]}`
	}
	for _, tc := range []struct {
		name string
		body string
		want marquee.PayoutStatus
		code string
	}{
		{"paid", list(tr("tr_1", false)), marquee.PayoutPaid, ""},
		{"reversed", list(tr("tr_1", true)), marquee.PayoutFailed, ""},
		{"none", list(), "", marquee.ENotFound},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, rec := newTestStripe(t, func(r recorded) *canned { return &canned{200, tc.body} })
			res, err := s.Payouts().FindTransfer(context.Background(), 5)
			if tc.code != "" {
				if marquee.ErrorCode(err) != tc.code {
					t.Fatalf("FindTransfer: %+v %v", res, err)
				}
			} else if err != nil || res.Status != tc.want || res.PayoutID != 5 || res.Reference != "tr_1" {
				t.Fatalf("FindTransfer: %+v %v", res, err)
			}
			r := rec.only(t)
			if r.Method != http.MethodGet || r.Path != "/v1/transfers" || r.Form.Get("transfer_group") != "marquee_payout_5" {
				t.Errorf("request %s %s %v", r.Method, r.Path, r.Form)
			}
		})
	}
	// stripe-mock's own list answers too.
	s, _ := newTestStripe(t, nil)
	if _, err := s.Payouts().FindTransfer(context.Background(), 5); err != nil && marquee.ErrorCode(err) != marquee.ENotFound {
		t.Errorf("stripe-mock list: %v", err)
	}
}

// TestStripePayoutWebhook maps account.updated and a wholly reversed
// transfer; payment events are not payouts'; forgeries are refused.
func TestStripePayoutWebhook(t *testing.T) {
	s := NewStripe(StripeConfig{SecretKey: "sk_test_123", PublishableKey: "pk_test_456", WebhookSecret: testWebhookSecret}).Payouts()
	parse := func(body string) (*marquee.PayoutEvent, error) {
		return s.ParseWebhook([]byte(body), signed(body, testWebhookSecret, time.Now()))
	}
	ev, err := parse(event("account.updated", account("acct_9", true, true, "active")))
	if err != nil || ev == nil || ev.Type != marquee.PayoutAccountUpdated || ev.Account.Reference != "acct_9" || ev.Account.Status != marquee.PayoutAccountActive {
		t.Fatalf("account.updated: %+v %v", ev, err)
	}
	ev, err = parse(event("transfer.reversed", `{"id":"tr_7","object":"transfer","amount":100,"reversed":true,"metadata":{"payout_id":"12"}}`))
	if err != nil || ev == nil || ev.Type != marquee.PayoutTransferReversed || ev.Transfer.PayoutID != 12 || ev.Transfer.Reference != "tr_7" ||
		ev.Transfer.Status != marquee.PayoutFailed || ev.Transfer.Message != marquee.PayoutMessageReversed {
		t.Fatalf("transfer.reversed: %+v %v", ev, err)
	}
	if ev, err := parse(event("transfer.reversed", `{"id":"tr_7","object":"transfer","amount":100,"amount_reversed":10,"reversed":false}`)); ev != nil || err != nil {
		t.Errorf("partial reversal: %+v %v", ev, err)
	}
	if ev, err := parse(event("payment_intent.succeeded", intent("pi_1", "succeeded", ""))); ev != nil || err != nil {
		t.Errorf("payment event: %+v %v", ev, err)
	}
	body := event("account.updated", account("acct_9", true, true, "active"))
	if _, err := s.ParseWebhook([]byte(body), signed(body, "whsec_forger", time.Now())); marquee.ErrorCode(err) != marquee.EUnauthorized {
		t.Errorf("forged: %v", err)
	}
	if _, err := parse(event("account.updated", `{"object":"account"}`)); marquee.ErrorCode(err) != marquee.EInvalid {
		t.Errorf("account without id: %v", err)
	}
}

package store

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/marquee-festival/marquee"
)

// view is the earnings page's view of account a.
func (s *PayoutService) view(a *marquee.PayoutAccount) *marquee.PayoutAccountView {
	return &marquee.PayoutAccountView{Account: a, Provider: s.opts.Provider.Name(),
		MinimumCents: s.opts.Settings.MinimumCents, ScheduleDay: s.opts.Settings.ScheduleDay}
}

// Account returns the festival's payout account view (its organiser or an
// admin).
func (s *PayoutService) Account(ctx context.Context, slug string) (*marquee.PayoutAccountView, error) {
	if err := s.configured(); err != nil {
		return nil, err
	}
	f, err := s.managedPayoutFestival(ctx, slug)
	if err != nil {
		return nil, err
	}
	a, err := payoutAccount(ctx, s.reader(), f.ID)
	if err != nil {
		return nil, err
	}
	return s.view(a), nil
}

// Connect stores the tax data d of the festival's account, opening the
// account at the provider first when the festival has none (outside any
// transaction; Stripe's idempotency key per festival opens one account
// however often it is asked), and returns the provider's onboarding link.
// Invalid data is EInvalid and writes nothing; the change is audited.
func (s *PayoutService) Connect(ctx context.Context, slug string, d marquee.PayoutTaxData) (*marquee.PayoutOnboarding, error) {
	if err := s.configured(); err != nil {
		return nil, err
	}
	f, err := s.managedPayoutFestival(ctx, slug)
	if err != nil {
		return nil, err
	}
	d.Normalize()
	if err := d.Validate(); err != nil {
		return nil, err
	}
	existing, err := payoutAccount(ctx, s.reader(), f.ID)
	if err != nil {
		return nil, err
	}
	var opened *marquee.PayoutAccountState
	if existing == nil {
		opened, err = s.opts.Provider.CreateAccount(ctx, marquee.PayoutAccountRequest{FestivalID: f.ID, Email: f.Email, PayoutTaxData: d})
		if err != nil {
			return nil, fmt.Errorf("store: open the payout account of festival %d: %w", f.ID, err)
		}
	}
	now := s.now()
	var a *marquee.PayoutAccount
	err = s.inTx(ctx, func(c conn) error {
		if opened != nil {
			// A concurrent Connect may have stored its account first: the
			// festival keeps that one.
			if _, err := c.exec(ctx, `INSERT INTO payout_accounts (festival_id, provider, reference, status, legal_name, address, country, tax_id, created_at, updated_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (festival_id) DO NOTHING`, f.ID, s.opts.Provider.Name(), opened.Reference,
				string(opened.Status), d.LegalName, d.Address, d.Country, d.TaxID, now, now); err != nil {
				return fmt.Errorf("store: store the payout account of festival %d: %w", f.ID, err)
			}
		}
		if _, err := c.exec(ctx, `UPDATE payout_accounts SET legal_name = ?, address = ?, country = ?, tax_id = ?, updated_at = ? WHERE festival_id = ?`,
			d.LegalName, d.Address, d.Country, d.TaxID, now, f.ID); err != nil {
			return fmt.Errorf("store: update the payout account of festival %d: %w", f.ID, err)
		}
		var err error
		if a, err = payoutAccount(ctx, c, f.ID); err != nil {
			return err
		}
		var before json.RawMessage
		if existing != nil {
			before = auditJSON(existing.PayoutTaxData)
		}
		id := f.ID
		return recordAudit(ctx, c, now, marquee.AuditEntry{Action: marquee.AuditPayoutAccountConnect, TargetType: "festival",
			TargetID: strconv.FormatInt(f.ID, 10), FestivalID: &id, Before: before, After: auditJSON(a.PayoutTaxData)})
	})
	if err != nil {
		return nil, err
	}
	back := strings.TrimRight(s.opts.PublicURL, "/") + "/manage/festivals/" + url.PathEscape(f.Slug) + "/earnings"
	link, err := s.opts.Provider.OnboardingLink(ctx, a.Reference, back+"?payouts=return", back+"?payouts=refresh")
	if err != nil {
		return nil, fmt.Errorf("store: onboarding link of festival %d: %w", f.ID, err)
	}
	return &marquee.PayoutOnboarding{Account: a, URL: link}, nil
}

// Refresh asks the provider for the account's status and stores it.
func (s *PayoutService) Refresh(ctx context.Context, slug string) (*marquee.PayoutAccountView, error) {
	if err := s.configured(); err != nil {
		return nil, err
	}
	f, err := s.managedPayoutFestival(ctx, slug)
	if err != nil {
		return nil, err
	}
	a, err := payoutAccount(ctx, s.reader(), f.ID)
	if err != nil {
		return nil, err
	}
	if a == nil {
		return nil, marquee.Errorf(marquee.ENotFound, "This festival has no payout account yet")
	}
	st, err := s.opts.Provider.Account(ctx, a.Reference)
	if err != nil {
		return nil, fmt.Errorf("store: refresh the payout account of festival %d: %w", f.ID, err)
	}
	if err := s.setAccountStatus(ctx, a.Reference, st.Status); err != nil {
		return nil, err
	}
	if a, err = payoutAccount(ctx, s.writer(), f.ID); err != nil {
		return nil, err
	}
	return s.view(a), nil
}

// setAccountStatus stores the provider's status of account reference
// (an account Marquee does not know changes nothing).
func (s *PayoutService) setAccountStatus(ctx context.Context, reference string, status marquee.PayoutAccountStatus) error {
	if _, err := s.writer().exec(ctx, `UPDATE payout_accounts SET status = ?, updated_at = ? WHERE reference = ? AND status <> ?`,
		string(status), s.now(), reference, string(status)); err != nil {
		return fmt.Errorf("store: status of payout account %s: %w", reference, err)
	}
	return nil
}

// CompleteTestOnboarding finishes the test mode's simulated onboarding of
// the festival's account; with Stripe it is EInvalid.
func (s *PayoutService) CompleteTestOnboarding(ctx context.Context, slug string, failTransfers bool) (*marquee.PayoutAccountView, error) {
	if err := s.configured(); err != nil {
		return nil, err
	}
	tm, ok := s.opts.Provider.(marquee.TestPayoutOnboarding)
	if !ok {
		return nil, marquee.Errorf(marquee.EInvalid, "Test onboarding is available in test mode only")
	}
	f, err := s.managedPayoutFestival(ctx, slug)
	if err != nil {
		return nil, err
	}
	a, err := payoutAccount(ctx, s.reader(), f.ID)
	if err != nil {
		return nil, err
	}
	if a == nil {
		return nil, marquee.Errorf(marquee.ENotFound, "This festival has no payout account yet")
	}
	if err := tm.CompleteOnboarding(ctx, a.Reference, failTransfers); err != nil {
		return nil, fmt.Errorf("store: test onboarding of festival %d: %w", f.ID, err)
	}
	return s.Refresh(ctx, slug)
}

package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleFestivalPayoutAccountGet answers the festival's payout account
// view {account (null when none), provider, minimumCents, scheduleDay}
// (its organiser or an admin; anyone else 404).
func (s *Server) handleFestivalPayoutAccountGet(w http.ResponseWriter, r *http.Request) {
	v, err := s.svc.Payouts.Account(r.Context(), r.PathValue("slug"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

// handleFestivalPayoutAccountPut connects the festival's payout account,
// or updates its tax data: {legalName, address, country, taxId} → 200
// {account, url}, url being the provider's onboarding page. Opening an
// account costs a call to the provider: limited per user
// (marquee.LimitPayoutAccount).
func (s *Server) handleFestivalPayoutAccountPut(w http.ResponseWriter, r *http.Request) {
	if !s.allow(w, r, marquee.LimitPayoutAccount) {
		return
	}
	var req marquee.PayoutTaxData
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	on, err := s.svc.Payouts.Connect(r.Context(), r.PathValue("slug"), req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, on)
}

// handleFestivalPayoutAccountRefresh asks the provider for the account's
// status → 200 the account view.
func (s *Server) handleFestivalPayoutAccountRefresh(w http.ResponseWriter, r *http.Request) {
	if !s.allow(w, r, marquee.LimitPayoutAccount) {
		return
	}
	v, err := s.svc.Payouts.Refresh(r.Context(), r.PathValue("slug"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

// testOnboardingRequest is the test mode's onboarding page's answer.
type testOnboardingRequest struct {
	FailTransfers bool `json:"failTransfers"`
}

// handleFestivalPayoutTestOnboarding finishes the test mode's simulated
// onboarding: {failTransfers} → 200 the account view; 400 with Stripe.
func (s *Server) handleFestivalPayoutTestOnboarding(w http.ResponseWriter, r *http.Request) {
	var req testOnboardingRequest
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	v, err := s.svc.Payouts.CompleteTestOnboarding(r.Context(), r.PathValue("slug"), req.FailTransfers)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

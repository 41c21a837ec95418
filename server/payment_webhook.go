package server

import (
	"errors"
	"io"
	"net/http"

	"github.com/marquee-festival/marquee"
)

// maxWebhookBytes bounds a provider's webhook body; Stripe's events are
// far smaller.
const maxWebhookBytes = 64 << 10

// handlePaymentWebhook takes a payment provider's webhook (public: the
// provider has no session, and posts without Origin, so CSRF protection
// lets it through): the raw body and the Stripe-Signature header go to the
// payment service, which verifies and settles. It answers 200 {received:
// true}, also for an event Marquee ignores.
//
// A forged, stale or malformed webhook (EUnauthorized, EInvalid) is 400:
// not 401, since no credentials of ours could fix it, and not 2xx, so a
// real delivery that failed verification (a rotated secret) is retried by
// Stripe and shows as failed in its dashboard. A body over 64 KiB is 413;
// internal errors are 500, so Stripe retries them. Calls are limited per
// client IP (WebhookRatePerMinute, shared by every node).
func (s *Server) handlePaymentWebhook(w http.ResponseWriter, r *http.Request) {
	if !s.allow(w, r, marquee.LimitWebhook) {
		return
	}
	payload, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxWebhookBytes))
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			s.writeError(w, r, marquee.Errorf(marquee.ETooLarge, "Request body is too large"))
			return
		}
		// The connection broke while reading: nobody reads the answer.
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	// Payout events (a Connect account's status, a reversed transfer)
	// come to the same endpoint: the payout service takes them, and
	// leaves every other event to the payment service.
	var handled bool
	if s.svc.Payouts != nil {
		handled, err = s.svc.Payouts.Webhook(r.Context(), payload, r.Header.Get("Stripe-Signature"))
	}
	var p *marquee.Purchase
	if err == nil && !handled {
		p, err = s.svc.Payments.Webhook(r.Context(), payload, r.Header.Get("Stripe-Signature"))
	}
	if err != nil {
		status := s.errorStatus(r, err)
		if marquee.ErrorCode(err) == marquee.EUnauthorized {
			status = http.StatusBadRequest
		}
		if status < 500 {
			requestLogger(r, s.log).Warn("payment webhook refused", "err", err)
		}
		msg, fields := translateError(r, err)
		writeJSON(w, status, errorBody{Message: msg, Code: marquee.ErrorCode(err), Fields: fields})
		return
	}
	if handled {
		requestLogger(r, s.log).Info("payout webhook applied")
	}
	if p != nil {
		requestLogger(r, s.log).Info("payment webhook settled", "purchase", p.ID, "status", p.Status)
	}
	writeJSON(w, http.StatusOK, map[string]bool{"received": true})
}

package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/locale"
)

// handlePaymentCheckout buys a package for the signed-in user: body
// {packageId, country, amountCents?, paymentMethodId?, card?}, answering
// 201 {purchase, clientSecret?, balance}. A declined card is a 201 too,
// whose purchase is failed with the provider's failureMessage; invalid
// input is 400 and writes nothing.
func (s *Server) handlePaymentCheckout(w http.ResponseWriter, r *http.Request) {
	var req marquee.CheckoutRequest
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	res, err := s.checkout(w, r, req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, res)
}

// checkout counts one payment attempt of the signed-in user
// (marquee.LimitPayment) and asks the payment
// service for req in the request's language. Both the REST call and the
// seed's call pay through it, so they share one allowance.
func (s *Server) checkout(w http.ResponseWriter, r *http.Request, req marquee.CheckoutRequest) (*marquee.CheckoutResult, error) {
	if err := s.limit(w, r, marquee.LimitPayment); err != nil {
		return nil, err
	}
	req.Language = requestLanguage(r)
	res, err := s.svc.Payments.Checkout(r.Context(), req)
	if err != nil {
		return nil, err
	}
	translateFailure(r, res.Purchase)
	return res, nil
}

// translateFailure puts a failed purchase's message in the request's
// language: the providers give Marquee's own (marquee.CardDecline); a
// message stored before they did stays as it came unless the catalogue
// knows it. Every answer that carries a purchase calls it.
func translateFailure(r *http.Request, p *marquee.Purchase) {
	if p != nil && p.FailureMessage != "" {
		p.FailureMessage = locale.Text(requestLanguage(r), p.FailureMessage)
	}
}

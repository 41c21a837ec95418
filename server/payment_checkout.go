package server

import (
	"net/http"
	"strconv"

	"github.com/marquee-festival/marquee"
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

// checkout counts one payment attempt of the signed-in user (ERateLimited
// past CheckoutRatePer10Min, shared by every node) and asks the payment
// service for req in the request's language. Both the REST call and the
// seed's call pay through it, so they share one allowance.
func (s *Server) checkout(w http.ResponseWriter, r *http.Request, req marquee.CheckoutRequest) (*marquee.CheckoutResult, error) {
	if !s.checkoutByUser.Allow(w, r, strconv.FormatInt(currentUser(r).ID, 10)) {
		return nil, marquee.Errorf(marquee.ERateLimited, "Too many payment attempts. Try again in a few minutes.")
	}
	req.Language = requestLanguage(r)
	return s.svc.Payments.Checkout(r.Context(), req)
}

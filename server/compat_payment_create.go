package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// compatPaymentRequest is the seed client's payment body. Amount is in
// cents and must equal an active package's price, which names the package;
// package, when given, wins and the amount is only compared with its price.
type compatPaymentRequest struct {
	Amount        int64  `json:"amount"`
	PaymentMethod string `json:"paymentMethodId"`
	Country       string `json:"country"`
	Package       string `json:"package"`
}

// paymentNotCompleted is the seed call's answer to a purchase that did not
// succeed and carries no provider message (one left pending, which this
// client cannot confirm).
const paymentNotCompleted = "The payment was not completed"

// handleCompatPaymentCreate is the seed's POST /api/v1/payment/create with
// the bearer token. It answers 200 {success: true} when the purchase
// succeeded (the credits are granted), else {success: false, error,
// message, code, fields} (the shape of the seed's festival call): 401 for
// a visitor, 429 past the payment attempts allowed, 500 for an internal
// error, and 400 for everything else (malformed JSON, invalid fields, an
// unknown package, a declined card: error is then the provider's message).
func (s *Server) handleCompatPaymentCreate(w http.ResponseWriter, r *http.Request) {
	r, err := s.withSessionUser(r)
	if err == nil {
		err = s.compatPay(w, r)
		if err == nil {
			writeJSON(w, http.StatusOK, map[string]bool{"success": true})
			return
		}
	}
	status := s.errorStatus(r, err)
	switch {
	case status == http.StatusUnauthorized, status == http.StatusTooManyRequests, status >= 500:
	default:
		status = http.StatusBadRequest
	}
	message, fields := translateError(r, err)
	writeJSON(w, status, compatFestivalError{Success: false, Error: message, Message: message, Code: marquee.ErrorCode(err), Fields: fields})
}

// compatPay checks out the seed's body; a purchase that did not succeed is
// an error carrying the provider's message.
func (s *Server) compatPay(w http.ResponseWriter, r *http.Request) error {
	var body compatPaymentRequest
	if err := s.decodeSeedJSON(w, r, &body); err != nil {
		return err
	}
	// The seed client names the package by its price: find it among the
	// active packages, so the payment service is always given a package.
	if body.Package == "" {
		packages, err := s.svc.Packages.List(r.Context(), requestLanguage(r))
		if err != nil {
			return err
		}
		p, err := marquee.PackageForAmount(packages, body.Amount)
		if err != nil {
			return err
		}
		body.Package = p.ID
	}
	res, err := s.checkout(w, r, marquee.CheckoutRequest{
		PackageID:     body.Package,
		AmountCents:   body.Amount,
		Country:       body.Country,
		PaymentMethod: body.PaymentMethod,
	})
	if err != nil {
		return err
	}
	if res.Purchase != nil && res.Purchase.Status == marquee.PurchaseSucceeded {
		return nil
	}
	msg := paymentNotCompleted
	if res.Purchase != nil && res.Purchase.FailureMessage != "" {
		// The provider's text (writeError's translation leaves it as it
		// is unless the catalogue knows it).
		msg = res.Purchase.FailureMessage
	}
	return &marquee.Error{Code: marquee.EInvalid, Message: msg}
}

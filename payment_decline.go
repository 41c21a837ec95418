package marquee

// CardDecline is Marquee's reason for a card payment that failed: the same
// codes whatever the provider (each provider maps its own codes to these,
// payment.StripeDecline for Stripe), each with one message in English,
// the catalogue's id, so the buyer reads it in their language
// (locale/catalog/*/payments.json) and never a provider's English text.
type CardDecline string

// The reasons of a failed card payment.
const (
	DeclineGeneric           CardDecline = "card_declined"      // the bank refused, and says no more to the buyer
	DeclineInsufficientFunds CardDecline = "insufficient_funds" // not enough money on the card
	DeclineExpired           CardDecline = "expired_card"       // the card has expired
	DeclineIncorrectCVC      CardDecline = "incorrect_cvc"      // the security code is wrong
	DeclineIncorrectNumber   CardDecline = "incorrect_number"   // the number is wrong
	DeclineInvalidExpiry     CardDecline = "invalid_expiry"     // the expiry date is not a valid one
	DeclineIncorrectPostcode CardDecline = "incorrect_zip"      // the postal code is wrong
	DeclineNotSupported      CardDecline = "card_not_supported" // the card cannot pay this (type of purchase, currency)
	DeclineLimitReached      CardDecline = "limit_exceeded"     // the card's limit of amount or attempts for now
	DeclineAuthentication    CardDecline = "authentication"     // the bank's check (3-D Secure, PIN) did not pass
	DeclineTryAgain          CardDecline = "processing_error"   // a failure at the bank or the provider: try again
	DeclineCanceled          CardDecline = "canceled"           // the payment was canceled
	DeclineUnexplained       CardDecline = "unexplained"        // failed, with no reason given
)

// declineText is what a decline says to the buyer.
type declineText struct{ Message string }

var cardDeclines = map[CardDecline]declineText{
	DeclineGeneric:           {Message: "Your card was declined."},
	DeclineInsufficientFunds: {Message: "Your card has insufficient funds."},
	DeclineExpired:           {Message: "Your card has expired."},
	DeclineIncorrectCVC:      {Message: "Your card's security code is incorrect."},
	DeclineIncorrectNumber:   {Message: "Your card number is invalid."},
	DeclineInvalidExpiry:     {Message: "Your card's expiration date is invalid."},
	DeclineIncorrectPostcode: {Message: "Your card's postal code is incorrect."},
	DeclineNotSupported:      {Message: "Your card does not support this purchase. Please use another card."},
	DeclineLimitReached:      {Message: "Your card has reached its limit for now. Please try again later or use another card."},
	DeclineAuthentication:    {Message: "Your bank could not confirm this payment. Please try again or use another card."},
	DeclineTryAgain:          {Message: "An error occurred while processing your card. Please try again."},
	DeclineCanceled:          {Message: "The payment was canceled."},
	DeclineUnexplained:       {Message: "Your payment was not completed."},
}

// CardDeclines lists every reason (for tests and the catalogue).
func CardDeclines() []CardDecline {
	out := make([]CardDecline, 0, len(cardDeclines))
	for d := range cardDeclines {
		out = append(out, d)
	}
	return out
}

// Message is the decline's message to the buyer, in English (translate it
// with locale.Text); an unknown reason says the payment was not completed.
func (d CardDecline) Message() string {
	if t, ok := cardDeclines[d]; ok {
		return t.Message
	}
	return cardDeclines[DeclineUnexplained].Message
}

package payment

import (
	"github.com/marquee-festival/marquee"
	"github.com/stripe/stripe-go/v85"
)

// stripeDeclines maps Stripe's decline codes (and the error codes of a
// card error without one) to Marquee's reasons; a code not listed is a
// plain decline (Stripe too tells the buyer no more for fraud, lost or
// stolen cards). See https://stripe.com/docs/declines/codes.
var stripeDeclines = map[string]marquee.CardDecline{
	"insufficient_funds":                     marquee.DeclineInsufficientFunds,
	"expired_card":                           marquee.DeclineExpired,
	"incorrect_cvc":                          marquee.DeclineIncorrectCVC,
	"invalid_cvc":                            marquee.DeclineIncorrectCVC,
	"incorrect_number":                       marquee.DeclineIncorrectNumber,
	"invalid_number":                         marquee.DeclineIncorrectNumber,
	"invalid_expiry_month":                   marquee.DeclineInvalidExpiry,
	"invalid_expiry_year":                    marquee.DeclineInvalidExpiry,
	"incorrect_zip":                          marquee.DeclineIncorrectPostcode,
	"card_not_supported":                     marquee.DeclineNotSupported,
	"currency_not_supported":                 marquee.DeclineNotSupported,
	"transaction_not_allowed":                marquee.DeclineNotSupported,
	"service_not_allowed":                    marquee.DeclineNotSupported,
	"not_permitted":                          marquee.DeclineNotSupported,
	"invalid_account":                        marquee.DeclineNotSupported,
	"invalid_amount":                         marquee.DeclineNotSupported,
	"card_velocity_exceeded":                 marquee.DeclineLimitReached,
	"withdrawal_count_limit_exceeded":        marquee.DeclineLimitReached,
	"card_decline_rate_limit_exceeded":       marquee.DeclineLimitReached,
	"pin_try_exceeded":                       marquee.DeclineLimitReached,
	"authentication_required":                marquee.DeclineAuthentication,
	"payment_intent_authentication_failure":  marquee.DeclineAuthentication,
	"offline_pin_required":                   marquee.DeclineAuthentication,
	"online_or_offline_pin_required":         marquee.DeclineAuthentication,
	"incorrect_pin":                          marquee.DeclineAuthentication,
	"invalid_pin":                            marquee.DeclineAuthentication,
	"processing_error":                       marquee.DeclineTryAgain,
	"try_again_later":                        marquee.DeclineTryAgain,
	"issuer_not_available":                   marquee.DeclineTryAgain,
	"reenter_transaction":                    marquee.DeclineTryAgain,
	"approve_with_id":                        marquee.DeclineTryAgain,
	"payment_intent_payment_attempt_expired": marquee.DeclineTryAgain,
}

// StripeDecline is Marquee's reason for Stripe's error e of a failed
// payment: by its decline code, else its error code; a card error with
// neither known is a plain decline, and no error at all (or one of
// another type) is a failure without a reason.
func StripeDecline(e *stripe.Error) marquee.CardDecline {
	if e == nil {
		return marquee.DeclineUnexplained
	}
	if d, ok := stripeDeclines[string(e.DeclineCode)]; ok {
		return d
	}
	if d, ok := stripeDeclines[string(e.Code)]; ok {
		return d
	}
	if e.Type == stripe.ErrorTypeCard || e.Code == stripe.ErrorCodeCardDeclined || e.DeclineCode != "" {
		return marquee.DeclineGeneric
	}
	return marquee.DeclineUnexplained
}

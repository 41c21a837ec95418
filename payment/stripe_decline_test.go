package payment

import (
	"slices"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/locale"
	"github.com/stripe/stripe-go/v85"
)

// TestStripeDeclinesInTheBuyersLanguage: whatever Stripe says of a
// declined card (in English), the buyer reads Marquee's message for its
// decline code, which Japanese and Chinese translate.
func TestStripeDeclinesInTheBuyersLanguage(t *testing.T) {
	for _, tc := range []struct {
		err  *stripe.Error
		want marquee.CardDecline
	}{
		{&stripe.Error{Type: stripe.ErrorTypeCard, Code: stripe.ErrorCodeCardDeclined, DeclineCode: stripe.DeclineCodeGenericDecline, Msg: "Your card was declined."}, marquee.DeclineGeneric},
		{&stripe.Error{Type: stripe.ErrorTypeCard, Code: stripe.ErrorCodeCardDeclined, DeclineCode: stripe.DeclineCodeDoNotHonor, Msg: "Your card was declined."}, marquee.DeclineGeneric},
		{&stripe.Error{Type: stripe.ErrorTypeCard, Code: stripe.ErrorCodeCardDeclined, DeclineCode: stripe.DeclineCodeFraudulent, Msg: "Your card was declined."}, marquee.DeclineGeneric},
		{&stripe.Error{Type: stripe.ErrorTypeCard, Code: stripe.ErrorCodeCardDeclined, DeclineCode: stripe.DeclineCodeTestModeDecline,
			Msg: "Your card was declined. Your request was in live mode, but used a known test card."}, marquee.DeclineGeneric},
		{&stripe.Error{Type: stripe.ErrorTypeCard, Code: stripe.ErrorCodeCardDeclined, DeclineCode: stripe.DeclineCodeInsufficientFunds, Msg: "Your card has insufficient funds."}, marquee.DeclineInsufficientFunds},
		{&stripe.Error{Type: stripe.ErrorTypeCard, Code: stripe.ErrorCodeExpiredCard, Msg: "Your card has expired."}, marquee.DeclineExpired},
		{&stripe.Error{Type: stripe.ErrorTypeCard, Code: stripe.ErrorCodeIncorrectCVC, Msg: "Your card's security code is incorrect."}, marquee.DeclineIncorrectCVC},
		{&stripe.Error{Type: stripe.ErrorTypeCard, Code: stripe.ErrorCodeIncorrectNumber, Msg: "Your card number is incorrect."}, marquee.DeclineIncorrectNumber},
		{&stripe.Error{Type: stripe.ErrorTypeCard, Code: stripe.ErrorCodeInvalidExpiryYear, Msg: "Your card's expiration year is invalid."}, marquee.DeclineInvalidExpiry},
		{&stripe.Error{Type: stripe.ErrorTypeCard, Code: stripe.ErrorCodeIncorrectZip, Msg: "Your card's zip code failed validation."}, marquee.DeclineIncorrectPostcode},
		{&stripe.Error{Type: stripe.ErrorTypeCard, Code: stripe.ErrorCodeProcessingError, Msg: "An error occurred while processing your card. Try again in a little bit."}, marquee.DeclineTryAgain},
		{&stripe.Error{Type: stripe.ErrorTypeCard, Code: stripe.ErrorCodeCardDeclined, DeclineCode: stripe.DeclineCodeCardVelocityExceeded,
			Msg: "Your card was declined for making repeated attempts too frequently or exceeding its amount limit."}, marquee.DeclineLimitReached},
		{&stripe.Error{Type: stripe.ErrorTypeCard, Code: stripe.ErrorCodeCardDeclined, DeclineCode: stripe.DeclineCodeCurrencyNotSupported,
			Msg: "Your card does not support this currency."}, marquee.DeclineNotSupported},
		{&stripe.Error{Type: stripe.ErrorTypeCard, Code: stripe.ErrorCodeCardDeclined, DeclineCode: stripe.DeclineCodeAuthenticationRequired,
			Msg: "Your card was declined. This transaction requires authentication."}, marquee.DeclineAuthentication},
		{&stripe.Error{Type: stripe.ErrorTypeInvalidRequest, Code: stripe.ErrorCodePaymentIntentAuthenticationFailure,
			Msg: "We are unable to authenticate your payment method. Please choose a different payment method and try again."}, marquee.DeclineAuthentication},
		{&stripe.Error{Type: stripe.ErrorTypeCard, Code: "a_code_stripe_adds_later", Msg: "Something new."}, marquee.DeclineGeneric},
		{&stripe.Error{Type: stripe.ErrorTypeAPI, Msg: "An unknown error occurred"}, marquee.DeclineUnexplained},
		{nil, marquee.DeclineUnexplained},
	} {
		if got := StripeDecline(tc.err); got != tc.want {
			t.Errorf("%+v: %s, want %s", tc.err, got, tc.want)
		}
		msg := failureMessage(tc.err)
		if tc.err != nil && msg == tc.err.Msg && !slices.Contains(knownMessages(), msg) {
			t.Errorf("Stripe's own text %q shown to the buyer", msg)
		}
		for _, lang := range []string{"ja", "zh"} {
			if got := locale.Text(lang, msg); got == msg {
				t.Errorf("%+v: %q shown in English to a %s buyer", tc.err, msg, lang)
			}
		}
	}
}

// TestEveryDeclineIsTranslated: each of Marquee's reasons has its own
// message, in Japanese and Chinese too; every test card and payment method
// of the test mode that fails says one of them.
func TestEveryDeclineIsTranslated(t *testing.T) {
	seen := map[string]marquee.CardDecline{}
	for _, d := range marquee.CardDeclines() {
		msg := d.Message()
		if other, ok := seen[msg]; ok {
			t.Errorf("%s and %s say the same %q", d, other, msg)
		}
		seen[msg] = d
		for _, lang := range []string{"ja", "zh"} {
			if locale.Text(lang, msg) == msg {
				t.Errorf("%s: %q has no %s translation", d, msg, lang)
			}
		}
	}
	for name, tables := range map[string]map[string]outcome{"card": testCards, "payment method": testPaymentMethods} {
		for id, o := range tables {
			if o.Type == marquee.PaymentFailed && !slices.Contains(knownMessages(), o.message()) {
				t.Errorf("test %s %s fails with %q, not one of Marquee's reasons", name, id, o.message())
			}
		}
	}
}

func knownMessages() []string {
	var out []string
	for _, d := range marquee.CardDeclines() {
		out = append(out, d.Message())
	}
	return out
}

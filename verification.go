package marquee

import (
	"context"
	"time"
)

// MailKindVerification is the outbox kind of the e-mail that confirms an
// address. It is the one mail that goes to an address whose account has
// not confirmed it yet; every other mail to such an address is held
// (MailHeld) until the address is confirmed.
const MailKindVerification = "verification"

// EmailVerificationTTL is how long a confirmation link stays valid.
const EmailVerificationTTL = 24 * time.Hour

// ComposeVerification writes the e-mail that asks the owner of to to
// confirm the address with token, in language lang.
type ComposeVerification func(to, token, lang string) Mail

// ErrVerificationLink is the one answer to a confirmation link that is
// unknown, used or expired: the three are never told apart.
func ErrVerificationLink() error {
	return Errorf(EInvalid, "This confirmation link has expired or was already used")
}

// ErrAlreadyVerified is the answer to a request for a confirmation e-mail
// from a user whose address is already confirmed.
func ErrAlreadyVerified() error {
	return Errorf(EConflict, "Your e-mail address is already confirmed")
}

// ErrVerifyBeforeInviting is the answer to an organiser who invites a
// judge before confirming their own address: an invitation is a mail to an
// address of the organiser's choosing, carrying the festival's name.
func ErrVerifyBeforeInviting() error {
	return Errorf(EForbidden, "Confirm your e-mail address before inviting judges")
}

// EmailVerificationService confirms that users own their e-mail address.
type EmailVerificationService interface {
	// RequestVerification sends the signed-in user a new confirmation link
	// in lang (ErrAlreadyVerified when the address is confirmed).
	RequestVerification(ctx context.Context, lang string) error
	// VerifyEmail confirms the address of the link's token (single use,
	// valid EmailVerificationTTL) and releases the mail held for it; it
	// signs nobody in. An unknown, used or expired token is
	// ErrVerificationLink.
	VerifyEmail(ctx context.Context, token string) (*User, error)
}

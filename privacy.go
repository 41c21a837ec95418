package marquee

import (
	"context"
	"strings"
	"time"
)

// Password resets, and each user's own data: its export and the deletion
// of the account.

// MailKindPasswordReset is the outbox kind of the e-mail carrying a
// password reset link. Like the confirmation, it may go to an address not
// confirmed yet: opening its link proves the address is the owner's.
const MailKindPasswordReset = "password_reset"

// MailKindDataExport is the outbox kind of the e-mail carrying the link to
// a user's data export.
const MailKindDataExport = "data_export"

// PasswordResetTTL is how long a password reset link stays valid.
const PasswordResetTTL = time.Hour

// DataExportTTL is how long a built data export can be downloaded.
const DataExportTTL = 24 * time.Hour

// DeletedUserName is the name an account keeps once deleted.
const DeletedUserName = "Deleted user"

// ComposePasswordReset writes the e-mail with a password reset link for
// token to address to, in language lang.
type ComposePasswordReset func(to, token, lang string) Mail

// ComposeDataExport writes the e-mail with the link (token) to the data
// export of the account at address to, valid until expires, in lang.
type ComposeDataExport func(to, token, lang string, expires time.Time) Mail

// PasswordResetRequest is a request for a reset link: the account's e-mail.
type PasswordResetRequest struct {
	Email string `json:"email"`
	// Language is the e-mail's language (the request's; the server sets it).
	Language string `json:"-"`
}

// Validate normalises the e-mail and checks it.
func (p *PasswordResetRequest) Validate() error {
	p.Email = NormalizeEmail(p.Email)
	var f FieldErrors
	CheckSingleLine("email", p.Email, &f)
	switch {
	case p.Email == "":
		f.Add("email", "Email is required")
	case !ValidEmail(p.Email):
		f.Add("email", "Enter a valid email address")
	}
	return f.Err()
}

// PasswordReset is the use of a reset link: its token and the new password.
type PasswordReset struct {
	Token    string `json:"token"`
	Password string `json:"password"`
}

// Validate checks the new password with the rules of sign-up.
func (p *PasswordReset) Validate() error {
	var f FieldErrors
	if msg := CheckPassword(p.Password); msg != "" {
		f.Add("password", msg)
	}
	return f.Err()
}

// ErrResetLink is the one answer to a reset link that is unknown, used,
// superseded or expired: they are never told apart.
func ErrResetLink() error {
	return Errorf(EInvalid, "This password reset link has expired or was already used. Ask for a new one.")
}

// ErrResetDisabled is the answer to an admin who sends a reset e-mail to a
// disabled account: a disabled account gets none.
func ErrResetDisabled() error {
	return Errorf(EConflict, "This account is disabled: it gets no password reset e-mail")
}

// ErrExportLink is the one answer to a download link that is unknown,
// expired, not built yet or another account's.
func ErrExportLink() error {
	return Errorf(ENotFound, "This download link has expired or belongs to another account. Ask for your data again.")
}

// AccountDeletion is a user's request to delete their own account,
// confirmed with their password.
type AccountDeletion struct {
	Password string `json:"password"`
}

// Validate checks the deletion, given whether the password matched.
func (d *AccountDeletion) Validate(passwordMatches bool) error {
	var f FieldErrors
	switch {
	case d.Password == "":
		f.Add("password", "Password is required")
	case !passwordMatches:
		f.Add("password", "Password is incorrect")
	}
	return f.Err()
}

// CheckAccountDeletable says whether u may delete their account, given the
// names of the festivals they organise that are not closed (pending or
// approved; each has one organiser, so they would be left without one).
// Admins are refused too: another admin changes their role first, so that
// an installation never loses its last admin this way.
func CheckAccountDeletable(u *User, openFestivals []string) error {
	if u.IsAdmin() {
		return Errorf(EConflict, "An admin account cannot be deleted. Ask another admin to change your role first.")
	}
	if len(openFestivals) > 0 {
		return Errorf(EConflict, "You organise festivals that would be left without an organiser: {festivals}. Contact support to hand them over or to close them, then delete your account.").
			With("festivals", strings.Join(openFestivals, ", "))
	}
	return nil
}

// DataExport is a built export of a user's data: a ZIP of JSON files.
type DataExport struct {
	FileName  string
	Data      []byte
	CreatedAt time.Time
	ExpiresAt time.Time
}

// PrivacyService resets forgotten passwords and gives users their data:
// its export and the deletion of their account. Methods that act for
// someone read the signed-in user from the context.
type PrivacyService interface {
	// RequestPasswordReset e-mails a reset link to the account with this
	// address, unless there is none or it is disabled; the answer is the
	// same either way (only invalid input is an error).
	RequestPasswordReset(ctx context.Context, req PasswordResetRequest) error
	// SendPasswordReset is an admin's sending of a reset link to user id
	// (admin only; ErrResetDisabled for a disabled account).
	SendPasswordReset(ctx context.Context, userID int64) error
	// ResetPassword sets the password of a reset link's account, spends
	// the link and ends every session of the account (ErrResetLink for a
	// link that is not good).
	ResetPassword(ctx context.Context, p PasswordReset) error
	// RequestExport asks for the signed-in user's data, built by the
	// worker and e-mailed in lang (LimitDataExport's refusal past it).
	RequestExport(ctx context.Context, lang string) error
	// BuildExports builds up to n requested exports and e-mails their
	// links (compose, status); it returns how many it built.
	BuildExports(ctx context.Context, n int, compose ComposeDataExport, status MailStatus) (int, error)
	// DeleteExpiredExports removes exports past their DataExportTTL.
	DeleteExpiredExports(ctx context.Context) (int64, error)
	// DownloadExport returns the signed-in user's export of token, or ErrExportLink.
	DownloadExport(ctx context.Context, token string) (*DataExport, error)
	// DeleteAccount deletes the signed-in user's account: personal data
	// removed, what others keep anonymised (see store/privacy_delete.go).
	DeleteAccount(ctx context.Context, d AccountDeletion) error
}

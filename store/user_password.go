package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/password"
)

// errPasswordBusy is the answer when every password hashing slot of the
// process stayed taken for password.MaxWait: a 429 the caller may retry.
func errPasswordBusy() error {
	return marquee.Errorf(marquee.ERateLimited, "The server is busy. Try again in a moment.")
}

// hashPassword hashes pw for a request through the process's bounded
// hashing slots (password.HashContext). Every hash a request makes
// (sign-up, password change, and any later reset) goes through it.
func (db *UserService) hashPassword(ctx context.Context, pw string) (string, error) {
	hash, err := password.HashContext(ctx, pw, db.params)
	if errors.Is(err, password.ErrBusy) {
		return "", errPasswordBusy()
	} else if err != nil {
		return "", fmt.Errorf("hash password: %w", err)
	}
	return hash, nil
}

// verifyPassword checks pw against encoded through the same slots as
// hashPassword: login, the dummy check for an unknown e-mail and the
// current password of a password change.
func verifyPassword(ctx context.Context, pw, encoded string) (bool, error) {
	ok, err := password.VerifyContext(ctx, pw, encoded)
	if errors.Is(err, password.ErrBusy) {
		return false, errPasswordBusy()
	} else if err != nil {
		return false, fmt.Errorf("verify password: %w", err)
	}
	return ok, nil
}

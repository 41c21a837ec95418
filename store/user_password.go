package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/password"
)

// passwordBusy returns marquee.ErrPasswordBusy for a hash or a check the
// Hasher refused (its queue full, or the wait over), carrying the time
// the queue is expected to take (Retry-After); nil for any other error.
func passwordBusy(err error) error {
	var busy *password.BusyError
	if errors.As(err, &busy) {
		return marquee.ErrPasswordBusy(busy.RetryAfter)
	}
	return nil
}

// hashPassword hashes pw for a request through the process's bounded
// Hasher (password.Limits: a few at once, the others queued). Every hash
// a request makes (sign-up, password change, reset, the unusable
// password of a deleted account) goes through it.
func (db *UserService) hashPassword(ctx context.Context, pw string) (string, error) {
	hash, err := db.hasher.Hash(ctx, pw)
	if busy := passwordBusy(err); busy != nil {
		return "", busy
	} else if err != nil {
		return "", fmt.Errorf("hash password: %w", err)
	}
	return hash, nil
}

// verifyPassword checks pw against encoded through the same Hasher as
// hashPassword: login, the dummy check for an unknown e-mail and the
// current password of a password change or an account deletion.
func (db *UserService) verifyPassword(ctx context.Context, pw, encoded string) (bool, error) {
	ok, err := db.hasher.Verify(ctx, pw, encoded)
	if busy := passwordBusy(err); busy != nil {
		return false, busy
	} else if err != nil {
		return false, fmt.Errorf("verify password: %w", err)
	}
	return ok, nil
}

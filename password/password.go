// Package password hashes and checks passwords with argon2id, encoded in the
// PHC string format ($argon2id$v=19$m=...,t=...,p=...$salt$hash).
package password

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"

	"golang.org/x/crypto/argon2"
)

// Params are argon2id's cost settings.
type Params struct {
	MemoryKiB uint32
	Time      uint32
	Threads   uint8
}

// Default follows OWASP's argon2id baseline: 19 MiB, two passes, one lane.
var Default = Params{MemoryKiB: 19 * 1024, Time: 2, Threads: 1}

const (
	saltLen = 16
	keyLen  = 32
)

// ErrMalformed reports a stored hash that is not an argon2id PHC string.
var ErrMalformed = errors.New("password: malformed hash")

// Hash returns the PHC-encoded argon2id hash of pw with a fresh random salt.
// It waits for one of the process's hashing slots (see HashContext) without
// a request's context: for commands and seeding.
func Hash(pw string, p Params) (string, error) {
	return HashContext(context.Background(), pw, p)
}

// HashContext is Hash for a request: it waits at most MaxWait (or until ctx
// ends) for one of the process's hashing slots, failing with ErrBusy, so that
// no more than Concurrency() argon2id computations hold memory at once.
func HashContext(ctx context.Context, pw string, p Params) (string, error) {
	if err := slots.acquire(ctx); err != nil {
		return "", err
	}
	defer slots.release()
	salt := make([]byte, saltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("password: salt: %w", err)
	}
	key := argon2.IDKey([]byte(pw), salt, p.Time, p.MemoryKiB, p.Threads, keyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s",
		argon2.Version, p.MemoryKiB, p.Time, p.Threads, b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// Verify reports whether pw matches the encoded hash, in constant time. Like
// Hash it waits for a hashing slot without a request's context.
func Verify(pw, encoded string) (bool, error) {
	return VerifyContext(context.Background(), pw, encoded)
}

// VerifyContext is Verify for a request: it waits for a hashing slot as
// HashContext does (ErrBusy after MaxWait). A malformed hash fails before
// taking a slot.
func VerifyContext(ctx context.Context, pw, encoded string) (bool, error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, ErrMalformed
	}
	var version int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return false, ErrMalformed
	}
	var p Params
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.MemoryKiB, &p.Time, &p.Threads); err != nil {
		return false, ErrMalformed
	}
	b64 := base64.RawStdEncoding
	salt, err := b64.DecodeString(parts[4])
	if err != nil {
		return false, ErrMalformed
	}
	want, err := b64.DecodeString(parts[5])
	if err != nil || len(want) == 0 {
		return false, ErrMalformed
	}
	if err := slots.acquire(ctx); err != nil {
		return false, err
	}
	defer slots.release()
	checks.Add(1)
	got := argon2.IDKey([]byte(pw), salt, p.Time, p.MemoryKiB, p.Threads, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

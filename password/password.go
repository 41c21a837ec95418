// Package password hashes and checks passwords with argon2id, encoded in the
// PHC string format ($argon2id$v=19$m=...,t=...,p=...$salt$hash). Requests
// hash through a Hasher, which bounds how many run at once and queues the
// others (limit.go); Hash and Verify are for commands and tests.
package password

import (
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

// Default is OWASP's minimum for argon2id (Password Storage Cheat Sheet:
// m=19456 KiB, t=2, p=1, one of its equivalent configurations, the one it
// states as the minimum): 19 MiB, two passes, one lane. About 27 ms a hash
// on one core of the two-core machine the README measures on
// (BenchmarkHashDefault).
var Default = Params{MemoryKiB: 19 * 1024, Time: 2, Threads: 1}

const (
	saltLen = 16
	keyLen  = 32
)

// ErrMalformed reports a stored hash that is not an argon2id PHC string.
var ErrMalformed = errors.New("password: malformed hash")

// Hash returns the PHC-encoded argon2id hash of pw with a fresh random salt.
// It is not bounded: for commands, seeding and tests, which hash one
// password at a time. A request hashes through the process's Hasher.
func Hash(pw string, p Params) (string, error) { return hash(pw, p) }

// Verify reports whether pw matches the encoded hash, in constant time. Like
// Hash it is not bounded; a request checks through the process's Hasher.
func Verify(pw, encoded string) (bool, error) {
	d, err := decode(encoded)
	if err != nil {
		return false, err
	}
	return d.matches(pw), nil
}

func hash(pw string, p Params) (string, error) {
	salt := make([]byte, saltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("password: salt: %w", err)
	}
	key := argon2.IDKey([]byte(pw), salt, p.Time, p.MemoryKiB, p.Threads, keyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s",
		argon2.Version, p.MemoryKiB, p.Time, p.Threads, b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// decoded is a stored hash taken apart.
type decoded struct {
	p          Params
	salt, want []byte
}

// decode takes an argon2id PHC string apart, or fails with ErrMalformed.
func decode(encoded string) (decoded, error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return decoded{}, ErrMalformed
	}
	var version int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return decoded{}, ErrMalformed
	}
	var d decoded
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &d.p.MemoryKiB, &d.p.Time, &d.p.Threads); err != nil {
		return decoded{}, ErrMalformed
	}
	b64 := base64.RawStdEncoding
	var err error
	if d.salt, err = b64.DecodeString(parts[4]); err != nil {
		return decoded{}, ErrMalformed
	}
	if d.want, err = b64.DecodeString(parts[5]); err != nil || len(d.want) == 0 {
		return decoded{}, ErrMalformed
	}
	return d, nil
}

// matches reports whether pw hashes to d, in constant time.
func (d decoded) matches(pw string) bool {
	checks.Add(1)
	got := argon2.IDKey([]byte(pw), d.salt, d.p.Time, d.p.MemoryKiB, d.p.Threads, uint32(len(d.want)))
	return subtle.ConstantTimeCompare(got, d.want) == 1
}

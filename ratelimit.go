package marquee

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"time"
)

// RateLimiter counts hits on keys in fixed windows shared by every node.
type RateLimiter interface {
	// Hit counts one hit on key in the current window of the given length
	// and returns the window's count, this hit included, and the time until
	// the window ends. The count is raised and read back by one statement,
	// so parallel hits each see a count of their own: a caller counts
	// first and then checks the count (RateLimitPolicy.Allows), never the
	// other way round. An error means the hit may not have been counted.
	Hit(ctx context.Context, key RateLimitKey, window time.Duration) (hits int, retryAfter time.Duration, err error)
	// Refund takes back one hit on key in the current window (never below
	// zero): a policy that counts only failures, or only successes, counts
	// every request before acting and gives back the ones it does not keep.
	Refund(ctx context.Context, key RateLimitKey, window time.Duration) error
}

// RateLimitKey names one counter: its policy and whom it counts, as the
// parts of the subject (a client, a user id, an address, a door). The
// values never reach the database: it keeps Stored's hashes of them.
type RateLimitKey struct {
	Policy  RateLimitName
	Subject []string
}

// rateLimitPartLen is how many hex digits of a part's HMAC a key keeps
// (128 bits: no two subjects share a counter by chance).
const rateLimitPartLen = 32

// Stored is the key as the counters' table holds it: the policy's name,
// readable for an operator, then for each part of the subject ':' and
// RateLimitKeyPart of it. An address, an IP or a user id cannot be read
// back from it, nor found by hashing a guess, without the pepper (a random
// secret the database keeps apart from the counters, created once).
func (k RateLimitKey) Stored(pepper []byte) string {
	var b strings.Builder
	b.WriteString(string(k.Policy))
	for _, part := range k.Subject {
		b.WriteByte(':')
		b.WriteString(RateLimitKeyPart(pepper, part))
	}
	return b.String()
}

// RateLimitKeyPart is how a key stores one part of its subject: the first
// 128 bits, in hex, of HMAC-SHA256(pepper, value). An account's deletion
// finds the counters named by its address by this part (the last of a
// key whose subject ends with the account).
func RateLimitKeyPart(pepper []byte, value string) string {
	m := hmac.New(sha256.New, pepper)
	m.Write([]byte(value))
	return hex.EncodeToString(m.Sum(nil))[:rateLimitPartLen]
}

// RateLimitAccount is the part of a key that names an account typed in
// (a login, a reset request): the address as sign-up stores it, known or
// not, so that its spellings share one count.
func RateLimitAccount(email string) string { return NormalizeEmail(email) }

package marquee_test

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
)

// Every policy is whole: a name of its own, a subject, a window of whole
// seconds, an allowance, a way of counting and a message; and every limit
// that guards a secret fails closed.
func TestRateLimitPolicies(t *testing.T) {
	seen := map[marquee.RateLimitName]bool{}
	subjects := map[marquee.RateLimitSubject]bool{marquee.PerClient: true, marquee.PerUser: true, marquee.PerAccount: true,
		marquee.PerAccountClient: true, marquee.PerDoor: true}
	counts := map[marquee.RateLimitCounts]bool{marquee.CountAttempts: true, marquee.CountFailures: true,
		marquee.CountSuccesses: true, marquee.CountStored: true}
	name := regexp.MustCompile(`^[a-z]+(-[a-z0-9]+)*$`)
	for _, p := range marquee.RateLimitPolicies() {
		if seen[p.Name] || !name.MatchString(string(p.Name)) {
			t.Errorf("%q: repeated, or not a plain name", p.Name)
		}
		seen[p.Name] = true
		if !subjects[p.Subject] || !counts[p.Counts] || p.Window < time.Second || p.Window%time.Second != 0 ||
			p.Allowance <= 0 || p.Message == "" || p.Guards == "" {
			t.Errorf("%s is not whole: %+v", p.Name, p)
		}
		if p.Setting != "" && !strings.HasPrefix(p.Setting, "MARQUEE_") {
			t.Errorf("%s: setting %q", p.Name, p.Setting)
		}
		if got := marquee.RateLimitPolicyFor(p.Name); got.Name != p.Name || got.Allowance != p.Allowance {
			t.Errorf("RateLimitPolicyFor(%s) = %+v", p.Name, got)
		}
	}
	// The limits against guessing a secret (a password, a token, a ticket
	// code, a card) fail closed.
	for _, n := range []marquee.RateLimitName{marquee.LimitLogin, marquee.LimitLoginFailures, marquee.LimitLoginAccount,
		marquee.LimitPasswordCheck, marquee.LimitResetClient, marquee.LimitResetAddress, marquee.LimitResetConfirm,
		marquee.LimitEmailConfirm, marquee.LimitJudgeInvitationView, marquee.LimitCheckIn, marquee.LimitPayment} {
		if !marquee.RateLimitPolicyFor(n).FailClosed {
			t.Errorf("%s guards a secret but fails open", n)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("an unknown policy did not panic")
		}
	}()
	marquee.RateLimitPolicyFor("no-such-limit")
}

// A policy allows its allowance, this request included; a setting
// replaces it (zero keeps it); past it, the refusal is its message.
func TestRateLimitPolicyAllows(t *testing.T) {
	p := marquee.RateLimitPolicyFor(marquee.LimitLoginFailures)
	if !p.Allows(p.Allowance) || p.Allows(p.Allowance+1) {
		t.Fatalf("allowance %d: allows %v, %v", p.Allowance, p.Allows(p.Allowance), p.Allows(p.Allowance+1))
	}
	if q := p.WithAllowance(2); !q.Allows(2) || q.Allows(3) || p.WithAllowance(0).Allowance != p.Allowance {
		t.Fatal("WithAllowance")
	}
	err := p.Refusal()
	if marquee.ErrorCode(err) != marquee.ERateLimited || marquee.ErrorMessage(err) != p.Message {
		t.Fatalf("refusal %v", err)
	}
	if marquee.ErrorCode(marquee.ErrRateLimitUnavailable()) != marquee.EUnavailable {
		t.Fatal("unavailable is not 503")
	}
}

// A key stores its policy's name and a hash of each part of its subject:
// the same subject the same way (so nodes and spellings share a count),
// never the value, and nothing a guess hashed without the pepper finds.
func TestRateLimitKeyStored(t *testing.T) {
	pepper := []byte("0123456789abcdef0123456789abcdef")
	account := marquee.RateLimitAccount("  Ada.Lovelace@Example.com ")
	if account != marquee.RateLimitAccount("ada.lovelace@example.com") {
		t.Fatalf("spellings of one address differ: %q", account)
	}
	k := marquee.RateLimitKey{Policy: marquee.LimitLoginFailures, Subject: []string{"203.0.113.7", account}}
	stored := k.Stored(pepper)
	if !regexp.MustCompile(`^login-fail-client:[0-9a-f]{32}:[0-9a-f]{32}$`).MatchString(stored) {
		t.Fatalf("stored %q", stored)
	}
	for _, s := range []string{"lovelace", "example", "@", "203.0.113"} {
		if strings.Contains(stored, s) {
			t.Fatalf("stored %q holds %q", stored, s)
		}
	}
	if stored != k.Stored(pepper) {
		t.Fatal("not deterministic")
	}
	if !strings.HasSuffix(stored, ":"+marquee.RateLimitKeyPart(pepper, account)) {
		t.Fatal("the account is not the key's last part")
	}
	other := []byte("another pepper, another node's?")
	if k.Stored(other) == stored {
		t.Fatal("the pepper changes nothing")
	}
	swapped := marquee.RateLimitKey{Policy: marquee.LimitLoginFailures, Subject: []string{account, "203.0.113.7"}}
	joined := marquee.RateLimitKey{Policy: marquee.LimitLoginFailures, Subject: []string{"203.0.113.7:" + account}}
	if swapped.Stored(pepper) == stored || joined.Stored(pepper) == stored {
		t.Fatal("subjects' parts run together")
	}
}

// The README's table of rate limits has a row for every policy, with its
// allowance, window, subject, failure mode and setting.
func TestReadmeListsEveryRateLimit(t *testing.T) {
	raw, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]string{}
	for _, line := range strings.Split(string(raw), "\n") {
		if m := regexp.MustCompile("^\\| `([a-z0-9-]+)` \\|").FindStringSubmatch(line); m != nil {
			rows[m[1]] = line
		}
	}
	for _, p := range marquee.RateLimitPolicies() {
		row, ok := rows[string(p.Name)]
		if !ok {
			t.Errorf("README lists no row for %s", p.Name)
			continue
		}
		mode := "open"
		if p.FailClosed {
			mode = "closed"
		}
		for _, want := range []string{"| " + strconv.Itoa(p.Allowance) + " ", windowText(p.Window), "| " + string(p.Subject) + " |",
			"| " + mode + " |", "| " + string(p.Counts) + " |"} {
			if !strings.Contains(row, want) {
				t.Errorf("README's row of %s lacks %q: %s", p.Name, want, row)
			}
		}
		if p.Setting != "" && !strings.Contains(row, "`"+p.Setting+"`") {
			t.Errorf("README's row of %s lacks its setting %s", p.Name, p.Setting)
		}
	}
}

// windowText is a window as the README writes it.
func windowText(d time.Duration) string {
	switch {
	case d%(24*time.Hour) == 0:
		return "| " + strconv.Itoa(int(d/(24*time.Hour))) + " d |"
	case d%time.Hour == 0:
		return "| " + strconv.Itoa(int(d/time.Hour)) + " h |"
	default:
		return "| " + strconv.Itoa(int(d/time.Minute)) + " min |"
	}
}

package server

import (
	"context"
	"net/http"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/telemetry"
)

// loginFailures limits failed logins, not attempts, so that no stranger can
// lock an owner out of their account (the policies marquee.LimitLoginFailures
// and marquee.LimitLoginAccount):
//
//   - per (account, client): a client (an IPv4 address or an IPv6 /64, see
//     rateLimitClient) that has failed the allowance's number of times in
//     the current minute for an account is refused for that account until
//     the minute ends;
//   - per account: once an account has had the allowance's number of
//     failures in the current 15 minutes from all clients together, every
//     client that has itself failed for it in those 15 minutes is refused
//     until they end. A client that has not failed for the account (the
//     owner at home, typing the right password) is never refused by it: an
//     attacker spread over many addresses gets at most one guess per fresh
//     address.
//
// The account is the address as sign-up stores it (marquee.RateLimitAccount),
// known or not; keys hold hashes of it, never the address. Every attempt is
// counted as a failure before its password is checked (Begin), so that of
// parallel attempts no more than the allowance are checked, and given back
// when it turns out not to be one (loginAttempt.Done).
type loginFailures struct {
	limits *rateLimits
	// events records a lock-out in the audit log (nil: not recorded).
	events marquee.SecurityEventService
}

// loginAttempt is a login counted as a failure before its password is
// checked.
type loginAttempt struct {
	failures *loginFailures
	email    string
	client   string
	// counted are the hits to give back unless the login fails; perClient
	// is the client's failures for the account in the minute, this one
	// included.
	counted   []hit
	perClient hit
}

// Begin counts an attempt by client to log in to the account of email as a
// failure, and returns it, or the refusal (Retry-After set on w) when the
// client is past its failures for the account, or has failed for an
// account past its own (or when a count cannot be written: they fail
// closed).
func (l *loginFailures) Begin(w http.ResponseWriter, r *http.Request, email, client string) (*loginAttempt, error) {
	account := marquee.RateLimitAccount(email)
	a := &loginAttempt{failures: l, email: email, client: client}
	perClient, err := l.limits.check(w, r, marquee.LimitLoginFailures, client, account)
	if err != nil {
		return nil, err
	}
	a.perClient = perClient
	a.counted = append(a.counted, perClient)
	// The client's own failures for the account in the 15 minutes, kept
	// under the account's policy: only a client that has failed before is
	// refused by the account's count.
	mine, err := l.limits.count(w, r, marquee.LimitLoginAccount, client, account)
	if err != nil {
		return nil, err
	}
	a.counted = append(a.counted, mine)
	total, err := l.limits.count(w, r, marquee.LimitLoginAccount, account)
	if err != nil {
		return nil, err
	}
	a.counted = append(a.counted, total)
	if mine.hits > 1 && !total.allowed() {
		l.limits.refused(marquee.LimitLoginAccount, telemetry.RefusedLimit)
		setRetryAfter(w, total.retry)
		return nil, total.policy.Refusal()
	}
	return a, nil
}

// Done ends the attempt with the outcome of its password check: a wrong
// password (EBadLogin) stays counted, and records the lock-out when it is
// the failure that brought the client to its limit; any other outcome (a
// login, a disabled account, a busy server) is given back.
func (a *loginAttempt) Done(r *http.Request, err error) {
	l := a.failures
	if marquee.ErrorCode(err) != marquee.EBadLogin {
		for _, h := range a.counted {
			l.limits.refund(r, h)
		}
		return
	}
	if l.events == nil || !a.perClient.counted || a.perClient.hits != a.perClient.policy.Allowance {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), limiterTimeout)
	defer cancel()
	if err := l.events.LoginLocked(ctx, marquee.NormalizeEmail(a.email), a.client); err != nil {
		requestLogger(r, l.limits.log).Error("login lock-out not audited", "err", err)
	}
}

package server

import (
	"context"
	"errors"
	"log/slog"
	"math"
	"net/http"
	"strconv"
	"time"

	"github.com/marquee-festival/marquee"
)

const (
	// loginClientWindow is the window of the failures one client may make
	// for one account (Config.LoginFailuresPerClientPerMinute).
	loginClientWindow = time.Minute
	// loginAccountWindow is the window of an account's failures from every
	// client (Config.LoginFailuresPerAccountPer15Min).
	loginAccountWindow = 15 * time.Minute
)

// loginFailures limits failed logins, not attempts, so that no stranger can
// lock an owner out of their account:
//
//   - per (account, client): a client (an IPv4 address or an IPv6 /64, see
//     rateLimitClient) that has failed perClient times in the current minute
//     for an account is refused for that account until the minute ends;
//   - per account: once an account has had perAccount failures in the
//     current 15 minutes from all clients together, every client that has
//     itself failed for it in those 15 minutes is refused until they end.
//     A client that has not failed for the account (the owner at home,
//     typing the right password) is never refused by it: an attacker
//     spread over many addresses gets at most one guess per fresh address.
//
// The account is the e-mail as sign-up stores it (marquee.NormalizeEmail),
// known or not. The counts live in the database (marquee.RateLimiter), shared
// by every node. Allow reads them without counting; Failed counts a failure.
// Parallel attempts may pass Allow together before their failures are
// counted; the per-IP attempt limit (loginByIP) bounds that. Like
// keyedLimiter it fails open when the database cannot count.
type loginFailures struct {
	limits marquee.RateLimiter
	// events records a lock-out in the audit log (nil: not recorded).
	events     marquee.SecurityEventService
	log        *slog.Logger
	perClient  int
	perAccount int
}

func (l *loginFailures) clientKey(account, client string) string {
	return "login-fail-client:" + client + ":" + account
}

func (l *loginFailures) failedKey(account, client string) string {
	return "login-failed-15m:" + client + ":" + account
}

func (l *loginFailures) accountKey(account string) string { return "login-fail-account:" + account }

// Allow reports whether client may try to log in to account now; when not,
// it sets Retry-After on w and returns the refusal to answer with.
func (l *loginFailures) Allow(w http.ResponseWriter, r *http.Request, account, client string) error {
	ctx, cancel := context.WithTimeout(r.Context(), limiterTimeout)
	defer cancel()
	n, retry, err := l.limits.Count(ctx, l.clientKey(account, client), loginClientWindow)
	if err != nil {
		l.notCounted(r, err)
		return nil
	}
	if n >= l.perClient {
		setRetryAfter(w, retry)
		return marquee.Errorf(marquee.ERateLimited, "Too many failed login attempts. Try again in a minute.")
	}
	failed, _, err := l.limits.Count(ctx, l.failedKey(account, client), loginAccountWindow)
	if err != nil {
		l.notCounted(r, err)
		return nil
	}
	if failed == 0 {
		return nil
	}
	total, retry, err := l.limits.Count(ctx, l.accountKey(account), loginAccountWindow)
	if err != nil {
		l.notCounted(r, err)
		return nil
	}
	if total >= l.perAccount {
		setRetryAfter(w, retry)
		return marquee.Errorf(marquee.ERateLimited, "Too many failed login attempts for this account. Try again later.")
	}
	return nil
}

// Failed counts a failed login by client for account.
func (l *loginFailures) Failed(r *http.Request, account, client string) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), limiterTimeout)
	defer cancel()
	for _, hit := range []struct {
		key    string
		window time.Duration
	}{
		{l.clientKey(account, client), loginClientWindow},
		{l.failedKey(account, client), loginAccountWindow},
		{l.accountKey(account), loginAccountWindow},
	} {
		// The limit given to Hit does not matter to Allow, which compares
		// the counts; the client's is perClient-1, so that the failure
		// that locks the pair is told apart.
		limit := math.MaxInt32
		if hit.window == loginClientWindow {
			limit = l.perClient - 1
		}
		allowed, _, err := l.limits.Hit(ctx, hit.key, limit, hit.window)
		if err != nil {
			l.notCounted(r, err)
			return
		}
		if !allowed {
			l.locked(ctx, r, account, client)
		}
	}
}

// locked records, once per lock, that client is now locked out of
// account: only the failure that brought the count to the limit (parallel
// failures past it are not recorded again).
func (l *loginFailures) locked(ctx context.Context, r *http.Request, account, client string) {
	if l.events == nil {
		return
	}
	n, _, err := l.limits.Count(ctx, l.clientKey(account, client), loginClientWindow)
	if err != nil || n != l.perClient {
		return
	}
	if err := l.events.LoginLocked(ctx, account, client); err != nil {
		requestLogger(r, l.log).Error("login lock-out not audited", "err", err)
	}
}

func (l *loginFailures) notCounted(r *http.Request, err error) {
	if !errors.Is(r.Context().Err(), context.Canceled) {
		requestLogger(r, l.log).Error("rate limit not counted; request allowed", "limit", "login-failures", "err", err)
	}
}

// setRetryAfter tells the client to retry in whole seconds, at least one.
func setRetryAfter(w http.ResponseWriter, retry time.Duration) {
	w.Header().Set("Retry-After", strconv.Itoa(max(1, int(math.Ceil(retry.Seconds())))))
}

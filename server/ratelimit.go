package server

import (
	"context"
	"log/slog"
	"math"
	"net/http"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/telemetry"
)

// limiterTimeout bounds the wait for a hit's count; past it the policy
// fails open (the request goes on, uncounted) or closed (503).
const limiterTimeout = 2 * time.Second

// rateLimits applies the domain's rate limit policies
// (marquee.RateLimitPolicies, with the allowances Config sets) to requests:
// the one place where a request is counted, checked against its policy and,
// when its count cannot be written in time, let through (a policy that
// fails open) or refused with 503 (one that fails closed, guarding a
// secret). Every request is counted before it is checked: the count is
// raised and read back by one statement (marquee.RateLimiter.Hit), so that
// parallel requests cannot pass a limit together. The counts live in the
// database, shared by every node.
type rateLimits struct {
	counter  marquee.RateLimiter
	policies map[marquee.RateLimitName]marquee.RateLimitPolicy
	log      *slog.Logger
	// passedUncounted and refusedUncounted count the requests whose hit
	// could not be counted: let through by a policy that fails open,
	// refused by one that fails closed (Server.UncountedRequests).
	passedUncounted  atomic.Int64
	refusedUncounted atomic.Int64
	// metrics, when set, counts the refusals by policy.
	metrics *telemetry.Metrics
}

func newRateLimits(counter marquee.RateLimiter, log *slog.Logger, allowances map[marquee.RateLimitName]int) *rateLimits {
	l := &rateLimits{counter: counter, log: log, policies: map[marquee.RateLimitName]marquee.RateLimitPolicy{}}
	for _, p := range marquee.RateLimitPolicies() {
		l.policies[p.Name] = p.WithAllowance(allowances[p.Name])
	}
	return l
}

// policy returns the policy called name, with its configured allowance.
func (l *rateLimits) policy(name marquee.RateLimitName) marquee.RateLimitPolicy {
	p, ok := l.policies[name]
	if !ok {
		panic("server: no rate limit policy " + string(name))
	}
	return p
}

// hit is one request counted against a policy.
type hit struct {
	policy marquee.RateLimitPolicy
	key    marquee.RateLimitKey
	// hits is the window's count, this request included; counted is false
	// when it could not be counted (and the policy let it through).
	hits    int
	counted bool
	retry   time.Duration
}

// allowed reports whether the hit is within its policy (an uncounted hit
// is: its policy let it through).
func (h hit) allowed() bool { return !h.counted || h.policy.Allows(h.hits) }

// count counts one request of subject against policy name and reads the
// window's count back, without checking it. When the count cannot be
// written, a policy that fails closed answers ErrRateLimitUnavailable
// (Retry-After set on w); one that fails open returns an uncounted hit.
func (l *rateLimits) count(w http.ResponseWriter, r *http.Request, name marquee.RateLimitName, subject ...string) (hit, error) {
	h := hit{policy: l.policy(name), key: marquee.RateLimitKey{Policy: name, Subject: subject}}
	ctx, cancel := context.WithTimeout(r.Context(), limiterTimeout)
	defer cancel()
	n, retry, err := l.counter.Hit(ctx, h.key, h.policy.Window)
	if err == nil {
		h.hits, h.retry, h.counted = n, retry, true
		return h, nil
	}
	gone := r.Context().Err() != nil // the client left: nothing to report
	if h.policy.FailClosed {
		total := l.refusedUncounted.Add(1)
		l.refused(name, telemetry.RefusedUnavailable)
		if !gone {
			requestLogger(r, l.log).Error("rate limit not counted; request refused", "limit", name, "refused_uncounted", total, "err", err)
		}
		setRetryAfter(w, marquee.RateLimitUnavailableRetry)
		return h, marquee.ErrRateLimitUnavailable()
	}
	total := l.passedUncounted.Add(1)
	if !gone {
		requestLogger(r, l.log).Error("rate limit not counted; request allowed", "limit", name, "passed_uncounted", total, "err", err)
	}
	return h, nil
}

// refused counts a refusal by policy name in the metrics, when kept.
func (l *rateLimits) refused(name marquee.RateLimitName, reason string) {
	if l.metrics != nil {
		l.metrics.RateLimitRefused(name, reason)
	}
}

// check counts one request of subject against policy name and returns nil
// when it is within the policy, else its refusal (Retry-After set on w).
func (l *rateLimits) check(w http.ResponseWriter, r *http.Request, name marquee.RateLimitName, subject ...string) (hit, error) {
	h, err := l.count(w, r, name, subject...)
	if err != nil {
		return h, err
	}
	if !h.allowed() {
		l.refused(name, telemetry.RefusedLimit)
		setRetryAfter(w, h.retry)
		return h, h.policy.Refusal()
	}
	return h, nil
}

// refund gives back a counted hit (policies that count only failures, or
// only successes). A refund that fails is logged: the count stays higher.
func (l *rateLimits) refund(r *http.Request, h hit) {
	if !h.counted {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), limiterTimeout)
	defer cancel()
	if err := l.counter.Refund(ctx, h.key, h.policy.Window); err != nil {
		requestLogger(r, l.log).Error("rate limit hit not refunded", "limit", h.policy.Name, "err", err)
	}
}

// subject is whom policy name counts for r, as the policy says: the
// client, the signed-in user, an address typed in (account, for the
// policies per account), or the door (the festival of the path and the
// member of its door staff).
func (s *Server) subject(r *http.Request, name marquee.RateLimitName, account []string) []string {
	user := ""
	if u := currentUser(r); u != nil {
		user = strconv.FormatInt(u.ID, 10)
	}
	typed := ""
	if len(account) > 0 {
		typed = marquee.RateLimitAccount(account[0])
	}
	switch s.limits.policy(name).Subject {
	case marquee.PerUser:
		return []string{user}
	case marquee.PerAccount:
		return []string{typed}
	case marquee.PerAccountClient:
		// The account last: an account's deletion finds its counters by
		// the end of their keys.
		return []string{s.clientKey(r), typed}
	case marquee.PerDoor:
		return []string{r.PathValue("slug"), user}
	default:
		return []string{s.clientKey(r)}
	}
}

// limit counts r against the policy called name and returns nil when it
// may go on, else the answer (Retry-After set on w): the policy's refusal
// (429), or ErrRateLimitUnavailable (503) when the count could not be
// written and the policy fails closed. account is the address a policy
// per account counts.
func (s *Server) limit(w http.ResponseWriter, r *http.Request, name marquee.RateLimitName, account ...string) error {
	_, err := s.limits.check(w, r, name, s.subject(r, name, account)...)
	return err
}

// allow is limit for a handler: when r may not go on, it answers and
// returns false.
func (s *Server) allow(w http.ResponseWriter, r *http.Request, name marquee.RateLimitName, account ...string) bool {
	if err := s.limit(w, r, name, account...); err != nil {
		s.writeError(w, r, err)
		return false
	}
	return true
}

// giveBack takes back the hit limit counted for r, for a policy that
// counts only successes (marquee.CountSuccesses) when the action failed.
func (s *Server) giveBack(r *http.Request, name marquee.RateLimitName, account ...string) {
	p := s.limits.policy(name)
	s.limits.refund(r, hit{policy: p, key: marquee.RateLimitKey{Policy: name, Subject: s.subject(r, name, account)}, counted: true})
}

// UncountedRequests reports how many requests this server could not count
// against their rate limit since it started: passed, let through by a
// policy that fails open; refused (503) by one that fails closed. Each is
// also logged ("rate limit not counted").
func (s *Server) UncountedRequests() (passed, refused int64) {
	return s.limits.passedUncounted.Load(), s.limits.refusedUncounted.Load()
}

// setRetryAfter tells the client to retry in whole seconds, at least one.
func setRetryAfter(w http.ResponseWriter, retry time.Duration) {
	w.Header().Set("Retry-After", strconv.Itoa(max(1, int(math.Ceil(retry.Seconds())))))
}

package storetest

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/marquee-festival/marquee"
)

// The points where a CrashProvider's process dies.
const (
	// CrashNone: the payment goes through as it would.
	CrashNone = iota
	// CrashBeforeCharge: the process dies before the provider is asked
	// (nothing was charged).
	CrashBeforeCharge
	// CrashAfterCharge: the process dies once the provider has answered
	// (the payment was charged, and never settled).
	CrashAfterCharge
)

// errCrash is what a CrashProvider panics with.
var errCrash = errors.New("storetest: the process died")

// CrashProvider is a payment provider (the test mode) in a process that
// dies around its payment call, as a crash or a killed database
// connection leaves a payment: CreatePayment panics before or after asking
// the provider (Crash). It counts the reconciliation's FindPayment calls.
type CrashProvider struct {
	marquee.PaymentProvider
	mu    sync.Mutex
	crash int
	finds int
}

// NewCrashProvider wraps p, crashing nowhere until SetCrash.
func NewCrashProvider(p marquee.PaymentProvider) *CrashProvider {
	return &CrashProvider{PaymentProvider: p}
}

// SetCrash makes the next payments crash at point (CrashNone, CrashBeforeCharge, CrashAfterCharge).
func (p *CrashProvider) SetCrash(point int) {
	p.mu.Lock()
	p.crash = point
	p.mu.Unlock()
}

func (p *CrashProvider) point() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.crash
}

// CreatePayment asks the provider unless the process dies first, and dies
// after its answer when told to.
func (p *CrashProvider) CreatePayment(ctx context.Context, req marquee.PaymentRequest) (*marquee.PaymentResult, error) {
	if p.point() == CrashBeforeCharge {
		panic(errCrash)
	}
	res, err := p.PaymentProvider.CreatePayment(ctx, req)
	if p.point() == CrashAfterCharge {
		panic(errCrash)
	}
	return res, err
}

// FindPayment counts the call and asks the provider.
func (p *CrashProvider) FindPayment(ctx context.Context, q marquee.PaymentLookup) (*marquee.PaymentEvent, error) {
	p.mu.Lock()
	p.finds++
	p.mu.Unlock()
	return p.PaymentProvider.FindPayment(ctx, q)
}

// Finds is how many times the provider was asked about a payment.
func (p *CrashProvider) Finds() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.finds
}

// Crashed runs fn, which must die in a CrashProvider's payment call, as the
// process would have.
func Crashed(t testing.TB, fn func()) {
	t.Helper()
	died := func() (died bool) {
		defer func() {
			if r := recover(); r != nil {
				if r != errCrash {
					panic(r)
				}
				died = true
			}
		}()
		fn()
		return false
	}()
	if !died {
		t.Fatal("the payment went through: want the process to die in it")
	}
}

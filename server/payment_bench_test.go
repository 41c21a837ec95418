package server_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/marquee-festival/marquee/server"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// BenchmarkCheckoutHTTP measures the checkout's server calls over loopback
// HTTP with 32 concurrent clients, each a signed-in buyer: the test-mode
// purchase (validation, pending purchase, provider, settlement with its
// ledger row and receipt mail), the provider config and the purchase list;
// and, in the same run, a bare net/http handler serving the checkout's
// answer, for the ratio. It reports p95 in ms and requests per second:
//
//	go test ./server -run '^$' -bench CheckoutHTTP -benchtime 2000x
//	MARQUEE_TEST_POSTGRES_URL=... go test ./server -run '^$' -bench CheckoutHTTP -benchtime 2000x
func BenchmarkCheckoutHTTP(b *testing.B) {
	dbs := map[string]func(testing.TB) *store.DB{"sqlite": storetest.OpenSQLite}
	if os.Getenv("MARQUEE_TEST_POSTGRES_URL") != "" {
		dbs["postgres"] = storetest.OpenPostgres
	}
	for _, name := range []string{"sqlite", "postgres"} {
		open, ok := dbs[name]
		if !ok {
			continue
		}
		b.Run(name, func(b *testing.B) { benchCheckout(b, storetest.Wrap(b, open(b))) })
	}
}

const benchClients = 32

func benchCheckout(b *testing.B, db *storetest.DB) {
	ctx := context.Background()
	cfg := server.DefaultConfig()
	cfg.Clock = db.Clock.Now
	cfg.CheckoutRatePer10Min = 1 << 30
	srv, err := server.New(cfg, db.Domain(), slog.New(slog.DiscardHandler))
	if err != nil {
		b.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	tokens := make([]string, benchClients)
	for i := range tokens {
		u, err := db.Users.CreateUser(ctx, store.UserRecord{Email: fmt.Sprintf("buyer%d@bench.example", i), PasswordHash: "x"})
		if err != nil {
			b.Fatal(err)
		}
		if tokens[i], err = db.Sessions.Start(ctx, u.ID, "bench", "127.0.0.1"); err != nil {
			b.Fatal(err)
		}
	}
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: benchClients}}
	body := `{"packageId":"pro","country":"US","card":{"number":"4242424242424242","expMonth":12,"expYear":2099,"cvc":"123"}}`
	var sample []byte
	calls := []struct{ name, method, path, body string }{
		{"checkout", "POST", "/api/v1/payments", body},
		{"config", "GET", "/api/v1/payments/config", ""},
		{"purchases", "GET", "/api/v1/me/purchases", ""},
	}
	for _, c := range calls {
		b.Run(c.name, func(b *testing.B) {
			out := measure(b, client, hs.URL+c.path, c.method, c.body, tokens)
			if c.name == "checkout" {
				sample = out
			}
		})
	}
	bare := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.WriteHeader(http.StatusCreated)
		_, _ = w.Write(sample)
	}))
	defer bare.Close()
	b.Run("bare-same-bytes", func(b *testing.B) { measure(b, client, bare.URL, "POST", body, tokens) })
}

// measure sends b.N requests from benchClients goroutines and reports p95
// and requests per second; it returns one answer's body.
func measure(b *testing.B, client *http.Client, url, method, body string, tokens []string) []byte {
	var next atomic.Int64
	lat := make([]time.Duration, b.N)
	var first []byte
	var once sync.Once
	var wg sync.WaitGroup
	b.ResetTimer()
	start := time.Now()
	for g := range benchClients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := next.Add(1) - 1
				if i >= int64(b.N) {
					return
				}
				req, _ := http.NewRequest(method, url, strings.NewReader(body))
				req.Header.Set("Authorization", "Bearer "+tokens[g])
				if body != "" {
					req.Header.Set("Content-Type", "application/json")
				}
				t0 := time.Now()
				res, err := client.Do(req)
				if err != nil {
					b.Error(err)
					return
				}
				raw, _ := io.ReadAll(res.Body)
				res.Body.Close()
				lat[i] = time.Since(t0)
				if res.StatusCode >= 300 || bytes.Contains(raw, []byte(`"status":"failed"`)) {
					b.Errorf("%s %s: %d %s", method, url, res.StatusCode, raw)
					return
				}
				once.Do(func() { first = raw })
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)*95/100].Microseconds())/1000, "p95-ms")
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "req/s")
	return first
}

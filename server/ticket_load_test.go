package server_test

import (
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

	"encoding/json"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/server"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// loadNow is the load tests' clock: the screening is on sale.
var loadNow = time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)

// loadScreening creates an approved festival with one screening of
// capacity seats at priceCents and returns it with its organiser.
func loadScreening(t testing.TB, db *storetest.DB, tag string, capacity int, priceCents int64) (*marquee.User, *marquee.Festival, *marquee.ManagedScreening) {
	t.Helper()
	ctx := context.Background()
	org, err := db.Users.CreateUser(ctx, store.UserRecord{Email: tag + "org@load.example", Name: "Org", PasswordHash: "x"})
	if err != nil {
		t.Fatal(err)
	}
	f, err := db.Festivals.Create(storetest.AsUser(ctx, org), marquee.FestivalDetails{Name: "Load Fest " + tag, Description: "Films.",
		Location: "Hall", Country: "PT", City: "Lisbon", Website: "https://load.example", StartDate: "2026-09-01", EndDate: "2026-09-03",
		ContactEmail: "team@load.example"})
	if err != nil {
		t.Fatal(err)
	}
	admin, err := db.Users.CreateUser(ctx, store.UserRecord{Email: tag + "admin@load.example", Name: "Admin", PasswordHash: "x", Role: marquee.RoleAdmin})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Festivals.Approve(storetest.AsUser(ctx, admin), f.ID); err != nil {
		t.Fatal(err)
	}
	sc, err := db.Tickets.CreateScreening(storetest.AsUser(ctx, org), f.Slug, marquee.ScreeningInput{Title: "Sold out night", Venue: "Hall 1",
		StartsAt: "2026-03-15T19:00", EndsAt: "2026-03-15T21:00", Capacity: capacity, PriceCents: priceCents,
		SalesStartAt: "2026-03-01T09:00", SalesEndAt: "2026-03-15T18:00"})
	if err != nil {
		t.Fatal(err)
	}
	return org, f, sc
}

// loadBuyers creates n buyers with a session each and returns their tokens.
func loadBuyers(t testing.TB, db *storetest.DB, tag string, n int) []string {
	t.Helper()
	ctx := context.Background()
	tokens := make([]string, n)
	for i := range tokens {
		u, err := db.Users.CreateUser(ctx, store.UserRecord{Email: fmt.Sprintf("%sbuyer%d@load.example", tag, i), Name: fmt.Sprintf("Buyer %d", i), PasswordHash: "x"})
		if err != nil {
			t.Fatal(err)
		}
		if tokens[i], err = db.Sessions.Start(ctx, u.ID, "load", "127.0.0.1"); err != nil {
			t.Fatal(err)
		}
	}
	return tokens
}

// loadNode serves db's services as one `marquee serve` node would and
// returns its address and its server (whose UncountedRequests tell how
// many requests its rate limits could not count).
func loadNode(t testing.TB, db *storetest.DB) (string, *server.Server) {
	t.Helper()
	cfg := server.DefaultConfig()
	cfg.Clock = db.Clock.Now
	cfg.CheckoutRatePer10Min = 1 << 30
	srv, err := server.New(cfg, db.Domain(), slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError})))
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(hs.Close)
	return hs.URL, srv
}

func post(client *http.Client, url, token, body string) (int, []byte, error) {
	req, _ := http.NewRequest("POST", url, strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	res, err := client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	return res.StatusCode, raw, err
}

// TestTicketLoadNeverOversold: 1,000 buyers at once, each buying one
// ticket of a 100-seat screening through the real handler stack, on two
// nodes (two servers over two handles on one database): exactly 100 are
// sold and every other buyer is told 409 "Sold out". It logs orders per
// second, and how many requests the rate limits let through uncounted
// (their counter could not be written in time; never asserted, as it
// depends on the machine). The numbers for the README:
//
//	go test ./server -run TestTicketLoadNeverOversold -count=1 -v
//	MARQUEE_TEST_POSTGRES_URL=... go test ./server -run TestTicketLoadNeverOversold -count=1 -v
func TestTicketLoadNeverOversold(t *testing.T) {
	if testing.Short() {
		t.Skip("load test")
	}
	storetest.ForEachShared(t, func(t *testing.T, sa, sb *store.DB) {
		a, b := storetest.Wrap(t, sa), storetest.Wrap(t, sb)
		a.Clock.Set(loadNow)
		b.Clock.Set(loadNow)
		for _, price := range []int64{0, 1500} {
			t.Run(fmt.Sprintf("price-%d", price), func(t *testing.T) {
				org, f, sc := loadScreening(t, a, fmt.Sprint(price), 100, price)
				const buyers = 1000
				tokens := loadBuyers(t, a, fmt.Sprint(price), buyers)
				urlA, srvA := loadNode(t, a)
				urlB, srvB := loadNode(t, b)
				nodes := []string{urlA, urlB}
				client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 256, MaxConnsPerHost: 256}}
				t.Cleanup(client.CloseIdleConnections)
				var sold, soldOut, payRetries atomic.Int64
				var mu sync.Mutex
				other := map[string]int{}
				var wg sync.WaitGroup
				start := make(chan struct{})
				for i := range buyers {
					wg.Go(func() {
						<-start
						node := nodes[i%2]
						status, raw, err := post(client, node+"/api/v1/ticket-orders", tokens[i], fmt.Sprintf(`{"screeningId":%d,"quantity":1}`, sc.ID))
						if err != nil {
							t.Error(err)
							return
						}
						var body struct {
							ID      int64  `json:"id"`
							Status  string `json:"status"`
							Message string `json:"message"`
						}
						_ = json.Unmarshal(raw, &body)
						switch {
						case status == 201 && price == 0 && body.Status == "paid":
							sold.Add(1)
						case status == 201 && price > 0 && body.Status == "pending":
							// A 503 says the payment's limit (checkout-user, which
							// fails closed) could not be counted in time: the one
							// SQLite writer was busy with the burst (seen in a
							// clean-clone make test, at a lower priority beside the
							// browser tests). The buyer does what it asks, tries
							// again a moment later; a few tries stay within the
							// limit's 10 attempts.
							for try := 1; ; try++ {
								status, raw, err = post(client, node+fmt.Sprintf("/api/v1/ticket-orders/%d/pay", body.ID), tokens[i], goodCard)
								if err != nil || status != http.StatusServiceUnavailable || try == 5 {
									break
								}
								payRetries.Add(1)
								time.Sleep(time.Duration(try) * 200 * time.Millisecond)
							}
							if err != nil || status != 200 || !strings.Contains(string(raw), `"status":"paid"`) {
								t.Errorf("pay: %d %s %v", status, raw, err)
								return
							}
							sold.Add(1)
						case status == 409 && body.Message == "Sold out":
							soldOut.Add(1)
						default:
							mu.Lock()
							other[fmt.Sprintf("%d %s", status, raw)]++
							mu.Unlock()
						}
					})
				}
				began := time.Now()
				close(start)
				wg.Wait()
				elapsed := time.Since(began)
				if len(other) > 0 {
					t.Errorf("unexpected answers: %v", other)
				}
				if sold.Load() != 100 || soldOut.Load() != buyers-100 {
					t.Fatalf("sold %d, sold out %d; want 100 and %d", sold.Load(), soldOut.Load(), buyers-100)
				}
				l, err := b.Tickets.ManagedScreenings(storetest.AsUser(context.Background(), org), f.Slug)
				if err != nil {
					t.Fatal(err)
				}
				for _, m := range l.Items {
					if m.ID == sc.ID && (m.Sold != 100 || m.Held != 0 || m.Remaining != 0) {
						t.Fatalf("screening: sold %d held %d remaining %d", m.Sold, m.Held, m.Remaining)
					}
				}
				// Every buyer's tickets, counted one by one.
				var tickets int64
				for _, tok := range tokens {
					ctx := context.Background()
					u, err := b.Sessions.User(ctx, tok)
					if err != nil {
						t.Fatal(err)
					}
					page, err := b.Tickets.Tickets(storetest.AsUser(ctx, u), marquee.PageRequest{Page: 1})
					if err != nil {
						t.Fatal(err)
					}
					tickets += page.Total
				}
				if tickets != 100 {
					t.Fatalf("%d tickets issued, want 100 (oversold by %d)", tickets, tickets-100)
				}
				var passed, refused int64
				for _, srv := range []*server.Server{srvA, srvB} {
					p, r := srv.UncountedRequests()
					passed, refused = passed+p, refused+r
				}
				t.Logf("%d buyers on 2 nodes: 100 sold, %d sold out, oversold 0; %.0f orders/s (%s); rate limits: %d requests let through uncounted, %d refused uncounted (%d payments tried again)",
					buyers, soldOut.Load(), buyers/elapsed.Seconds(), elapsed.Round(time.Millisecond), passed, refused, payRetries.Load())
			})
		}
	})
}

// BenchmarkTicketHTTP measures, over loopback HTTP with 32 concurrent
// buyers, tickets sold per second (a free order: one request; a test-mode
// order and its payment: two) and the p95 of a check-in:
//
//	go test ./server -run '^$' -bench TicketHTTP -benchtime 2000x
//	MARQUEE_TEST_POSTGRES_URL=... go test ./server -run '^$' -bench TicketHTTP -benchtime 2000x
func BenchmarkTicketHTTP(b *testing.B) {
	dbs := map[string]func(testing.TB) *store.DB{"sqlite": storetest.OpenSQLite}
	if os.Getenv(storetest.PostgresEnv) != "" {
		dbs["postgres"] = storetest.OpenPostgres
	}
	for _, name := range []string{"sqlite", "postgres"} {
		open, ok := dbs[name]
		if !ok {
			continue
		}
		b.Run(name, func(b *testing.B) {
			db := storetest.Wrap(b, open(b))
			db.Clock.Set(loadNow)
			org, f, free := loadScreening(b, db, "", marquee.ScreeningCapacityMax, 0)
			paid, err := db.Tickets.CreateScreening(storetest.AsUser(context.Background(), org), f.Slug, marquee.ScreeningInput{Title: "Paid", Venue: "Hall 2",
				StartsAt: "2026-03-15T19:00", EndsAt: "2026-03-15T21:00", Capacity: marquee.ScreeningCapacityMax, PriceCents: 900,
				SalesStartAt: "2026-03-01T09:00", SalesEndAt: "2026-03-15T18:00"})
			if err != nil {
				b.Fatal(err)
			}
			// Each buyer may start 30 orders in ten minutes: enough buyers
			// that no request is refused.
			tokens := loadBuyers(b, db, "", 1024)
			url, _ := loadNode(b, db)
			client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: benchClients}}
			var codes []string
			var codesMu sync.Mutex
			b.Run("free-ticket", func(b *testing.B) {
				runClients(b, func(i int) error {
					status, raw, err := post(client, url+"/api/v1/ticket-orders", tokens[i%len(tokens)], fmt.Sprintf(`{"screeningId":%d,"quantity":1}`, free.ID))
					if err != nil || status != 201 {
						return fmt.Errorf("order: %d %s %v", status, raw, err)
					}
					var o marquee.TicketOrder
					_ = json.Unmarshal(raw, &o)
					codesMu.Lock()
					codes = append(codes, o.Tickets[0].Code)
					codesMu.Unlock()
					return nil
				}, "tickets/s")
			})
			b.Run("paid-ticket", func(b *testing.B) {
				runClients(b, func(i int) error {
					tok := tokens[(i+512)%len(tokens)]
					status, raw, err := post(client, url+"/api/v1/ticket-orders", tok, fmt.Sprintf(`{"screeningId":%d,"quantity":1}`, paid.ID))
					if err != nil || status != 201 {
						return fmt.Errorf("order: %d %s %v", status, raw, err)
					}
					var o marquee.TicketOrder
					_ = json.Unmarshal(raw, &o)
					status, raw, err = post(client, url+fmt.Sprintf("/api/v1/ticket-orders/%d/pay", o.ID), tok, goodCard)
					if err != nil || status != 200 || !strings.Contains(string(raw), `"status":"paid"`) {
						return fmt.Errorf("pay: %d %s %v", status, raw, err)
					}
					return nil
				}, "tickets/s")
			})
			// 32 doors: members of the door staff, each with its own
			// allowance of check-ins (marquee.LimitCheckIn).
			doors := loadBuyers(b, db, "door", benchClients)
			for i := range doors {
				if _, err := db.Tickets.AddDoorStaff(storetest.AsUser(context.Background(), org), f.Slug, fmt.Sprintf("doorbuyer%d@load.example", i)); err != nil {
					b.Fatal(err)
				}
			}
			used := 0 // codes checked in by earlier runs (the benchmark runs again with a larger b.N)
			b.Run("check-in", func(b *testing.B) {
				if used+b.N > len(codes) {
					b.Skipf("only %d tickets left to check in; run free-ticket with a larger -benchtime", len(codes)-used)
				}
				base := used
				used += b.N
				runClients(b, func(i int) error {
					i += base
					status, raw, err := post(client, url+"/api/v1/manage/festivals/"+f.Slug+"/check-in", doors[i%len(doors)],
						fmt.Sprintf(`{"screeningId":%d,"code":%q}`, free.ID, codes[i]))
					if err != nil || status != 200 || !strings.Contains(string(raw), `"result":"valid"`) {
						return fmt.Errorf("check-in: %d %s %v", status, raw, err)
					}
					return nil
				}, "check-ins/s")
			})
		})
	}
}

// runClients runs do(i) for i in [0, b.N) from benchClients goroutines
// and reports p95 in ms and operations per second under unit.
func runClients(b *testing.B, do func(i int) error, unit string) {
	var next atomic.Int64
	lat := make([]time.Duration, b.N)
	var wg sync.WaitGroup
	b.ResetTimer()
	start := time.Now()
	for range benchClients {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= b.N {
					return
				}
				t0 := time.Now()
				if err := do(i); err != nil {
					b.Error(err)
					return
				}
				lat[i] = time.Since(t0)
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)*95/100].Microseconds())/1000, "p95-ms")
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), unit)
}

package server_test

import (
	"testing"

	"github.com/marquee-festival/marquee/server"
	"github.com/marquee-festival/marquee/store/storetest"
)

// /readyz answers 503 until the node is marked ready, then 200; /healthz
// answers 200 throughout (liveness).
func TestReadyz(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ready := &server.Readiness{}
		s := newTestServer(t, db, func(c *server.Config) { c.Readiness = ready })
		r := s.do(call{method: "GET", path: "/readyz"})
		expect(t, r, 503, "")
		if field(r, "status") != "starting" || r.header.Get("Cache-Control") != "no-store" {
			t.Fatalf("before ready: %s %v", r.raw, r.header)
		}
		expect(t, s.do(call{method: "GET", path: "/healthz"}), 200, "")
		ready.MarkReady()
		r = s.do(call{method: "GET", path: "/readyz"})
		expect(t, r, 200, "")
		if field(r, "status") != "ok" {
			t.Fatalf("after ready: %s", r.raw)
		}
	})
}

// A ready node whose database is gone is not ready.
func TestReadyzDatabaseDown(t *testing.T) {
	db := sqliteDB(t)
	ready := &server.Readiness{}
	ready.MarkReady()
	s := newTestServer(t, db, func(c *server.Config) { c.Readiness = ready })
	expect(t, s.do(call{method: "GET", path: "/readyz"}), 200, "")
	db.Close()
	expect(t, s.do(call{method: "GET", path: "/readyz"}), 503, "")
}

package store

import (
	"fmt"
	"testing"
	"time"
)

func TestGramCounts(t *testing.T) {
	var g gramCounts
	now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	if _, ok := g.count("234", 2500, now); ok {
		t.Fatal("a count before any")
	}
	// An exact count answers any bound.
	g.remember("234", 2499, 2500, now)
	for _, c := range []struct{ bound, want int }{{2500, 2499}, {20000, 2499}, {100, 100}} {
		if n, ok := g.count("234", c.bound, now.Add(time.Second)); !ok || n != c.want {
			t.Errorf("up to %d: %d %v, want %d", c.bound, n, ok, c.want)
		}
	}
	// A count that reached its bound answers that bound and lower ones only.
	g.remember("exa", 2500, 2500, now)
	if n, ok := g.count("exa", 2500, now); !ok || n != 2500 {
		t.Errorf("common up to its bound: %d %v", n, ok)
	}
	if n, ok := g.count("exa", 10, now); !ok || n != 10 {
		t.Errorf("common up to a lower bound: %d %v", n, ok)
	}
	if _, ok := g.count("exa", 20000, now); ok {
		t.Error("a count up to 2,500 answered up to 20,000")
	}
	// No account: not remembered (a new account may hold it at once).
	g.remember("zzq", 0, 2500, now)
	if _, ok := g.count("zzq", 2500, now); ok {
		t.Error("a trigram in no account was remembered")
	}
	// Counts expire, and their number is bounded.
	if _, ok := g.count("234", 2500, now.Add(gramCountTTL)); ok {
		t.Error("a count outlived its minute")
	}
	for i := range gramCountLimit + 1 {
		g.remember(fmt.Sprint(i), 1, 2500, now)
	}
	if len(g.entries) > gramCountLimit {
		t.Fatalf("%d counts kept, limit %d", len(g.entries), gramCountLimit)
	}
}

// PostgreSQL's indexed pair does not overlap by two characters when the
// query has such a pair.
func TestIndexedTrigrams(t *testing.T) {
	for _, c := range []struct {
		query string
		want  string
	}{
		{"23456@exa", "[234 456]"},
		{"Filmmaker 23456", "[456 234]"},
		{"abc", "[abc]"},
		{"abcd", "[abc bcd]"}, // no pair apart: the two likeliest rare
		{"seed-0023456", "[023 456]"},
	} {
		if got := fmt.Sprint(indexedTrigrams(c.query)); got != c.want {
			t.Errorf("%q: %s, want %s", c.query, got, c.want)
		}
	}
}

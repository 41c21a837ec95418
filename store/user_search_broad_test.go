package store

import (
	"fmt"
	"testing"
	"time"
)

func TestBroadSearchesExpire(t *testing.T) {
	var b broadSearches
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	if b.known("example.test", now) {
		t.Fatal("known before any search")
	}
	b.remember("example.test", now)
	if !b.known("example.test", now.Add(broadSearchTTL-time.Second)) {
		t.Fatal("forgotten within the minute")
	}
	if b.known("example.test", now.Add(broadSearchTTL)) {
		t.Fatal("still known after the minute: the next search must count again")
	}
	if b.known("Example.test", now) {
		t.Fatal("another query shares the answer")
	}
	for i := range broadSearchLimit + 1 {
		b.remember(fmt.Sprint("q", i), now)
	}
	if len(b.until) > broadSearchLimit {
		t.Fatalf("%d searches remembered, limit %d", len(b.until), broadSearchLimit)
	}
}

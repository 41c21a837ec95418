package main

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

func TestSeedProgress(t *testing.T) {
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var out bytes.Buffer
	p := newSeedProgress(&out, func() time.Time { return at })
	step := func(d time.Duration, name string, done, total int) {
		at = at.Add(d)
		p.report(name, done, total)
	}
	step(time.Second, "users", 61_000, 500_000)            // too soon after the start: no line
	step(1500*time.Millisecond, "users", 150_000, 500_000) // 2.5 s: a line
	step(time.Second, "users", 200_000, 500_000)           // 1 s after the last line: none
	step(1500*time.Millisecond, "users", 250_000, 500_000)
	step(100*time.Millisecond, "users", 500_000, 500_000) // the end: always
	step(0, "users: indexes", 0, 0)                       // a step without counts: at once
	step(3*time.Second, "submissions", 1_000, 1_000_000)  // its time is printed when the next begins
	step(time.Second, "submissions", 1_000_000, 1_000_000)
	want := strings.Join([]string{
		"seed: users 150,000/500,000 (60,000/s, 2.5 s)",
		"seed: users 250,000/500,000 (50,000/s, 5.0 s)",
		"seed: users 500,000/500,000 (98,039/s, 5.1 s)",
		"seed: users: indexes",
		"seed: users: indexes took 3.0 s",
		"seed: submissions 1,000,000/1,000,000 (1,000,000/s, 1.0 s)",
		"",
	}, "\n")
	if out.String() != want {
		t.Fatalf("progress:\n%s\nwant:\n%s", out.String(), want)
	}
	for n, s := range map[int64]string{0: "0", 7: "7", 999: "999", 1000: "1,000", 1234567: "1,234,567", -45000: "-45,000"} {
		if got := groupDigits(n); got != s {
			t.Errorf("groupDigits(%d) = %q, want %q", n, got, s)
		}
	}
}

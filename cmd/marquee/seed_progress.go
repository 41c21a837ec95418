package main

import (
	"fmt"
	"io"
	"strconv"
	"time"
)

// seedProgressEvery is how often a step of `marquee seed` prints its
// count while it runs (and once more when it ends).
const seedProgressEvery = 2 * time.Second

// seedProgress prints how a step of `marquee seed` goes, as log lines (a
// terminal or not): for a step with counts, at most every seedProgressEvery
// and at its end,
//
//	seed: users 250,000/500,000 (61,000/s, 4.1 s)
//
// and for a step without counts (building indexes), a line when it
// starts. It is a store.SeedProgress through report.
type seedProgress struct {
	w     io.Writer
	now   func() time.Time
	every time.Duration
	// step is the step last reported, start when it began (the first
	// step began when the progress was made), last the last line's time.
	step        string
	counted     int
	start, last time.Time
}

// newSeedProgress returns a progress printer to w whose first step
// begins now.
func newSeedProgress(w io.Writer, now func() time.Time) *seedProgress {
	t := now()
	return &seedProgress{w: w, now: now, every: seedProgressEvery, start: t, last: t}
}

// report is the store.SeedProgress: done of total rows of step are in; a
// total of 0 starts a step without counts.
func (p *seedProgress) report(step string, done, total int) {
	t := p.now()
	if p.step != "" && step != p.step {
		if p.counted == 0 {
			fmt.Fprintf(p.w, "seed: %s took %.1f s\n", p.step, t.Sub(p.start).Seconds())
		}
		p.start, p.last = t, t
	}
	p.step, p.counted = step, total
	if total <= 0 {
		fmt.Fprintf(p.w, "seed: %s\n", step)
		return
	}
	if done < total && t.Sub(p.last) < p.every {
		return
	}
	p.last = t
	elapsed := t.Sub(p.start)
	rate := ""
	if s := elapsed.Seconds(); s > 0 {
		rate = groupDigits(int64(float64(done)/s)) + "/s, "
	}
	fmt.Fprintf(p.w, "seed: %s %s/%s (%s%.1f s)\n", step, groupDigits(int64(done)), groupDigits(int64(total)), rate, elapsed.Seconds())
}

// groupDigits writes n with a comma between groups of three digits.
func groupDigits(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := n < 0
	if neg {
		s = s[1:]
	}
	out := make([]byte, 0, len(s)+len(s)/3+1)
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	if neg {
		return "-" + string(out)
	}
	return string(out)
}

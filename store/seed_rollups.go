package store

import (
	"cmp"
	"context"
	"slices"
	"strconv"
)

// seedRollupColumns are the columns of the rows seedRollups makes.
var seedRollupColumns = []string{"festival_id", "day", "facet", "key", "count", "credits"}

// seedRollupKey is one row of submission_rollups.
type seedRollupKey struct {
	festival        int64
	day, facet, key string
}

// seedRollupSum is a row's count and net fee credits.
type seedRollupSum struct{ count, credits int64 }

// seedRollups sums the seeded submissions into submission_rollups' rows
// as the generator makes them, what rebuildSubmissionRollups computes from
// the table (UTC days), without reading a million rows back nine times.
// The seed makes its submissions in order of entry, give or take an hour,
// so a day's rows are complete, and handed out, once entries reach a
// later day (flush); the rows of all days wait for the end.
type seedRollups struct {
	days map[string]map[seedRollupKey]*seedRollupSum
	all  map[seedRollupKey]*seedRollupSum
}

func newSeedRollups() *seedRollups {
	return &seedRollups{days: map[string]map[seedRollupKey]*seedRollupSum{}, all: map[seedRollupKey]*seedRollupSum{}}
}

// add counts one submission entered on day (UTC, YYYY-MM-DD) that paid
// credits net of refunds.
func (r *seedRollups) add(festival int64, day string, category int64, country, status, tier string, credits int64) {
	byKey := r.days[day]
	if byKey == nil {
		byKey = map[seedRollupKey]*seedRollupSum{}
		r.days[day] = byKey
	}
	bump := func(m map[seedRollupKey]*seedRollupSum, k seedRollupKey, credits int64) {
		s := m[k]
		if s == nil {
			s = &seedRollupSum{}
			m[k] = s
		}
		s.count++
		s.credits += credits
	}
	bump(byKey, seedRollupKey{festival, day, "day", ""}, 0)
	for _, f := range []struct {
		facet, key string
		credits    int64
	}{
		{"category", strconv.FormatInt(category, 10), 0},
		{"country", country, 0},
		{"status", status, 0},
		{"tier", tier, credits},
	} {
		bump(byKey, seedRollupKey{festival, day, f.facet, f.key}, f.credits)
		bump(r.all, seedRollupKey{festival, allDays, f.facet, f.key}, f.credits)
	}
}

// flush appends the rows of the days before day (all days when day is
// "", then the rows of all days too) to args, in the order of the
// table's primary key, and forgets them.
func (r *seedRollups) flush(day string, args []any) []any {
	var keys []seedRollupKey
	var sums []*seedRollupSum
	for d, byKey := range r.days {
		if day != "" && d >= day {
			continue
		}
		for k, s := range byKey {
			keys, sums = append(keys, k), append(sums, s)
		}
		delete(r.days, d)
	}
	if day == "" {
		for k, s := range r.all {
			keys, sums = append(keys, k), append(sums, s)
		}
		clear(r.all)
	}
	order := make([]int, len(keys))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int {
		x, y := keys[a], keys[b]
		return cmp.Or(cmp.Compare(x.festival, y.festival), cmp.Compare(x.facet, y.facet), cmp.Compare(x.key, y.key), cmp.Compare(x.day, y.day))
	})
	for _, i := range order {
		k := keys[i]
		args = append(args, k.festival, k.day, k.facet, k.key, sums[i].count, sums[i].credits)
	}
	return args
}

// writeSeedRollups adds rows of seedRollupColumns to submission_rollups:
// by COPY or plain INSERTs when the table had no row before the load
// (every row is then new), else adding to the rows already there.
func writeSeedRollups(ctx context.Context, bl *bulkLoad, args []any, fresh bool) error {
	if fresh {
		return bl.insert(ctx, "submission_rollups", seedRollupColumns, args)
	}
	return insertValues(ctx, bl.conn(), `INSERT INTO submission_rollups (festival_id, day, facet, key, count, credits)`, len(seedRollupColumns), args,
		`ON CONFLICT (festival_id, facet, key, day) DO UPDATE SET count = submission_rollups.count + excluded.count,
			credits = submission_rollups.credits + excluded.credits`, nil)
}

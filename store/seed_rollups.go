package store

import (
	"cmp"
	"context"
	"maps"
	"slices"
	"strconv"
)

// seedRollupColumns are the columns of the rows seedRollups makes.
var seedRollupColumns = []string{"festival_id", "day", "facet", "key", "count", "credits"}

// seedRollupFacets are submission_rollups' facets in the order of its
// primary key (festival_id, facet, key, day), byte order as SQLite's.
var seedRollupFacets = []string{"category", "country", "day", "open", "status", "tier"}

// seedEntry is what submission_rollups needs of one seeded submission.
type seedEntry struct {
	festival, category, credits int64
	// day is a number of seedRollups.days; country, status and tier of
	// seedRollups.names.
	day                   int32
	country, status, tier int32
}

// seedRollups gathers the seeded submissions' facts (16 bytes and a few
// each) and makes submission_rollups' rows from them at the end, in the
// order of the table's primary key: what rebuildSubmissionRollups
// computes from the table (UTC days) without reading a million rows back
// nine times, and 4.4 million rows (the default seed) appended to the
// key's index instead of inserted at random places of it.
type seedRollups struct {
	entries []seedEntry
	days    interned
	names   interned
}

// interned numbers strings in the order they come.
type interned struct {
	list []string
	ids  map[string]int32
}

// id returns s's number, giving it the next when new.
func (in *interned) id(s string) int32 {
	if i, ok := in.ids[s]; ok {
		return i
	}
	if in.ids == nil {
		in.ids = map[string]int32{}
	}
	i := int32(len(in.list))
	in.list = append(in.list, s)
	in.ids[s] = i
	return i
}

// add counts one submission entered on day (UTC, YYYY-MM-DD) that paid
// credits net of refunds.
func (r *seedRollups) add(festival int64, day string, category int64, country, status, tier string, credits int64) {
	r.entries = append(r.entries, seedEntry{festival: festival, category: category, credits: credits,
		day: r.days.id(day), country: r.names.id(country), status: r.names.id(status), tier: r.names.id(tier)})
}

// rows calls emit with the rollup rows (values of seedRollupColumns, row
// after row) in the order of the primary key, about chunk rows at a time.
func (r *seedRollups) rows(chunk int, emit func(args []any)) {
	slices.SortFunc(r.entries, func(a, b seedEntry) int { return cmp.Compare(a.festival, b.festival) })
	args := make([]any, 0, (chunk+64)*len(seedRollupColumns))
	type sum struct{ count, credits int64 }
	for start := 0; start < len(r.entries); {
		festival := r.entries[start].festival
		end := start
		for end < len(r.entries) && r.entries[end].festival == festival {
			end++
		}
		group := r.entries[start:end]
		start = end
		for _, facet := range seedRollupFacets {
			// key -> day ("*" for all days) -> sum
			byKey := map[string]map[string]*sum{}
			for _, e := range group {
				var key string
				var credits int64
				if facet == "open" && r.names.list[e.status] == "withdrawn" {
					continue
				}
				switch facet {
				case "category":
					key = strconv.FormatInt(e.category, 10)
				case "country":
					key = r.names.list[e.country]
				case "day":
					key = ""
				case "open":
					key = strconv.FormatInt(e.category, 10)
				case "status":
					key = r.names.list[e.status]
				case "tier":
					key, credits = r.names.list[e.tier], e.credits
				}
				byDay := byKey[key]
				if byDay == nil {
					byDay = map[string]*sum{}
					byKey[key] = byDay
				}
				days := []string{r.days.list[e.day], allDays}
				switch facet {
				case "day":
					days = days[:1]
				case "open":
					days = days[1:]
				}
				for _, d := range days {
					s := byDay[d]
					if s == nil {
						s = &sum{}
						byDay[d] = s
					}
					s.count++
					s.credits += credits
				}
			}
			for _, key := range slices.Sorted(maps.Keys(byKey)) {
				byDay := byKey[key]
				for _, d := range slices.Sorted(maps.Keys(byDay)) { // allDays ("*") sorts first
					args = append(args, festival, d, facet, key, byDay[d].count, byDay[d].credits)
				}
			}
		}
		if len(args) >= chunk*len(seedRollupColumns) {
			emit(args)
			args = make([]any, 0, cap(args))
		}
	}
	if len(args) > 0 {
		emit(args)
	}
}

// writeSeedRollups adds rows of seedRollupColumns to submission_rollups:
// by COPY or plain INSERTs when the table had no row before the load
// (fresh: every row is new), else adding to the rows already there.
func writeSeedRollups(ctx context.Context, bl *bulkLoad, args []any, fresh bool) error {
	if fresh {
		return bl.insert(ctx, "submission_rollups", seedRollupColumns, args)
	}
	return insertValues(ctx, bl.conn(), `INSERT INTO submission_rollups (festival_id, day, facet, key, count, credits)`, len(seedRollupColumns), args,
		`ON CONFLICT (festival_id, facet, key, day) DO UPDATE SET count = submission_rollups.count + excluded.count,
			credits = submission_rollups.credits + excluded.credits`, nil)
}

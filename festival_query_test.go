package marquee

import "testing"

func TestFestivalQueryNormalize(t *testing.T) {
	const today = "2026-03-01"
	cases := []struct {
		name     string
		q        FestivalQuery
		hasTerms bool
		want     FestivalQuery
	}{
		{"empty: by deadline, first page", FestivalQuery{}, false,
			FestivalQuery{Sort: FestivalSortDeadline, Page: 1, PerPage: FestivalSearchPerPage, Today: today}},
		{"terms: by relevance", FestivalQuery{Text: "film"}, true,
			FestivalQuery{Text: "film", Sort: FestivalSortRelevance, Page: 1, PerPage: 20, Today: today}},
		{"text without terms: by deadline", FestivalQuery{Text: "!!"}, false,
			FestivalQuery{Text: "!!", Sort: FestivalSortDeadline, Page: 1, PerPage: 20, Today: today}},
		{"relevance without terms: by deadline", FestivalQuery{Sort: FestivalSortRelevance}, false,
			FestivalQuery{Sort: FestivalSortDeadline, Page: 1, PerPage: 20, Today: today}},
		{"relevance with terms kept", FestivalQuery{Text: "映画", Sort: FestivalSortRelevance}, true,
			FestivalQuery{Text: "映画", Sort: FestivalSortRelevance, Page: 1, PerPage: 20, Today: today}},
		{"deadline with terms kept", FestivalQuery{Text: "film", Sort: FestivalSortDeadline}, true,
			FestivalQuery{Text: "film", Sort: FestivalSortDeadline, Page: 1, PerPage: 20, Today: today}},
		{"start kept", FestivalQuery{Sort: FestivalSortStart, Page: 3, PerPage: 5}, false,
			FestivalQuery{Sort: FestivalSortStart, Page: 3, PerPage: 5, Today: today}},
		{"per page capped", FestivalQuery{PerPage: 500}, false,
			FestivalQuery{Sort: FestivalSortDeadline, Page: 1, PerPage: FestivalSearchPerPageMax, Today: today}},
		{"negative per page", FestivalQuery{PerPage: -3}, false,
			FestivalQuery{Sort: FestivalSortDeadline, Page: 1, PerPage: 20, Today: today}},
		{"the query's day kept", FestivalQuery{Today: "2027-02-01"}, false,
			FestivalQuery{Sort: FestivalSortDeadline, Page: 1, PerPage: 20, Today: "2027-02-01"}},
		{"a bad day replaced", FestivalQuery{Today: "tomorrow"}, false,
			FestivalQuery{Sort: FestivalSortDeadline, Page: 1, PerPage: 20, Today: today}},
	}
	for _, c := range cases {
		q := c.q
		q.Normalize(today, c.hasTerms)
		if q != c.want {
			t.Errorf("%s: got %+v, want %+v", c.name, q, c.want)
		}
		again := q
		if again.Normalize(today, c.hasTerms); again != q {
			t.Errorf("%s: a second Normalize changed %+v to %+v", c.name, q, again)
		}
	}
}

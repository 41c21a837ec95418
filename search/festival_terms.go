package search

import "github.com/marquee-festival/marquee"

// Weights of the fields a festival's search terms come from; a term keeps
// the weight of the best field it appears in.
const (
	weightName        = 3
	weightPlace       = 2 // location and city
	weightDescription = 1 // description and category names
)

// termWeight is a festival's term and the weight of the best field it is in.
type termWeight struct {
	term   string
	weight uint8
}

// termCollector gathers a festival's search terms with the weight of the
// best field each appears in. One goroutine reuses one collector.
type termCollector struct {
	weights map[string]uint8
}

// festivalTerms returns the search terms of a festival with their
// weights, in no order. The terms may be substrings of the folded texts.
func (tc *termCollector) festivalTerms(d *marquee.FestivalDetails, categoryNames []string) []termWeight {
	if tc.weights == nil {
		tc.weights = map[string]uint8{}
	}
	clear(tc.weights)
	add := func(text string, w uint8) {
		EachTerm(text, func(t string) {
			if tc.weights[t] < w {
				tc.weights[t] = w
			}
		})
	}
	add(d.Name, weightName)
	add(d.Location, weightPlace)
	add(d.City, weightPlace)
	add(d.Description, weightDescription)
	for _, n := range categoryNames {
		add(n, weightDescription)
	}
	out := make([]termWeight, 0, len(tc.weights))
	for t, w := range tc.weights {
		out = append(out, termWeight{t, w})
	}
	return out
}

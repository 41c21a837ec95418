package server

import (
	"net/http"
	"strconv"

	"github.com/marquee-festival/marquee"
)

// pathID reads the {id} path value; anything but a positive integer names
// nothing.
func pathID(r *http.Request) (int64, bool) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	return id, err == nil && id > 0
}

// fullFestival is a festival as its organiser and the admins see it:
// categories and criteria are always present, as lists.
type fullFestival struct {
	*marquee.Festival
	Categories []marquee.Category  `json:"categories"`
	Criteria   []marquee.Criterion `json:"criteria"`
}

func newFullFestival(f *marquee.Festival) fullFestival {
	out := fullFestival{Festival: f, Categories: f.Categories, Criteria: f.Criteria}
	if out.Categories == nil {
		out.Categories = []marquee.Category{}
	}
	if out.Criteria == nil {
		out.Criteria = []marquee.Criterion{}
	}
	return out
}

// listItems strips categories and criteria from festivals shown in lists
// and never answers null for an empty list.
func listItems(fs []*marquee.Festival) []*marquee.Festival {
	if fs == nil {
		return []*marquee.Festival{}
	}
	for _, f := range fs {
		f.Categories, f.Criteria = nil, nil
	}
	return fs
}

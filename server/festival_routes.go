package server

import (
	"net/http"
	"strconv"

	"github.com/marquee-festival/marquee"
)

// festivalRoutes registers the festival API (registration, management,
// discovery and admin review).
func (s *Server) festivalRoutes(mux *http.ServeMux) {
	// Registration: the REST call and the seed's.
	mux.Handle("POST /api/v1/festivals", s.requireUser(s.handleFestivalCreate))
	mux.HandleFunc("POST /api/v1/festival/create", s.handleCompatFestivalCreate)

	// Discovery (public, approved festivals only).
	mux.HandleFunc("GET /api/v1/festivals", s.handleFestivalSearch)
	mux.HandleFunc("GET /api/v1/festivals/{slug}", s.handleFestivalGet)

	// Organiser management.
	mux.Handle("GET /api/v1/manage/festivals", s.requireUser(s.handleManageFestivalsList))
	mux.Handle("GET /api/v1/manage/festivals/{slug}", s.requireUser(s.handleManageFestivalGet))
	mux.Handle("PUT /api/v1/manage/festivals/{slug}", s.requireUser(s.handleManageFestivalDetails))
	mux.Handle("PUT /api/v1/manage/festivals/{slug}/categories", s.requireUser(s.handleManageFestivalCategories))
	mux.Handle("PUT /api/v1/manage/festivals/{slug}/criteria", s.requireUser(s.handleManageFestivalCriteria))

	// Admin review.
	mux.Handle("GET /api/v1/admin/festivals", s.requireAdmin(s.handleAdminFestivalsList))
	mux.Handle("POST /api/v1/admin/festivals/{id}/approve", s.requireAdmin(s.handleAdminFestivalApprove))
	mux.Handle("POST /api/v1/admin/festivals/{id}/reject", s.requireAdmin(s.handleAdminFestivalReject))
}

// errFestivalNotFound is the answer for a festival that does not exist or
// that the caller may not see; the two are not told apart.
func errFestivalNotFound() error {
	return marquee.Errorf(marquee.ENotFound, "Festival not found")
}

// asFestivalNotFound turns the store's not-found errors into the API's
// single "Festival not found" answer and passes any other error through.
func asFestivalNotFound(err error) error {
	if marquee.ErrorCode(err) == marquee.ENotFound {
		return errFestivalNotFound()
	}
	return err
}

// festivalIDParam reads the {id} path value; anything but a positive
// integer names no festival.
func festivalIDParam(r *http.Request) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		return 0, errFestivalNotFound()
	}
	return id, nil
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

// publicFestival is a festival as the public sees it: categories (always a
// list) and no judging criteria.
type publicFestival struct {
	*marquee.Festival
	Categories []marquee.Category `json:"categories"`
}

func newPublicFestival(f *marquee.Festival) publicFestival {
	out := publicFestival{Festival: f, Categories: f.Categories}
	out.Criteria = nil
	if out.Categories == nil {
		out.Categories = []marquee.Category{}
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

package marquee_test

import (
	"reflect"
	"testing"

	"github.com/marquee-festival/marquee"
)

func TestFestivalPublicChanges(t *testing.T) {
	old := marquee.FestivalDetails{Name: "A", Description: "d", Location: "l", Country: "GB", City: "c", Website: "https://a.org",
		StartDate: "2026-09-01", EndDate: "2026-09-02", ContactEmail: "a@a.org"}
	dates := old
	dates.StartDate, dates.EndDate = "2026-10-01", "2026-10-02"
	if got := dates.PublicChanges(old); got != nil {
		t.Fatalf("dates are not reviewed: %v", got)
	}
	all := marquee.FestivalDetails{Name: "B", Description: "e", Location: "m", Country: "FR", City: "p", Website: "https://b.org",
		StartDate: "2026-09-01", EndDate: "2026-09-02", ContactEmail: "b@b.org"}
	got := all.PublicChanges(old)
	var fields []string
	for _, c := range got {
		fields = append(fields, c.Field)
		if c.Old != old.Field(c.Field) || c.New != all.Field(c.Field) {
			t.Fatalf("change %+v", c)
		}
	}
	if !reflect.DeepEqual(fields, marquee.FestivalReviewedFields) {
		t.Fatalf("fields %v", fields)
	}
	kept := all.KeepPublic(old)
	if kept.PublicChanges(old) != nil {
		t.Fatalf("KeepPublic left changes: %+v", kept)
	}
	r := marquee.FestivalRevision{Changes: got}
	if p := r.Proposed(old); p != all {
		t.Fatalf("Proposed: %+v", p)
	}
	admin, org := &marquee.User{Role: marquee.RoleAdmin}, &marquee.User{Role: marquee.RoleOrganiser}
	for _, c := range []struct {
		u    *marquee.User
		s    marquee.FestivalStatus
		want bool
	}{{org, marquee.FestivalApproved, true}, {org, marquee.FestivalPending, false}, {org, marquee.FestivalRejected, false}, {admin, marquee.FestivalApproved, false}} {
		if marquee.EditNeedsReview(c.u, c.s) != c.want {
			t.Errorf("EditNeedsReview(%s, %s) != %v", c.u.Role, c.s, c.want)
		}
	}
	var f marquee.FieldErrors
	if fl := marquee.ParseFestivalReviewFilter("revision", &f); !fl.Revisions || fl.Status != marquee.FestivalApproved || f.Err() != nil {
		t.Fatalf("revision filter: %+v", fl)
	}
}

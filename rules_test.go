package marquee_test

import (
	"context"
	"strings"
	"testing"

	"github.com/marquee-festival/marquee"
)

func TestValidateRejection(t *testing.T) {
	for _, tc := range []struct {
		in, want, field string
	}{
		{"  Not a film festival.\r\nSorry.  ", "Not a film festival.\nSorry.", ""},
		{"   ", "", "Give a reason for the rejection"},
		{strings.Repeat("理", 1000), strings.Repeat("理", 1000), ""},
		{strings.Repeat("理", 1001), "", "Reason must be at most 1,000 characters"},
	} {
		got, err := marquee.ValidateRejection(tc.in)
		if msg := marquee.ErrorFields(err)["reason"]; msg != tc.field || (err == nil && got != tc.want) {
			t.Errorf("ValidateRejection(%.20q) = %.20q, %v; want %.20q, field %q", tc.in, got, err, tc.want, tc.field)
		}
	}
}

func TestFestivalDetailsValidateNew(t *testing.T) {
	d := marquee.FestivalDetails{Name: "Lisbon Shorts", Location: "Lisbon", StartDate: "2026-03-01", EndDate: "2026-03-05", ContactEmail: "a@b.pt"}
	if err := d.ValidateNew("2026-03-01"); err != nil {
		t.Fatalf("a festival starting today: %v", err)
	}
	if err := d.Validate(); err != nil {
		t.Fatalf("an edit has no past rule: %v", err)
	}
	err := d.ValidateNew("2026-03-02")
	if marquee.ErrorFields(err)["startDate"] != "Start date cannot be in the past" || marquee.ErrorMessage(err) != "Start date cannot be in the past" {
		t.Fatalf("past start: %v", err)
	}
	d.Name = ""
	if got := marquee.ErrorMessage(d.ValidateNew("2026-03-02")); got != "Festival name is required" {
		t.Fatalf("message %q names a later field first", got)
	}
}

func TestNewUserValidate(t *testing.T) {
	u := marquee.NewUser{Email: " Hanako@Example.JP ", Password: "long enough"}
	if err := u.Validate(); err != nil || u.Email != "hanako@example.jp" || u.Name != "hanako" {
		t.Fatalf("got %+v, %v", u, err)
	}
	empty := marquee.NewUser{}
	if got := marquee.ErrorMessage(empty.Validate()); got != "Email and password are required" {
		t.Fatalf("empty sign-up: %q", got)
	}
	long := marquee.NewUser{Email: "a@b.co", Password: "long enough", Name: strings.Repeat("n", 101)}
	if marquee.ErrorFields(long.Validate())["name"] == "" {
		t.Fatal("a 101-character name was accepted")
	}
	// The name taken from a long address is cut to a name's length and
	// trimmed (found by FuzzNewUserValidate: a 120-character name kept).
	local := strings.Repeat("n", 120)
	fromEmail := marquee.NewUser{Email: local + "@example.com", Password: "long enough"}
	if err := fromEmail.Validate(); err != nil || fromEmail.Name != strings.Repeat("n", marquee.UserNameMax) {
		t.Fatalf("name from a long address: %q (%d characters), %v", fromEmail.Name, len([]rune(fromEmail.Name)), err)
	}
	if err := fromEmail.Validate(); err != nil {
		t.Fatalf("a validated sign-up fails again: %v", err)
	}
	spaced := marquee.NewUser{Email: "ab @example.com", Password: "long enough"}
	if err := spaced.Validate(); err != nil || spaced.Name != "ab" {
		t.Fatalf("name from an address ending in a space: %q, %v", spaced.Name, err)
	}
}

func TestPasswordChangeValidate(t *testing.T) {
	pc := marquee.PasswordChange{CurrentPassword: "old password", NewPassword: "short"}
	f := marquee.ErrorFields(pc.Validate(false))
	if f["currentPassword"] != "Current password is incorrect" || f["newPassword"] == "" {
		t.Fatalf("fields %v", f)
	}
	pc.NewPassword = "a new long password"
	if err := pc.Validate(true); err != nil {
		t.Fatal(err)
	}
}

func TestListFilters(t *testing.T) {
	var f marquee.FieldErrors
	if marquee.ParseContactStatus("", &f) != marquee.ContactOpen || marquee.ParseFestivalStatusFilter("", &f) != marquee.FestivalPending ||
		marquee.ParseFestivalStatusFilter("all", &f) != "" || marquee.ParseMailStatusFilter("all", &f) != "" || marquee.ParsePageNumber("", &f) != 1 {
		t.Fatal("defaults")
	}
	if !f.Empty() {
		t.Fatalf("defaults failed: %v", f.Err())
	}
	marquee.ParseContactStatus("spam", &f)
	marquee.ParsePageNumber("10001", &f)
	fields := marquee.ErrorFields(f.Err())
	if fields["status"] != "Status must be open, handled or all" || fields["page"] == "" {
		t.Fatalf("fields %v", fields)
	}
	if got := (marquee.PageRequest{Page: 3, PerPage: 20}).Offset(); got != 40 {
		t.Fatalf("offset %d", got)
	}
}

func TestPermissions(t *testing.T) {
	org := &marquee.User{ID: 1, Role: marquee.RoleOrganiser}
	other := &marquee.User{ID: 2, Role: marquee.RoleFilmmaker}
	admin := &marquee.User{ID: 3, Role: marquee.RoleAdmin}
	f := &marquee.Festival{OrganiserID: 1, Status: marquee.FestivalPending}
	if !marquee.CanManageFestival(org, f) || marquee.CanManageFestival(other, f) || !marquee.CanManageFestival(admin, f) || marquee.CanManageFestival(nil, f) {
		t.Fatal("CanManageFestival")
	}
	if marquee.CanSeeFestival(admin, f) {
		t.Fatal("a pending festival is not public")
	}
	f.Status = marquee.FestivalApproved
	if !marquee.CanSeeFestival(nil, f) {
		t.Fatal("an approved festival is public")
	}
	ctx := context.Background()
	if _, err := marquee.RequireAdmin(ctx); marquee.ErrorCode(err) != marquee.EUnauthorized {
		t.Fatalf("visitor: %v", err)
	}
	if _, err := marquee.RequireAdmin(marquee.NewContextWithUser(ctx, other)); marquee.ErrorCode(err) != marquee.EForbidden {
		t.Fatalf("filmmaker: %v", err)
	}
	if u, err := marquee.RequireAdmin(marquee.NewContextWithUser(ctx, admin)); err != nil || u != admin {
		t.Fatalf("admin: %v", err)
	}
	if marquee.RoleAfterFestivalRegistration(marquee.RoleFilmmaker) != marquee.RoleOrganiser || marquee.RoleAfterFestivalRegistration(marquee.RoleAdmin) != marquee.RoleAdmin {
		t.Fatal("RoleAfterFestivalRegistration")
	}
}

package marquee_test

import (
	"strings"
	"testing"

	"github.com/marquee-festival/marquee"
)

func TestCheckRoleChangeAndDisable(t *testing.T) {
	admin := &marquee.User{ID: 1, Role: marquee.RoleAdmin}
	other := &marquee.User{ID: 2, Role: marquee.RoleAdmin}
	film := &marquee.User{ID: 3, Role: marquee.RoleFilmmaker}
	for _, tc := range []struct {
		name          string
		actor, target *marquee.User
		role          marquee.Role
		others        int64
		want          string // "" for allowed
	}{
		{"promote a filmmaker", admin, film, marquee.RoleAdmin, 1, ""},
		{"make a filmmaker an organiser", admin, film, marquee.RoleOrganiser, 0, ""},
		{"demote another admin", admin, other, marquee.RoleOrganiser, 1, ""},
		{"demote oneself", admin, admin, marquee.RoleFilmmaker, 1, "You cannot remove your own admin role"},
		{"keep one's own admin role", admin, admin, marquee.RoleAdmin, 0, ""},
		{"demote the last admin", admin, other, marquee.RoleFilmmaker, 0, "The last admin cannot be demoted"},
	} {
		t.Run("role: "+tc.name, func(t *testing.T) {
			err := marquee.CheckRoleChange(tc.actor, tc.target, tc.role, tc.others)
			if got := marquee.ErrorMessage(err); (err == nil) != (tc.want == "") || (err != nil && got != tc.want) {
				t.Fatalf("got %v, want %q", err, tc.want)
			}
			if err != nil && marquee.ErrorCode(err) != marquee.EConflict {
				t.Fatalf("code %s", marquee.ErrorCode(err))
			}
		})
	}
	for _, tc := range []struct {
		name          string
		actor, target *marquee.User
		others        int64
		want          string
	}{
		{"a filmmaker", admin, film, 0, ""},
		{"another admin", admin, other, 1, ""},
		{"oneself", admin, admin, 1, "You cannot disable your own account"},
		{"the last admin", admin, other, 0, "The last admin cannot be disabled"},
	} {
		t.Run("disable: "+tc.name, func(t *testing.T) {
			err := marquee.CheckDisable(tc.actor, tc.target, tc.others)
			if (err == nil) != (tc.want == "") || (err != nil && marquee.ErrorMessage(err) != tc.want) {
				t.Fatalf("got %v, want %q", err, tc.want)
			}
		})
	}
}

func TestRoleChangeValidate(t *testing.T) {
	rc := marquee.RoleChange{Role: " organiser "}
	if err := rc.Validate(); err != nil || rc.Role != marquee.RoleOrganiser {
		t.Fatalf("organiser: %v %q", err, rc.Role)
	}
	for _, r := range []marquee.Role{"", "root", "Admin"} {
		rc := marquee.RoleChange{Role: r}
		if err := rc.Validate(); marquee.ErrorFields(err)["role"] == "" {
			t.Errorf("%q accepted: %v", r, err)
		}
	}
}

func TestCreditAdjustmentValidate(t *testing.T) {
	for _, tc := range []struct {
		name  string
		adj   marquee.CreditAdjustment
		field string // "" for valid
	}{
		{"a gift", marquee.CreditAdjustment{Delta: 10, Reason: " Festival prize "}, ""},
		{"a correction", marquee.CreditAdjustment{Delta: -5, Reason: "Double grant"}, ""},
		{"zero", marquee.CreditAdjustment{Delta: 0, Reason: "x"}, "delta"},
		{"too many", marquee.CreditAdjustment{Delta: marquee.CreditAdjustmentMax + 1, Reason: "x"}, "delta"},
		{"too few", marquee.CreditAdjustment{Delta: -marquee.CreditAdjustmentMax - 1, Reason: "x"}, "delta"},
		{"no reason", marquee.CreditAdjustment{Delta: 10, Reason: "   "}, "reason"},
		{"long reason", marquee.CreditAdjustment{Delta: 10, Reason: strings.Repeat("é", marquee.CreditReasonMax+1)}, "reason"},
		{"line break", marquee.CreditAdjustment{Delta: 10, Reason: "a\nb"}, "reason"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.adj.Validate()
			if tc.field == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if marquee.ErrorFields(err)[tc.field] == "" {
				t.Fatalf("want an error on %s, got %v", tc.field, err)
			}
		})
	}
	if err := marquee.CheckCreditBalance(5, -5); err != nil {
		t.Fatalf("to zero: %v", err)
	}
	err := marquee.CheckCreditBalance(5, -6)
	if marquee.ErrorCode(err) != marquee.EInvalid || marquee.ErrorMessage(err) != "This would take the balance below 0: the user has 5 credits" ||
		marquee.ErrorFields(err)["delta"] == "" {
		t.Fatalf("below zero: %v %v", err, marquee.ErrorFields(err))
	}
}

func TestPackageUpdateValidate(t *testing.T) {
	valid := func() marquee.PackageUpdate {
		texts := map[string]marquee.PackageText{}
		for _, l := range marquee.Languages {
			texts[l] = marquee.PackageText{Name: " Pro ", Description: "For professionals", Features: []string{" One ", "", "Two"}}
		}
		return marquee.PackageUpdate{PriceCents: 4500, Credits: 100, Active: true, Position: 2, Texts: texts}
	}
	u := valid()
	if err := u.Validate(); err != nil {
		t.Fatal(err)
	}
	if u.Texts["ja"].Name != "Pro" || len(u.Texts["zh"].Features) != 2 || u.Texts["en"].Features[0] != "One" {
		t.Fatalf("not normalised: %+v", u.Texts)
	}
	for _, tc := range []struct {
		field string
		edit  func(*marquee.PackageUpdate)
	}{
		{"priceCents", func(u *marquee.PackageUpdate) { u.PriceCents = 0 }},
		{"priceCents", func(u *marquee.PackageUpdate) { u.PriceCents = marquee.PackagePriceMaxCents + 1 }},
		{"credits", func(u *marquee.PackageUpdate) { u.Credits = -1 }},
		{"position", func(u *marquee.PackageUpdate) { u.Position = -1 }},
		{"texts.ja.name", func(u *marquee.PackageUpdate) { delete(u.Texts, "ja") }},
		{"texts.zh.description", func(u *marquee.PackageUpdate) {
			t := u.Texts["zh"]
			t.Description = strings.Repeat("x", marquee.PackageDescriptionMax+1)
			u.Texts["zh"] = t
		}},
		{"texts.en.features", func(u *marquee.PackageUpdate) {
			t := u.Texts["en"]
			t.Features = []string{strings.Repeat("x", marquee.PackageFeatureMax+1)}
			u.Texts["en"] = t
		}},
		{"texts.en.name", func(u *marquee.PackageUpdate) {
			t := u.Texts["en"]
			t.Name = "Pro\u202e"
			u.Texts["en"] = t
		}},
	} {
		u := valid()
		tc.edit(&u)
		if err := u.Validate(); marquee.ErrorFields(err)[tc.field] == "" {
			t.Errorf("%s: want an error, got %v %v", tc.field, err, marquee.ErrorFields(err))
		}
	}
}

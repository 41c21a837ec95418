package marquee

import (
	"reflect"
	"strings"
	"testing"
)

func validCategory(name string) Category {
	return Category{Name: name, Description: "Films under 20 minutes", Deadlines: []Deadline{
		{Tier: TierLate, Date: "2027-03-01", Fee: 60},
		{Tier: TierEarly, Date: "2027-01-01", Fee: 20},
		{Tier: TierRegular, Date: "2027-02-01", Fee: 40},
	}}
}

func TestValidateCategoriesValid(t *testing.T) {
	cats := []Category{validCategory("  Short film "), {Name: "ドキュメンタリー", Deadlines: []Deadline{{Tier: " Regular ", Date: "2027-05-31", Fee: 0}}}}
	if err := ValidateCategories(cats, "2027-06-01"); err != nil {
		t.Fatalf("valid categories: %v %v", err, ErrorFields(err))
	}
	if cats[0].Name != "Short film" {
		t.Errorf("name not trimmed: %q", cats[0].Name)
	}
	var tiers []DeadlineTier
	for _, d := range cats[0].Deadlines {
		tiers = append(tiers, d.Tier)
	}
	if !reflect.DeepEqual(tiers, Tiers) {
		t.Errorf("deadlines not in tier order: %v", tiers)
	}
	if cats[1].Deadlines[0].Tier != TierRegular {
		t.Errorf("tier not normalised: %q", cats[1].Deadlines[0].Tier)
	}
	if err := ValidateCategories(nil, "2027-06-01"); err != nil {
		t.Errorf("no categories is valid: %v", err)
	}
}

func TestValidateCategoriesErrors(t *testing.T) {
	start := "2027-06-01"
	cases := []struct {
		name  string
		cats  func() []Category
		field string
		msg   string
	}{
		{"name required", func() []Category { c := validCategory(" "); return []Category{c} }, "categories.0.name", "Category name is required"},
		{"name too long", func() []Category { return []Category{validCategory(strings.Repeat("名", 101))} }, "categories.0.name", "Category name must be at most 100 characters"},
		{"duplicate name", func() []Category { return []Category{validCategory("Short"), validCategory("SHORT ")} }, "categories.1.name", "Each category needs a different name"},
		{"description too long", func() []Category {
			c := validCategory("Short")
			c.Description = strings.Repeat("x", 1001)
			return []Category{c}
		}, "categories.0.description", "Category description must be at most 1,000 characters"},
		{"no deadlines", func() []Category { return []Category{{Name: "Short"}} }, "categories.0.deadlines", "Add at least one deadline"},
		{"unknown tier", func() []Category {
			return []Category{{Name: "Short", Deadlines: []Deadline{{Tier: "super-early", Date: "2027-01-01"}}}}
		}, "categories.0.deadlines", "Choose a fee tier: early, regular or late"},
		{"tier twice", func() []Category {
			return []Category{{Name: "Short", Deadlines: []Deadline{{Tier: TierEarly, Date: "2027-01-01"}, {Tier: TierEarly, Date: "2027-02-01"}}}}
		}, "categories.0.deadlines", "Each fee tier can be used only once per category"},
		{"bad date", func() []Category {
			c := validCategory("Short")
			c.Deadlines[2].Date = "2027-02-30"
			return []Category{validCategory("Other"), c}
		}, "categories.1.deadlines.regular.date", "Enter the deadline as YYYY-MM-DD"},
		{"out of order", func() []Category {
			c := validCategory("Short")
			c.Deadlines[0].Date = "2027-01-15" // late before regular
			return []Category{c}
		}, "categories.0.deadlines.late.date", "Deadlines must fall in order: early, then regular, then late"},
		{"same day", func() []Category {
			c := validCategory("Short")
			c.Deadlines[2].Date = "2027-01-01" // regular on the early date
			return []Category{c}
		}, "categories.0.deadlines.regular.date", "Deadlines must fall in order: early, then regular, then late"},
		{"on start date", func() []Category {
			c := validCategory("Short")
			c.Deadlines[0].Date = start
			return []Category{c}
		}, "categories.0.deadlines.late.date", "Deadlines must be before the festival starts"},
		{"negative fee", func() []Category {
			c := validCategory("Short")
			c.Deadlines[1].Fee = -1
			return []Category{c}
		}, "categories.0.deadlines.early.fee", "Fee must be between 0 and 100,000 credits"},
		{"fee too high", func() []Category {
			c := validCategory("Short")
			c.Deadlines[0].Fee = FeeMax + 1
			return []Category{c}
		}, "categories.0.deadlines.late.fee", "Fee must be between 0 and 100,000 credits"},
		{"too many", func() []Category {
			cs := make([]Category, CategoriesMax+1)
			for i := range cs {
				cs[i] = validCategory("C" + strings.Repeat("x", i))
			}
			return cs
		}, "categories", "A festival can have at most 50 categories"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := ValidateCategories(tc.cats(), start)
			if ErrorCode(err) != EInvalid {
				t.Fatalf("got %v, want validation error", err)
			}
			if got := ErrorFields(err)[tc.field]; got != tc.msg {
				t.Fatalf("field %s = %q, want %q (all: %v)", tc.field, got, tc.msg, ErrorFields(err))
			}
			if ErrorMessage(err) != tc.msg {
				t.Errorf("message %q, want the first field's %q", ErrorMessage(err), tc.msg)
			}
		})
	}
	// Exactly the limit passes.
	cs := make([]Category, CategoriesMax)
	for i := range cs {
		cs[i] = validCategory("C" + strings.Repeat("x", i))
	}
	if err := ValidateCategories(cs, start); err != nil {
		t.Fatalf("50 categories: %v", err)
	}
}

func TestValidateCriteria(t *testing.T) {
	ok := []Criterion{{Name: " Story ", Weight: 1, MaxScore: 100}, {Name: "演出", Weight: 100, MaxScore: 1}}
	if err := ValidateCriteria(ok); err != nil {
		t.Fatalf("valid criteria: %v", err)
	}
	if ok[0].Name != "Story" {
		t.Errorf("name not trimmed: %q", ok[0].Name)
	}
	cases := []struct {
		cs    []Criterion
		field string
		msg   string
	}{
		{[]Criterion{{Name: "", Weight: 1, MaxScore: 10}}, "criteria.0.name", "Criterion name is required"},
		{[]Criterion{{Name: strings.Repeat("a", 101), Weight: 1, MaxScore: 10}}, "criteria.0.name", "Criterion name must be at most 100 characters"},
		{[]Criterion{{Name: "Story", Weight: 1, MaxScore: 10}, {Name: "story", Weight: 1, MaxScore: 10}}, "criteria.1.name", "Each criterion needs a different name"},
		{[]Criterion{{Name: "Story", Weight: 0, MaxScore: 10}}, "criteria.0.weight", "Weight must be between 1 and 100"},
		{[]Criterion{{Name: "Story", Weight: 101, MaxScore: 10}}, "criteria.0.weight", "Weight must be between 1 and 100"},
		{[]Criterion{{Name: "Story", Weight: 5, MaxScore: 0}}, "criteria.0.maxScore", "Maximum score must be between 1 and 100"},
		{[]Criterion{{Name: "Story", Weight: 5, MaxScore: 101}}, "criteria.0.maxScore", "Maximum score must be between 1 and 100"},
		{make([]Criterion, CriteriaMax+1), "criteria", "A festival can have at most 20 judging criteria"},
	}
	for _, tc := range cases {
		err := ValidateCriteria(tc.cs)
		if got := ErrorFields(err)[tc.field]; got != tc.msg {
			t.Errorf("field %s = %q, want %q (err %v)", tc.field, got, tc.msg, err)
		}
	}
}

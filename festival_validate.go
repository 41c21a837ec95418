package marquee

import (
	"slices"
	"strconv"
	"strings"
)

// tierIndex returns the position of t in Tiers, or -1 for an unknown tier.
func tierIndex(t DeadlineTier) int { return slices.Index(Tiers, t) }

// ValidateCategories normalises cats in place (trimmed names and
// descriptions, deadlines sorted into tier order) and checks them against
// the festival's start date (YYYY-MM-DD): at most 50 categories, each with
// a name (unique, ignoring case) of at most 100 characters, a description
// of at most 1,000, and one to three deadlines of distinct tiers whose
// dates are valid, increase from early to late and fall before the start,
// with fees from 0 to 100,000 credits. Field keys are categories.N.name,
// categories.N.description, categories.N.deadlines and
// categories.N.deadlines.TIER.date / .fee.
func ValidateCategories(cats []Category, startDate string) error {
	var o FieldErrors
	if len(cats) > CategoriesMax {
		o.Add("categories", "A festival can have at most 50 categories")
		return o.Err()
	}
	names := map[string]bool{}
	for i := range cats {
		c := &cats[i]
		p := "categories." + strconv.Itoa(i)
		c.Name = strings.TrimSpace(c.Name)
		c.Description = strings.TrimSpace(strings.ReplaceAll(c.Description, "\r\n", "\n"))
		key := strings.ToLower(c.Name)
		CheckSingleLine(p+".name", c.Name, &o)
		CheckMultiLine(p+".description", c.Description, &o)
		switch {
		case c.Name == "":
			o.Add(p+".name", "Category name is required")
		case Length(c.Name) > CategoryNameMax:
			o.Add(p+".name", "Category name must be at most 100 characters")
		case names[key]:
			o.Add(p+".name", "Each category needs a different name")
		}
		names[key] = true
		if Length(c.Description) > CategoryDescriptionMax {
			o.Add(p+".description", "Category description must be at most 1,000 characters")
		}
		validateDeadlines(&o, p, c, startDate)
	}
	return o.Err()
}

// validateDeadlines checks and sorts the deadlines of category c, whose
// field keys start with p.
func validateDeadlines(o *FieldErrors, p string, c *Category, startDate string) {
	if len(c.Deadlines) == 0 {
		o.Add(p+".deadlines", "Add at least one deadline")
		return
	}
	seen := map[DeadlineTier]bool{}
	for i := range c.Deadlines {
		d := &c.Deadlines[i]
		d.Tier = DeadlineTier(strings.ToLower(strings.TrimSpace(string(d.Tier))))
		d.Date = strings.TrimSpace(d.Date)
		switch {
		case tierIndex(d.Tier) < 0:
			o.Add(p+".deadlines", "Choose a fee tier: early, regular or late")
			return
		case seen[d.Tier]:
			o.Add(p+".deadlines", "Each fee tier can be used only once per category")
			return
		}
		seen[d.Tier] = true
	}
	slices.SortFunc(c.Deadlines, func(a, b Deadline) int { return tierIndex(a.Tier) - tierIndex(b.Tier) })
	prev := ""
	for _, d := range c.Deadlines {
		dp := p + ".deadlines." + string(d.Tier)
		if d.Fee < 0 || d.Fee > FeeMax {
			o.Add(dp+".fee", "Fee must be between 0 and 100,000 credits")
		}
		if _, ok := ParseDate(d.Date); !ok {
			o.Add(dp+".date", "Enter the deadline as YYYY-MM-DD")
			prev = ""
			continue
		}
		switch {
		case prev != "" && d.Date <= prev:
			o.Add(dp+".date", "Deadlines must fall in order: early, then regular, then late")
		case d.Date >= startDate:
			o.Add(dp+".date", "Deadlines must be before the festival starts")
		}
		prev = d.Date
	}
}

// ValidateCriteria normalises cs in place (trimmed names) and checks them:
// at most 20 criteria, each with a name (unique, ignoring case) of at most
// 100 characters, a weight from 1 to 100 and a maximum score from 1 to
// 100. Field keys are criteria.N.name, criteria.N.weight and criteria.N.maxScore.
func ValidateCriteria(cs []Criterion) error {
	var o FieldErrors
	if len(cs) > CriteriaMax {
		o.Add("criteria", "A festival can have at most 20 judging criteria")
		return o.Err()
	}
	names := map[string]bool{}
	for i := range cs {
		c := &cs[i]
		p := "criteria." + strconv.Itoa(i)
		c.Name = strings.TrimSpace(c.Name)
		key := strings.ToLower(c.Name)
		CheckSingleLine(p+".name", c.Name, &o)
		switch {
		case c.Name == "":
			o.Add(p+".name", "Criterion name is required")
		case Length(c.Name) > CriterionNameMax:
			o.Add(p+".name", "Criterion name must be at most 100 characters")
		case names[key]:
			o.Add(p+".name", "Each criterion needs a different name")
		}
		names[key] = true
		if c.Weight < 1 || c.Weight > WeightMax {
			o.Add(p+".weight", "Weight must be between 1 and 100")
		}
		if c.MaxScore < 1 || c.MaxScore > MaxScoreMax {
			o.Add(p+".maxScore", "Maximum score must be between 1 and 100")
		}
	}
	return o.Err()
}

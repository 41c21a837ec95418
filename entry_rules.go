package marquee

import (
	"slices"
	"strconv"
	"strings"
)

// A festival's entry rules: its rules and terms, shown at submission and
// accepted explicitly (when it has any, NewSubmission.AcceptRules must be
// true; the time is kept on the submission), and its eligibility limits,
// the festival's and any category's, checked against the film before any
// credit moves (Quote and Submit), with one message per failed limit.

// EntryLimits are the limits a festival (or one category) sets on the
// films it takes; a zero value sets none.
type EntryLimits struct {
	// MinRuntime and MaxRuntime bound the runtime in minutes (0: no bound).
	MinRuntime int `json:"minRuntime"`
	MaxRuntime int `json:"maxRuntime"`
	// CompletedAfter is the earliest completion date taken, YYYY-MM-DD
	// ("" for any).
	CompletedAfter string `json:"completedAfter"`
	// Countries are the countries of production taken (ISO codes); empty
	// for any.
	Countries []string `json:"countries"`
	// Premiere is the premiere required ("" for none): a stronger one
	// meets it (PremiereStatus.Meets).
	Premiere PremiereStatus `json:"premiere"`
}

// CategoryLimits are one category's own limits.
type CategoryLimits struct {
	CategoryID int64       `json:"categoryId"`
	Limits     EntryLimits `json:"limits"`
}

// EntryRules are a festival's rules and terms and its limits.
type EntryRules struct {
	// Terms is the rules and terms text the filmmaker accepts ("" for none).
	Terms      string           `json:"terms"`
	Limits     EntryLimits      `json:"limits"`
	Categories []CategoryLimits `json:"categories"`
}

// EntryTermsMax bounds the rules and terms text.
const EntryTermsMax = 20000

// Normalize trims and sorts the countries, drops categories without
// limits and never leaves a list nil.
func (r *EntryRules) Normalize() {
	r.Terms = strings.TrimSpace(r.Terms)
	r.Limits.normalize()
	cats := make([]CategoryLimits, 0, len(r.Categories))
	for _, c := range r.Categories {
		c.Limits.normalize()
		if c.Limits.None() {
			continue
		}
		cats = append(cats, c)
	}
	r.Categories = cats
}

func (l *EntryLimits) normalize() {
	l.CompletedAfter = strings.TrimSpace(l.CompletedAfter)
	l.Premiere = PremiereStatus(strings.TrimSpace(string(l.Premiere)))
	if l.Premiere == PremiereNone {
		l.Premiere = ""
	}
	cs := make([]string, 0, len(l.Countries))
	for _, c := range l.Countries {
		c = strings.ToUpper(strings.TrimSpace(c))
		if c != "" && !slices.Contains(cs, c) {
			cs = append(cs, c)
		}
	}
	slices.Sort(cs)
	l.Countries = cs
}

// None reports whether l sets no limit.
func (l EntryLimits) None() bool {
	return l.MinRuntime == 0 && l.MaxRuntime == 0 && l.CompletedAfter == "" && len(l.Countries) == 0 && l.Premiere == ""
}

// Validate checks normalised rules; categories are the festival's
// category ids (a category's limits must name one of them).
func (r EntryRules) Validate(categories []int64) error {
	var f FieldErrors
	CheckMultiLine("terms", r.Terms, &f)
	if Length(r.Terms) > EntryTermsMax {
		f.Add("terms", "Rules and terms must be at most 20,000 characters")
	}
	r.Limits.validate("limits", &f)
	seen := map[int64]bool{}
	for _, c := range r.Categories {
		if !slices.Contains(categories, c.CategoryID) || seen[c.CategoryID] {
			f.Add("categories", "This category is not part of this festival")
			continue
		}
		seen[c.CategoryID] = true
		c.Limits.validate("categories", &f)
	}
	return f.Err()
}

func (l EntryLimits) validate(prefix string, f *FieldErrors) {
	if l.MinRuntime < 0 || l.MinRuntime > FilmRuntimeMax || l.MaxRuntime < 0 || l.MaxRuntime > FilmRuntimeMax {
		f.Add(prefix+".runtime", "Runtime limits must be between 0 and 1,000 minutes")
	} else if l.MaxRuntime > 0 && l.MinRuntime > l.MaxRuntime {
		f.Add(prefix+".runtime", "The shortest runtime must not be longer than the longest")
	}
	if l.CompletedAfter != "" {
		if _, ok := ParseDate(l.CompletedAfter); !ok {
			f.Add(prefix+".completedAfter", "Enter the completion date as YYYY-MM-DD")
		}
	}
	for _, c := range l.Countries {
		if !ValidCountry(c) {
			f.Add(prefix+".countries", "Choose a country from the list")
		}
	}
	if l.Premiere != "" && l.Premiere.rank() == 0 {
		f.Add(prefix+".premiere", "Choose a premiere status from the list")
	}
}

// LimitsFor returns the limits that apply to an entry in category: the
// festival's and the category's own together, the stricter of each
// (the longer minimum, the shorter maximum, the later date, the
// countries both take, the stronger premiere).
func (r EntryRules) LimitsFor(category int64) EntryLimits {
	out := r.Limits
	for _, c := range r.Categories {
		if c.CategoryID == category {
			out = out.stricter(c.Limits)
		}
	}
	return out
}

// stricter combines l and o, keeping the stricter of each limit.
func (l EntryLimits) stricter(o EntryLimits) EntryLimits {
	out := l
	out.MinRuntime = max(l.MinRuntime, o.MinRuntime)
	if o.MaxRuntime > 0 && (l.MaxRuntime == 0 || o.MaxRuntime < l.MaxRuntime) {
		out.MaxRuntime = o.MaxRuntime
	}
	if o.CompletedAfter > l.CompletedAfter {
		out.CompletedAfter = o.CompletedAfter
	}
	switch {
	case len(l.Countries) == 0:
		out.Countries = o.Countries
	case len(o.Countries) > 0:
		out.Countries = []string{}
		for _, c := range l.Countries {
			if slices.Contains(o.Countries, c) {
				out.Countries = append(out.Countries, c)
			}
		}
		if len(out.Countries) == 0 {
			// No country is taken by both: no film can enter; say the
			// category's.
			out.Countries = o.Countries
		}
	}
	if o.Premiere.rank() > l.Premiere.rank() {
		out.Premiere = o.Premiere
	}
	return out
}

// EligibilityFailure is one limit a film fails: a message (the
// translation id) and its placeholders' values.
type EligibilityFailure struct {
	Rule    string // runtime, completion, country, premiere
	Message string
	Args    map[string]string
}

// Check returns the limits of l that film f fails, one failure per
// limit, in a fixed order (runtime, completion date, country, premiere).
// festival names the festival in the messages.
func (l EntryLimits) Check(f *Film, festival string) []EligibilityFailure {
	var out []EligibilityFailure
	add := func(rule, msg string, args map[string]string) {
		args["festival"] = festival
		out = append(out, EligibilityFailure{Rule: rule, Message: msg, Args: args})
	}
	if l.MinRuntime > 0 || l.MaxRuntime > 0 {
		min, max := strconv.Itoa(l.MinRuntime), strconv.Itoa(l.MaxRuntime)
		switch rt := f.RuntimeMinutes; {
		case rt == 0:
			add("runtime", "{festival} asks for the film's runtime: add it to the film first", map[string]string{})
		case l.MaxRuntime == 0 && rt < l.MinRuntime:
			add("runtime", "{festival} takes films of at least {min} minutes", map[string]string{"min": min})
		case l.MinRuntime == 0 && rt > l.MaxRuntime:
			add("runtime", "{festival} takes films of at most {max} minutes", map[string]string{"max": max})
		case rt < l.MinRuntime || (l.MaxRuntime > 0 && rt > l.MaxRuntime):
			add("runtime", "{festival} takes films of {min} to {max} minutes", map[string]string{"min": min, "max": max})
		}
	}
	if l.CompletedAfter != "" && (f.Specs.CompletionDate == "" || f.Specs.CompletionDate < l.CompletedAfter) {
		add("completion", "{festival} takes films completed on or after {date}", map[string]string{"date": l.CompletedAfter})
	}
	if len(l.Countries) > 0 && !slices.Contains(l.Countries, f.Country) {
		add("country", "{festival} takes films produced in {countries} only", map[string]string{"countries": strings.Join(l.Countries, ", ")})
	}
	if l.Premiere != "" && !f.Specs.Premiere.Meets(l.Premiere) {
		switch l.Premiere {
		case PremiereWorld:
			add("premiere", "{festival} takes only world premieres", map[string]string{})
		case PremiereInternational:
			add("premiere", "{festival} takes only world or international premieres", map[string]string{})
		default:
			add("premiere", "{festival} takes only films not yet shown in its country (national premieres)", map[string]string{})
		}
	}
	return out
}

// ErrNotEligible is the answer to entries whose film fails limits: one
// field per failure ("eligibility.<entry index>.<rule>") with its own
// message and values.
func ErrNotEligible(failures map[int][]EligibilityFailure) error {
	e := &Error{Code: EInvalid, Message: "This film does not meet the festival's entry rules", Fields: map[string]string{}}
	for i, fs := range failures {
		for _, fl := range fs {
			key := "eligibility." + strconv.Itoa(i) + "." + fl.Rule
			if _, dup := e.Fields[key]; dup {
				continue
			}
			e.Fields[key] = fl.Message
			if e.FieldArgs == nil {
				e.FieldArgs = map[string]map[string]string{}
			}
			e.FieldArgs[key] = fl.Args
		}
	}
	return e
}

// ErrRulesNotAccepted refuses a submission to a festival with rules and
// terms the filmmaker did not accept.
func ErrRulesNotAccepted() error {
	return FieldError("acceptRules", "Accept the festival's rules and terms to submit")
}

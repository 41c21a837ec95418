package web

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestNodeRequirementAgrees: the Node.js the front end asks for
// (package.json's engines), the README's prerequisites and
// scripts/check-tools.sh name one version, and every package the lock
// installs runs on it (npm ci would warn EBADENGINE otherwise, as
// @zxing/library 0.23 did with its Node 24).
func TestNodeRequirementAgrees(t *testing.T) {
	var pkg struct {
		Engines struct{ Node string } `json:"engines"`
	}
	readJSON(t, "package.json", &pkg)
	m := regexp.MustCompile(`^>=\s*(\d+)\.(\d+)$`).FindStringSubmatch(pkg.Engines.Node)
	if m == nil {
		t.Fatalf("package.json engines.node %q: want >=MAJOR.MINOR", pkg.Engines.Node)
	}
	want := m[1] + "." + m[2]
	min := version{atoi(m[1]), atoi(m[2]), 0}

	readme := readText(t, "../README.md")
	if !strings.Contains(readme, "**Node.js "+want+"** or newer") {
		t.Errorf("README's prerequisites do not say Node.js %s or newer", want)
	}
	tools := readText(t, "../scripts/check-tools.sh")
	if strings.Count(tools, "Node.js "+want+" or newer") < 2 ||
		!strings.Contains(tools, fmt.Sprintf(`[ "$nmaj" -lt %s ] || { [ "$nmaj" -eq %s ] && [ "$nmin" -lt %s ]; }`, m[1], m[1], m[2])) {
		t.Errorf("scripts/check-tools.sh does not check for Node.js %s", want)
	}

	var lock struct {
		Packages map[string]struct {
			Version string          `json:"version"`
			Engines json.RawMessage `json:"engines"`
		} `json:"packages"`
	}
	readJSON(t, "package-lock.json", &lock)
	for path, p := range lock.Packages {
		var engines struct{ Node string }
		if len(p.Engines) == 0 || json.Unmarshal(p.Engines, &engines) != nil || engines.Node == "" {
			continue // none, or the old array form (no node range)
		}
		ok, err := satisfies(min, engines.Node)
		if err != nil {
			t.Errorf("%s@%s: %v", path, p.Version, err)
		} else if !ok {
			t.Errorf("%s@%s wants node %q, which excludes Node.js %s that package.json allows", path, p.Version, engines.Node, want)
		}
	}
}

func TestSatisfies(t *testing.T) {
	for _, c := range []struct {
		v     version
		r     string
		match bool
	}{
		{version{20, 19, 0}, ">= 24.0.0", false},
		{version{20, 19, 0}, ">=20.19", true},
		{version{20, 19, 0}, ">=20.19.1", false},
		{version{20, 19, 0}, "^20.19.0 || >=22.12.0", true},
		{version{20, 18, 0}, "^20.19.0 || >=22.12.0", false},
		{version{20, 19, 0}, "20 || >=22", true},
		{version{21, 0, 0}, "20 || >=22", false},
		{version{20, 19, 0}, "6.* || 8.* || >= 10.*", true},
		{version{9, 0, 0}, "6.* || 8.* || >= 10.*", false},
		{version{20, 19, 0}, ">=v12.22.7", true},
		{version{20, 19, 0}, "^10 || ^12 || >=14", true},
		{version{13, 0, 0}, "^10 || ^12 || >=14", false},
		{version{20, 19, 0}, ">=18 <20", false},
		{version{20, 19, 0}, "~20.19", true},
		{version{20, 20, 0}, "~20.19", false},
		{version{20, 19, 0}, "<=20.19.0", true},
		{version{20, 19, 0}, ">20", false},
	} {
		got, err := satisfies(c.v, c.r)
		if err != nil || got != c.match {
			t.Errorf("%v in %q = %v, %v; want %v", c.v, c.r, got, err, c.match)
		}
	}
	if _, err := satisfies(version{20, 0, 0}, "20 - 22"); err == nil {
		t.Error("a form it does not read (hyphen range) is not reported")
	}
}

type version [3]int

func (v version) less(w version) bool {
	for i := range v {
		if v[i] != w[i] {
			return v[i] < w[i]
		}
	}
	return false
}

// satisfies reports whether v is in the npm range r: alternatives split by
// ||, each a space-separated list of comparators (>=, >, <=, <, =, ^, ~ or
// none) on a version that may be partial (20, 20.19) or have x or * parts.
func satisfies(v version, r string) (bool, error) {
	for _, alt := range strings.Split(r, "||") {
		fields := strings.Fields(regexp.MustCompile(`(>=|<=|>|<|=|\^|~)\s+`).ReplaceAllString(alt, "$1"))
		if len(fields) == 0 {
			return false, fmt.Errorf("empty alternative in %q", r)
		}
		all := true
		for _, c := range fields {
			lo, hi, err := comparator(c)
			if err != nil {
				return false, fmt.Errorf("range %q: %w", r, err)
			}
			if v.less(lo) || !v.less(hi) {
				all = false
			}
		}
		if all {
			return true, nil
		}
	}
	return false, nil
}

var comparatorForm = regexp.MustCompile(`^(>=|<=|>|<|=|\^|~)?v?(\d+|[x*])(?:\.(\d+|[x*]))?(?:\.(\d+|[x*]))?$`)

// comparator returns the versions [lo, hi) that comparator c admits.
func comparator(c string) (lo, hi version, err error) {
	m := comparatorForm.FindStringSubmatch(c)
	if m == nil {
		return lo, hi, fmt.Errorf("cannot read comparator %q", c)
	}
	parts, n := version{}, 0 // n: the parts given as numbers
	for i, s := range m[2:] {
		if s == "" || s == "x" || s == "*" {
			break
		}
		parts[i], n = atoi(s), i+1
	}
	inf := version{1 << 30, 0, 0}
	// next is the first version after everything that starts with parts[:k].
	next := func(k int) version {
		if k == 0 {
			return inf
		}
		w := version{}
		copy(w[:k], parts[:k])
		w[k-1]++
		return w
	}
	switch m[1] {
	case ">=":
		return parts, inf, nil
	case ">":
		if n == 3 {
			return version{parts[0], parts[1], parts[2] + 1}, inf, nil
		}
		return next(n), inf, nil
	case "<":
		return version{}, parts, nil
	case "<=":
		if n == 3 {
			return version{}, version{parts[0], parts[1], parts[2] + 1}, nil
		}
		return version{}, next(n), nil
	case "^":
		k := 1
		for k < n && parts[k-1] == 0 {
			k++
		}
		return parts, next(k), nil
	case "~":
		return parts, next(min(max(n, 1), 2)), nil
	default: // = or none: exactly that, or everything that starts with the parts given
		return parts, next(n), nil
	}
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

func readText(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	if err := json.Unmarshal([]byte(readText(t, path)), v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

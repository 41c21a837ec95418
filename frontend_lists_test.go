package marquee

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The front end keeps its own copies of the language and country lists;
// Go (Languages, Countries) is the source, and these tests fail, naming
// the difference, when the TypeScript disagrees.
const (
	languagesTS = "web/src/i18n/languages.ts"
	countriesTS = "web/src/lib/countries.ts"
)

var (
	tsComment    = regexp.MustCompile(`(?s)/\*.*?\*/|//[^\n]*`)
	tsString     = regexp.MustCompile(`'([^'\\]*)'|"([^"\\]*)"`)
	tsCodeField  = regexp.MustCompile(`\bcode\s*:\s*('[^'\\]*'|"[^"\\]*")`)
	tsDefaultLng = regexp.MustCompile(`export\s+const\s+defaultLanguage\b[^=]*=\s*('[^'\\]*'|"[^"\\]*")`)
)

// readTS returns the TypeScript file at path without its comments.
func readTS(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read the front end's list: %v", err)
	}
	return tsComment.ReplaceAllString(string(b), "")
}

// tsArray returns the text of the array literal assigned to the exported
// constant name in src, brackets included.
func tsArray(t *testing.T, src, path, name string) string {
	t.Helper()
	decl := regexp.MustCompile(`export\s+const\s+` + name + `\b[^=]*=\s*\[`).FindStringIndex(src)
	if decl == nil {
		t.Fatalf("%s: no `export const %s = [...]`", path, name)
	}
	depth := 0
	for i := decl[1] - 1; i < len(src); i++ {
		switch src[i] {
		case '[':
			depth++
		case ']':
			depth--
			if depth == 0 {
				return src[decl[1]-1 : i+1]
			}
		}
	}
	t.Fatalf("%s: %s's array does not end", path, name)
	return ""
}

func unquote(s string) string { return s[1 : len(s)-1] }

// compareLists reports how the front end's list ts differs from Go's.
func compareLists(what, goName string, goList, ts []string) string {
	if slices.Equal(goList, ts) {
		return ""
	}
	var missing, extra []string
	for _, c := range goList {
		if !slices.Contains(ts, c) {
			missing = append(missing, c)
		}
	}
	for _, c := range ts {
		if !slices.Contains(goList, c) {
			extra = append(extra, c)
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s disagrees with %s:", what, goName)
	if len(missing) > 0 {
		fmt.Fprintf(&b, " lacks %s (in Go);", strings.Join(missing, " "))
	}
	if len(extra) > 0 {
		fmt.Fprintf(&b, " has %s, which Go lacks;", strings.Join(extra, " "))
	}
	if len(missing) == 0 && len(extra) == 0 {
		fmt.Fprintf(&b, " same codes in another order or repeated;")
	}
	if len(missing) == 0 && len(extra) == 0 || len(goList) <= 20 {
		fmt.Fprintf(&b, "\n   Go: %s\n   TS: %s", strings.Join(goList, " "), strings.Join(ts, " "))
	}
	return strings.TrimSuffix(b.String(), ";")
}

// TestFrontEndLanguages fails when web/src/i18n/languages.ts's languages
// (their codes, in order) or defaultLanguage disagree with Languages.
func TestFrontEndLanguages(t *testing.T) {
	src := readTS(t, languagesTS)
	var codes []string
	for _, m := range tsCodeField.FindAllStringSubmatch(tsArray(t, src, languagesTS, "languages"), -1) {
		codes = append(codes, unquote(m[1]))
	}
	if diff := compareLists(languagesTS+" languages", "marquee.Languages", Languages, codes); diff != "" {
		t.Error(diff)
	}
	m := tsDefaultLng.FindStringSubmatch(src)
	if m == nil {
		t.Fatalf("%s: no defaultLanguage", languagesTS)
	}
	if d := unquote(m[1]); d != Languages[0] {
		t.Errorf("%s: defaultLanguage is %q; marquee.Languages falls back to %q", languagesTS, d, Languages[0])
	}
}

// TestFrontEndCountries fails when web/src/lib/countries.ts's countryCodes
// disagree with Countries().
func TestFrontEndCountries(t *testing.T) {
	src := readTS(t, countriesTS)
	var codes []string
	for _, m := range tsString.FindAllStringSubmatch(tsArray(t, src, countriesTS, "countryCodes"), -1) {
		codes = append(codes, m[1]+m[2])
	}
	if diff := compareLists(countriesTS+" countryCodes", "marquee.Countries()", Countries(), codes); diff != "" {
		t.Error(diff)
	}
}

// TestCountriesSorted guards ValidCountry's binary search.
func TestCountriesSorted(t *testing.T) {
	c := Countries()
	for i := 1; i < len(c); i++ {
		if c[i-1] >= c[i] {
			t.Errorf("countryCodes not sorted or repeated at %s %s", c[i-1], c[i])
		}
	}
	if len(c) < 200 {
		t.Errorf("only %d countries", len(c))
	}
}

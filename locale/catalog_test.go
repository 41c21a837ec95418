package locale

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"

	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/marquee-festival/marquee"
)

// translated are the languages with a catalogue: all but the first of
// marquee.Languages, English, in which the messages are written.
var translated = marquee.Languages[1:]

// userMessages finds the English messages the Go code shows to users: the
// string literals passed as FieldErrors.Add's message, to Errorf (not
// fmt.Errorf), to FieldErrors.Err, as a Message: field, and to locale.Text,
// locale.Format and locale.N. Messages with formatting verbs are skipped
// (they cannot be ids); {name} placeholders are part of the id.
func userMessages(t *testing.T, root string) map[string]string {
	t.Helper()
	found := map[string]string{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case "web", "node_modules", "scripts", ".git", "testdata":
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			return err
		}
		add := func(e ast.Expr) {
			lit, ok := e.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil || s == "" || strings.Contains(s, "%") {
				return
			}
			if _, seen := found[s]; !seen {
				found[s] = fset.Position(lit.Pos()).String()
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				name, recv := callName(n.Fun)
				switch {
				case name == "Add" && len(n.Args) == 2:
					// FieldErrors.Add(field, msg); header Add calls pass
					// tokens, not sentences.
					if lit, ok := n.Args[1].(*ast.BasicLit); ok && strings.Contains(lit.Value, " ") && !strings.HasSuffix(recv, "Header()") {
						add(n.Args[1])
					}
				case name == "Errorf" && recv != "fmt" && len(n.Args) >= 2:
					add(n.Args[1])
				case (name == "Err" || name == "ErrMessage") && len(n.Args) == 1:
					add(n.Args[0])
				case name == "FieldError" && len(n.Args) == 2:
					// marquee.FieldError(field, msg)
					add(n.Args[1])
				case recv == "locale" && (name == "Text" || name == "Format") && len(n.Args) >= 2:
					add(n.Args[1])
				case recv == "locale" && name == "N" && len(n.Args) == 1:
					add(n.Args[0])
				}
			case *ast.KeyValueExpr:
				if k, ok := n.Key.(*ast.Ident); ok && k.Name == "Message" {
					add(n.Value)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return found
}

func callName(fun ast.Expr) (name, recv string) {
	switch f := fun.(type) {
	case *ast.Ident:
		return f.Name, ""
	case *ast.SelectorExpr:
		switch x := f.X.(type) {
		case *ast.Ident:
			return f.Sel.Name, x.Name
		case *ast.CallExpr:
			if s, ok := x.Fun.(*ast.SelectorExpr); ok {
				return f.Sel.Name, s.Sel.Name + "()"
			}
		}
		return f.Sel.Name, ""
	}
	return "", ""
}

// TestCatalogsCoverMessages fails when Japanese or Chinese lacks a message
// the server can show, naming the message and where it is written.
func TestCatalogsCoverMessages(t *testing.T) {
	msgs := userMessages(t, "..")
	if len(msgs) < 20 {
		t.Fatalf("found only %d messages; is the scanner broken?", len(msgs))
	}
	cats, err := Catalogs()
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range translated {
		var missing []string
		for m, pos := range msgs {
			if _, ok := cats[lang][m]; !ok {
				missing = append(missing, pos+": "+strconv.Quote(m))
			}
		}
		sort.Strings(missing)
		if len(missing) > 0 {
			t.Errorf("%s lacks %d messages (add them to locale/catalog/%s/<area>.json):\n%s", lang, len(missing), lang, strings.Join(missing, "\n"))
		}
	}
}

// TestCatalogsHaveNoStaleMessages fails when a catalogue translates a
// message no code shows any more: one rule, one message, and no
// translation left behind when a message changes.
func TestCatalogsHaveNoStaleMessages(t *testing.T) {
	msgs := userMessages(t, "..")
	cats, err := Catalogs()
	if err != nil {
		t.Fatal(err)
	}
	// Texts the code passes through variables or composes, which the
	// scanner cannot see as literals at their call.
	source := allGoSource(t, "..")
	for _, lang := range translated {
		var stale []string
		for m := range cats[lang] {
			if _, ok := msgs[m]; !ok && !strings.Contains(source, strconv.Quote(m)) {
				stale = append(stale, strconv.Quote(m))
			}
		}
		sort.Strings(stale)
		if len(stale) > 0 {
			t.Errorf("locale/catalog/%s translates %d messages no code shows (remove them):\n%s", lang, len(stale), strings.Join(stale, "\n"))
		}
	}
}

// allGoSource returns the text of every non-test Go file under root.
func allGoSource(t *testing.T, root string) string {
	t.Helper()
	var sb strings.Builder
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case "web", "node_modules", ".git", "testdata":
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go") {
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			sb.Write(b)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return sb.String()
}

// TestCatalogsHaveSameMessages fails when one language translates a message
// another lacks, or a translation is empty.
func TestCatalogsHaveSameMessages(t *testing.T) {
	cats, err := Catalogs()
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range translated {
		for m, tr := range cats[lang] {
			if strings.TrimSpace(tr) == "" {
				t.Errorf("%s: empty translation of %q", lang, m)
			}
			for _, other := range translated {
				if _, ok := cats[other][m]; !ok {
					t.Errorf("%s lacks %q (%s has it)", other, m, lang)
				}
			}
		}
	}
}

// TestCatalogLanguages fails when the catalogue directories are not the
// languages of marquee.Languages but English.
func TestCatalogLanguages(t *testing.T) {
	cats, err := Catalogs()
	if err != nil {
		t.Fatal(err)
	}
	if marquee.Languages[0] != "en" {
		t.Fatalf("marquee.Languages starts with %q; the messages are written in English", marquee.Languages[0])
	}
	var have []string
	for lang := range cats {
		have = append(have, lang)
	}
	sort.Strings(have)
	want := slices.Sorted(slices.Values(translated))
	if !slices.Equal(have, want) {
		t.Errorf("locale/catalog has %v; marquee.Languages wants catalogues for %v", have, want)
	}
}

var placeholder = regexp.MustCompile(`\{[A-Za-z0-9_]*\}`)

// placeholders returns the {name} placeholders of s, sorted.
func placeholders(s string) []string {
	p := placeholder.FindAllString(s, -1)
	sort.Strings(p)
	return p
}

// TestTranslationsKeepPlaceholders fails when a translation's {name}
// placeholders differ from its English text's (one lost, misspelt, added or
// repeated), since Format would leave it unfilled or drop a value.
func TestTranslationsKeepPlaceholders(t *testing.T) {
	cats, err := Catalogs()
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range translated {
		var bad []string
		for m, tr := range cats[lang] {
			if en, got := placeholders(m), placeholders(tr); !slices.Equal(en, got) {
				bad = append(bad, strconv.Quote(m)+": "+lang+" has "+strconv.Quote(tr)+", placeholders "+
					strings.Join(got, " ")+" instead of "+strings.Join(en, " "))
			}
		}
		sort.Strings(bad)
		if len(bad) > 0 {
			t.Errorf("%s: %d translations with other placeholders than the English:\n%s", lang, len(bad), strings.Join(bad, "\n"))
		}
	}
}

func TestText(t *testing.T) {
	msg := "Enter a valid email address"
	if got := Text("en", msg); got != msg {
		t.Errorf("en: %q", got)
	}
	if got := Text("ja", msg); got == msg || got == "" {
		t.Errorf("ja not translated: %q", got)
	}
	if got := Text("fr", msg); got != msg {
		t.Errorf("unknown language should fall back to English, got %q", got)
	}
	if got := Text("ja", "A message nobody translated"); got != "A message nobody translated" {
		t.Errorf("untranslated message should stay English, got %q", got)
	}
}

func TestLoadRejectsDuplicates(t *testing.T) {
	fsys := fstest.MapFS{
		"catalog/ja/a.json": {Data: []byte(`{"Hello": "こんにちは"}`)},
		"catalog/ja/b.json": {Data: []byte(`{"Hello": "やあ"}`)},
	}
	if _, err := load(fsys); err == nil || !strings.Contains(err.Error(), "Hello") {
		t.Fatalf("want duplicate error, got %v", err)
	}
	fsys["catalog/ja/b.json"] = &fstest.MapFile{Data: []byte(`{"Bye": "さようなら"}`)}
	cats, err := load(fsys)
	if err != nil || cats["ja"]["Bye"] != "さようなら" {
		t.Fatalf("load: %v %v", cats, err)
	}
}

func TestFormat(t *testing.T) {
	vars := Vars{"festival": "Cannes {date}", "date": "Friday"}
	for _, c := range []struct{ msg, want string }{
		{"Tomorrow: {festival}", "Tomorrow: Cannes {date}"},
		{"{festival} on {date}, {date}", "Cannes {date} on Friday, Friday"},
		{"{unknown} {{date}} {", "{unknown} {Friday} {"},
		{"no placeholders", "no placeholders"},
		{"", ""},
	} {
		if got := Format("en", c.msg, vars); got != c.want {
			t.Errorf("Format(%q) = %q, want %q", c.msg, got, c.want)
		}
	}
	if got := Format("fr", "{festival}", nil); got != "{festival}" {
		t.Errorf("nil vars: %q", got)
	}
}

// TestChineseCreditsWord fails when a Chinese message calls credits 积分:
// Marquee's credits are 点数 (a count of them: N 点) on every page and in
// every message, so that a fee message and the page around it agree. The
// web catalogues have the same check (web/src/i18n/catalog.test.ts).
func TestChineseCreditsWord(t *testing.T) {
	cats, err := Catalogs()
	if err != nil {
		t.Fatal(err)
	}
	var bad []string
	for m, tr := range cats["zh"] {
		if strings.Contains(tr, "积分") {
			bad = append(bad, strconv.Quote(m)+": "+strconv.Quote(tr))
		}
	}
	sort.Strings(bad)
	if len(bad) > 0 {
		t.Errorf("zh calls credits 积分 instead of 点数 in %d messages:\n%s", len(bad), strings.Join(bad, "\n"))
	}
}

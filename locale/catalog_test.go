package locale

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"

	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
)

// userMessages finds the English messages the Go code shows to users: the
// string literals passed as FieldErrors.Add's message, to Errorf (not
// fmt.Errorf), to FieldErrors.Err, and as a Message: field. Messages with
// formatting verbs are skipped (they cannot be ids).
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
				case name == "Err" && len(n.Args) == 1:
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
	for _, lang := range []string{"ja", "zh"} {
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

// TestCatalogsHaveSameMessages fails when one language translates a message
// the other lacks, or a translation is empty.
func TestCatalogsHaveSameMessages(t *testing.T) {
	cats, err := Catalogs()
	if err != nil {
		t.Fatal(err)
	}
	for m, tr := range cats["ja"] {
		if strings.TrimSpace(tr) == "" {
			t.Errorf("ja: empty translation of %q", m)
		}
		if _, ok := cats["zh"][m]; !ok {
			t.Errorf("zh lacks %q (ja has it)", m)
		}
	}
	for m, tr := range cats["zh"] {
		if strings.TrimSpace(tr) == "" {
			t.Errorf("zh: empty translation of %q", m)
		}
		if _, ok := cats["ja"][m]; !ok {
			t.Errorf("ja lacks %q (zh has it)", m)
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

package server

import (
	"bytes"
	"encoding/json"
	"flag"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/marquee-festival/marquee"
)

var updateOpenAPI = flag.Bool("update-openapi", false, "write the API document to web/src/api/openapi.json")

// committedOpenAPI is the copy of the document the front end's types are
// generated from (make openapi writes both).
const committedOpenAPI = "../web/src/api/openapi.json"

// TestOpenAPIDeclaresEveryRoute builds the document from routes.go: it
// fails on a route without a declaration in apiOps, and checks that every
// route with a method is in it with its guard's security.
func TestOpenAPIDeclaresEveryRoute(t *testing.T) {
	b, err := BuildOpenAPI()
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		OpenAPI string                               `json:"openapi"`
		Paths   map[string]map[string]map[string]any `json:"paths"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.OpenAPI != "3.1.0" {
		t.Errorf("openapi = %q", doc.OpenAPI)
	}
	n := 0
	for _, r := range recordRoutes() {
		method, path, ok := strings.Cut(r.pattern, " ")
		if !ok {
			continue
		}
		n++
		op := doc.Paths[path][strings.ToLower(method)]
		if op == nil {
			t.Errorf("%s is not in the document", r.pattern)
			continue
		}
		security, _ := op["security"].([]any)
		if (r.need != accessPublic) != (len(security) > 0) {
			t.Errorf("%s: security %v, guard %v", r.pattern, security, r.need)
		}
		responses := op["responses"].(map[string]any)
		if r.need != accessPublic && responses["401"] == nil {
			t.Errorf("%s is guarded but does not declare 401", r.pattern)
		}
		if r.need == accessAdmin && responses["403"] == nil {
			t.Errorf("%s is for admins but does not declare 403", r.pattern)
		}
	}
	if n < 140 {
		t.Errorf("only %d routes recorded", n)
	}
	if again, _ := BuildOpenAPI(); !bytes.Equal(b, again) {
		t.Error("two builds differ: the document must be the same bytes for the same code")
	}
}

// TestOpenAPIRouteDeclarationsMissing shows that a route without a
// declaration fails the build, naming it.
func TestOpenAPIRouteDeclarationsMissing(t *testing.T) {
	const p = "GET /api/v1/films"
	saved := apiOps[p]
	delete(apiOps, p)
	defer func() { apiOps[p] = saved }()
	if _, err := BuildOpenAPI(); err == nil || !strings.Contains(err.Error(), p) {
		t.Fatalf("err = %v, want one naming %s", err, p)
	}
}

// TestOpenAPICommitted fails when web/src/api/openapi.json is not the
// document the code builds: run `make openapi` (go test ./server -run
// TestOpenAPICommitted -update-openapi, then openapi-typescript).
func TestOpenAPICommitted(t *testing.T) {
	b, err := BuildOpenAPI()
	if err != nil {
		t.Fatal(err)
	}
	if *updateOpenAPI {
		if err := os.WriteFile(committedOpenAPI, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(committedOpenAPI)
	if err != nil {
		t.Fatalf("%v: run make openapi", err)
	}
	if !bytes.Equal(got, b) {
		t.Fatalf("%s is stale: the routes or their types changed; run make openapi and commit web/src/api/openapi.json and schema.d.ts", filepath.Clean(committedOpenAPI))
	}
}

// TestOpenAPILimitsAreTheRules reads limits back from the document: they
// are the domain's constants.
func TestOpenAPILimitsAreTheRules(t *testing.T) {
	b, err := BuildOpenAPI()
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Components struct {
			Schemas map[string]struct {
				Properties map[string]map[string]any `json:"properties"`
			} `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		schema, field, keyword string
		want                   float64
	}{
		{"FilmDetails", "title", "maxLength", marquee.FilmTitleMax},
		{"Film", "title", "maxLength", marquee.FilmTitleMax}, // through the embedded FilmDetails
		{"FestivalDetails", "name", "minLength", marquee.FestivalNameMin},
		{"Criterion", "weight", "maximum", marquee.WeightMax},
		{"NewUser", "password", "minLength", marquee.PasswordMinLength},
		{"NewContactMessage", "message", "maxLength", marquee.ContactMessageMax},
		{"ScreeningInput", "capacity", "maximum", marquee.ScreeningCapacityMax},
		{"NewWaiver", "code", "maxLength", marquee.WaiverCodeMax},
	} {
		got, ok := doc.Components.Schemas[c.schema].Properties[c.field][c.keyword].(float64)
		if !ok || got != c.want {
			t.Errorf("%s.%s %s = %v, want %v", c.schema, c.field, c.keyword, got, c.want)
		}
	}
	var enums struct {
		Components struct {
			Schemas map[string]struct {
				Enum []any `json:"enum"`
			} `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(b, &enums); err != nil {
		t.Fatal(err)
	}
	if e := enums.Components.Schemas["Role"].Enum; !reflect.DeepEqual(e, []any{"filmmaker", "organiser", "admin"}) {
		t.Errorf("Role enum = %v", e)
	}
	if ref := doc.Components.Schemas["User"].Properties["role"]["$ref"]; ref != "#/components/schemas/Role" {
		t.Errorf("User.role = %v", ref)
	}
}

// TestOpenAPIEnumsListEveryConstant reads the domain package's source:
// every constant of a type in apiEnums must be among its values, so a new
// status cannot be left out of the document.
func TestOpenAPIEnumsListEveryConstant(t *testing.T) {
	names := map[string]reflect.Type{}
	for typ := range apiEnums {
		names[typ.Name()] = typ
	}
	fset := token.NewFileSet()
	files, err := filepath.Glob("../*.go")
	if err != nil {
		t.Fatal(err)
	}
	found := map[string][]string{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range file.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, spec := range g.Specs {
				vs := spec.(*ast.ValueSpec)
				id, ok := vs.Type.(*ast.Ident)
				if !ok || names[id.Name] == nil || len(vs.Values) != len(vs.Names) {
					continue
				}
				for i, v := range vs.Values {
					if lit, ok := v.(*ast.BasicLit); ok && lit.Kind == token.STRING {
						found[id.Name] = append(found[id.Name], strings.Trim(lit.Value, "\"`")+" ("+vs.Names[i].Name+")")
					}
				}
			}
		}
	}
	for name, typ := range names {
		var listed []string
		v := reflect.ValueOf(apiEnums[typ])
		for i := range v.Len() {
			listed = append(listed, v.Index(i).String())
		}
		for _, c := range found[name] {
			value, _, _ := strings.Cut(c, " (")
			if !slices.Contains(listed, value) && !(name == "ContactStatus" && value == string(marquee.ContactAll)) {
				t.Errorf("apiEnums[%s] lacks the constant %s", name, c)
			}
		}
		if len(found[name]) == 0 {
			t.Errorf("no constants of %s found in the domain package", name)
		}
	}
}

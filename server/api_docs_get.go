package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"net/http"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/locale"
)

// handleAPIDocsGet is the API reference page: HTML rendered on the server
// from the API document (OpenAPI()), with no script, in the request's
// language (?lang=, else Accept-Language) for its own words; the routes'
// summaries and the types are the document's, in English.
func (s *Server) handleAPIDocsGet(w http.ResponseWriter, r *http.Request) {
	page, err := apiDocsPage(requestLanguage(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(page)
}

// apiDocsPages keeps the page rendered in each language: it depends on the
// code only, like the document.
var apiDocsPages sync.Map // language → []byte

// apiDocsPage returns the reference page in lang, rendered once.
func apiDocsPage(lang string) ([]byte, error) {
	if p, ok := apiDocsPages.Load(lang); ok {
		return p.([]byte), nil
	}
	doc, err := OpenAPI()
	if err != nil {
		return nil, err
	}
	p, err := renderAPIDocs(doc, lang)
	if err != nil {
		return nil, err
	}
	apiDocsPages.Store(lang, p)
	return p, nil
}

// The parts of an OpenAPI document the page shows.
type (
	oaDoc struct {
		Paths      map[string]map[string]oaOperation `json:"paths"`
		Components struct {
			Schemas map[string]map[string]any `json:"schemas"`
		} `json:"components"`
	}
	oaOperation struct {
		OperationID string                `json:"operationId"`
		Summary     string                `json:"summary"`
		Tags        []string              `json:"tags"`
		Security    []map[string]any      `json:"security"`
		Access      string                `json:"x-marquee-access"`
		Parameters  []oaParameter         `json:"parameters"`
		RequestBody *oaBody               `json:"requestBody"`
		Responses   map[string]oaResponse `json:"responses"`
	}
	oaParameter struct {
		Name        string         `json:"name"`
		In          string         `json:"in"`
		Required    bool           `json:"required"`
		Description string         `json:"description"`
		Schema      map[string]any `json:"schema"`
	}
	oaBody struct {
		Content map[string]struct {
			Schema map[string]any `json:"schema"`
		} `json:"content"`
	}
	oaResponse struct {
		Description string `json:"description"`
		Content     map[string]struct {
			Schema map[string]any `json:"schema"`
		} `json:"content"`
	}
)

// What the template shows.
type (
	docsPage struct {
		Lang      string
		Languages []string
		Text      map[string]string
		Tags      []docsTag
		Schemas   []docsSchema
	}
	docsTag struct {
		Name string
		Ops  []docsOp
	}
	docsOp struct {
		ID, Method, Path, Summary, Access string
		Params                            []docsField
		BodyMedia                         string
		Body                              docsType
		Responses                         []docsResponse
	}
	docsField struct {
		Name, In, Description, Limits string
		Type                          docsType
		Required                      bool
	}
	docsType struct {
		Text string // the type as written ("Film[]", "string | null")
		Ref  string // the component it names, if any
	}
	docsResponse struct {
		Status, Description, Media string
		Type                       docsType
	}
	docsSchema struct {
		Name   string
		Enum   string
		Fields []docsField
	}
)

var methodOrder = []string{"get", "post", "put", "patch", "delete"}

// renderAPIDocs renders the reference page of doc in lang.
func renderAPIDocs(doc []byte, lang string) ([]byte, error) {
	var d oaDoc
	if err := json.Unmarshal(doc, &d); err != nil {
		return nil, fmt.Errorf("api docs: read document: %w", err)
	}
	p := docsPage{Lang: lang, Languages: marquee.Languages, Text: docsText(lang)}
	tags := map[string][]docsOp{}
	for path, ops := range d.Paths {
		for method, o := range ops {
			op := docsOp{ID: o.OperationID, Method: strings.ToUpper(method), Path: path, Summary: o.Summary}
			switch {
			case o.Access == "admin":
				op.Access = p.Text["admin"]
			case len(o.Security) > 0:
				op.Access = p.Text["user"]
			default:
				op.Access = p.Text["public"]
			}
			for _, prm := range o.Parameters {
				op.Params = append(op.Params, docsField{Name: prm.Name, In: prm.In, Description: prm.Description,
					Required: prm.Required, Type: typeOfSchema(prm.Schema), Limits: limitsText(prm.Schema, lang)})
			}
			if o.RequestBody != nil {
				for media, c := range o.RequestBody.Content {
					op.BodyMedia, op.Body = media, typeOfSchema(c.Schema)
				}
			}
			for status, resp := range o.Responses {
				dr := docsResponse{Status: status, Description: resp.Description}
				for media, c := range resp.Content {
					dr.Media, dr.Type = media, typeOfSchema(c.Schema)
				}
				op.Responses = append(op.Responses, dr)
			}
			sort.Slice(op.Responses, func(i, j int) bool { return op.Responses[i].Status < op.Responses[j].Status })
			tag := "site"
			if len(o.Tags) > 0 {
				tag = o.Tags[0]
			}
			tags[tag] = append(tags[tag], op)
		}
	}
	for _, name := range slices.Sorted(mapKeys(tags)) {
		ops := tags[name]
		sort.Slice(ops, func(i, j int) bool {
			if ops[i].Path != ops[j].Path {
				return ops[i].Path < ops[j].Path
			}
			return slices.Index(methodOrder, strings.ToLower(ops[i].Method)) < slices.Index(methodOrder, strings.ToLower(ops[j].Method))
		})
		p.Tags = append(p.Tags, docsTag{Name: name, Ops: ops})
	}
	for _, name := range slices.Sorted(mapKeys(d.Components.Schemas)) {
		sc := d.Components.Schemas[name]
		ds := docsSchema{Name: name}
		if _, ok := sc["enum"]; ok {
			ds.Enum = limitsText(sc, lang)
		}
		props, _ := sc["properties"].(map[string]any)
		var required []string
		if req, ok := sc["required"].([]any); ok {
			for _, r := range req {
				required = append(required, fmt.Sprint(r))
			}
		}
		for _, field := range slices.Sorted(mapKeys(props)) {
			fs, _ := props[field].(map[string]any)
			ds.Fields = append(ds.Fields, docsField{Name: field, Type: typeOfSchema(fs), Required: slices.Contains(required, field),
				Limits: limitsText(fs, lang), Description: fmt.Sprint(orEmpty(fs["description"]))})
		}
		p.Schemas = append(p.Schemas, ds)
	}
	var b bytes.Buffer
	if err := apiDocsTemplate.Execute(&b, p); err != nil {
		return nil, fmt.Errorf("api docs: render: %w", err)
	}
	return b.Bytes(), nil
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

func orEmpty(v any) any {
	if v == nil {
		return ""
	}
	return v
}

// typeOfSchema writes a schema's type as the page shows it.
func typeOfSchema(s map[string]any) docsType {
	if s == nil {
		return docsType{}
	}
	if ref, ok := s["$ref"].(string); ok {
		name := strings.TrimPrefix(ref, "#/components/schemas/")
		return docsType{Text: name, Ref: name}
	}
	if alts, ok := s["anyOf"].([]any); ok {
		var parts []string
		var ref string
		for _, a := range alts {
			m, _ := a.(map[string]any)
			t := typeOfSchema(m)
			parts = append(parts, t.Text)
			if t.Ref != "" {
				ref = t.Ref
			}
		}
		return docsType{Text: strings.Join(parts, " | "), Ref: ref}
	}
	var text string
	switch t := s["type"].(type) {
	case string:
		text = t
	case []any:
		var parts []string
		for _, x := range t {
			parts = append(parts, fmt.Sprint(x))
		}
		text = strings.Join(parts, " | ")
	}
	switch text {
	case "array":
		items, _ := s["items"].(map[string]any)
		it := typeOfSchema(items)
		return docsType{Text: it.Text + "[]", Ref: it.Ref}
	case "object":
		if add, ok := s["additionalProperties"].(map[string]any); ok {
			at := typeOfSchema(add)
			return docsType{Text: "map<string, " + at.Text + ">", Ref: at.Ref}
		}
	case "":
		text = "any"
	}
	if f, ok := s["format"].(string); ok {
		text += " (" + f + ")"
	}
	if m, ok := s["contentMediaType"].(string); ok {
		text = m
	}
	return docsType{Text: text}
}

// limitsText says a schema's limits in lang.
func limitsText(s map[string]any, lang string) string {
	if s == nil {
		return ""
	}
	num := func(k string) (string, bool) {
		v, ok := s[k].(float64)
		if !ok {
			return "", false
		}
		return strconv.FormatFloat(v, 'f', -1, 64), true
	}
	var parts []string
	if v, ok := num("minLength"); ok {
		parts = append(parts, locale.Format(lang, "at least {n} characters", locale.Vars{"n": v}))
	}
	if v, ok := num("maxLength"); ok {
		parts = append(parts, locale.Format(lang, "at most {n} characters", locale.Vars{"n": v}))
	}
	lo, hasLo := num("minimum")
	hi, hasHi := num("maximum")
	switch {
	case hasLo && hasHi:
		parts = append(parts, locale.Format(lang, "from {min} to {max}", locale.Vars{"min": lo, "max": hi}))
	case hasLo:
		parts = append(parts, locale.Format(lang, "at least {min}", locale.Vars{"min": lo}))
	case hasHi:
		parts = append(parts, locale.Format(lang, "at most {max}", locale.Vars{"max": hi}))
	}
	if v, ok := num("minItems"); ok {
		parts = append(parts, locale.Format(lang, "at least {n} items", locale.Vars{"n": v}))
	}
	if v, ok := num("maxItems"); ok {
		parts = append(parts, locale.Format(lang, "at most {n} items", locale.Vars{"n": v}))
	}
	if e, ok := s["enum"].([]any); ok {
		var vals []string
		for _, v := range e {
			vals = append(vals, strconv.Quote(fmt.Sprint(v)))
		}
		parts = append(parts, locale.Format(lang, "one of {values}", locale.Vars{"values": strings.Join(vals, ", ")}))
	}
	if p, ok := s["pattern"].(string); ok {
		parts = append(parts, locale.Format(lang, "matches {pattern}", locale.Vars{"pattern": p}))
	}
	return strings.Join(parts, "; ")
}

// docsText are the page's own words in lang.
func docsText(lang string) map[string]string {
	return map[string]string{
		"title":      locale.Text(lang, "Marquee API reference"),
		"intro":      locale.Text(lang, "Every route of Marquee's JSON API, built from the server's own code. Requests and answers are JSON; a write with a body says Content-Type: application/json. An error answers {message, code, fields}, its message in the language of Accept-Language or ?lang=."),
		"download":   locale.Text(lang, "The OpenAPI 3.1 document"),
		"contents":   locale.Text(lang, "Contents"),
		"types":      locale.Text(lang, "Data types"),
		"public":     locale.Text(lang, "Public"),
		"user":       locale.Text(lang, "Sign-in required"),
		"admin":      locale.Text(lang, "Admins only"),
		"parameters": locale.Text(lang, "Parameters"),
		"body":       locale.Text(lang, "Request body"),
		"responses":  locale.Text(lang, "Responses"),
		"name":       locale.Text(lang, "Name"),
		"type":       locale.Text(lang, "Type"),
		"limits":     locale.Text(lang, "Limits"),
		"required":   locale.Text(lang, "required"),
		"optional":   locale.Text(lang, "optional"),
		"noBody":     locale.Text(lang, "No body"),
		"language":   locale.Text(lang, "Language"),
	}
}

var apiDocsTemplate = template.Must(template.New("api-docs").Parse(`<!doctype html>
<html lang="{{.Lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{index .Text "title"}}</title>
<style>
:root { color-scheme: light dark; --fg: #1b1b1f; --muted: #5c5f66; --line: #dee2e6; --bg: #fff; --code: #f1f3f5; --accent: #7048e8; }
@media (prefers-color-scheme: dark) { :root { --fg: #e9ecef; --muted: #adb5bd; --line: #373a40; --bg: #1a1b1e; --code: #25262b; --accent: #b197fc; } }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", "Hiragino Sans", "Noto Sans CJK JP", "Microsoft YaHei", sans-serif; color: var(--fg); background: var(--bg); }
main { max-width: 1100px; margin: 0 auto; padding: 16px; }
h1 { font-size: 1.8rem; margin: 0.5rem 0; } h2 { font-size: 1.35rem; margin: 2rem 0 0.5rem; border-bottom: 1px solid var(--line); } h3 { font-size: 1rem; margin: 1rem 0 0.25rem; }
a { color: var(--accent); } code, .path { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 0.9em; overflow-wrap: anywhere; }
nav.langs a { margin-right: 0.75rem; } nav.langs [aria-current] { font-weight: 700; color: var(--fg); text-decoration: none; }
.toc { columns: 3 10rem; padding-left: 1.2rem; }
details { border: 1px solid var(--line); border-radius: 6px; margin: 0.5rem 0; }
summary { cursor: pointer; padding: 0.5rem 0.75rem; display: flex; flex-wrap: wrap; gap: 0.25rem 0.5rem; align-items: baseline; }
.body { padding: 0 0.75rem 0.75rem; }
.method { font-weight: 700; font-family: ui-monospace, monospace; min-width: 4.2rem; }
.access { font-size: 0.8rem; color: var(--muted); border: 1px solid var(--line); border-radius: 999px; padding: 0 0.5rem; }
.summary { flex-basis: 100%; color: var(--muted); }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; font-size: 0.92rem; }
th, td { text-align: left; vertical-align: top; padding: 0.3rem 0.5rem; border-bottom: 1px solid var(--line); }
th { font-weight: 600; }
.muted { color: var(--muted); }
@media (max-width: 600px) {
  main { padding: 12px; } h1 { font-size: 1.45rem; }
  table, thead, tbody, tr, th, td { display: block; } thead { display: none; }
  tr { border-bottom: 1px solid var(--line); padding: 0.35rem 0; } td { border: 0; padding: 0.1rem 0; }
  td[data-label]::before { content: attr(data-label) ": "; color: var(--muted); }
}
</style>
</head>
<body>
<main>
<nav class="langs" aria-label="{{index .Text "language"}}">{{$lang := .Lang}}{{range .Languages}}<a href="?lang={{.}}"{{if eq . $lang}} aria-current="page"{{end}}>{{if eq . "en"}}English{{else if eq . "ja"}}日本語{{else if eq . "zh"}}中文{{else}}{{.}}{{end}}</a>{{end}}</nav>
<h1>{{index .Text "title"}}</h1>
<p>{{index .Text "intro"}}</p>
<p><a href="/api/v1/openapi.json">{{index .Text "download"}}</a> (<code>/api/v1/openapi.json</code>)</p>
<h2 id="contents">{{index .Text "contents"}}</h2>
<ul class="toc">{{range .Tags}}<li><a href="#tag-{{.Name}}">{{.Name}}</a></li>{{end}}<li><a href="#types">{{index .Text "types"}}</a></li></ul>
{{$t := .Text}}
{{range .Tags}}
<h2 id="tag-{{.Name}}">{{.Name}}</h2>
{{range .Ops}}
<details id="{{.ID}}">
<summary><span class="method">{{.Method}}</span> <span class="path">{{.Path}}</span> <span class="access">{{.Access}}</span><span class="summary">{{.Summary}}</span></summary>
<div class="body">
{{if .Params}}<h3>{{index $t "parameters"}}</h3>
<div class="scroll"><table><thead><tr><th>{{index $t "name"}}</th><th>{{index $t "type"}}</th><th>{{index $t "limits"}}</th></tr></thead><tbody>
{{range .Params}}<tr><td data-label="{{index $t "name"}}"><code>{{.Name}}</code> <span class="muted">({{.In}}{{if .Required}}, {{index $t "required"}}{{end}})</span>{{if .Description}}<br><span class="muted">{{.Description}}</span>{{end}}</td><td data-label="{{index $t "type"}}">{{template "type" .Type}}</td><td data-label="{{index $t "limits"}}">{{.Limits}}</td></tr>
{{end}}</tbody></table></div>{{end}}
{{if .BodyMedia}}<h3>{{index $t "body"}}</h3><p><code>{{.BodyMedia}}</code>: {{template "type" .Body}}</p>{{end}}
<h3>{{index $t "responses"}}</h3>
<ul>{{range .Responses}}<li><code>{{.Status}}</code> {{.Description}}{{if .Media}}: {{template "type" .Type}}{{else}} <span class="muted">({{index $t "noBody"}})</span>{{end}}</li>{{end}}</ul>
</div>
</details>
{{end}}
{{end}}
<h2 id="types">{{index .Text "types"}}</h2>
{{range .Schemas}}
<h3 id="schema-{{.Name}}">{{.Name}}</h3>
{{if .Enum}}<p><code>string</code>: {{.Enum}}</p>{{end}}
{{if .Fields}}<div class="scroll"><table><thead><tr><th>{{index $t "name"}}</th><th>{{index $t "type"}}</th><th>{{index $t "limits"}}</th></tr></thead><tbody>
{{range .Fields}}<tr><td data-label="{{index $t "name"}}"><code>{{.Name}}</code> <span class="muted">({{if .Required}}{{index $t "required"}}{{else}}{{index $t "optional"}}{{end}})</span>{{if .Description}}<br><span class="muted">{{.Description}}</span>{{end}}</td><td data-label="{{index $t "type"}}">{{template "type" .Type}}</td><td data-label="{{index $t "limits"}}">{{.Limits}}</td></tr>
{{end}}</tbody></table></div>{{end}}
{{end}}
</main>
</body>
</html>
{{define "type"}}{{if .Ref}}<a href="#schema-{{.Ref}}"><code>{{.Text}}</code></a>{{else}}<code>{{.Text}}</code>{{end}}{{end}}`))

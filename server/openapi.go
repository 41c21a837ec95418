package server

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"reflect"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// The API document (OpenAPI 3.1) is built from the route table itself:
// routes registers every route on a docRecorder, which keeps each
// pattern, the guard around its handler (requireUser, requireAdmin) and
// the handler's name; apiOps (openapi_routes.go) declares, per pattern,
// its query, body and answer as Go types, which schemaGen reflects. A
// route without a declaration, or a declaration without a route, fails
// BuildOpenAPI (and so TestOpenAPIDeclaresEveryRoute and the server's
// start: the document is built before it listens).

// access is what a route's guard asks of the caller.
type access int

const (
	accessPublic access = iota
	accessUser          // requireUser: a session (401 without)
	accessAdmin         // requireAdmin: an admin's session (401, 403)
)

// guarded is a handler behind requireUser or requireAdmin: the route
// table's readers (the API document) see what it requires and whose
// handler it guards.
type guarded struct {
	need    access
	handler string // the guarded handler's Go name
	h       http.Handler
}

func (g guarded) ServeHTTP(w http.ResponseWriter, r *http.Request) { g.h.ServeHTTP(w, r) }

// funcName is the Go name of a handler method value ("handleFilmGet").
func funcName(f any) string {
	n := runtime.FuncForPC(reflect.ValueOf(f).Pointer()).Name()
	n = strings.TrimSuffix(n, "-fm")
	return n[strings.LastIndexByte(n, '.')+1:]
}

// recordedRoute is one route as routes registered it.
type recordedRoute struct {
	pattern string
	need    access
	handler string
}

// docRecorder is a router that keeps what is registered on it, with each
// route's guard (the metrics' routeRecorder keeps only patterns).
type docRecorder struct{ routes []recordedRoute }

func (rr *docRecorder) Handle(pattern string, h http.Handler) {
	r := recordedRoute{pattern: pattern}
	if g, ok := h.(guarded); ok {
		r.need, r.handler = g.need, g.handler
	}
	rr.routes = append(rr.routes, r)
}

func (rr *docRecorder) HandleFunc(pattern string, h func(http.ResponseWriter, *http.Request)) {
	rr.routes = append(rr.routes, recordedRoute{pattern: pattern, handler: funcName(h)})
}

// recordRoutes returns every route of routes.go, in its order, including
// those a configuration turns on (GET /metrics with a metrics handler).
func recordRoutes() []recordedRoute {
	var rr docRecorder
	(&Server{cfg: Config{MetricsHandler: http.NotFoundHandler()}}).routes(&rr)
	return rr.routes
}

// apiOp declares one route for the API document.
type apiOp struct {
	summary   string
	status    int          // the answer when it succeeds
	alsoOK    []int        // other successful answers, with the same body (a repeat's 200)
	resp      reflect.Type // its JSON body; nil for none (or respMedia's)
	respMedia string       // a body that is not JSON: its media type
	query     reflect.Type // a struct whose `query:"name"` fields are the query parameters
	body      reflect.Type // the JSON request body
	bodyMedia string       // a request body that is not JSON: its media type
	errors    []int        // answers besides the guard's, 400 for a body or query and 404 for a path
	limited   bool         // rate limited: 429 with Retry-After
	textIDs   bool         // {id} names a package by its text id, not a number
	errBody   reflect.Type // the errors' body, when not errorBody (the seed's calls)
}

// op declares a route that answers status with a JSON body of type resp
// (nil: no body).
func op(summary string, status int, resp reflect.Type) apiOp {
	return apiOp{summary: summary, status: status, resp: resp}
}

// T is the reflect.Type of V, for declarations.
func T[V any]() reflect.Type { return reflect.TypeFor[V]() }

func (o apiOp) in(body reflect.Type) apiOp    { o.body = body; return o }
func (o apiOp) q(query reflect.Type) apiOp    { o.query = query; return o }
func (o apiOp) errs(codes ...int) apiOp       { o.errors = append(o.errors, codes...); return o }
func (o apiOp) also(codes ...int) apiOp       { o.alsoOK = append(o.alsoOK, codes...); return o }
func (o apiOp) media(media string) apiOp      { o.respMedia = media; return o }
func (o apiOp) inMedia(media string) apiOp    { o.bodyMedia = media; return o }
func (o apiOp) rateLimited() apiOp            { o.limited = true; return o }
func (o apiOp) textID() apiOp                 { o.textIDs = true; return o }
func (o apiOp) errorsAs(t reflect.Type) apiOp { o.errBody = t; return o }

// The document is built once per process: it depends on the code only.
var (
	openAPIOnce sync.Once
	openAPIDoc  []byte
	openAPIErr  error
)

// OpenAPI returns the API document as served at /api/v1/openapi.json.
func OpenAPI() ([]byte, error) {
	openAPIOnce.Do(func() { openAPIDoc, openAPIErr = BuildOpenAPI() })
	return openAPIDoc, openAPIErr
}

var pathParam = regexp.MustCompile(`\{([A-Za-z]+)\}`)

// integerParams are the path parameters that are positive integers.
var integerParams = map[string]bool{"id": true, "judgeId": true, "submissionId": true, "userId": true, "days": true, "stillId": true, "typeId": true}

// BuildOpenAPI builds the API document from the route table and apiOps:
// indented JSON with a final line feed, the same bytes for the same code.
func BuildOpenAPI() ([]byte, error) {
	g := newSchemaGen()
	paths := map[string]map[string]any{}
	tags := map[string]bool{}
	ids := map[string]int{}
	seen := map[string]bool{}
	var problems []string
	type pendingBody struct {
		operation map[string]any
		body      reflect.Type
	}
	var bodies []pendingBody
	for _, r := range recordRoutes() {
		method, path, ok := strings.Cut(r.pattern, " ")
		if !ok { // a catch-all ("/", "/api/", "/media/"): not an operation
			if _, declared := apiOps[r.pattern]; declared {
				problems = append(problems, fmt.Sprintf("%q is a catch-all; it takes no declaration", r.pattern))
			}
			continue
		}
		seen[r.pattern] = true
		o, ok := apiOps[r.pattern]
		if !ok {
			problems = append(problems, fmt.Sprintf("route %q has no declaration in apiOps (server/openapi_routes.go)", r.pattern))
			continue
		}
		tag := routeTag(path)
		tags[tag] = true
		id := strings.TrimPrefix(r.handler, "handle")
		if id == "" {
			id = "route"
		}
		id = strings.ToLower(id[:1]) + id[1:]
		if ids[id]++; ids[id] > 1 {
			id += strconv.Itoa(ids[id])
		}
		operation := map[string]any{
			"operationId": id,
			"summary":     o.summary,
			"tags":        []string{tag},
		}
		var params []any
		for _, m := range pathParam.FindAllStringSubmatch(path, -1) {
			s := map[string]any{"type": "string"}
			if integerParams[m[1]] && !(o.textIDs && m[1] == "id") {
				s = map[string]any{"type": "integer", "format": "int64", "minimum": 1}
			}
			params = append(params, map[string]any{"name": m[1], "in": "path", "required": true, "schema": s})
		}
		if o.query != nil {
			for i := range o.query.NumField() {
				f := o.query.Field(i)
				name := f.Tag.Get("query")
				s := g.schema(f.Type)
				for k, v := range apiFieldLimits[o.query][name] {
					s[k] = v
				}
				p := map[string]any{"name": name, "in": "query", "schema": s}
				if d := f.Tag.Get("doc"); d != "" {
					p["description"] = d
				}
				params = append(params, p)
			}
		}
		if len(params) > 0 {
			operation["parameters"] = params
		}
		switch {
		case o.body != nil:
			bodies = append(bodies, pendingBody{operation, o.body})
		case o.bodyMedia != "":
			operation["requestBody"] = map[string]any{"required": true, "content": map[string]any{
				o.bodyMedia: map[string]any{"schema": mediaSchema(o.bodyMedia)}}}
		}
		responses := map[string]any{}
		ok200 := map[string]any{"description": http.StatusText(o.status)}
		switch {
		case o.resp != nil:
			ok200["content"] = map[string]any{"application/json": map[string]any{"schema": g.schema(o.resp)}}
		case o.respMedia != "":
			ok200["content"] = map[string]any{o.respMedia: map[string]any{"schema": mediaSchema(o.respMedia)}}
		}
		responses[strconv.Itoa(o.status)] = ok200
		for _, c := range o.alsoOK {
			also := maps.Clone(ok200)
			also["description"] = http.StatusText(c)
			responses[strconv.Itoa(c)] = also
		}
		errRef := g.schema(T[errorBody]())
		if o.errBody != nil {
			errRef = g.schema(o.errBody)
		}
		codes := slices.Clone(o.errors)
		if o.body != nil || o.query != nil || o.bodyMedia != "" {
			codes = append(codes, http.StatusBadRequest)
		}
		if len(params) > 0 && pathParam.MatchString(path) {
			codes = append(codes, http.StatusNotFound)
		}
		switch r.need {
		case accessUser:
			codes = append(codes, http.StatusUnauthorized)
			operation["security"] = []any{map[string]any{"session": []string{}}, map[string]any{"bearer": []string{}}}
		case accessAdmin:
			codes = append(codes, http.StatusUnauthorized, http.StatusForbidden)
			operation["security"] = []any{map[string]any{"session": []string{}}, map[string]any{"bearer": []string{}}}
			operation["x-marquee-access"] = "admin"
		default:
			operation["security"] = []any{}
		}
		if o.limited {
			codes = append(codes, http.StatusTooManyRequests)
		}
		if o.body != nil || o.bodyMedia != "" {
			codes = append(codes, http.StatusUnsupportedMediaType)
		}
		for _, c := range codes {
			if c == o.status {
				continue
			}
			responses[strconv.Itoa(c)] = map[string]any{
				"description": http.StatusText(c),
				"content":     map[string]any{"application/json": map[string]any{"schema": errRef}},
			}
		}
		operation["responses"] = responses
		if paths[path] == nil {
			paths[path] = map[string]any{}
		}
		paths[path][strings.ToLower(method)] = operation
	}
	// Request bodies after every answer, so that a type in both is named
	// as answered, and as sent (NameInput) only where the two differ.
	in := g.in()
	for _, b := range bodies {
		b.operation["requestBody"] = map[string]any{"required": true, "content": map[string]any{
			"application/json": map[string]any{"schema": in.schema(b.body)}}}
	}
	for p := range apiOps {
		if !seen[p] {
			problems = append(problems, fmt.Sprintf("apiOps declares %q, which routes.go does not register", p))
		}
	}
	if len(problems) > 0 {
		sort.Strings(problems)
		return nil, fmt.Errorf("openapi: %s", strings.Join(problems, "; "))
	}
	var tagList []any
	for _, t := range slices.Sorted(func(yield func(string) bool) {
		for t := range tags {
			if !yield(t) {
				return
			}
		}
	}) {
		tagList = append(tagList, map[string]any{"name": t})
	}
	doc := map[string]any{
		"openapi": "3.1.0",
		"info": map[string]any{
			"title":   "Marquee API",
			"version": "1",
			"description": "The JSON API of Marquee, the film festival platform. Built from the server's route table " +
				"(server/routes.go) and the Go types of each route (server/openapi_routes.go). Writes with a body " +
				"say Content-Type: application/json. Errors answer {message, code, fields}; messages follow " +
				"Accept-Language or ?lang= (en, ja, zh).",
		},
		"paths": paths,
		"tags":  tagList,
		"components": map[string]any{
			"schemas": g.components,
			"securitySchemes": map[string]any{
				"session": map[string]any{"type": "apiKey", "in": "cookie", "name": SessionCookie,
					"description": "The session cookie set by POST /api/v1/auth/login."},
				"bearer": map[string]any{"type": "http", "scheme": "bearer",
					"description": "The token answered by POST /api/v1/auth/login."},
			},
		},
	}
	b, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("openapi: encode: %w", err)
	}
	return append(b, '\n'), nil
}

// mediaSchema is the schema of a body of media type m that no Go type
// describes: any JSON value, or bytes.
func mediaSchema(m string) map[string]any {
	if m == "application/json" {
		return map[string]any{"type": "object"}
	}
	return map[string]any{"type": "string", "contentMediaType": m}
}

// routeTag groups a path's operations: its first segment after /api/v1
// ("films", "manage", "admin"), or the path's first segment outside it.
func routeTag(path string) string {
	rest := strings.TrimPrefix(path, "/api/v1/")
	if rest == path {
		rest = strings.TrimPrefix(path, "/")
	}
	seg, _, _ := strings.Cut(rest, "/")
	seg = strings.TrimSuffix(seg, ".ics")
	if seg == "" {
		return "site"
	}
	return seg
}

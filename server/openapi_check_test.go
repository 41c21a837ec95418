package server

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// answerChecker checks the server's answers against the API document: the
// handler tests send every answer they get through CheckAnswerForTest, so
// an answer whose shape strays from its route's declaration (a field
// missing, one the document does not name, a wrong type or enum value)
// fails the test that got it.
type answerChecker struct {
	mux  *http.ServeMux
	doc  map[string]any
	ops  map[string]map[string]any // pattern → operation
	errs error
}

var checker = sync.OnceValue(func() *answerChecker {
	c := &answerChecker{mux: http.NewServeMux(), ops: map[string]map[string]any{}}
	b, err := OpenAPI()
	if err != nil {
		c.errs = err
		return c
	}
	if err := json.Unmarshal(b, &c.doc); err != nil {
		c.errs = err
		return c
	}
	paths := c.doc["paths"].(map[string]any)
	for _, r := range recordRoutes() {
		method, path, ok := strings.Cut(r.pattern, " ")
		if !ok {
			continue
		}
		c.mux.HandleFunc(r.pattern, func(http.ResponseWriter, *http.Request) {})
		op, _ := paths[path].(map[string]any)[strings.ToLower(method)].(map[string]any)
		c.ops[r.pattern] = op
	}
	return c
})

// CheckAnswerForTest checks one answer (method and path as sent, the
// status, Content-Type and body answered) against the document.
func CheckAnswerForTest(method, target string, status int, contentType string, body []byte) error {
	c := checker()
	if c.errs != nil {
		return c.errs
	}
	req := httptest.NewRequest(method, target, nil)
	_, pattern := c.mux.Handler(req)
	op := c.ops[pattern]
	if op == nil || status >= 500 || status == http.StatusNotModified {
		return nil // a catch-all's 404, an unknown route, a server error
	}
	responses := op["responses"].(map[string]any)
	resp, ok := responses[strconv.Itoa(status)].(map[string]any)
	if !ok {
		if status < 300 {
			return fmt.Errorf("%s answered %d, which the document does not declare (it declares %v)", pattern, status, slices.Sorted(mapKeys(responses)))
		}
		return nil // an error status the declaration does not list: its body is still an error body
	}
	content, _ := resp["content"].(map[string]any)
	if content == nil {
		if len(body) > 0 {
			return fmt.Errorf("%s %d: the document declares no body, the answer has %d bytes", pattern, status, len(body))
		}
		return nil
	}
	media, _, _ := strings.Cut(contentType, ";")
	json_, ok := content["application/json"].(map[string]any)
	if !ok || media != "application/json" {
		return nil
	}
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		return fmt.Errorf("%s %d: the answer is not JSON: %v", pattern, status, err)
	}
	var problems []string
	c.validate(json_["schema"].(map[string]any), v, "$", &problems)
	if len(problems) > 0 {
		sort.Strings(problems)
		return fmt.Errorf("%s %d strays from the document: %s", pattern, status, strings.Join(problems, "; "))
	}
	return nil
}

// validate checks v against schema s (the keywords BuildOpenAPI writes;
// lengths and ranges are the requests' limits, not checked here).
func (c *answerChecker) validate(s map[string]any, v any, at string, problems *[]string) {
	if ref, ok := s["$ref"].(string); ok {
		name := strings.TrimPrefix(ref, "#/components/schemas/")
		s = c.doc["components"].(map[string]any)["schemas"].(map[string]any)[name].(map[string]any)
	}
	if alts, ok := s["anyOf"].([]any); ok {
		var best []string
		for i, alt := range alts {
			var p []string
			c.validate(alt.(map[string]any), v, at, &p)
			if len(p) == 0 {
				return
			}
			if i == 0 {
				best = p
			}
		}
		*problems = append(*problems, best...)
		return
	}
	var types []string
	switch t := s["type"].(type) {
	case string:
		types = []string{t}
	case []any:
		for _, x := range t {
			types = append(types, x.(string))
		}
	}
	if len(types) > 0 && !slices.Contains(types, jsonType(v)) && !(jsonType(v) == "integer" && slices.Contains(types, "number")) {
		*problems = append(*problems, fmt.Sprintf("%s is %s, want %s", at, jsonType(v), strings.Join(types, " or ")))
		return
	}
	if enum, ok := s["enum"].([]any); ok && v != nil {
		if !slices.ContainsFunc(enum, func(e any) bool { return fmt.Sprint(e) == fmt.Sprint(v) }) {
			*problems = append(*problems, fmt.Sprintf("%s is %v, not one of %v", at, v, enum))
		}
	}
	switch x := v.(type) {
	case map[string]any:
		props, _ := s["properties"].(map[string]any)
		if props != nil {
			required, _ := s["required"].([]any)
			for _, r := range required {
				if _, ok := x[r.(string)]; !ok {
					*problems = append(*problems, fmt.Sprintf("%s lacks %q", at, r))
				}
			}
			for k, val := range x {
				ps, ok := props[k].(map[string]any)
				if !ok {
					*problems = append(*problems, fmt.Sprintf("%s has %q, which the document does not name", at, k))
					continue
				}
				c.validate(ps, val, at+"."+k, problems)
			}
		} else if add, ok := s["additionalProperties"].(map[string]any); ok {
			for k, val := range x {
				c.validate(add, val, at+"."+k, problems)
			}
		}
	case []any:
		if items, ok := s["items"].(map[string]any); ok {
			for i, val := range x {
				c.validate(items, val, at+"["+strconv.Itoa(i)+"]", problems)
			}
		}
	}
}

func jsonType(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case float64:
		if x == math.Trunc(x) {
			return "integer"
		}
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return "unknown"
}

package server

import (
	"encoding/json"
	"reflect"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode"
)

// schemaGen turns Go types into the JSON Schemas (OpenAPI 3.1) of the API
// document: named structs become components (#/components/schemas/Name),
// their fields read as encoding/json reads them (json tags, omitempty,
// embedded structs flattened, the shallower field winning), with the
// limits of apiFieldLimits and the enums of apiEnums.
type schemaGen struct {
	components map[string]any
	names      map[nameKey]string
	taken      map[string]nameKey
	differs    map[reflect.Type]bool
	// input: the schemas of request bodies, where apiOptionalFields may
	// be left out. A type that has such fields (or holds one that has)
	// and is also in an answer gets a second component, NameInput.
	input bool
}

// nameKey is a component: a Go type as answered, or as sent.
type nameKey struct {
	t     reflect.Type
	input bool
}

func newSchemaGen() *schemaGen {
	return &schemaGen{components: map[string]any{}, names: map[nameKey]string{}, taken: map[string]nameKey{}, differs: map[reflect.Type]bool{}}
}

// in is g for request bodies (same components).
func (g *schemaGen) in() *schemaGen {
	c := *g
	c.input = true
	return &c
}

// differsAsInput reports whether t's schema as sent differs from its
// schema as answered: it, or a type it holds, has apiOptionalFields.
func (g *schemaGen) differsAsInput(t reflect.Type) bool {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array || t.Kind() == reflect.Map {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct || t == timeType {
		return false
	}
	if d, ok := g.differs[t]; ok {
		return d
	}
	g.differs[t] = false // a type that holds itself differs by its other fields
	d := false
	for _, f := range jsonFields(t) {
		if slices.Contains(apiOptionalFields[f.owner], f.name) || g.differsAsInput(f.typ) {
			d = true
			break
		}
	}
	g.differs[t] = d
	return d
}

var (
	timeType       = reflect.TypeFor[time.Time]()
	rawMessageType = reflect.TypeFor[json.RawMessage]()
)

// schema returns the schema of t, a reference for a named struct.
func (g *schemaGen) schema(t reflect.Type) map[string]any {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if _, ok := apiEnums[t]; ok {
		return map[string]any{"$ref": "#/components/schemas/" + g.component(t)}
	}
	switch {
	case t == timeType:
		return map[string]any{"type": "string", "format": "date-time"}
	case t == rawMessageType:
		return map[string]any{}
	}
	switch t.Kind() {
	case reflect.Struct:
		if t.Name() == "" {
			return g.structSchema(t, "")
		}
		return map[string]any{"$ref": "#/components/schemas/" + g.component(t)}
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			return map[string]any{"type": "string", "contentEncoding": "base64"}
		}
		return map[string]any{"type": "array", "items": g.schema(t.Elem())}
	case reflect.Map:
		return map[string]any{"type": "object", "additionalProperties": g.schema(t.Elem())}
	case reflect.Interface:
		return map[string]any{}
	}
	return g.kindSchema(t)
}

// kindSchema is the schema of a value of t's basic kind.
func (g *schemaGen) kindSchema(t reflect.Type) map[string]any {
	switch t.Kind() {
	case reflect.String:
		return map[string]any{"type": "string"}
	case reflect.Bool:
		return map[string]any{"type": "boolean"}
	case reflect.Int64, reflect.Uint64:
		return map[string]any{"type": "integer", "format": "int64"}
	case reflect.Int, reflect.Int32, reflect.Int16, reflect.Int8, reflect.Uint, reflect.Uint32, reflect.Uint16, reflect.Uint8:
		return map[string]any{"type": "integer"}
	case reflect.Float32, reflect.Float64:
		return map[string]any{"type": "number"}
	}
	panic("openapi: no schema for " + t.String())
}

// component registers the named struct (or enum type) t once and returns
// its name.
func (g *schemaGen) component(t reflect.Type) string {
	key := nameKey{t: t, input: g.input && g.differsAsInput(t)}
	if n, ok := g.names[key]; ok {
		return n
	}
	n := componentName(t)
	if other, ok := g.taken[n]; ok && other.t != t {
		n = exportName(pathBase(t.PkgPath())) + n
	}
	if _, answered := g.names[nameKey{t: t}]; key.input && answered {
		n += "Input" // the answers' schema has this name: BuildOpenAPI reflects answers first
	}
	g.names[key] = n
	g.taken[n] = key
	g.components[n] = nil // taken before the fields, which may refer back
	if vals, ok := apiEnums[t]; ok {
		s := g.kindSchema(t)
		s["enum"] = vals
		s["title"] = n
		g.components[n] = s
		return n
	}
	gen := g
	if !key.input {
		gen = &schemaGen{components: g.components, names: g.names, taken: g.taken, differs: g.differs}
	}
	g.components[n] = gen.structSchema(t, n)
	return n
}

// componentName names t: its Go name with the first letter upper case; a
// generic's type arguments follow it (Page[*marquee.Film] is PageFilm).
func componentName(t reflect.Type) string {
	name := t.Name()
	base, args, generic := strings.Cut(name, "[")
	if !generic {
		return exportName(name)
	}
	var b strings.Builder
	b.WriteString(exportName(base))
	for _, a := range strings.Split(strings.TrimSuffix(args, "]"), ",") {
		a = strings.TrimLeft(a, "*[]")
		if i := strings.LastIndexByte(a, '.'); i >= 0 {
			a = a[i+1:]
		}
		b.WriteString(exportName(a))
	}
	return b.String()
}

func exportName(s string) string {
	r := []rune(s)
	if len(r) == 0 {
		return s
	}
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

func pathBase(p string) string { return p[strings.LastIndexByte(p, '/')+1:] }

// jsonField is one field as encoding/json writes it.
type jsonField struct {
	name      string
	typ       reflect.Type
	owner     reflect.Type // the struct that declares it (its limits are the owner's)
	omitEmpty bool
	asString  bool
	index     []int
	tagged    bool
}

// jsonFields lists the fields encoding/json writes for struct t, in its
// order: embedded structs flattened, a shallower field (or, at the same
// depth, the only tagged one) hiding the others of its name.
func jsonFields(t reflect.Type) []jsonField {
	type cand struct {
		jsonField
		depth int
	}
	var all []cand
	var walk func(t reflect.Type, index []int, depth int)
	walk = func(t reflect.Type, index []int, depth int) {
		for i := range t.NumField() {
			f := t.Field(i)
			tag := f.Tag.Get("json")
			if tag == "-" {
				continue
			}
			name, opts, _ := strings.Cut(tag, ",")
			idx := append(append([]int{}, index...), i)
			ft := f.Type
			if f.Anonymous && name == "" {
				et := ft
				if et.Kind() == reflect.Pointer {
					et = et.Elem()
				}
				if et.Kind() == reflect.Struct {
					walk(et, idx, depth+1)
					continue
				}
			}
			if !f.IsExported() {
				continue
			}
			jf := jsonField{name: name, typ: ft, owner: t, index: idx, tagged: name != ""}
			if jf.name == "" {
				jf.name = f.Name
			}
			for _, o := range strings.Split(opts, ",") {
				switch o {
				case "omitempty", "omitzero":
					jf.omitEmpty = true
				case "string":
					jf.asString = true
				}
			}
			all = append(all, cand{jf, depth})
		}
	}
	walk(t, nil, 0)
	byName := map[string][]cand{}
	for _, c := range all {
		byName[c.name] = append(byName[c.name], c)
	}
	var out []jsonField
	for _, cs := range byName {
		min := cs[0].depth
		for _, c := range cs {
			if c.depth < min {
				min = c.depth
			}
		}
		var best []cand
		for _, c := range cs {
			if c.depth == min {
				best = append(best, c)
			}
		}
		if len(best) > 1 {
			var tagged []cand
			for _, c := range best {
				if c.tagged {
					tagged = append(tagged, c)
				}
			}
			best = tagged
		}
		if len(best) == 1 {
			out = append(out, best[0].jsonField)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i].index, out[j].index
		for k := 0; k < len(a) && k < len(b); k++ {
			if a[k] != b[k] {
				return a[k] < b[k]
			}
		}
		return len(a) < len(b)
	})
	return out
}

// structSchema is the object schema of struct t. A field is required
// unless it is omitted when empty or, in a request body, one of
// apiOptionalFields; a pointer field may be null unless it is one of
// apiNeverNull.
func (g *schemaGen) structSchema(t reflect.Type, title string) map[string]any {
	props := map[string]any{}
	var required []string
	for _, f := range jsonFields(t) {
		var s map[string]any
		if f.asString {
			s = map[string]any{"type": "string"}
		} else {
			s = g.schema(f.typ)
		}
		if _, ok := apiFieldLimits[f.owner][f.name]["enum"]; ok && s["$ref"] != nil {
			s = map[string]any{} // the field's own values, not its type's
		}
		for k, v := range apiFieldLimits[f.owner][f.name] {
			if k == "description" && s["$ref"] != nil {
				continue
			}
			s[k] = v
		}
		if f.typ.Kind() == reflect.Pointer && !f.omitEmpty && !slices.Contains(apiNeverNull[f.owner], f.name) ||
			slices.Contains(apiNullable[f.owner], f.name) {
			s = nullable(s)
		}
		props[f.name] = s
		if !f.omitEmpty && !(g.input && slices.Contains(apiOptionalFields[f.owner], f.name)) {
			required = append(required, f.name)
		}
	}
	s := map[string]any{"type": "object", "properties": props}
	if len(required) > 0 {
		s["required"] = required
	}
	if title != "" {
		s["title"] = title
	}
	return s
}

// nullable lets s be null as well.
func nullable(s map[string]any) map[string]any {
	if typ, ok := s["type"].(string); ok && s["enum"] == nil {
		s["type"] = []string{typ, "null"}
		return s
	}
	return map[string]any{"anyOf": []any{s, map[string]any{"type": "null"}}}
}

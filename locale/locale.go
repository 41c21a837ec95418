// Package locale translates the server's user-facing texts: error
// messages, e-mails, dates and calendar names. Messages are written in Go as
// English text, which is also their id (gettext style); catalog/<lang>/*.json
// map that text to its translation, one directory per language of
// marquee.Languages but the first (English, the source). A message without a
// translation is shown in English.
//
// A message may hold named placeholders such as {festival}, which Format
// fills; a translation has exactly the placeholders of its English text
// (catalog_test.go checks it, and that every message the code shows is
// translated).
package locale

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
	"sync"
)

//go:embed catalog
var catalogFiles embed.FS

// Catalog maps English messages to their translation in one language.
type Catalog map[string]string

var catalogs = sync.OnceValues(func() (map[string]Catalog, error) { return load(catalogFiles) })

// load reads every catalog/<lang>/<area>.json into one catalogue per
// language; a message translated two different ways in one language is an
// error.
func load(fsys fs.FS) (map[string]Catalog, error) {
	out := map[string]Catalog{}
	langs, err := fs.ReadDir(fsys, "catalog")
	if err != nil {
		return nil, fmt.Errorf("locale: read catalogues: %w", err)
	}
	for _, l := range langs {
		if !l.IsDir() {
			continue
		}
		cat := Catalog{}
		files, err := fs.Glob(fsys, path.Join("catalog", l.Name(), "*.json"))
		if err != nil {
			return nil, fmt.Errorf("locale: list %s: %w", l.Name(), err)
		}
		sort.Strings(files)
		for _, f := range files {
			b, err := fs.ReadFile(fsys, f)
			if err != nil {
				return nil, fmt.Errorf("locale: read %s: %w", f, err)
			}
			var m map[string]string
			if err := json.Unmarshal(b, &m); err != nil {
				return nil, fmt.Errorf("locale: parse %s: %w", f, err)
			}
			for k, v := range m {
				if prev, dup := cat[k]; dup && prev != v {
					return nil, fmt.Errorf("locale: %s translates %q differently from an earlier file", f, k)
				}
				cat[k] = v
			}
		}
		out[l.Name()] = cat
	}
	return out, nil
}

// Catalogs returns the translations per language (English has none: its
// messages are the ids).
func Catalogs() (map[string]Catalog, error) { return catalogs() }

// Text returns msg translated into lang, or msg itself when lang is English,
// unknown, or has no translation for it.
func Text(lang, msg string) string {
	if msg == "" {
		return msg
	}
	all, err := catalogs()
	if err != nil {
		return msg
	}
	if t, ok := all[lang][msg]; ok && t != "" {
		return t
	}
	return msg
}

// Vars are the values of a message's {name} placeholders.
type Vars map[string]string

// Format returns msg translated into lang (see Text) with each {name}
// placeholder replaced by vars[name]. Values are not searched for
// placeholders in turn, and a placeholder without a value stays as it is.
func Format(lang, msg string, vars Vars) string {
	s := Text(lang, msg)
	var b strings.Builder
	b.Grow(len(s))
	for {
		open := strings.IndexByte(s, '{')
		if open < 0 {
			break
		}
		end := strings.IndexByte(s[open:], '}')
		if end < 0 {
			break
		}
		if v, ok := vars[s[open+1:open+end]]; ok {
			b.WriteString(s[:open])
			b.WriteString(v)
			s = s[open+end+1:]
			continue
		}
		b.WriteString(s[:open+1])
		s = s[open+1:]
	}
	b.WriteString(s)
	return b.String()
}

// N marks msg as a message that the code translates later with Text or
// Format, from a variable (gettext's N_): the catalogue test finds it by
// this call. It returns msg.
func N(msg string) string { return msg }

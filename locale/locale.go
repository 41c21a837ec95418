// Package locale translates the server's user-facing messages. Messages are
// written in Go as English text, which is also their id (gettext style);
// catalog/<lang>/*.json map that text to its translation. A message without
// a translation is shown in English.
package locale

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"sort"
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
	if lang == "" || lang == "en" || msg == "" {
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

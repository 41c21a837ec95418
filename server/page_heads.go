package server

import (
	"bytes"
	"compress/gzip"
	"regexp"
	"sync"

	"github.com/marquee-festival/marquee"
)

// pageHeadsMax bounds the documents pageHeads keeps (a few KB each); past
// it, entries are dropped at random (map order) and made again when asked.
const pageHeadsMax = 2048

// genericHeadTags are the tags of index.html that a page's own replace:
// the title, the description, a canonical link, Open Graph and Twitter
// card tags.
var genericHeadTags = regexp.MustCompile(`(?is)<title>.*?</title>\s*|<meta\s+(?:name|property)="(?:description|og:[^"]*|twitter:[^"]*)"[^>]*>\s*|<link\s+rel="canonical"[^>]*>\s*`)

// headTemplate is index.html cut where a page's head tags go (where its
// first generic tag was, else before </head>), without the generic ones.
type headTemplate struct {
	etag          string // index.html's
	before, after []byte
}

func newHeadTemplate(index *staticFile) headTemplate {
	body := index.body
	t := headTemplate{etag: index.etag}
	lower := bytes.ToLower(body)
	end := bytes.Index(lower, []byte("</head>"))
	if end < 0 { // a document without </head>: its head ends where its body begins
		end = bytes.Index(lower, []byte("<body"))
		if end < 0 {
			end = len(body)
		}
	}
	head := body[:end]
	at := end
	if loc := genericHeadTags.FindIndex(head); loc != nil {
		at = loc[0]
	}
	t.before = genericHeadTags.ReplaceAll(head[:at], nil)
	rest := genericHeadTags.ReplaceAll(head[at:], nil)
	t.after = append(rest, body[end:]...)
	return t
}

// pageHeads keeps the festival pages' documents, index.html with the
// page's head tags, per node: keyed by the page's ETag (which changes with
// everything it shows), the reader's language and the site's address.
type pageHeads struct {
	mu      sync.Mutex
	tmpl    headTemplate
	entries map[string]*staticFile
}

// festival returns index with festival page p's head tags for lang at base.
func (h *pageHeads) festival(index *staticFile, p *marquee.PublicFestivalPage, lang, base string) (*staticFile, error) {
	key := p.ETag + "\x00" + lang + "\x00" + base
	h.mu.Lock()
	if h.tmpl.etag != index.etag {
		h.tmpl = newHeadTemplate(index)
		h.entries = nil
	}
	if f, ok := h.entries[key]; ok {
		h.mu.Unlock()
		return f, nil
	}
	tmpl := h.tmpl
	h.mu.Unlock()

	tags, err := festivalHeadTags(p, lang, base)
	if err != nil {
		return nil, err
	}
	body := make([]byte, 0, len(tmpl.before)+len(tags)+len(tmpl.after))
	body = append(append(append(append(body, tmpl.before...), tags...), '\n'), tmpl.after...)
	f := newStaticFile(body, "text/html; charset=utf-8", true, gzip.DefaultCompression)

	h.mu.Lock()
	defer h.mu.Unlock()
	if h.tmpl.etag == tmpl.etag {
		if h.entries == nil {
			h.entries = map[string]*staticFile{}
		}
		for k := range h.entries {
			if len(h.entries) < pageHeadsMax {
				break
			}
			delete(h.entries, k)
		}
		h.entries[key] = f
	}
	return f, nil
}

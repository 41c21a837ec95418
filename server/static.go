package server

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"
)

// staticFiles serves the built front end: hashed files under /assets/ are
// cached for a year, index.html is revalidated every time and answers every
// client route (the SPA fallback). Compressible files are gzipped once and
// kept in memory.
type staticFiles struct {
	fsys  fs.FS
	mu    sync.Mutex
	cache map[string]*staticFile
}

type staticFile struct {
	body  []byte
	gz    []byte
	etag  string
	ctype string
}

func newStaticFiles(fsys fs.FS) *staticFiles {
	return &staticFiles{fsys: fsys, cache: map[string]*staticFile{}}
}

var compressible = map[string]bool{".js": true, ".css": true, ".html": true, ".svg": true, ".json": true, ".txt": true, ".map": true, ".webmanifest": true}

func (s *staticFiles) load(name string) (*staticFile, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if f, ok := s.cache[name]; ok {
		return f, f != nil
	}
	if s.fsys == nil {
		return nil, false
	}
	body, err := fs.ReadFile(s.fsys, name)
	if err != nil {
		// Misses are not cached, so random probes cannot grow the cache.
		return nil, false
	}
	ext := path.Ext(name)
	ctype := mime.TypeByExtension(ext)
	if ctype == "" {
		ctype = http.DetectContentType(body)
	}
	f := newStaticFile(body, ctype, compressible[ext], gzip.BestCompression)
	s.cache[name] = f
	return f, true
}

// newStaticFile is body served as ctype, with its ETag, and gzipped at
// level when compress and it is worth it.
func newStaticFile(body []byte, ctype string, compress bool, level int) *staticFile {
	sum := sha256.Sum256(body)
	f := &staticFile{body: body, etag: `"` + hex.EncodeToString(sum[:12]) + `"`, ctype: ctype}
	if compress && len(body) > 512 {
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, level)
		_, _ = zw.Write(body)
		_ = zw.Close()
		if buf.Len() < len(body) {
			f.gz = buf.Bytes()
		}
	}
	return f
}

func (s *staticFiles) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "Method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
	if name != "" && name != "index.html" {
		if f, ok := s.load(name); ok {
			cache := "public, max-age=3600"
			if strings.HasPrefix(name, "assets/") {
				cache = "public, max-age=31536000, immutable"
			}
			s.write(w, r, f, cache)
			return
		}
		// A missing file (an old hashed chunk, an image) is a real 404, not the app.
		if strings.HasPrefix(name, "assets/") || path.Ext(name) != "" {
			http.Error(w, "Not found", http.StatusNotFound)
			return
		}
	}
	index, ok := s.load("index.html")
	if !ok {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = w.Write([]byte(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Marquee</title></head>` +
			`<body><h1>Marquee</h1><p>The front end is not built into this binary. Run <code>make build</code> (or <code>make run</code>).</p></body></html>`))
		return
	}
	s.write(w, r, index, "no-cache")
}

func (s *staticFiles) write(w http.ResponseWriter, r *http.Request, f *staticFile, cacheControl string) {
	s.writeStatus(w, r, f, cacheControl, http.StatusOK)
}

// writeStatus answers f with status: a status other than 200 (a page
// that is not found, served with the app that says so) is never 304.
func (s *staticFiles) writeStatus(w http.ResponseWriter, r *http.Request, f *staticFile, cacheControl string, status int) {
	h := w.Header()
	h.Set("Content-Type", f.ctype)
	h.Set("Cache-Control", cacheControl)
	h.Set("ETag", f.etag)
	h.Add("Vary", "Accept-Encoding")
	if match := r.Header.Get("If-None-Match"); status == http.StatusOK && match != "" && strings.Contains(match, f.etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	body := f.body
	if f.gz != nil && acceptsGzip(r) {
		h.Set("Content-Encoding", "gzip")
		body = f.gz
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		enc, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(enc), "gzip") && !strings.Contains(strings.ReplaceAll(params, " ", ""), "q=0") {
			return true
		}
	}
	return false
}

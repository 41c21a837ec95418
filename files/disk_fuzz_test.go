package files_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/marquee-festival/marquee/files"
)

// FuzzValidKey: a key the disk store takes (a poster's key comes back in
// its URL, /media/posters/{key}) is one file name in the store's folder:
// local, not hidden, without a separator, and joined to the folder it
// stays in it.
func FuzzValidKey(f *testing.F) {
	for _, s := range []string{"7-abc.png", "..", "../x", ".put-123", "a/b", "a\\b", "a..b.png", "x.png\x00", "é.png", strings.Repeat("a", 201), "C:x", "."} {
		f.Add(s)
	}
	const dir = "/srv/marquee/posters"
	f.Fuzz(func(t *testing.T, key string) {
		if !files.ValidKey(key) {
			return
		}
		p := filepath.Join(dir, key)
		switch {
		case len(key) == 0 || len(key) > 200 || strings.HasPrefix(key, "."):
			t.Fatalf("ValidKey(%q) accepted", key)
		case !filepath.IsLocal(key) || filepath.Base(key) != key || strings.ContainsAny(key, `/\`+"\x00"):
			t.Fatalf("ValidKey(%q) accepted a path", key)
		case filepath.Dir(p) != dir || p != dir+"/"+key:
			t.Fatalf("ValidKey(%q) accepted a key that leaves the folder: %s", key, p)
		}
	})
}

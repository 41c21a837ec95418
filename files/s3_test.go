package files_test

import (
	"bytes"
	"context"
	"crypto/md5"
	"encoding/hex"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/files"
	"github.com/marquee-festival/marquee/files/filestest"
)

// The S3 store keeps each key as one object under its prefix, with the
// content type of its extension and its MD5; reads give back the bytes,
// a missing key is ENotFound, deleting one twice is fine.
func TestS3PutOpenDelete(t *testing.T) {
	ctx := t.Context()
	srv := filestest.NewS3(t, "marquee")
	s := srv.Store(t, "posters")
	for _, tc := range []struct{ key, ctype string }{
		{"7-0123456789abcdef-card.jpg", "image/jpeg"},
		{"7-0123456789abcdef-detail.png", "image/png"},
		{"8-0123456789abcdef.webp", "image/webp"},
		{"export-3.zip", "application/zip"},
		{"notes.bin", "application/octet-stream"},
	} {
		data := []byte("bytes of " + tc.key)
		if err := s.Put(ctx, tc.key, data); err != nil {
			t.Fatalf("put %s: %v", tc.key, err)
		}
		got, ctype, ok := srv.Object(t, "posters/"+tc.key)
		if !ok || !bytes.Equal(got, data) || ctype != tc.ctype {
			t.Fatalf("object posters/%s: %q %q %v, want %q", tc.key, got, ctype, ok, tc.ctype)
		}
		info, err := s.Stat(ctx, tc.key)
		sum := md5.Sum(data)
		if err != nil || info.Size != int64(len(data)) || info.ContentType != tc.ctype || info.MD5 != hex.EncodeToString(sum[:]) || info.ModTime.IsZero() {
			t.Fatalf("stat %s: %+v %v", tc.key, info, err)
		}
		r, size, mod, err := s.Open(ctx, tc.key)
		if err != nil {
			t.Fatalf("open %s: %v", tc.key, err)
		}
		read, err := io.ReadAll(r)
		r.Close()
		if err != nil || !bytes.Equal(read, data) || size != int64(len(data)) || mod.IsZero() || mod.Location() != time.UTC {
			t.Fatalf("read %s: %q %d %v %v", tc.key, read, size, mod, err)
		}
	}
	// Put replaces.
	if err := s.Put(ctx, "notes.bin", []byte("new")); err != nil {
		t.Fatal(err)
	}
	if got, _, _ := srv.Object(t, "posters/notes.bin"); string(got) != "new" {
		t.Fatalf("replaced object %q", got)
	}
	// Delete, twice; then Open and Stat say not found.
	for range 2 {
		if err := s.Delete(ctx, "notes.bin"); err != nil {
			t.Fatal(err)
		}
	}
	if _, _, ok := srv.Object(t, "posters/notes.bin"); ok {
		t.Fatal("deleted object still there")
	}
	if _, _, _, err := s.Open(ctx, "notes.bin"); marquee.ErrorCode(err) != marquee.ENotFound {
		t.Fatalf("open deleted: %v", err)
	}
	if _, err := s.Stat(ctx, "never-there.jpg"); marquee.ErrorCode(err) != marquee.ENotFound {
		t.Fatalf("stat missing: %v", err)
	}
	// Keys are file names, as on disk: no path leaves the prefix.
	for _, bad := range []string{"../x.jpg", "a/b.jpg", ".hidden", ""} {
		if err := s.Put(ctx, bad, []byte("x")); err == nil {
			t.Errorf("put %q accepted", bad)
		}
		if _, _, _, err := s.Open(ctx, bad); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Errorf("open %q: %v", bad, err)
		}
	}
	if names := srv.Names(t); len(names) != 4 {
		t.Fatalf("bucket holds %v", names)
	}
}

// A missing bucket is an error that says so, never "not found" (which the
// poster handler would turn into a quiet 404).
func TestS3MissingBucketIsNotNotFound(t *testing.T) {
	srv := filestest.NewS3(t, "marquee")
	cfg := srv.Config("")
	cfg.Bucket = "no-such-bucket"
	s, err := files.NewS3(cfg)
	if err != nil {
		t.Fatal(err)
	}
	_, _, _, err = s.Open(t.Context(), "1-0123456789abcdef-card.jpg")
	if err == nil || marquee.ErrorCode(err) == marquee.ENotFound || !strings.Contains(err.Error(), `bucket "no-such-bucket" does not exist`) {
		t.Fatalf("open in a missing bucket: %v", err)
	}
	if err := s.Put(t.Context(), "x.jpg", []byte("x")); err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Fatalf("put in a missing bucket: %v", err)
	}
}

// A file of several megabytes goes up in one request and comes back
// whole; a seek reads from there with a ranged GET, so http.ServeContent
// answers a Range request with the right bytes.
func TestS3LargeFileAndRanges(t *testing.T) {
	ctx := t.Context()
	srv := filestest.NewS3(t, "marquee")
	s := srv.Store(t, "")
	data := make([]byte, 12<<20+12345)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range data {
		data[i] = byte(rng.IntN(256))
	}
	if err := s.Put(ctx, "big.bin", data); err != nil {
		t.Fatal(err)
	}
	r, size, _, err := s.Open(ctx, "big.bin")
	if err != nil || size != int64(len(data)) {
		t.Fatalf("open: %d %v", size, err)
	}
	got, err := io.ReadAll(r)
	r.Close()
	if err != nil || !bytes.Equal(got, data) {
		t.Fatalf("read back %d bytes (%v), want %d equal", len(got), err, len(data))
	}

	r, _, _, err = s.Open(ctx, "big.bin")
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for _, at := range []int64{5 << 20, 17, int64(len(data)) - 10, 5<<20 + 4096} {
		if pos, err := r.Seek(at, io.SeekStart); err != nil || pos != at {
			t.Fatalf("seek %d: %d %v", at, pos, err)
		}
		buf := make([]byte, 10)
		if _, err := io.ReadFull(r, buf); err != nil || !bytes.Equal(buf, data[at:at+10]) {
			t.Fatalf("read at %d: %v", at, err)
		}
	}
	if end, err := r.Seek(0, io.SeekEnd); err != nil || end != int64(len(data)) {
		t.Fatalf("seek end: %d %v", end, err)
	}
	if n, err := r.Read(make([]byte, 1)); n != 0 || err != io.EOF {
		t.Fatalf("read at end: %d %v", n, err)
	}
	if _, err := r.Seek(-1, io.SeekStart); err == nil {
		t.Fatal("negative seek accepted")
	}

	// Through http.ServeContent, as the poster handler serves a file.
	body, _, mod, err := s.Open(ctx, "big.bin")
	if err != nil {
		t.Fatal(err)
	}
	defer body.Close()
	gets := srv.Gets()
	req := httptest.NewRequest("GET", "/media/posters/big.bin", nil)
	req.Header.Set("Range", "bytes=3000000-3000099")
	w := httptest.NewRecorder()
	http.ServeContent(w, req, "big.bin", mod, body)
	if w.Code != http.StatusPartialContent || !bytes.Equal(w.Body.Bytes(), data[3000000:3000100]) {
		t.Fatalf("range: %d, %d bytes", w.Code, w.Body.Len())
	}
	if n := srv.Gets() - gets; n != 1 {
		t.Fatalf("a range asked the store %d times, want one ranged GET", n)
	}
}

// Check passes on a usable bucket, and says what is wrong otherwise: a
// missing bucket, an endpoint nobody answers at.
func TestS3Check(t *testing.T) {
	ctx := t.Context()
	srv := filestest.NewS3(t, "marquee")
	if err := srv.Store(t, "posters").Check(ctx); err != nil {
		t.Fatalf("check: %v", err)
	}
	if names := srv.Names(t); len(names) != 0 {
		t.Fatalf("check left %v in the bucket", names)
	}
	cfg := srv.Config("")
	cfg.Bucket = "missing"
	s, _ := files.NewS3(cfg)
	if err := s.Check(ctx); err == nil || !strings.Contains(err.Error(), `bucket "missing" does not exist at `+srv.URL) {
		t.Fatalf("missing bucket: %v", err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + ln.Addr().String()
	ln.Close()
	cfg = srv.Config("")
	cfg.Endpoint = closed
	s, _ = files.NewS3(cfg)
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := s.Check(ctx); err == nil || !strings.Contains(err.Error(), "cannot be reached") {
		t.Fatalf("closed endpoint: %v", err)
	}
	srv.FailPuts.Store(true)
	if err := srv.Store(t, "").Check(ctx); err == nil || !strings.Contains(err.Error(), "cannot write") {
		t.Fatalf("read-only store: %v", err)
	}
}

// Migrate copies the disk's files to the bucket, skips those already
// there with the same bytes, copies again one changed on disk, and is
// finished by a second run when the first failed half-way.
func TestMigrateDiskToS3(t *testing.T) {
	ctx := t.Context()
	dir := filepath.Join(t.TempDir(), "posters")
	d, err := files.NewDisk(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]byte{}
	for i, key := range []string{"1-0000000000000000-card.jpg", "1-0000000000000000-detail.jpg", "2-1111111111111111.png", "3-2222222222222222-card.png", "3-2222222222222222-detail.png"} {
		data := bytes.Repeat([]byte{byte(i)}, 1000*(i+1))
		want[key] = data
		if err := d.Put(ctx, key, data); err != nil {
			t.Fatal(err)
		}
	}
	// A Put under way leaves a temporary file, never copied.
	if err := os.WriteFile(filepath.Join(dir, ".put-123"), []byte("partial"), 0o600); err != nil {
		t.Fatal(err)
	}
	srv := filestest.NewS3(t, "marquee")
	s := srv.Store(t, "posters")

	// The store fails every write after the first two.
	var results []files.CopyResult
	puts := 0
	c, err := files.Migrate(ctx, d, s, 1, func(r files.CopyResult) {
		results = append(results, r)
		if r.Copied {
			puts++
			if puts == 2 {
				srv.FailPuts.Store(true)
			}
		}
	})
	if err != nil || c != (files.CopyCounts{Files: 5, Copied: 2, Failed: 3, Bytes: 3000}) {
		t.Fatalf("first run: %+v %v", c, err)
	}
	if r := results[4]; r.Err == nil || r.Copied || !strings.Contains(r.Err.Error(), r.Key) {
		t.Fatalf("failed result %+v", r)
	}
	srv.FailPuts.Store(false)
	c, err = files.Migrate(ctx, d, s, 3, nil)
	if err != nil || c != (files.CopyCounts{Files: 5, Copied: 3, Present: 2, Bytes: 12000}) {
		t.Fatalf("second run: %+v %v", c, err)
	}
	for key, data := range want {
		if got, _, ok := srv.Object(t, "posters/"+key); !ok || !bytes.Equal(got, data) {
			t.Fatalf("%s not copied", key)
		}
	}
	puts0 := srv.Puts()
	c, err = files.Migrate(ctx, d, s, 3, nil)
	if err != nil || c != (files.CopyCounts{Files: 5, Present: 5}) || srv.Puts() != puts0 {
		t.Fatalf("third run: %+v %v, %d puts", c, err, srv.Puts()-puts0)
	}
	// A file changed on disk since (same size, other bytes) is copied again.
	changed := bytes.Repeat([]byte{9}, 1000)
	if err := d.Put(ctx, "1-0000000000000000-card.jpg", changed); err != nil {
		t.Fatal(err)
	}
	c, err = files.Migrate(ctx, d, s, 2, nil)
	if err != nil || c.Copied != 1 || c.Present != 4 {
		t.Fatalf("after a change: %+v %v", c, err)
	}
	if got, _, _ := srv.Object(t, "posters/1-0000000000000000-card.jpg"); !bytes.Equal(got, changed) {
		t.Fatal("changed file not copied")
	}
	if names := srv.Names(t); len(names) != 5 {
		t.Fatalf("bucket holds %v", names)
	}
}

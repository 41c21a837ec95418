package files_test

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/files"
)

func TestDiskPutOpenDelete(t *testing.T) {
	ctx := t.Context()
	dir := filepath.Join(t.TempDir(), "posters")
	d, err := files.NewDisk(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Put(ctx, "7-abc.png", []byte("first")); err != nil {
		t.Fatal(err)
	}
	if err := d.Put(ctx, "7-abc.png", []byte("second!")); err != nil {
		t.Fatal(err)
	}
	f, size, mod, err := d.Open(ctx, "7-abc.png")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(f)
	f.Close()
	if string(b) != "second!" || size != 7 || mod.IsZero() {
		t.Fatalf("read %q size %d mod %v", b, size, mod)
	}
	// No temporary file is left behind.
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("folder holds %d files", len(entries))
	}
	if err := d.Delete(ctx, "7-abc.png"); err != nil {
		t.Fatal(err)
	}
	if err := d.Delete(ctx, "7-abc.png"); err != nil {
		t.Fatalf("deleting a missing file: %v", err)
	}
	if _, _, _, err := d.Open(ctx, "7-abc.png"); marquee.ErrorCode(err) != marquee.ENotFound {
		t.Fatalf("open deleted: %v", err)
	}
}

func TestDiskRefusesUnsafeKeys(t *testing.T) {
	ctx := t.Context()
	root := t.TempDir()
	d, err := files.NewDisk(filepath.Join(root, "posters"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "secret"), []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"", "../secret", "..", "a/b", `a\b`, ".hidden", "a..b", "/etc/passwd", "x y", "é.png"} {
		if err := d.Put(ctx, key, []byte("x")); err == nil {
			t.Errorf("put %q accepted", key)
		}
		if _, _, _, err := d.Open(ctx, key); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Errorf("open %q: %v", key, err)
		}
		if err := d.Delete(ctx, key); err == nil {
			t.Errorf("delete %q accepted", key)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(root, "secret")); !bytes.Equal(b, []byte("x")) {
		t.Fatal("secret changed")
	}
}

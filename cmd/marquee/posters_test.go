package main

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/poster/postertest"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// `marquee posters reencode` encodes the posters kept as uploaded under
// MARQUEE_DATA_DIR/posters and removes the one that is no image.
func TestPostersReencodeCommand(t *testing.T) {
	dir := t.TempDir()
	dbURL := "sqlite:" + filepath.Join(dir, "marquee.db")
	t.Setenv("MARQUEE_DATABASE_URL", dbURL)
	ctx := context.Background()
	db, err := store.Open(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	svc := storetest.Wrap(t, db)
	u, err := svc.Users.CreateUser(ctx, store.UserRecord{Email: "maker@example.com", Name: "Maker", PasswordHash: "h"})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "posters"), 0o750); err != nil {
		t.Fatal(err)
	}
	raw, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "marquee.db")+"?_pragma=busy_timeout(10000)")
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	var ids []int64
	for i, data := range [][]byte{postertest.JPEG(t, postertest.Halves(30, 45)), postertest.PNGWithHTML} {
		f, err := svc.Films.Create(storetest.AsUser(ctx, u), marquee.FilmDetails{Title: fmt.Sprint("Film ", i)})
		if err != nil {
			t.Fatal(err)
		}
		key := fmt.Sprintf("%d-000000000000000%d.png", f.ID, i)
		if err := os.WriteFile(filepath.Join(dir, "posters", key), data, 0o640); err != nil {
			t.Fatal(err)
		}
		if _, err := raw.ExecContext(ctx, `UPDATE films SET poster_key = ? WHERE id = ?`, key, f.ID); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, f.ID)
	}
	db.Close()
	raw.Close()

	var out, errOut bytes.Buffer
	if err := run(ctx, []string{"posters", "reencode"}, strings.NewReader(""), &out, &errOut); err != nil {
		t.Fatalf("%v %s", err, errOut.String())
	}
	for _, want := range []string{
		fmt.Sprintf("film %d: %d-0000000000000000.png -> %d-0000000000000000-30x45-30x45.jpg", ids[0], ids[0], ids[0]),
		fmt.Sprintf("film %d: removed %d-0000000000000001.png: The poster could not be read", ids[1], ids[1]),
		"posters: 1 encoded, 1 removed (not an image), 0 left",
	} {
		if !strings.Contains(out.String(), want) {
			t.Fatalf("output lacks %q:\n%s", want, out.String())
		}
	}
	left, _ := os.ReadDir(filepath.Join(dir, "posters"))
	var names []string
	for _, e := range left {
		names = append(names, e.Name())
	}
	want := fmt.Sprintf("[%d-0000000000000000-card.jpg %d-0000000000000000-detail.jpg]", ids[0], ids[0])
	if fmt.Sprint(names) != want {
		t.Fatalf("posters folder %v, want %s", names, want)
	}
	if err := run(ctx, []string{"posters"}, strings.NewReader(""), &out, &errOut); err == nil || !strings.Contains(errOut.String(), "posters reencode") {
		t.Fatalf("no subcommand: %v", err)
	}
}

package main

import (
	"os"
	"path/filepath"
	"testing"
)

func TestDataDirFromEnv(t *testing.T) {
	for _, tc := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{}, "data"},
		{map[string]string{"MARQUEE_DATABASE_URL": "sqlite:/var/lib/marquee/m.db"}, "/var/lib/marquee"},
		{map[string]string{"MARQUEE_DATABASE_URL": "sqlite:m.db"}, "."},
		{map[string]string{"MARQUEE_DATABASE_URL": "postgres://u@h/db"}, "data"},
		{map[string]string{"MARQUEE_DATABASE_URL": "sqlite:/a/m.db", "MARQUEE_DATA_DIR": " /srv/files "}, "/srv/files"},
	} {
		c, err := configFromEnv(func(k string) string { return tc.env[k] })
		if err != nil {
			t.Fatal(err)
		}
		if c.DataDir != tc.want || c.postersDir() != filepath.Join(tc.want, "posters") {
			t.Errorf("%v: DataDir %q", tc.env, c.DataDir)
		}
	}
	dir := t.TempDir()
	d, err := openDisk(config{DataDir: dir})
	if err != nil || d.Dir() != filepath.Join(dir, "posters") {
		t.Fatalf("openDisk: %v %v", d, err)
	}
	up, err := openUploads(config{DataDir: dir})
	if st, statErr := os.Stat(up); err != nil || up != filepath.Join(dir, "uploads") || statErr != nil || !st.IsDir() {
		t.Fatalf("openUploads: %q %v %v", up, err, statErr)
	}
}

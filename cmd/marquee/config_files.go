package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/marquee-festival/marquee/files"
)

// defaultDataDir is the data folder when MARQUEE_DATA_DIR is not set and
// the database is not a SQLite file: the folder of the default SQLite URL
// (sqlite:data/marquee.db).
const defaultDataDir = "data"

// filesFromEnv reads MARQUEE_DATA_DIR, the folder uploaded files are kept
// under, into c and returns what is wrong with it. Unset, it is the SQLite
// database's folder (so "data" by default, and a test's temporary folder
// in tests), else defaultDataDir. It reads c.DatabaseURL, so it runs after
// MARQUEE_DATABASE_URL is read.
func filesFromEnv(getenv func(string) string, c *config) []string {
	c.DataDir = defaultDataDir
	if path, ok := strings.CutPrefix(c.DatabaseURL, "sqlite:"); ok {
		if path = strings.TrimPrefix(path, "//"); path != "" {
			c.DataDir = filepath.Dir(path)
		}
	}
	if v := strings.TrimSpace(getenv("MARQUEE_DATA_DIR")); v != "" {
		if strings.ContainsRune(v, 0) {
			return []string{fmt.Sprintf("MARQUEE_DATA_DIR=%q: want a folder path", v)}
		}
		c.DataDir = v
	}
	return nil
}

// postersDir is the folder the film posters are kept in.
func (c config) postersDir() string { return filepath.Join(c.DataDir, "posters") }

// uploadsDir is the folder uploads are spooled to while they are read.
func (c config) uploadsDir() string { return filepath.Join(c.DataDir, "uploads") }

// openUploads creates the folder uploads are spooled to and returns it:
// under the data folder, on disk (the system's temporary folder may be
// in memory).
func openUploads(c config) (string, error) {
	dir := c.uploadsDir()
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return "", fmt.Errorf("MARQUEE_DATA_DIR=%s: create %s: %w", c.DataDir, dir, err)
	}
	return dir, nil
}

// openFiles returns the disk store of uploaded files (posters), creating
// its folder.
func openFiles(c config) (*files.Disk, error) {
	d, err := files.NewDisk(c.postersDir())
	if err != nil {
		return nil, fmt.Errorf("MARQUEE_DATA_DIR=%s: %w", c.DataDir, err)
	}
	return d, nil
}

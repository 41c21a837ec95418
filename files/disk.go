// Package files keeps uploaded files (posters) for the store: on disk by
// default (Disk), behind marquee.FileStore.
package files

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/marquee-festival/marquee"
)

// Disk is a marquee.FileStore over one folder: one file per key.
type Disk struct {
	dir string
}

var _ marquee.FileStore = (*Disk)(nil)

// NewDisk returns a store over dir, creating the folder when missing.
func NewDisk(dir string) (*Disk, error) {
	if dir == "" {
		return nil, errors.New("files: no folder given")
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("files: folder %s: %w", dir, err)
	}
	if err := os.MkdirAll(abs, 0o750); err != nil {
		return nil, fmt.Errorf("files: create folder %s: %w", abs, err)
	}
	return &Disk{dir: abs}, nil
}

// Dir returns the folder the files are kept in.
func (d *Disk) Dir() string { return d.dir }

// path returns the file of key, refusing any key that could leave the
// folder or name a hidden or temporary file: keys are names the store
// generates (letters, digits, '-', '_' and '.'), never paths.
func (d *Disk) path(key string) (string, error) {
	if !ValidKey(key) {
		return "", fmt.Errorf("files: invalid key %q", key)
	}
	return filepath.Join(d.dir, key), nil
}

// ValidKey reports whether key is a safe file name: 1 to 200 characters
// of letters, digits, '-', '_' and '.', not starting with '.', without
// "..", and so without any path separator.
func ValidKey(key string) bool {
	if key == "" || len(key) > 200 || key[0] == '.' || strings.Contains(key, "..") {
		return false
	}
	for _, r := range key {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.':
		default:
			return false
		}
	}
	return true
}

// Put stores data under key: written to a temporary file in the same
// folder, synced, then renamed over the key, so that a reader sees the old
// file or the whole new one, never a part.
func (d *Disk) Put(ctx context.Context, key string, data []byte) error {
	p, err := d.path(key)
	if err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(d.dir, ".put-*")
	if err != nil {
		return fmt.Errorf("files: put %s: %w", key, err)
	}
	done := false
	defer func() {
		if !done {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err := tmp.Write(data); err != nil {
		return fmt.Errorf("files: put %s: write: %w", key, err)
	}
	if err := tmp.Sync(); err != nil {
		return fmt.Errorf("files: put %s: sync: %w", key, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("files: put %s: close: %w", key, err)
	}
	if err := os.Chmod(tmp.Name(), 0o640); err != nil {
		return fmt.Errorf("files: put %s: chmod: %w", key, err)
	}
	if err := os.Rename(tmp.Name(), p); err != nil {
		return fmt.Errorf("files: put %s: rename: %w", key, err)
	}
	done = true
	return nil
}

// Open returns the file under key with its size and modification time;
// a missing file (or an invalid key) is ENotFound.
func (d *Disk) Open(ctx context.Context, key string) (io.ReadSeekCloser, int64, time.Time, error) {
	p, err := d.path(key)
	if err != nil {
		return nil, 0, time.Time{}, marquee.Errorf(marquee.ENotFound, "File not found")
	}
	f, err := os.Open(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, 0, time.Time{}, marquee.Errorf(marquee.ENotFound, "File not found")
	} else if err != nil {
		return nil, 0, time.Time{}, fmt.Errorf("files: open %s: %w", key, err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, time.Time{}, fmt.Errorf("files: stat %s: %w", key, err)
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, 0, time.Time{}, marquee.Errorf(marquee.ENotFound, "File not found")
	}
	return f, st.Size(), st.ModTime().UTC(), nil
}

// Delete removes the file under key; a missing file is not an error.
func (d *Disk) Delete(ctx context.Context, key string) error {
	p, err := d.path(key)
	if err != nil {
		return err
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("files: delete %s: %w", key, err)
	}
	return nil
}

// Keys returns the keys of the files in the folder, in name order: every
// regular file whose name is a ValidKey (so never a temporary file of a
// Put under way).
func (d *Disk) Keys() ([]string, error) {
	entries, err := os.ReadDir(d.dir)
	if err != nil {
		return nil, fmt.Errorf("files: list %s: %w", d.dir, err)
	}
	var keys []string
	for _, e := range entries {
		if e.Type().IsRegular() && ValidKey(e.Name()) {
			keys = append(keys, e.Name())
		}
	}
	return keys, nil
}

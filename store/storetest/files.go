package storetest

import (
	"path/filepath"
	"testing"

	"github.com/marquee-festival/marquee/files"
)

// diskFiles returns a disk file store in a temporary folder of the test.
func diskFiles(t testing.TB) *files.Disk {
	t.Helper()
	d, err := files.NewDisk(filepath.Join(t.TempDir(), "files"))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

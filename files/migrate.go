package files

import (
	"context"
	"crypto/md5"
	"encoding/hex"
	"fmt"
	"os"
	"sync"

	"github.com/marquee-festival/marquee"
)

// CopyResult is what Migrate did with one file.
type CopyResult struct {
	Key  string
	Size int64
	// Copied is true when the file was written to the bucket; false with
	// a nil Err when the bucket held it already (same size and MD5).
	Copied bool
	Err    error
}

// CopyCounts sum up a Migrate.
type CopyCounts struct {
	// Files is how many files the folder holds.
	Files int
	// Copied files were written to the bucket (Bytes in all); Present ones
	// were there already; Failed ones could not be copied (see their
	// results) and are copied by the next run.
	Copied, Present, Failed int
	Bytes                   int64
}

// Migrate copies every file of the disk store from into the bucket of to,
// workers at a time (at least 1), and tells report (called one at a time)
// what it did with each. It is idempotent and resumable: a file whose
// object already has the same size and MD5 is left as it is, so a run
// interrupted or failed half-way is finished by running it again, and a
// run after a finished one copies nothing. Files stay on disk. A failed
// file does not stop the others; the error returned is only the
// context's or the folder's.
func Migrate(ctx context.Context, from *Disk, to *S3, workers int, report func(CopyResult)) (CopyCounts, error) {
	keys, err := from.Keys()
	if err != nil {
		return CopyCounts{}, err
	}
	counts := CopyCounts{Files: len(keys)}
	jobs := make(chan string)
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range max(1, workers) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for key := range jobs {
				r := copyOne(ctx, from, to, key)
				mu.Lock()
				switch {
				case r.Err != nil:
					counts.Failed++
				case r.Copied:
					counts.Copied++
					counts.Bytes += r.Size
				default:
					counts.Present++
				}
				if report != nil {
					report(r)
				}
				mu.Unlock()
			}
		}()
	}
	for _, key := range keys {
		if ctx.Err() != nil {
			break
		}
		select {
		case jobs <- key:
		case <-ctx.Done():
		}
	}
	close(jobs)
	wg.Wait()
	return counts, ctx.Err()
}

// copyOne copies one file unless the bucket holds the same bytes.
func copyOne(ctx context.Context, from *Disk, to *S3, key string) CopyResult {
	p, err := from.path(key)
	if err != nil {
		return CopyResult{Key: key, Err: err}
	}
	data, err := os.ReadFile(p)
	if err != nil {
		return CopyResult{Key: key, Err: fmt.Errorf("files: read %s: %w", key, err)}
	}
	r := CopyResult{Key: key, Size: int64(len(data))}
	sum := md5.Sum(data)
	info, err := to.Stat(ctx, key)
	switch {
	case err == nil && info.Size == r.Size && info.MD5 == hex.EncodeToString(sum[:]):
		return r
	case err != nil && marquee.ErrorCode(err) != marquee.ENotFound:
		r.Err = err
		return r
	}
	if r.Err = to.Put(ctx, key, data); r.Err == nil {
		r.Copied = true
	}
	return r
}

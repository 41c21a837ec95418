package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/marquee-festival/marquee/files"
)

// migrateWorkers is how many files `marquee files migrate` copies at once.
const migrateWorkers = 8

// filesCommand runs `marquee files migrate`: every file of the disk store
// (MARQUEE_DATA_DIR/posters) is copied to the object store of
// MARQUEE_S3_*, unless the bucket holds the same bytes already; so it can
// be run again after a failure or an interruption, and before and after
// the nodes are switched to the bucket (an upload meanwhile goes to
// wherever its node writes). Files stay on disk. It fails when any file
// could not be copied.
func filesCommand(ctx context.Context, cfg config, args []string, stdout, stderr io.Writer) error {
	if len(args) != 1 || args[0] != "migrate" {
		fmt.Fprint(stderr, usage)
		return errUsage
	}
	if !cfg.S3.Enabled() {
		return errors.New("files migrate: no object store configured: set MARQUEE_S3_BUCKET, MARQUEE_S3_ACCESS_KEY_ID and MARQUEE_S3_SECRET_ACCESS_KEY (and MARQUEE_S3_ENDPOINT for a store other than AWS)")
	}
	disk, err := openDisk(cfg)
	if err != nil {
		return err
	}
	bucket, err := files.NewS3(cfg.S3.fileStoreConfig())
	if err != nil {
		return err
	}
	if err := bucket.Check(ctx); err != nil {
		return fmt.Errorf("files migrate: %w", err)
	}
	fmt.Fprintf(stdout, "copying %s to %s\n", disk.Dir(), bucket)
	counts, err := files.Migrate(ctx, disk, bucket, migrateWorkers, func(r files.CopyResult) {
		switch {
		case r.Err != nil:
			fmt.Fprintf(stdout, "failed %s: %v\n", r.Key, r.Err)
		case r.Copied:
			fmt.Fprintf(stdout, "copied %s (%d bytes)\n", r.Key, r.Size)
		}
	})
	fmt.Fprintf(stdout, "files: %d copied (%d bytes), %d already in the bucket, %d failed, of %d on disk\n",
		counts.Copied, counts.Bytes, counts.Present, counts.Failed, counts.Files)
	if err != nil {
		return fmt.Errorf("files migrate: stopped: %w (run it again to finish)", err)
	}
	if counts.Failed > 0 {
		return fmt.Errorf("files migrate: %d files not copied (run it again to copy them)", counts.Failed)
	}
	return nil
}

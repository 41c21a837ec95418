package main

import (
	"context"
	"fmt"
	"io"

	"github.com/marquee-festival/marquee/store"
)

// posters runs `marquee posters reencode`: every poster stored as it was
// uploaded, before posters were decoded and written again, is encoded in
// the two sizes (its old address then serves the detail); one that does
// not decode as an image is removed from its film. Until it runs, such
// posters are served as they were stored. It may run while nodes serve:
// an upload meanwhile wins.
func posters(ctx context.Context, cfg config, args []string, stdout, stderr io.Writer) error {
	if len(args) != 1 || args[0] != "reencode" {
		fmt.Fprint(stderr, usage)
		return errUsage
	}
	db, svc, err := openServices(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	var encoded, removed, skipped int
	err = svc.Films.ReencodeLegacyPosters(ctx, func(r store.LegacyPosterResult) {
		switch {
		case r.Removed:
			removed++
			fmt.Fprintf(stdout, "film %d: removed %s: %s\n", r.Film, r.Key, r.Reason)
		case r.Skipped:
			skipped++
			fmt.Fprintf(stdout, "film %d: left %s (%s)\n", r.Film, r.Key, skipReason(r))
		default:
			encoded++
			fmt.Fprintf(stdout, "film %d: %s -> %s\n", r.Film, r.Key, r.NewKey)
		}
	})
	fmt.Fprintf(stdout, "posters: %d encoded, %d removed (not an image), %d left\n", encoded, removed, skipped)
	return err
}

func skipReason(r store.LegacyPosterResult) string {
	if r.Reason != "" {
		return r.Reason
	}
	return "the film's poster changed meanwhile"
}

package server

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"

	"github.com/marquee-festival/marquee"
)

// spoolUpload copies the request body, at most limit bytes, to a
// temporary file in the server's UploadDir (the system's temporary
// folder when unset) and returns it at its start: an upload is never
// held in memory, whatever its size and however many arrive at once (a
// copy holds a 32 KB buffer). The file is unlinked at once where the
// system allows it, so that nothing is left behind even by a crash;
// discard closes (and else removes) it. Past limit it answers
// marquee.ErrPosterTooLarge's code with tooLarge; a body cut short is
// EInvalid.
func (s *Server) spoolUpload(w http.ResponseWriter, r *http.Request, limit int64, tooLarge error) (f *os.File, discard func(), err error) {
	f, err = os.CreateTemp(s.cfg.UploadDir, "upload-*")
	if err != nil {
		return nil, nil, fmt.Errorf("server: spool upload: %w", err)
	}
	unlinked := os.Remove(f.Name()) == nil
	discard = func() {
		f.Close()
		if !unlinked {
			os.Remove(f.Name())
		}
	}
	// One byte past the limit tells an oversized body from one of exactly
	// the limit without reading it all.
	n, err := io.Copy(f, http.MaxBytesReader(w, r.Body, limit+1))
	var overLimit *http.MaxBytesError
	switch {
	case errors.As(err, &overLimit) || n > limit:
		discard()
		return nil, nil, tooLarge
	case err != nil:
		discard()
		return nil, nil, marquee.Errorf(marquee.EInvalid, "The upload was interrupted; please try again")
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		discard()
		return nil, nil, fmt.Errorf("server: spool upload: %w", err)
	}
	return f, discard, nil
}

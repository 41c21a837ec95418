package store

import "github.com/marquee-festival/marquee"

// FilesForTest returns the film service's file store, for the package's
// external tests (compiled into the tests only).
func (s *FilmService) FilesForTest() marquee.FileStore { return s.files }

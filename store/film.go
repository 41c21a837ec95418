package store

import "github.com/marquee-festival/marquee"

// FilmService implements marquee.FilmService: films in the films table,
// posters in the file store.
type FilmService struct {
	service
	files   marquee.FileStore
	posters marquee.PosterEncoder
}

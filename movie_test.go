package marquee

import (
	"slices"
	"testing"
)

func TestFilmMovie(t *testing.T) {
	for _, tc := range []struct {
		name string
		film Film
		want Movie
	}{
		{"everything given",
			Film{ID: 7, FilmDetails: FilmDetails{Title: "Tide", Logline: "A swimmer and the sea.", Synopsis: "Long text.",
				RuntimeMinutes: 12, Genre: "Drama", Year: 2025, ScreenerURL: "https://x.example/s"}, PosterURL: "/media/posters/a.png"},
			Movie{ID: 7, Title: "Tide", Overview: "A swimmer and the sea.", PosterURL: "/media/posters/a.png",
				ReleaseDate: "2025", Runtime: 12, Genres: []string{"Drama"}, Source: MovieSourceMarquee}},
		{"only a title",
			Film{ID: 8, FilmDetails: FilmDetails{Title: "潮"}},
			Movie{ID: 8, Title: "潮", Source: MovieSourceMarquee}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := tc.film.Movie()
			if got.ID != tc.want.ID || got.Title != tc.want.Title || got.Overview != tc.want.Overview || got.PosterURL != tc.want.PosterURL ||
				got.ReleaseDate != tc.want.ReleaseDate || got.Runtime != tc.want.Runtime || !slices.Equal(got.Genres, tc.want.Genres) ||
				got.Source != tc.want.Source {
				t.Fatalf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}

package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/marquee-festival/marquee"
)

var _ marquee.FilmService = (*FilmService)(nil)

// filmRowColumns are the columns scanFilmRow reads, for a film aliased f; the
// last counts its active (not withdrawn) submissions.
const filmRowColumns = `f.id, f.owner_id, f.title, f.original_title, f.logline, f.synopsis, f.runtime_minutes, f.genre,
	f.country, f.language, f.year, f.director, f.credits, f.screener_url, f.screener_password, f.public, f.poster_key,
	f.created_at, f.updated_at, f.specs,
	(SELECT COUNT(*) FROM submissions sa WHERE sa.film_id = f.id AND sa.status <> 'withdrawn')`

// scanFilmRow reads one row of filmRowColumns.
func scanFilmRow(row interface{ Scan(...any) error }) (*marquee.Film, error) {
	var f marquee.Film
	var credits, posterKey, specs string
	var public int
	if err := row.Scan(&f.ID, &f.OwnerID, &f.Title, &f.OriginalTitle, &f.Logline, &f.Synopsis, &f.RuntimeMinutes, &f.Genre,
		&f.Country, &f.Language, &f.Year, &f.Director, &credits, &f.ScreenerURL, &f.ScreenerPassword, &public, &posterKey,
		&f.CreatedAt, &f.UpdatedAt, &specs, &f.ActiveSubmissions); err != nil {
		return nil, err
	}
	if err := decodeFilmSpecs(&f, specs); err != nil {
		return nil, err
	}
	f.Credits = []marquee.FilmCredit{}
	if err := json.Unmarshal([]byte(credits), &f.Credits); err != nil {
		return nil, fmt.Errorf("film %d: credits: %w", f.ID, err)
	}
	if f.Credits == nil {
		f.Credits = []marquee.FilmCredit{}
	}
	f.Public = public != 0
	f.PosterURL, f.PosterImages = marquee.PosterFromKey(posterKey)
	f.CreatedAt, f.UpdatedAt = f.CreatedAt.UTC(), f.UpdatedAt.UTC()
	return &f, nil
}

// filmByID reads film id through c; ENotFound when there is none.
func filmByID(ctx context.Context, c conn, id int64) (*marquee.Film, error) {
	f, err := scanFilmRow(c.queryRow(ctx, `SELECT `+filmRowColumns+` FROM films f WHERE f.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, marquee.ErrFilmNotFound()
	} else if err != nil {
		return nil, fmt.Errorf("store: load film %d: %w", id, err)
	}
	if err := attachStills(ctx, c, map[int64]*marquee.Film{f.ID: f}); err != nil {
		return nil, err
	}
	return f, nil
}

// ownFilmByID reads film id for u to change (marquee.CanEditFilm)
// through c; anyone else's film is ENotFound, as a missing one.
func ownFilmByID(ctx context.Context, c conn, id int64, u *marquee.User) (*marquee.Film, error) {
	f, err := filmByID(ctx, c, id)
	if err != nil {
		return nil, err
	}
	if !marquee.CanEditFilm(u, f) {
		return nil, marquee.ErrFilmNotFound()
	}
	return f, nil
}

// filmCreditsJSON encodes credits for the credits column.
func filmCreditsJSON(credits []marquee.FilmCredit) (string, error) {
	if credits == nil {
		credits = []marquee.FilmCredit{}
	}
	b, err := json.Marshal(credits)
	if err != nil {
		return "", fmt.Errorf("store: encode credits: %w", err)
	}
	return string(b), nil
}

// filmBoolInt is a boolean as the schema keeps it: INTEGER 0 or 1.
func filmBoolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

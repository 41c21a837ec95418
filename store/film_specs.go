package store

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/marquee-festival/marquee"
)

// decodeFilmSpecs reads films.specs (JSON of marquee.FilmSpecs) into f,
// lists never nil; Stills starts empty (attachStills fills it).
func decodeFilmSpecs(f *marquee.Film, raw string) error {
	f.Specs = marquee.EmptyFilmSpecs()
	f.Stills = []marquee.FilmStill{}
	if raw != "" {
		if err := json.Unmarshal([]byte(raw), &f.Specs); err != nil {
			return fmt.Errorf("store: specs of film %d: %w", f.ID, err)
		}
	}
	if f.Specs.Languages == nil {
		f.Specs.Languages = []string{}
	}
	if f.Specs.Subtitles == nil {
		f.Specs.Subtitles = []string{}
	}
	if f.Specs.History == nil {
		f.Specs.History = []marquee.FilmHistoryEntry{}
	}
	return nil
}

// attachStills reads the stills of films (by id) in their order, one query.
func attachStills(ctx context.Context, c conn, films map[int64]*marquee.Film) error {
	if len(films) == 0 {
		return nil
	}
	ids := make([]int64, 0, len(films))
	for id := range films {
		ids = append(ids, id)
	}
	rows, err := c.query(ctx, `SELECT id, film_id, still_key FROM film_stills WHERE film_id IN (`+subMarks(len(ids))+`)
		ORDER BY film_id, position, id`, subArgs(ids)...)
	if err != nil {
		return fmt.Errorf("store: stills: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id, film int64
		var key string
		if err := rows.Scan(&id, &film, &key); err != nil {
			return fmt.Errorf("store: stills: %w", err)
		}
		if st, ok := marquee.StillFromKey(id, key); ok && films[film] != nil {
			films[film].Stills = append(films[film].Stills, st)
		}
	}
	return rows.Err()
}

// SetSpecs normalises and validates sp and makes it the specs of the
// signed-in user's film id; anyone else's is ENotFound.
func (s *FilmService) SetSpecs(ctx context.Context, id int64, sp marquee.FilmSpecs) (*marquee.Film, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	now := s.now()
	sp.Normalize()
	if err := sp.Validate(now.Year()); err != nil {
		return nil, err
	}
	// Sounds are kept as the list writes them ("Stereo" is "stereo").
	for _, v := range marquee.FilmSounds {
		if strings.EqualFold(v, sp.Sound) {
			sp.Sound = v
		}
	}
	raw, err := json.Marshal(sp)
	if err != nil {
		return nil, fmt.Errorf("store: encode specs of film %d: %w", id, err)
	}
	var out *marquee.Film
	err = s.inTx(ctx, func(c conn) error {
		res, err := c.exec(ctx, `UPDATE films SET specs = ?, updated_at = ? WHERE id = ? AND owner_id = ?`, string(raw), now, id, u.ID)
		if err != nil {
			return fmt.Errorf("store: set specs of film %d: %w", id, err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return fmt.Errorf("store: set specs of film %d: %w", id, err)
		} else if n == 0 {
			return marquee.ErrFilmNotFound()
		}
		out, err = filmByID(ctx, c, id)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/marquee-festival/marquee"
)

// Create normalises and validates d and stores it as a film of the
// signed-in user; a user who already has FilmsPerUserMax films gets
// EInvalid.
func (s *FilmService) Create(ctx context.Context, d marquee.FilmDetails) (*marquee.Film, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	now := s.now()
	d.Normalize()
	if err := d.Validate(now.Year()); err != nil {
		return nil, err
	}
	credits, err := filmCreditsJSON(d.Credits)
	if err != nil {
		return nil, err
	}
	var out *marquee.Film
	err = s.inTx(ctx, func(c conn) error {
		// Lock the user's row on PostgreSQL so that two requests at once
		// cannot both pass the limit; SQLite's single writer already serialises.
		lock := `SELECT id FROM users WHERE id = ?`
		if s.dialect == Postgres {
			lock += ` FOR UPDATE`
		}
		var uid int64
		if err := c.queryRow(ctx, lock, u.ID).Scan(&uid); errors.Is(err, sql.ErrNoRows) {
			return marquee.Errorf(marquee.EUnauthorized, "Please log in")
		} else if err != nil {
			return fmt.Errorf("store: create film: lock user %d: %w", u.ID, err)
		}
		var n int
		if err := c.queryRow(ctx, `SELECT COUNT(*) FROM films WHERE owner_id = ?`, u.ID).Scan(&n); err != nil {
			return fmt.Errorf("store: create film: count user %d's films: %w", u.ID, err)
		}
		if n >= marquee.FilmsPerUserMax {
			return marquee.Errorf(marquee.EInvalid, "You already have 200 films. Delete one before adding another.")
		}
		var id int64
		if err := c.queryRow(ctx, `INSERT INTO films (owner_id, title, original_title, logline, synopsis, runtime_minutes, genre,
			country, language, year, director, credits, screener_url, screener_password, public, poster_key, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '', ?, ?) RETURNING id`,
			u.ID, d.Title, d.OriginalTitle, d.Logline, d.Synopsis, d.RuntimeMinutes, d.Genre,
			d.Country, d.Language, d.Year, d.Director, credits, d.ScreenerURL, d.ScreenerPassword, filmBoolInt(d.Public), now, now).Scan(&id); err != nil {
			return fmt.Errorf("store: create film of user %d: %w", u.ID, err)
		}
		out, err = filmByID(ctx, c, id)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Update normalises and validates d and replaces the details of the
// signed-in user's film id (its poster stays); anyone else's is ENotFound.
func (s *FilmService) Update(ctx context.Context, id int64, d marquee.FilmDetails) (*marquee.Film, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	now := s.now()
	d.Normalize()
	if err := d.Validate(now.Year()); err != nil {
		return nil, err
	}
	credits, err := filmCreditsJSON(d.Credits)
	if err != nil {
		return nil, err
	}
	var out *marquee.Film
	err = s.inTx(ctx, func(c conn) error {
		res, err := c.exec(ctx, `UPDATE films SET title = ?, original_title = ?, logline = ?, synopsis = ?, runtime_minutes = ?, genre = ?,
			country = ?, language = ?, year = ?, director = ?, credits = ?, screener_url = ?, screener_password = ?, public = ?, updated_at = ?
			WHERE id = ? AND owner_id = ?`,
			d.Title, d.OriginalTitle, d.Logline, d.Synopsis, d.RuntimeMinutes, d.Genre,
			d.Country, d.Language, d.Year, d.Director, credits, d.ScreenerURL, d.ScreenerPassword, filmBoolInt(d.Public), now, id, u.ID)
		if err != nil {
			return fmt.Errorf("store: update film %d: %w", id, err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return fmt.Errorf("store: update film %d: %w", id, err)
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

// Delete removes the signed-in user's film id, its withdrawn submissions
// (a withdrawn entry keeps no claim on the film; its credits are in the
// ledger) and its poster; EConflict while a submission is active, and
// ENotFound for anyone else's film.
func (s *FilmService) Delete(ctx context.Context, id int64) error {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return err
	}
	var posterKey string
	var stills []string
	err = s.inTx(ctx, func(c conn) error {
		lock := `SELECT poster_key FROM films WHERE id = ? AND owner_id = ?`
		if s.dialect == Postgres {
			lock += ` FOR UPDATE`
		}
		if err := c.queryRow(ctx, lock, id, u.ID).Scan(&posterKey); errors.Is(err, sql.ErrNoRows) {
			return marquee.ErrFilmNotFound()
		} else if err != nil {
			return fmt.Errorf("store: delete film %d: %w", id, err)
		}
		var active int
		if err := c.queryRow(ctx, `SELECT COUNT(*) FROM submissions WHERE film_id = ? AND status <> 'withdrawn'`, id).Scan(&active); err != nil {
			return fmt.Errorf("store: delete film %d: count submissions: %w", id, err)
		}
		if active > 0 {
			return marquee.Errorf(marquee.EConflict, "This film has active submissions; withdraw them first")
		}
		// Their scores go with them: the judges who gave them calibrate
		// differently from now on (recalibrate).
		moved, err := judgesOfWithdrawn(ctx, c, id)
		if err != nil {
			return err
		}
		for _, fj := range moved {
			if err := lockFestivalScores(ctx, c, fj.festival); err != nil {
				return err
			}
		}
		// The rollups forget them too: they count the submissions there are.
		withdrawn, err := int64s(ctx, c, `SELECT id FROM submissions WHERE film_id = ? AND status = 'withdrawn'`, id)
		if err != nil {
			return fmt.Errorf("store: delete film %d: withdrawn submissions: %w", id, err)
		}
		for _, sub := range withdrawn {
			if err := rollupSubmission(ctx, c, sub, -1); err != nil {
				return err
			}
		}
		if _, err := c.exec(ctx, `DELETE FROM submissions WHERE film_id = ? AND status = 'withdrawn'`, id); err != nil {
			return fmt.Errorf("store: delete film %d: withdrawn submissions: %w", id, err)
		}
		for _, fj := range moved {
			if err := recalibrate(ctx, c, fj.festival, calibrationChange{judges: fj.judges}); err != nil {
				return err
			}
		}
		if stills, err = stillKeys(ctx, c, id); err != nil {
			return fmt.Errorf("store: delete film %d: stills: %w", id, err)
		}
		if _, err := c.exec(ctx, `DELETE FROM films WHERE id = ?`, id); err != nil {
			return fmt.Errorf("store: delete film %d: %w", id, err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	// The film is gone; a poster file left behind by a failure here is
	// never served again (Poster checks the film's key), so the delete
	// still succeeds.
	deletePosterFiles(ctx, s.files, posterKey)
	for _, k := range stills {
		deleteStillFiles(ctx, s.files, k)
	}
	return nil
}

// festivalJudges are judges of one festival.
type festivalJudges struct {
	festival int64
	judges   []int64
}

// judgesOfWithdrawn returns, by festival (in id order), the judges who
// scored a withdrawn submission of film id.
func judgesOfWithdrawn(ctx context.Context, c conn, id int64) ([]festivalJudges, error) {
	rows, err := c.query(ctx, `SELECT DISTINCT s.festival_id, js.judge_id FROM submissions s JOIN judge_scores js ON js.submission_id = s.id
		WHERE s.film_id = ? AND s.status = 'withdrawn' ORDER BY s.festival_id, js.judge_id`, id)
	if err != nil {
		return nil, fmt.Errorf("store: delete film %d: judges of its withdrawn submissions: %w", id, err)
	}
	defer rows.Close()
	var out []festivalJudges
	for rows.Next() {
		var festival, judge int64
		if err := rows.Scan(&festival, &judge); err != nil {
			return nil, fmt.Errorf("store: delete film %d: judges of its withdrawn submissions: %w", id, err)
		}
		if len(out) == 0 || out[len(out)-1].festival != festival {
			out = append(out, festivalJudges{festival: festival})
		}
		last := &out[len(out)-1]
		last.judges = append(last.judges, judge)
	}
	return out, rows.Err()
}

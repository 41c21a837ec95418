package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"

	"github.com/marquee-festival/marquee"
)

// AddStill adds upload as the last still of the signed-in user's film id:
// the film is checked (and its count, at most marquee.FilmStillsMax),
// then the upload goes through the PosterEncoder (no transaction open
// meanwhile), both sizes are written to the file store
// (marquee.StillFileKey of a new PosterKey's files), and the row is
// inserted with the film's row locked and the count checked again; a
// refused or failed insert removes the files.
func (s *FilmService) AddStill(ctx context.Context, id int64, upload io.ReadSeeker) (*marquee.Film, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	f, err := ownFilmByID(ctx, s.reader(), id, u)
	if err != nil {
		return nil, err
	}
	if len(f.Stills) >= marquee.FilmStillsMax {
		return nil, marquee.ErrTooManyStills()
	}
	if s.files == nil || s.posters == nil {
		return nil, fmt.Errorf("store: add still to film %d: no file store or poster encoder configured", id)
	}
	enc, err := s.posters.Encode(ctx, upload)
	if err != nil {
		return nil, err
	}
	token, err := newPosterToken()
	if err != nil {
		return nil, err
	}
	key := marquee.PosterKey{Film: id, Token: token, Ext: enc.Ext, Card: enc.Card.PosterSize, Detail: enc.Detail.PosterSize}
	if err := s.files.Put(ctx, marquee.StillFileKey(key.CardFile()), enc.Card.Data); err != nil {
		return nil, fmt.Errorf("store: add still to film %d: %w", id, err)
	}
	if err := s.files.Put(ctx, marquee.StillFileKey(key.DetailFile()), enc.Detail.Data); err != nil {
		deleteStillFiles(context.WithoutCancel(ctx), s.files, key.String())
		return nil, fmt.Errorf("store: add still to film %d: %w", id, err)
	}
	var out *marquee.Film
	err = s.inTx(ctx, func(c conn) error {
		if err := s.lockOwnFilm(ctx, c, id, u.ID); err != nil {
			return err
		}
		var n, last int
		if err := c.queryRow(ctx, `SELECT COUNT(*), COALESCE(MAX(position), 0) FROM film_stills WHERE film_id = ?`, id).Scan(&n, &last); err != nil {
			return fmt.Errorf("store: add still to film %d: %w", id, err)
		}
		if n >= marquee.FilmStillsMax {
			return marquee.ErrTooManyStills()
		}
		if _, err := c.exec(ctx, `INSERT INTO film_stills (film_id, position, still_key, created_at) VALUES (?, ?, ?, ?)`,
			id, last+1, key.String(), s.now()); err != nil {
			return fmt.Errorf("store: add still to film %d: %w", id, err)
		}
		if _, err := c.exec(ctx, `UPDATE films SET updated_at = ? WHERE id = ?`, s.now(), id); err != nil {
			return fmt.Errorf("store: add still to film %d: %w", id, err)
		}
		out, err = filmByID(ctx, c, id)
		return err
	})
	if err != nil {
		deleteStillFiles(context.WithoutCancel(ctx), s.files, key.String())
		return nil, err
	}
	return out, nil
}

// lockOwnFilm locks film id's row (PostgreSQL; SQLite's writer is
// serial) when user owns it; ENotFound otherwise.
func (s *FilmService) lockOwnFilm(ctx context.Context, c conn, id, user int64) error {
	q := `SELECT id FROM films WHERE id = ? AND owner_id = ?`
	if s.dialect == Postgres {
		q += ` FOR UPDATE`
	}
	var got int64
	if err := c.queryRow(ctx, q, id, user).Scan(&got); errors.Is(err, sql.ErrNoRows) {
		return marquee.ErrFilmNotFound()
	} else if err != nil {
		return fmt.Errorf("store: lock film %d: %w", id, err)
	}
	return nil
}

// DeleteStill removes still of the signed-in user's film id and then its
// files; a still of another film is ENotFound.
func (s *FilmService) DeleteStill(ctx context.Context, id, still int64) (*marquee.Film, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	var key string
	var out *marquee.Film
	err = s.inTx(ctx, func(c conn) error {
		if err := s.lockOwnFilm(ctx, c, id, u.ID); err != nil {
			return err
		}
		if err := c.queryRow(ctx, `SELECT still_key FROM film_stills WHERE id = ? AND film_id = ?`, still, id).Scan(&key); errors.Is(err, sql.ErrNoRows) {
			return marquee.ErrStillNotFound()
		} else if err != nil {
			return fmt.Errorf("store: delete still %d: %w", still, err)
		}
		if _, err := c.exec(ctx, `DELETE FROM film_stills WHERE id = ?`, still); err != nil {
			return fmt.Errorf("store: delete still %d: %w", still, err)
		}
		if _, err := c.exec(ctx, `UPDATE films SET updated_at = ? WHERE id = ?`, s.now(), id); err != nil {
			return fmt.Errorf("store: delete still %d: %w", still, err)
		}
		out, err = filmByID(ctx, c, id)
		return err
	})
	if err != nil {
		return nil, err
	}
	deleteStillFiles(context.WithoutCancel(ctx), s.files, key)
	return out, nil
}

// OrderStills puts the stills of the signed-in user's film id in o's
// order (o must name every still once: StillOrder.Check).
func (s *FilmService) OrderStills(ctx context.Context, id int64, o marquee.StillOrder) (*marquee.Film, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	var out *marquee.Film
	err = s.inTx(ctx, func(c conn) error {
		if err := s.lockOwnFilm(ctx, c, id, u.ID); err != nil {
			return err
		}
		have, err := int64s(ctx, c, `SELECT id FROM film_stills WHERE film_id = ? ORDER BY position`, id)
		if err != nil {
			return fmt.Errorf("store: order stills of film %d: %w", id, err)
		}
		if err := o.Check(have); err != nil {
			return err
		}
		for i, still := range o.IDs {
			if _, err := c.exec(ctx, `UPDATE film_stills SET position = ? WHERE id = ? AND film_id = ?`, i+1, still, id); err != nil {
				return fmt.Errorf("store: order stills of film %d: %w", id, err)
			}
		}
		if _, err := c.exec(ctx, `UPDATE films SET updated_at = ? WHERE id = ?`, s.now(), id); err != nil {
			return fmt.Errorf("store: order stills of film %d: %w", id, err)
		}
		out, err = filmByID(ctx, c, id)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Still opens the still file name ("<film>-<token>-card|detail.<ext>"):
// it must be a file of a still the film has now.
func (s *FilmService) Still(ctx context.Context, name string) (*marquee.Poster, error) {
	notFound := marquee.ErrStillNotFound()
	id := marquee.PosterFilm(name)
	if id == 0 || s.files == nil {
		return nil, notFound
	}
	keys, err := stillKeys(ctx, s.reader(), id)
	if err != nil {
		return nil, fmt.Errorf("store: still %s: %w", name, err)
	}
	for _, k := range keys {
		key, ok := marquee.ParsePosterKey(k)
		if !ok || key.Legacy() {
			continue
		}
		file, ct, ok := key.Serves(name)
		if !ok || file != name {
			continue
		}
		body, size, mod, err := s.files.Open(ctx, marquee.StillFileKey(file))
		if marquee.ErrorCode(err) == marquee.ENotFound {
			return nil, notFound
		} else if err != nil {
			return nil, fmt.Errorf("store: still %s: %w", name, err)
		}
		return &marquee.Poster{Key: name, ContentType: ct, Size: size, ModTime: mod, Body: body}, nil
	}
	return nil, notFound
}

// deleteStillFiles removes a still's two files (failures are left: a
// file no still names is never served).
func deleteStillFiles(ctx context.Context, files marquee.FileStore, key string) {
	if files == nil || key == "" {
		return
	}
	for _, f := range marquee.PosterFiles(key) {
		_ = files.Delete(ctx, marquee.StillFileKey(f))
	}
}

// stillKeys returns the keys of film id's stills.
func stillKeys(ctx context.Context, c conn, id int64) ([]string, error) {
	rows, err := c.query(ctx, `SELECT still_key FROM film_stills WHERE film_id = ? ORDER BY position`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var k string
		if err := rows.Scan(&k); err != nil {
			return nil, err
		}
		out = append(out, k)
	}
	return out, rows.Err()
}

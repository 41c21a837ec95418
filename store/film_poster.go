package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io"

	"github.com/marquee-festival/marquee"
)

// SetPoster makes upload the poster of the signed-in user's film id: the
// film is checked first, then the upload goes through the PosterEncoder
// (decoded within its memory budget and written again in two sizes, no
// transaction open meanwhile), both files are written to the file store
// under a new token, and the film is pointed at their marquee.PosterKey;
// the previous poster's files are deleted once the new ones are in place.
func (s *FilmService) SetPoster(ctx context.Context, id int64, upload io.ReadSeeker) (*marquee.Film, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := ownFilmByID(ctx, s.reader(), id, u); err != nil {
		return nil, err
	}
	if s.files == nil || s.posters == nil {
		return nil, fmt.Errorf("store: set poster of film %d: no file store or poster encoder configured", id)
	}
	enc, err := s.posters.Encode(ctx, upload)
	if err != nil {
		return nil, err
	}
	key, err := s.putPoster(ctx, id, enc)
	if err != nil {
		return nil, err
	}
	var old string
	var out *marquee.Film
	err = s.inTx(ctx, func(c conn) error {
		q := `SELECT poster_key FROM films WHERE id = ? AND owner_id = ?`
		if s.dialect == Postgres {
			q += ` FOR UPDATE`
		}
		if err := c.queryRow(ctx, q, id, u.ID).Scan(&old); errors.Is(err, sql.ErrNoRows) {
			return marquee.ErrFilmNotFound()
		} else if err != nil {
			return fmt.Errorf("store: set poster of film %d: %w", id, err)
		}
		if _, err := c.exec(ctx, `UPDATE films SET poster_key = ?, updated_at = ? WHERE id = ?`, key.String(), s.now(), id); err != nil {
			return fmt.Errorf("store: set poster of film %d: %w", id, err)
		}
		out, err = filmByID(ctx, c, id)
		return err
	})
	if err != nil {
		deletePosterFiles(context.WithoutCancel(ctx), s.files, key.String())
		return nil, err
	}
	// The film now names the new files; old ones left behind by a failure
	// here are never served again.
	deletePosterFiles(context.WithoutCancel(ctx), s.files, old)
	return out, nil
}

// putPoster writes the two sizes of enc to the file store under a new key
// of film id; on failure it removes what it wrote.
func (s *FilmService) putPoster(ctx context.Context, id int64, enc *marquee.EncodedPoster) (marquee.PosterKey, error) {
	token, err := newPosterToken()
	if err != nil {
		return marquee.PosterKey{}, err
	}
	key := marquee.PosterKey{Film: id, Token: token, Ext: enc.Ext, Card: enc.Card.PosterSize, Detail: enc.Detail.PosterSize}
	if err := s.putPosterFiles(ctx, key, enc); err != nil {
		return marquee.PosterKey{}, fmt.Errorf("store: set poster of film %d: %w", id, err)
	}
	return key, nil
}

// putPosterFiles writes the card and the detail of enc under key's file
// names, removing both when either fails.
func (s *FilmService) putPosterFiles(ctx context.Context, key marquee.PosterKey, enc *marquee.EncodedPoster) error {
	if err := s.files.Put(ctx, key.CardFile(), enc.Card.Data); err != nil {
		return err
	}
	if err := s.files.Put(ctx, key.DetailFile(), enc.Detail.Data); err != nil {
		deletePosterFiles(context.WithoutCancel(ctx), s.files, key.String())
		return err
	}
	return nil
}

// Poster opens the poster file name, for anyone: name must be a file of
// the current poster of the film whose id it starts with
// (marquee.PosterKey.Serves; a replaced or deleted poster's is ENotFound).
func (s *FilmService) Poster(ctx context.Context, name string) (*marquee.Poster, error) {
	notFound := marquee.Errorf(marquee.ENotFound, "Poster not found")
	id := marquee.PosterFilm(name)
	if id == 0 || s.files == nil {
		return nil, notFound
	}
	var current string
	if err := s.reader().queryRow(ctx, `SELECT poster_key FROM films WHERE id = ?`, id).Scan(&current); errors.Is(err, sql.ErrNoRows) {
		return nil, notFound
	} else if err != nil {
		return nil, fmt.Errorf("store: poster %s: %w", name, err)
	}
	key, ok := marquee.ParsePosterKey(current)
	if !ok || key.Film != id {
		return nil, notFound
	}
	file, ct, ok := key.Serves(name)
	if !ok {
		return nil, notFound
	}
	body, size, mod, err := s.files.Open(ctx, file)
	if marquee.ErrorCode(err) == marquee.ENotFound {
		return nil, notFound
	} else if err != nil {
		return nil, fmt.Errorf("store: poster %s: %w", name, err)
	}
	return &marquee.Poster{Key: name, ContentType: ct, Size: size, ModTime: mod, Body: body}, nil
}

// newPosterToken returns a new, unguessable token for a poster's key.
func newPosterToken() (string, error) {
	b := make([]byte, 8)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("store: poster token: %w", err)
	}
	return hex.EncodeToString(b), nil
}

// deletePosterFiles removes the files of the poster key names (its two
// sizes, or a legacy poster's one file); a failure is left behind: a file
// no film names is never served.
func deletePosterFiles(ctx context.Context, files marquee.FileStore, key string) {
	if files == nil {
		return
	}
	for _, f := range marquee.PosterFiles(key) {
		_ = files.Delete(ctx, f)
	}
}

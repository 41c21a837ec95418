package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/marquee-festival/marquee"
)

// SetPoster stores data as the poster of the signed-in user's film id:
// sniffed (marquee.SniffPoster), written to the file store under a new key
// "<film id>-<16 hex>.<ext>", then recorded on the film; the previous
// poster's file is deleted once the new one is in place.
func (s *FilmService) SetPoster(ctx context.Context, id int64, data []byte) (*marquee.Film, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := ownFilmByID(ctx, s.reader(), id, u); err != nil {
		return nil, err
	}
	ct, err := marquee.SniffPoster(data)
	if err != nil {
		return nil, err
	}
	if s.files == nil {
		return nil, fmt.Errorf("store: set poster of film %d: no file store configured", id)
	}
	key, err := newPosterKey(id, marquee.PosterExtension(ct))
	if err != nil {
		return nil, err
	}
	if err := s.files.Put(ctx, key, data); err != nil {
		return nil, fmt.Errorf("store: set poster of film %d: %w", id, err)
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
		if _, err := c.exec(ctx, `UPDATE films SET poster_key = ?, updated_at = ? WHERE id = ?`, key, s.now(), id); err != nil {
			return fmt.Errorf("store: set poster of film %d: %w", id, err)
		}
		out, err = filmByID(ctx, c, id)
		return err
	})
	if err != nil {
		_ = s.files.Delete(context.WithoutCancel(ctx), key)
		return nil, err
	}
	if old != "" {
		// The film now names the new file; an old file left behind by a
		// failure here is never served again.
		_ = s.files.Delete(context.WithoutCancel(ctx), old)
	}
	return out, nil
}

// Poster opens the poster named key, for anyone: the key must be the
// current poster of the film whose id it starts with (a replaced or
// deleted poster is ENotFound); its type comes from its extension, set
// from the sniffed bytes at upload.
func (s *FilmService) Poster(ctx context.Context, key string) (*marquee.Poster, error) {
	notFound := marquee.Errorf(marquee.ENotFound, "Poster not found")
	idText, _, ok := strings.Cut(key, "-")
	id, err := strconv.ParseInt(idText, 10, 64)
	ct := marquee.PosterContentType(key)
	if !ok || err != nil || id <= 0 || ct == "" || s.files == nil {
		return nil, notFound
	}
	var current string
	if err := s.reader().queryRow(ctx, `SELECT poster_key FROM films WHERE id = ?`, id).Scan(&current); errors.Is(err, sql.ErrNoRows) {
		return nil, notFound
	} else if err != nil {
		return nil, fmt.Errorf("store: poster %s: %w", key, err)
	}
	if current != key {
		return nil, notFound
	}
	body, size, mod, err := s.files.Open(ctx, key)
	if marquee.ErrorCode(err) == marquee.ENotFound {
		return nil, notFound
	} else if err != nil {
		return nil, fmt.Errorf("store: poster %s: %w", key, err)
	}
	return &marquee.Poster{Key: key, ContentType: ct, Size: size, ModTime: mod, Body: body}, nil
}

// newPosterKey returns a new, unguessable key for a poster of film id.
func newPosterKey(id int64, ext string) (string, error) {
	b := make([]byte, 8)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("store: poster key: %w", err)
	}
	return strconv.FormatInt(id, 10) + "-" + hex.EncodeToString(b) + "." + ext, nil
}

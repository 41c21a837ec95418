package store

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/marquee-festival/marquee"
)

// LegacyPosterResult is what ReencodeLegacyPosters did to one film's
// legacy poster.
type LegacyPosterResult struct {
	Film int64
	// Key is the legacy key; NewKey the encoded poster's ("" when removed
	// or left).
	Key, NewKey string
	// Removed: the file did not decode as a poster (Reason says why) and
	// the film no longer names it.
	Removed bool
	Reason  string
	// Skipped: the film changed its poster meanwhile, or the file is
	// missing; nothing was changed.
	Skipped bool
}

// ReencodeLegacyPosters encodes, through the PosterEncoder, the posters
// stored as uploaded before posters were encoded (marquee.PosterKey
// Legacy): each becomes two sizes under the same token (so its old
// address serves the detail), the film names the new key and the old
// file is deleted. A file that does not decode (a file of another kind
// behind an image's first bytes, or damaged) is removed and the film left
// without a poster. Each film is changed by one conditional UPDATE
// (`WHERE poster_key = old`): an upload meanwhile wins and the encoded
// files are deleted. For `marquee posters reencode`; it reports each
// poster to report as it goes.
func (s *FilmService) ReencodeLegacyPosters(ctx context.Context, report func(LegacyPosterResult)) error {
	if s.files == nil || s.posters == nil {
		return errors.New("store: re-encode posters: no file store or poster encoder configured")
	}
	// Read the candidates first (SQLite keeps one connection busy while a
	// query is open), then handle them one by one.
	rows, err := s.reader().query(ctx, `SELECT id, poster_key FROM films WHERE poster_key <> '' ORDER BY id`)
	if err != nil {
		return fmt.Errorf("store: legacy posters: %w", err)
	}
	type legacy struct {
		film int64
		key  marquee.PosterKey
	}
	var todo []legacy
	for rows.Next() {
		var id int64
		var raw string
		if err := rows.Scan(&id, &raw); err != nil {
			rows.Close()
			return fmt.Errorf("store: legacy posters: %w", err)
		}
		if k, ok := marquee.ParsePosterKey(raw); ok && k.Legacy() && k.Film == id {
			todo = append(todo, legacy{id, k})
		}
	}
	if err := rows.Close(); err != nil {
		return fmt.Errorf("store: legacy posters: %w", err)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: legacy posters: %w", err)
	}
	for _, l := range todo {
		res, err := s.reencodeLegacyPoster(ctx, l.film, l.key)
		if err != nil {
			return err
		}
		report(res)
	}
	return nil
}

// reencodeLegacyPoster encodes one legacy poster (see ReencodeLegacyPosters).
func (s *FilmService) reencodeLegacyPoster(ctx context.Context, film int64, old marquee.PosterKey) (LegacyPosterResult, error) {
	res := LegacyPosterResult{Film: film, Key: old.String()}
	body, _, _, err := s.files.Open(ctx, old.String())
	if marquee.ErrorCode(err) == marquee.ENotFound {
		res.Skipped, res.Reason = true, "file missing"
		return res, nil
	} else if err != nil {
		return res, fmt.Errorf("store: re-encode poster of film %d: %w", film, err)
	}
	data, err := io.ReadAll(io.LimitReader(body, marquee.PosterMaxBytes+1))
	body.Close()
	if err != nil {
		return res, fmt.Errorf("store: re-encode poster of film %d: %w", film, err)
	}
	enc, err := s.posters.Encode(ctx, bytes.NewReader(data))
	if code := marquee.ErrorCode(err); code == marquee.EInternal || code == marquee.ERateLimited {
		return res, fmt.Errorf("store: re-encode poster of film %d: %w", film, err)
	} else if err != nil {
		// Not a poster Marquee would take: the film stops naming it.
		res.Reason = marquee.ErrorMessage(err)
		changed, err := s.swapPosterKey(ctx, film, old.String(), "")
		if err != nil {
			return res, err
		}
		if changed {
			res.Removed = true
			deletePosterFiles(context.WithoutCancel(ctx), s.files, old.String())
		} else {
			res.Skipped = true
		}
		return res, nil
	}
	key := marquee.PosterKey{Film: film, Token: old.Token, Ext: enc.Ext, Card: enc.Card.PosterSize, Detail: enc.Detail.PosterSize}
	if err := s.putPosterFiles(ctx, key, enc); err != nil {
		return res, fmt.Errorf("store: re-encode poster of film %d: %w", film, err)
	}
	changed, err := s.swapPosterKey(ctx, film, old.String(), key.String())
	if err != nil || !changed {
		deletePosterFiles(context.WithoutCancel(ctx), s.files, key.String())
		res.Skipped = err == nil
		return res, err
	}
	res.NewKey = key.String()
	deletePosterFiles(context.WithoutCancel(ctx), s.files, old.String())
	return res, nil
}

// swapPosterKey points film at next if it still names old (its
// updated_at kept: the film's details did not change), reporting whether
// it did.
func (s *FilmService) swapPosterKey(ctx context.Context, film int64, old, next string) (bool, error) {
	var n int64
	err := s.inTx(ctx, func(c conn) error {
		res, err := c.exec(ctx, `UPDATE films SET poster_key = ? WHERE id = ? AND poster_key = ?`, next, film, old)
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	if err != nil {
		return false, fmt.Errorf("store: re-encode poster of film %d: %w", film, err)
	}
	return n == 1, nil
}

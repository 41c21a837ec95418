package store

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/marquee-festival/marquee"
)

// anonymousEmail is the address a deleted account keeps: not an address
// (no @), unique per account.
func anonymousEmail(id int64) string { return "deleted-user-" + strconv.FormatInt(id, 10) }

// anonymiseKeptFilms takes name out of the director and credits of the
// films user keeps (those in a submission; the others are deleted before),
// as marquee.AnonymiseFilmPeople decides.
func anonymiseKeptFilms(ctx context.Context, c conn, user int64, name string, now time.Time) error {
	type kept struct {
		id       int64
		director string
		credits  []marquee.FilmCredit
	}
	rows, err := c.query(ctx, `SELECT id, director, credits FROM films WHERE owner_id = ? ORDER BY id`, user)
	if err != nil {
		return fmt.Errorf("store: films kept of user %d: %w", user, err)
	}
	var films []kept
	for rows.Next() {
		var f kept
		var credits string
		if err := rows.Scan(&f.id, &f.director, &credits); err != nil {
			rows.Close()
			return fmt.Errorf("store: films kept of user %d: %w", user, err)
		}
		if err := json.Unmarshal([]byte(credits), &f.credits); err != nil {
			rows.Close()
			return fmt.Errorf("store: film %d: credits: %w", f.id, err)
		}
		films = append(films, f)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: films kept of user %d: %w", user, err)
	}
	for _, f := range films {
		director, credits, changed := marquee.AnonymiseFilmPeople(f.director, f.credits, name)
		if !changed {
			continue
		}
		encoded, err := filmCreditsJSON(credits)
		if err != nil {
			return fmt.Errorf("store: film %d: credits: %w", f.id, err)
		}
		if _, err := c.exec(ctx, `UPDATE films SET director = ?, credits = ?, updated_at = ? WHERE id = ?`, director, encoded, now, f.id); err != nil {
			return fmt.Errorf("store: anonymise film %d: %w", f.id, err)
		}
	}
	return nil
}

// DeleteAccount deletes the signed-in user's account, confirmed with
// their password. It is refused for admins and for organisers of festivals
// that are not closed (marquee.CheckAccountDeletable). In one transaction
// it runs deletionSteps (personal data removed, what others keep
// anonymised), makes the users row anonymous (name DeletedUserName, e-mail
// anonymousEmail, a password nobody knows, disabled; the credits stay, as
// the ledger they sum does), takes the name out of the films it keeps
// (anonymiseKeptFilms) and writes the audit entry (no address in it).
// After the commit, forgetFreedPages clears what SQLite's write-ahead log
// still holds of the deleted data; posters of deleted films are removed
// from the file store.
func (s *PrivacyService) DeleteAccount(ctx context.Context, d marquee.AccountDeletion) error {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return err
	}
	matches := false
	if d.Password != "" {
		if matches, err = s.users.verifyPassword(ctx, d.Password, u.PasswordHash); marquee.ErrorCode(err) == marquee.ERateLimited {
			return err
		} else if err != nil {
			return fmt.Errorf("store: delete account %d: %w", u.ID, err)
		}
	}
	if err := d.Validate(matches); err != nil {
		return err
	}
	unusable, err := s.unusablePasswordHash(ctx)
	if err != nil {
		return err
	}
	var posters, stills []string
	err = s.inTx(ctx, func(c conn) error {
		now := s.now()
		open, err := s.openFestivals(ctx, c, u.ID)
		if err != nil {
			return err
		}
		if err := marquee.CheckAccountDeletable(u, open); err != nil {
			return err
		}
		var email, name string
		if err := c.queryRow(ctx, `SELECT email, name FROM users WHERE id = ?`, u.ID).Scan(&email, &name); err != nil {
			return fmt.Errorf("store: delete account %d: %w", u.ID, err)
		}
		posters, err = s.deletedPosters(ctx, c, u.ID)
		if err != nil {
			return err
		}
		// The stills of the films it removes go with their files.
		stillFilms, err := int64s(ctx, c, `SELECT id FROM films WHERE owner_id = ? AND id NOT IN (SELECT film_id FROM submissions)`, u.ID)
		if err != nil {
			return fmt.Errorf("store: delete account %d: films: %w", u.ID, err)
		}
		for _, f := range stillFilms {
			keys, err := stillKeys(ctx, c, f)
			if err != nil {
				return fmt.Errorf("store: delete account %d: stills: %w", u.ID, err)
			}
			stills = append(stills, keys...)
		}
		keySuffix, err := s.rateLimitAccountSuffix(ctx, c, email)
		if err != nil {
			return err
		}
		values := map[string]any{
			"id": u.ID, "email": email, "name": name, "anon": anonymousEmail(u.ID),
			"emailKeySuffix": keySuffix,
		}
		for _, step := range deletionSteps {
			args := make([]any, len(step.Args))
			for i, name := range step.Args {
				args[i] = values[name]
			}
			if _, err := c.exec(ctx, step.SQL, args...); err != nil {
				return fmt.Errorf("store: delete account %d: %s: %w", u.ID, step.Table, err)
			}
		}
		if err := anonymiseKeptFilms(ctx, c, u.ID, name, now); err != nil {
			return err
		}
		if _, err := c.exec(ctx, `UPDATE users SET name = ?, email = ?, password_hash = ?, email_verified_at = NULL,
			terms_accepted_at = NULL, disabled_at = ?, updated_at = ? WHERE id = ?`,
			marquee.DeletedUserName, anonymousEmail(u.ID), unusable, now, now, u.ID); err != nil {
			return fmt.Errorf("store: anonymise user %d: %w", u.ID, err)
		}
		return recordAudit(ctx, c, now, marquee.AuditEntry{Action: marquee.AuditUserDelete, TargetType: "user", TargetID: auditTargetID(u.ID),
			ActorID: &u.ID, ActorEmail: ""})
	})
	if err != nil {
		return err
	}
	s.DB.forgetFreedPages(ctx)
	for _, key := range posters {
		deletePosterFiles(context.WithoutCancel(ctx), s.files, key)
	}
	for _, key := range stills {
		deleteStillFiles(context.WithoutCancel(ctx), s.files, key)
	}
	return nil
}

// openFestivals returns the names of the festivals user organises that are
// not closed (pending or approved).
func (s *PrivacyService) openFestivals(ctx context.Context, c conn, user int64) ([]string, error) {
	rows, err := c.query(ctx, `SELECT name FROM festivals WHERE organiser_id = ? AND status <> 'rejected' ORDER BY name`, user)
	if err != nil {
		return nil, fmt.Errorf("store: festivals of user %d: %w", user, err)
	}
	defer rows.Close()
	var names []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, fmt.Errorf("store: festivals of user %d: %w", user, err)
		}
		names = append(names, n)
	}
	return names, rows.Err()
}

// deletedPosters returns the poster keys of the films the deletion removes
// (those in no submission).
func (s *PrivacyService) deletedPosters(ctx context.Context, c conn, user int64) ([]string, error) {
	rows, err := c.query(ctx, `SELECT poster_key FROM films WHERE owner_id = ? AND poster_key <> '' AND id NOT IN (SELECT film_id FROM submissions)`, user)
	if err != nil {
		return nil, fmt.Errorf("store: posters of user %d: %w", user, err)
	}
	defer rows.Close()
	var keys []string
	for rows.Next() {
		var k string
		if err := rows.Scan(&k); err != nil {
			return nil, fmt.Errorf("store: posters of user %d: %w", user, err)
		}
		keys = append(keys, k)
	}
	return keys, rows.Err()
}

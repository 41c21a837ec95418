package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/marquee-festival/marquee"
)

// JoinGuestWaitlist records a visitor's request to wait for a sold-out
// screening and queues the e-mail whose link confirms it: the request
// joins the queue only when that link is opened (ConfirmGuestWaitlist), so
// an address nobody confirmed is never offered a seat. An address already
// waiting gets no second e-mail; the answer is the same either way.
func (s *TicketService) JoinGuestWaitlist(ctx context.Context, req marquee.GuestWaitlistRequest) error {
	if err := req.Validate(); err != nil {
		return err
	}
	sc, err := s.Screening(ctx, req.ScreeningID)
	if err != nil {
		return err
	}
	now := s.now()
	if err := marquee.WaitlistJoinable(sc, req.Quantity, now); err != nil {
		return err
	}
	g, err := s.guestAccount(ctx)
	if err != nil {
		return err
	}
	var open int
	if err := s.reader().queryRow(ctx, `SELECT COUNT(*) FROM waitlist_entries WHERE screening_id = ? AND user_id = ? AND email = ?
		AND status IN ('waiting', 'offered')`, sc.ID, g.ID, req.Email).Scan(&open); err != nil {
		return fmt.Errorf("store: guest waiting list of screening %d: %w", sc.ID, err)
	}
	if open > 0 {
		return nil
	}
	token := marquee.NewWaitlistToken()
	confirmBy := now.Add(marquee.GuestWaitlistConfirmFor)
	lang := packageLanguage(req.Language)
	return s.inTx(ctx, func(c conn) error {
		if _, err := c.exec(ctx, `INSERT INTO waitlist_guest_requests (screening_id, email, quantity, language, token_hash, confirm_by, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, sc.ID, req.Email, req.Quantity, lang, marquee.HashWaitlistToken(token), confirmBy, now); err != nil {
			return fmt.Errorf("store: guest waiting-list request for screening %d: %w", sc.ID, err)
		}
		if s.opts.ComposeGuestWaitlist == nil {
			return nil
		}
		m := s.opts.ComposeGuestWaitlist(&marquee.GuestWaitlistMail{To: req.Email, Language: lang, Screening: sc,
			Quantity: req.Quantity, Token: token, ConfirmBy: confirmBy})
		m.Status = mailStatusOr(s.opts.MailStatus)
		if err := insertMail(ctx, c, &m, now); err != nil {
			return fmt.Errorf("store: queue guest waiting-list confirmation: %w", err)
		}
		return nil
	})
}

// guestRequest is a visitor's waiting-list request read by its token.
type guestRequest struct {
	id, screening, entry int64
	email, lang          string
	quantity             int
	open                 bool // may still be confirmed
}

func (s *TicketService) findGuestRequest(ctx context.Context, c conn, token string) (*guestRequest, error) {
	token = strings.TrimSpace(token)
	if token == "" || len(token) > 100 {
		return nil, marquee.ErrGuestLinkGone()
	}
	var r guestRequest
	var entry sql.NullInt64
	var confirmed sql.NullTime
	var confirmBy sql.NullTime
	err := c.queryRow(ctx, `SELECT id, screening_id, email, quantity, language, entry_id, confirmed_at, confirm_by
		FROM waitlist_guest_requests WHERE token_hash = ?`, marquee.HashWaitlistToken(token)).
		Scan(&r.id, &r.screening, &r.email, &r.quantity, &r.lang, &entry, &confirmed, &confirmBy)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, marquee.ErrGuestLinkGone()
	} else if err != nil {
		return nil, fmt.Errorf("store: find guest waiting-list request: %w", err)
	}
	r.entry = entry.Int64
	r.open = !confirmed.Valid && s.now().Before(confirmBy.Time)
	return &r, nil
}

// ConfirmGuestWaitlist puts the visitor of a confirmation link in the
// screening's queue, once (the request's confirmed_at guards it; a second
// request of the same address joins the entry already open), and answers
// their place. A link past its confirm_by, or of an ended screening, is
// ErrGuestLinkGone.
func (s *TicketService) ConfirmGuestWaitlist(ctx context.Context, token string) (*marquee.GuestWaitlistEntry, error) {
	g, err := s.guestAccount(ctx)
	if err != nil {
		return nil, err
	}
	var entry int64
	err = s.inTx(ctx, func(c conn) error {
		r, err := s.findGuestRequest(ctx, c, token)
		if err != nil {
			return err
		}
		if r.entry != 0 {
			entry = r.entry
			return nil
		}
		if !r.open {
			return marquee.ErrGuestLinkGone()
		}
		now := s.now()
		err = c.queryRow(ctx, `SELECT id FROM waitlist_entries WHERE screening_id = ? AND user_id = ? AND email = ? AND status IN ('waiting', 'offered')`,
			r.screening, g.ID, r.email).Scan(&entry)
		if errors.Is(err, sql.ErrNoRows) {
			err = c.queryRow(ctx, `INSERT INTO waitlist_entries (screening_id, user_id, email, quantity, language, status, created_at, updated_at)
				VALUES (?, ?, ?, ?, ?, 'waiting', ?, ?) RETURNING id`, r.screening, g.ID, r.email, r.quantity, r.lang, now, now).Scan(&entry)
		}
		if err != nil {
			return fmt.Errorf("store: confirm guest waiting-list request %d: %w", r.id, err)
		}
		res, err := c.exec(ctx, `UPDATE waitlist_guest_requests SET entry_id = ?, confirmed_at = ? WHERE id = ? AND confirmed_at IS NULL`, entry, now, r.id)
		if err != nil {
			return fmt.Errorf("store: confirm guest waiting-list request %d: %w", r.id, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return errOfferRace // confirmed by a concurrent click: rolled back, read again below
		}
		return nil
	})
	if errors.Is(err, errOfferRace) {
		r, ferr := s.findGuestRequest(ctx, s.reader(), token)
		if ferr != nil {
			return nil, ferr
		}
		entry, err = r.entry, nil
	}
	if err != nil {
		return nil, err
	}
	return s.guestEntry(ctx, entry)
}

// guestEntry is what a visitor's link shows of entry id.
func (s *TicketService) guestEntry(ctx context.Context, id int64) (*marquee.GuestWaitlistEntry, error) {
	var e marquee.GuestWaitlistEntry
	var st string
	var screening int64
	err := s.reader().queryRow(ctx, `SELECT w.screening_id, w.quantity, w.status,
		(SELECT COUNT(*) FROM waitlist_entries a WHERE a.screening_id = w.screening_id AND a.status = 'waiting' AND a.id < w.id)
		FROM waitlist_entries w WHERE w.id = ?`, id).Scan(&screening, &e.Quantity, &st, &e.Ahead)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, marquee.ErrGuestLinkGone()
	} else if err != nil {
		return nil, fmt.Errorf("store: guest waiting-list entry %d: %w", id, err)
	}
	e.Status = marquee.WaitlistStatus(st)
	if e.Status != marquee.WaitlistWaiting {
		e.Ahead = 0
	}
	sc, err := s.Screening(ctx, screening)
	if err != nil {
		return nil, marquee.ErrGuestLinkGone()
	}
	e.Screening = sc
	return &e, nil
}

// LeaveGuestWaitlist takes the visitor of a link off the list (an offer's
// held seats pass on, as when a signed-in buyer leaves); an unconfirmed
// request can no longer be confirmed. Leaving twice is not an error.
func (s *TicketService) LeaveGuestWaitlist(ctx context.Context, token string) error {
	r, err := s.findGuestRequest(ctx, s.reader(), token)
	if err != nil {
		return err
	}
	if r.entry == 0 {
		if _, err := s.writer().exec(ctx, `UPDATE waitlist_guest_requests SET confirm_by = ? WHERE id = ? AND confirmed_at IS NULL`, s.now(), r.id); err != nil {
			return fmt.Errorf("store: leave guest waiting-list request %d: %w", r.id, err)
		}
		return nil
	}
	g, err := s.guestAccount(ctx)
	if err != nil {
		return err
	}
	if err := s.leaveEntry(ctx, r.entry, g); err != nil && marquee.ErrorCode(err) != marquee.ENotFound {
		return err
	}
	return nil
}

// GuestWaitlistOffer reads an offer made to a visitor's entry.
func (s *TicketService) GuestWaitlistOffer(ctx context.Context, token string) (*marquee.WaitlistOffer, error) {
	g, err := s.guestAccount(ctx)
	if err != nil {
		return nil, err
	}
	return s.offerView(ctx, token, g.ID)
}

// ClaimGuestWaitlistOffer turns an offer made to a visitor into their
// pending guest order exactly as a signed-in claim does (the offer's held
// seats kept, offered → claimed once), under the entry's confirmed address
// and the name given; it answers a new link's token to the order.
func (s *TicketService) ClaimGuestWaitlistOffer(ctx context.Context, token string, claim marquee.GuestOfferClaim) (*marquee.GuestOrderResult, error) {
	buyer := marquee.GuestBuyer{Name: claim.Name}
	buyer.Normalize()
	var f marquee.FieldErrors
	buyer.ValidateName(&f)
	if err := f.Err(); err != nil {
		return nil, err
	}
	g, err := s.guestAccount(ctx)
	if err != nil {
		return nil, err
	}
	o, err := s.claimOffer(ctx, token, g, func(c conn, order int64, email string, now time.Time) error {
		return writeGuest(ctx, marquee.GuestBuyer{Name: buyer.Name, Email: email})(c, order, now)
	})
	if err != nil {
		return nil, err
	}
	link, err := addGuestToken(ctx, s.writer(), o.ID, s.now())
	if err != nil {
		return nil, err
	}
	if o, err = loadOrder(ctx, s.reader(), o.ID, 0, s.now()); err != nil {
		return nil, err
	}
	return &marquee.GuestOrderResult{Order: o, Token: link}, nil
}

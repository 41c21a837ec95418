package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/marquee-festival/marquee"
)

var _ marquee.WaitlistService = (*TicketService)(nil)

// errOfferRace is a lost race for a waiting-list entry: another node
// offered (or its owner left) it first; the caller looks at the next.
var errOfferRace = errors.New("store: waiting-list entry taken by another node")

// offerFor is how long an offer holds its seats.
func (s *TicketService) offerFor() time.Duration {
	if s.opts.WaitlistOfferFor > 0 {
		return s.opts.WaitlistOfferFor
	}
	return marquee.DefaultWaitlistOfferFor
}

// JoinWaitlist puts the signed-in buyer on a sold-out screening's waiting
// list, under their account's address; a second request answers the
// entry already open.
func (s *TicketService) JoinWaitlist(ctx context.Context, req marquee.WaitlistJoinRequest) (*marquee.WaitlistEntry, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	if err := req.Validate(); err != nil {
		return nil, err
	}
	if e, err := s.MyWaitlistEntry(ctx, req.ScreeningID); err == nil {
		return e, nil
	} else if marquee.ErrorCode(err) != marquee.ENotFound {
		return nil, err
	}
	sc, err := s.Screening(ctx, req.ScreeningID)
	if err != nil {
		return nil, err
	}
	now := s.now()
	if err := marquee.WaitlistJoinable(sc, req.Quantity, now); err != nil {
		return nil, err
	}
	_, err = s.writer().exec(ctx, `INSERT INTO waitlist_entries (screening_id, user_id, email, quantity, language, status, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, 'waiting', ?, ?)`, sc.ID, u.ID, u.Email, req.Quantity, packageLanguage(req.Language), now, now)
	if err != nil && !isUniqueViolation(err) { // a unique violation: a concurrent join made it
		return nil, fmt.Errorf("store: join waiting list of screening %d: %w", sc.ID, err)
	}
	return s.MyWaitlistEntry(ctx, sc.ID)
}

// MyWaitlistEntry is the signed-in buyer's open (waiting or offered)
// entry for a screening, with how many wait before it.
func (s *TicketService) MyWaitlistEntry(ctx context.Context, screeningID int64) (*marquee.WaitlistEntry, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	var e marquee.WaitlistEntry
	var st string
	var expires sql.NullTime
	err = s.reader().queryRow(ctx, `SELECT w.id, w.screening_id, w.quantity, w.status, w.offer_expires_at, w.created_at,
		(SELECT COUNT(*) FROM waitlist_entries a WHERE a.screening_id = w.screening_id AND a.status = 'waiting' AND a.id < w.id)
		FROM waitlist_entries w WHERE w.screening_id = ? AND w.user_id = ? AND w.status IN ('waiting', 'offered')`,
		screeningID, u.ID).Scan(&e.ID, &e.ScreeningID, &e.Quantity, &st, &expires, &e.CreatedAt, &e.Ahead)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, marquee.ErrWaitlistEntryNotFound()
	} else if err != nil {
		return nil, fmt.Errorf("store: waiting-list entry of user %d for screening %d: %w", u.ID, screeningID, err)
	}
	e.Status = marquee.WaitlistStatus(st)
	e.CreatedAt = e.CreatedAt.UTC()
	if expires.Valid {
		t := expires.Time.UTC()
		e.OfferExpiresAt = &t
	}
	if e.Status == marquee.WaitlistOffered {
		e.Ahead = 0
	}
	return &e, nil
}

// LeaveWaitlist takes the signed-in buyer's open entry off the list; an
// offer's held seats are given back and offered to the next entry.
func (s *TicketService) LeaveWaitlist(ctx context.Context, id int64) error {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return err
	}
	return s.leaveEntry(ctx, id, u)
}

// leaveEntry is LeaveWaitlist's work for entry id of owner u (a signed-in
// buyer, or the guest account for a visitor's link).
func (s *TicketService) leaveEntry(ctx context.Context, id int64, u *marquee.User) error {
	var screening int64
	err := s.inTx(ctx, func(c conn) error {
		now := s.now()
		res, err := c.exec(ctx, `UPDATE waitlist_entries SET status = 'left', updated_at = ? WHERE id = ? AND user_id = ? AND status = 'waiting'`, now, id, u.ID)
		if err != nil {
			return fmt.Errorf("store: leave waiting list (entry %d): %w", id, err)
		}
		if n, _ := res.RowsAffected(); n == 1 {
			return nil
		}
		var q int
		err = c.queryRow(ctx, `UPDATE waitlist_entries SET status = 'left', updated_at = ? WHERE id = ? AND user_id = ? AND status = 'offered'
			RETURNING screening_id, quantity`, now, id, u.ID).Scan(&screening, &q)
		if errors.Is(err, sql.ErrNoRows) {
			return marquee.ErrWaitlistEntryNotFound()
		} else if err != nil {
			return fmt.Errorf("store: leave waiting list (entry %d): %w", id, err)
		}
		if _, err := c.exec(ctx, `UPDATE screenings SET held = held - ?, updated_at = ? WHERE id = ?`, q, now, screening); err != nil {
			return fmt.Errorf("store: leave waiting list (entry %d): seats: %w", id, err)
		}
		return nil
	})
	if err == nil && screening != 0 {
		s.seatsFreed(ctx, screening)
	}
	return err
}

// offerEntry reads an offer by its link's token for its owner userID.
func (s *TicketService) offerEntry(ctx context.Context, c conn, token string, userID int64) (id, screening int64, q int, st marquee.WaitlistStatus, expires time.Time, order int64, err error) {
	var status string
	var exp sql.NullTime
	var ord sql.NullInt64
	err = c.queryRow(ctx, `SELECT id, screening_id, quantity, status, offer_expires_at, order_id FROM waitlist_entries
		WHERE offer_hash = ? AND user_id = ?`, marquee.HashWaitlistToken(token), userID).Scan(&id, &screening, &q, &status, &exp, &ord)
	if errors.Is(err, sql.ErrNoRows) {
		err = marquee.ErrWaitlistOfferGone()
		return
	} else if err != nil {
		err = fmt.Errorf("store: find waiting-list offer: %w", err)
		return
	}
	return id, screening, q, marquee.WaitlistStatus(status), exp.Time.UTC(), ord.Int64, nil
}

// WaitlistOffer reads the signed-in user's offer of a link's token.
func (s *TicketService) WaitlistOffer(ctx context.Context, token string) (*marquee.WaitlistOffer, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	return s.offerView(ctx, token, u.ID)
}

// offerView is WaitlistOffer's work for owner userID (a signed-in buyer,
// or the guest account for a visitor's offer).
func (s *TicketService) offerView(ctx context.Context, token string, userID int64) (*marquee.WaitlistOffer, error) {
	_, screening, q, st, expires, order, err := s.offerEntry(ctx, s.reader(), token, userID)
	if err != nil {
		return nil, err
	}
	if st == marquee.WaitlistOffered && !marquee.WaitlistOfferOpen(st, expires, s.now()) {
		st = marquee.WaitlistLapsed // the worker has not passed it on yet
	}
	sc, err := s.Screening(ctx, screening)
	if err != nil {
		return nil, err
	}
	return &marquee.WaitlistOffer{Screening: sc, Quantity: q, Status: st, ExpiresAt: expires, OrderID: order}, nil
}

// ClaimWaitlistOffer turns the signed-in owner's open offer into a pending
// order that keeps the offer's held seats (no counter moves: they are held
// already) for TicketHoldDuration, to be paid as any order; a free
// screening's order is paid at once. The offer moves offered → claimed
// once; claiming again answers the same order.
func (s *TicketService) ClaimWaitlistOffer(ctx context.Context, token string) (*marquee.TicketOrder, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	return s.claimOffer(ctx, token, u, nil)
}

// claimOffer is ClaimWaitlistOffer's work for owner u (a signed-in buyer,
// or the guest account for a visitor's offer); written, when not nil,
// writes more rows of the new order in its transaction, right after it
// (a guest's name and address: entry's address).
func (s *TicketService) claimOffer(ctx context.Context, token string, u *marquee.User, written func(c conn, order int64, email string, now time.Time) error) (*marquee.TicketOrder, error) {
	var orderID int64
	err := s.inTx(ctx, func(c conn) error {
		now := s.now()
		id, screening, q, st, expires, order, err := s.offerEntry(ctx, c, token, u.ID)
		if err != nil {
			return err
		}
		if st == marquee.WaitlistClaimed && order != 0 {
			orderID = order
			return nil
		}
		if !marquee.WaitlistOfferOpen(st, expires, now) {
			return marquee.ErrWaitlistOfferGone()
		}
		var lang, email string
		err = c.queryRow(ctx, `UPDATE waitlist_entries SET status = 'claimed', updated_at = ?
			WHERE id = ? AND status = 'offered' AND offer_expires_at > ? RETURNING language, email`, now, id, now).Scan(&lang, &email)
		if errors.Is(err, sql.ErrNoRows) {
			// Another claim (another node) was first: its order, if it
			// is this owner's claim that won.
			if _, _, _, st, _, order, err := s.offerEntry(ctx, c, token, u.ID); err == nil && st == marquee.WaitlistClaimed && order != 0 {
				orderID = order
				return nil
			}
			return marquee.ErrWaitlistOfferGone()
		} else if err != nil {
			return fmt.Errorf("store: claim waiting-list offer %d: %w", id, err)
		}
		// The offer's seats are the screening's default type (position 0):
		// the order has its line, and the type's counter holds them beside
		// the screening's (payHeld and releaseHold move both).
		var price, typeID int64
		var currency string
		if err := c.queryRow(ctx, `SELECT t.id, t.price_cents, s.currency FROM screening_ticket_types t JOIN screenings s ON s.id = t.screening_id
			WHERE t.screening_id = ? AND t.position = 0`, screening).Scan(&typeID, &price, &currency); err != nil {
			return fmt.Errorf("store: claim waiting-list offer %d: screening: %w", id, err)
		}
		provider := ""
		if price > 0 && s.provider != nil {
			provider = s.provider.Name()
		}
		if err := c.queryRow(ctx, `INSERT INTO ticket_orders (user_id, screening_id, quantity, amount_cents, currency, status,
			hold_expires_at, provider, language, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?) RETURNING id`,
			u.ID, screening, q, price*int64(q), currency, now.Add(marquee.TicketHoldDuration), provider, lang, now, now).Scan(&orderID); err != nil {
			return fmt.Errorf("store: claim waiting-list offer %d: order: %w", id, err)
		}
		if _, err := c.exec(ctx, `UPDATE waitlist_entries SET order_id = ? WHERE id = ?`, orderID, id); err != nil {
			return fmt.Errorf("store: claim waiting-list offer %d: %w", id, err)
		}
		if written != nil {
			if err := written(c, orderID, email, now); err != nil {
				return err
			}
		}
		if _, err := c.exec(ctx, `INSERT INTO ticket_order_lines (order_id, ticket_type_id, quantity, price_cents) VALUES (?, ?, ?, ?)`,
			orderID, typeID, q, price); err != nil {
			return fmt.Errorf("store: claim waiting-list offer %d: order line: %w", id, err)
		}
		if err := moveTypeSeats(ctx, c, orderID, 1, 0, now); err != nil {
			return err
		}
		if price == 0 {
			// Free: the held seats are sold and the tickets issued now.
			return s.payHeld(ctx, c, orderID, "", now)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return loadOrder(ctx, s.reader(), orderID, u.ID, s.now())
}

// OfferFreedSeats lapses the offers that expired (their seats given back)
// and offers the free seats of each screening with a waiting list to its
// entries in order; it returns how many offers it made. Any number of
// nodes may run it at once: each entry moves waiting → offered by one
// conditional UPDATE and its seats are taken by another (sold + held + n
// <= capacity) in the same transaction, so a freed seat is offered once.
func (s *TicketService) OfferFreedSeats(ctx context.Context) (int, error) {
	if err := s.lapseOffers(ctx); err != nil {
		return 0, err
	}
	// Only screenings that can still seat someone and have a free seat.
	rows, err := s.reader().query(ctx, `SELECT DISTINCT w.screening_id FROM waitlist_entries w JOIN screenings sc ON sc.id = w.screening_id
		WHERE w.status = 'waiting' AND sc.status = 'scheduled' AND sc.ends_at > ? AND sc.sold + sc.held < sc.capacity`, s.now())
	if err != nil {
		return 0, fmt.Errorf("store: waiting lists: %w", err)
	}
	var screenings []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return 0, fmt.Errorf("store: waiting lists: %w", err)
		}
		screenings = append(screenings, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, fmt.Errorf("store: waiting lists: %w", err)
	}
	total := 0
	for _, id := range screenings {
		n, err := s.offerScreening(ctx, id)
		total += n
		if err != nil {
			return total, err
		}
	}
	return total, nil
}

// lapseOffers moves the offers whose time has passed to lapsed and gives
// their held seats back, each once.
func (s *TicketService) lapseOffers(ctx context.Context) error {
	rows, err := s.reader().query(ctx, `SELECT id FROM waitlist_entries WHERE status = 'offered' AND offer_expires_at <= ? ORDER BY id LIMIT 500`, s.now())
	if err != nil {
		return fmt.Errorf("store: expired waiting-list offers: %w", err)
	}
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return fmt.Errorf("store: expired waiting-list offers: %w", err)
		}
		ids = append(ids, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: expired waiting-list offers: %w", err)
	}
	for _, id := range ids {
		err := s.inTx(ctx, func(c conn) error {
			now := s.now()
			var screening int64
			var q int
			err := c.queryRow(ctx, `UPDATE waitlist_entries SET status = 'lapsed', updated_at = ?
				WHERE id = ? AND status = 'offered' AND offer_expires_at <= ? RETURNING screening_id, quantity`, now, id, now).Scan(&screening, &q)
			if errors.Is(err, sql.ErrNoRows) {
				return nil // claimed, left or lapsed by another node
			} else if err != nil {
				return fmt.Errorf("store: lapse waiting-list offer %d: %w", id, err)
			}
			if _, err := c.exec(ctx, `UPDATE screenings SET held = held - ?, updated_at = ? WHERE id = ?`, q, now, screening); err != nil {
				return fmt.Errorf("store: lapse waiting-list offer %d: seats: %w", id, err)
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// offerScreening offers screening id's free seats to its waiting list in
// order, until the next entry's seats are not free; it returns the offers
// made.
func (s *TicketService) offerScreening(ctx context.Context, id int64) (int, error) {
	// Most screenings have nobody waiting: one read, no transaction.
	var waiting int
	if err := s.reader().queryRow(ctx, `SELECT COUNT(*) FROM waitlist_entries WHERE screening_id = ? AND status = 'waiting'`, id).Scan(&waiting); err != nil {
		return 0, fmt.Errorf("store: waiting list of screening %d: %w", id, err)
	}
	if waiting == 0 {
		return 0, nil
	}
	made := 0
	for range 1000 {
		ok, err := s.offerNext(ctx, id)
		if errors.Is(err, errOfferRace) {
			continue
		} else if err != nil {
			return made, err
		}
		if !ok {
			return made, nil
		}
		made++
	}
	return made, nil
}

// offerNext offers the seats of screening id to its first waiting entry,
// in one transaction: the entry moves waiting → offered (errOfferRace when
// another node moved it first), its e-mail is queued, and last its seats
// are held by the seat rule's conditional UPDATE; when they are not free
// everything rolls back and it answers false.
func (s *TicketService) offerNext(ctx context.Context, id int64) (bool, error) {
	offered := false
	err := s.inTx(ctx, func(c conn) error {
		now := s.now()
		var entry, user int64
		var q int
		var email, lang string
		var guest int
		err := c.queryRow(ctx, `SELECT id, user_id, quantity, email, language,
			CASE WHEN EXISTS (SELECT 1 FROM waitlist_guest_requests g WHERE g.entry_id = waitlist_entries.id) THEN 1 ELSE 0 END
			FROM waitlist_entries WHERE screening_id = ? AND status = 'waiting' ORDER BY id LIMIT 1`, id).Scan(&entry, &user, &q, &email, &lang, &guest)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		} else if err != nil {
			return fmt.Errorf("store: next on the waiting list of screening %d: %w", id, err)
		}
		var free int
		err = c.queryRow(ctx, `SELECT COUNT(*) FROM screenings WHERE id = ? AND status = 'scheduled' AND ends_at > ? AND sold + held + ? <= capacity`,
			id, now, q).Scan(&free)
		if err != nil {
			return fmt.Errorf("store: free seats of screening %d: %w", id, err)
		}
		if free == 0 {
			return nil // still sold out for the next in line
		}
		token := marquee.NewWaitlistToken()
		expires := now.Add(s.offerFor())
		res, err := c.exec(ctx, `UPDATE waitlist_entries SET status = 'offered', offer_hash = ?, offered_at = ?, offer_expires_at = ?, updated_at = ?
			WHERE id = ? AND status = 'waiting'`, marquee.HashWaitlistToken(token), now, expires, now, entry)
		if err != nil {
			return fmt.Errorf("store: offer waiting-list entry %d: %w", entry, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return errOfferRace
		}
		if s.opts.ComposeWaitlistOffer != nil {
			m, err := scanScreening(c.queryRow(ctx, `SELECT `+screeningColumns+screeningFrom+` WHERE sc.id = ?`, id), now, false)
			if err != nil {
				return fmt.Errorf("store: offer waiting-list entry %d: screening: %w", entry, err)
			}
			mail := s.opts.ComposeWaitlistOffer(&marquee.WaitlistOfferMail{To: email, Language: lang, Screening: &m.Screening,
				Quantity: q, ExpiresAt: expires, Token: token, Guest: guest == 1})
			mail.Status = mailStatusOr(s.opts.MailStatus)
			if err := insertMail(ctx, c, &mail, now); err != nil {
				return fmt.Errorf("store: queue waiting-list offer %d: %w", entry, err)
			}
		}
		// Last, the seat rule (the hot row locked only until the commit).
		res, err = c.exec(ctx, `UPDATE screenings SET held = held + ?, updated_at = ?
			WHERE id = ? AND status = 'scheduled' AND ends_at > ? AND sold + held + ? <= capacity`, q, now, id, now, q)
		if err != nil {
			return fmt.Errorf("store: hold seats of waiting-list entry %d: %w", entry, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return errNoSeatsLeft
		}
		offered = true
		return nil
	})
	if errors.Is(err, errNoSeatsLeft) {
		return false, nil
	}
	return offered, err
}

// seatsFreed offers the seats just given back in screening id to its
// waiting list at once, so that they go to the next person in line
// before any other buyer (the worker's tick retries what fails here).
func (s *TicketService) seatsFreed(ctx context.Context, id int64) {
	_, _ = s.offerScreening(context.WithoutCancel(ctx), id) // a failure is retried by the worker's tick
}

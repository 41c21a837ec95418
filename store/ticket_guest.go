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

var _ marquee.GuestTicketService = (*TicketService)(nil)

// guestAccount is the one guest account (marquee.GuestAccountEmail) that
// owns visitors' orders and waiting-list entries, made by the first node
// that needs it: disabled and without a password, nobody signs in as it.
func (s *TicketService) guestAccount(ctx context.Context) (*marquee.User, error) {
	u := &marquee.User{Email: marquee.GuestAccountEmail}
	err := s.reader().queryRow(ctx, `SELECT id FROM users WHERE email = ?`, u.Email).Scan(&u.ID)
	if errors.Is(err, sql.ErrNoRows) {
		now := s.now()
		if _, err := s.writer().exec(ctx, `INSERT INTO users (email, name, password_hash, created_at, updated_at, disabled_at)
			VALUES (?, 'Guest buyers', '', ?, ?, ?) ON CONFLICT (email) DO NOTHING`, u.Email, now, now, now); err != nil {
			return nil, fmt.Errorf("store: create the guest account: %w", err)
		}
		err = s.writer().queryRow(ctx, `SELECT id FROM users WHERE email = ?`, u.Email).Scan(&u.ID)
	}
	if err != nil {
		return nil, fmt.Errorf("store: find the guest account: %w", err)
	}
	return u, nil
}

// addGuestToken stores the hash of a new link's token to guest order id
// and returns the token.
func addGuestToken(ctx context.Context, c conn, id int64, now time.Time) (string, error) {
	token := marquee.NewWaitlistToken()
	if _, err := c.exec(ctx, `INSERT INTO ticket_guest_tokens (token_hash, order_id, created_at) VALUES (?, ?, ?)`,
		marquee.HashWaitlistToken(token), id, now); err != nil {
		return "", fmt.Errorf("store: link to guest order %d: %w", id, err)
	}
	return token, nil
}

// guestMailToken gives a guest order's confirmation e-mail its own link.
func guestMailToken(ctx context.Context, c conn, o *marquee.TicketOrder, now time.Time) error {
	if !o.Guest {
		return nil
	}
	token, err := addGuestToken(ctx, c, o.ID, now)
	o.GuestToken = token
	return err
}

// writeGuest returns the hook that writes a guest order's buyer beside it.
func writeGuest(ctx context.Context, g marquee.GuestBuyer) func(c conn, id int64, now time.Time) error {
	return func(c conn, id int64, now time.Time) error {
		if _, err := c.exec(ctx, `INSERT INTO ticket_guest_orders (order_id, email, name, created_at) VALUES (?, ?, ?, ?)`,
			id, g.Email, g.Name, now); err != nil {
			return fmt.Errorf("store: guest of ticket order %d: %w", id, err)
		}
		return nil
	}
}

// CreateGuestOrder holds seats for a visitor as CreateOrder does (the same
// seat, type and voucher rules in one transaction), owned by the guest
// account with the visitor's name and address beside it; it answers the
// token of the order's link, kept only as its hash.
func (s *TicketService) CreateGuestOrder(ctx context.Context, req marquee.GuestOrderRequest) (*marquee.GuestOrderResult, error) {
	if err := req.Validate(); err != nil {
		return nil, err
	}
	g, err := s.guestAccount(ctx)
	if err != nil {
		return nil, err
	}
	var token string
	hook := writeGuest(ctx, req.GuestBuyer)
	o, err := s.holdOrder(ctx, g.ID, req.OrderRequest, func(c conn, id int64, now time.Time) error {
		if err := hook(c, id, now); err != nil {
			return err
		}
		token, err = addGuestToken(ctx, c, id, now)
		return err
	})
	switch {
	case err == nil:
		s.noteOrder(orderCreated, 1)
	case marquee.ErrorCode(err) == marquee.EInternal:
		s.noteOrder(orderError, 1)
	default:
		s.noteOrder(orderRefused, 1)
	}
	if err != nil {
		return nil, err
	}
	return &marquee.GuestOrderResult{Order: o, Token: token}, nil
}

// guestOrder reads the guest order of a link's token: a wrong token, or
// one whose screening has ended, is ErrGuestLinkGone.
func (s *TicketService) guestOrder(ctx context.Context, token string) (*marquee.TicketOrder, error) {
	token = strings.TrimSpace(token)
	if token == "" || len(token) > 100 {
		return nil, marquee.ErrGuestLinkGone()
	}
	var id int64
	err := s.reader().queryRow(ctx, `SELECT order_id FROM ticket_guest_tokens WHERE token_hash = ?`, marquee.HashWaitlistToken(token)).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, marquee.ErrGuestLinkGone()
	} else if err != nil {
		return nil, fmt.Errorf("store: find guest order link: %w", err)
	}
	o, err := loadOrder(ctx, s.reader(), id, 0, s.now())
	if err != nil {
		return nil, err
	}
	if !o.Guest || !marquee.GuestLinkOpen(o.Screening, s.now()) {
		return nil, marquee.ErrGuestLinkGone()
	}
	return o, nil
}

// GuestOrder reads the guest order of a link's token, with what it
// refunded and its festival's cancellation rule as it applies now.
func (s *TicketService) GuestOrder(ctx context.Context, token string) (*marquee.TicketOrder, error) {
	o, err := s.guestOrder(ctx, token)
	if err != nil {
		return nil, err
	}
	return s.withSelfService(ctx, o)
}

// PayGuestOrder pays the guest order of a link's token as PayOrder pays a
// signed-in buyer's.
func (s *TicketService) PayGuestOrder(ctx context.Context, token string, req marquee.TicketPayRequest) (*marquee.TicketPayResult, error) {
	o, err := s.guestOrder(ctx, token)
	if err != nil {
		return nil, err
	}
	return s.payOrder(ctx, o, req)
}

// ConfirmGuestOrder settles the guest order of a link's token as
// ConfirmOrder does.
func (s *TicketService) ConfirmGuestOrder(ctx context.Context, token string) (*marquee.TicketPayResult, error) {
	o, err := s.guestOrder(ctx, token)
	if err != nil {
		return nil, err
	}
	return s.confirmOrder(ctx, o)
}

// CancelGuestOrder releases the pending guest order of a link's token (a
// settled one is answered as it is).
func (s *TicketService) CancelGuestOrder(ctx context.Context, token string) (*marquee.TicketOrder, error) {
	o, err := s.guestOrder(ctx, token)
	if err != nil {
		return nil, err
	}
	if err := s.cancelPending(ctx, o); err != nil {
		return nil, err
	}
	return s.guestOrder(ctx, token)
}

// GuestTicket is ticket id of the guest order of a link's token.
func (s *TicketService) GuestTicket(ctx context.Context, token string, id int64) (*marquee.Ticket, error) {
	o, err := s.guestOrder(ctx, token)
	if err != nil {
		return nil, err
	}
	for _, t := range o.Tickets {
		if t.ID == id {
			return t, nil
		}
	}
	return nil, marquee.ErrTicketNotFound()
}

// ClaimGuestOrders moves the unclaimed guest orders bought with the
// signed-in user's address, and their tickets, to their account, once the
// address is confirmed (an unconfirmed account claims nothing). Each order
// moves once (claimed_at guards it); its links keep working.
func (s *TicketService) ClaimGuestOrders(ctx context.Context) (int, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return 0, err
	}
	// The address as stored now, confirmed now (the session's copy may be
	// older than a confirmation or a change of address).
	var email string
	var verified sql.NullTime
	if err := s.writer().queryRow(ctx, `SELECT email, email_verified_at FROM users WHERE id = ?`, u.ID).Scan(&email, &verified); err != nil {
		return 0, fmt.Errorf("store: claim guest orders of user %d: %w", u.ID, err)
	}
	if !verified.Valid || marquee.NormalizeEmail(email) == marquee.GuestAccountEmail {
		return 0, nil
	}
	claimed := 0
	err = s.inTx(ctx, func(c conn) error {
		now := s.now()
		rows, err := c.query(ctx, `SELECT order_id FROM ticket_guest_orders WHERE email = ? AND claimed_at IS NULL ORDER BY order_id`,
			marquee.NormalizeEmail(email))
		if err != nil {
			return fmt.Errorf("store: guest orders of %d: %w", u.ID, err)
		}
		var ids []int64
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return fmt.Errorf("store: guest orders of %d: %w", u.ID, err)
			}
			ids = append(ids, id)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return fmt.Errorf("store: guest orders of %d: %w", u.ID, err)
		}
		for _, id := range ids {
			res, err := c.exec(ctx, `UPDATE ticket_guest_orders SET claimed_by = ?, claimed_at = ? WHERE order_id = ? AND claimed_at IS NULL`, u.ID, now, id)
			if err != nil {
				return fmt.Errorf("store: claim guest order %d: %w", id, err)
			}
			if n, _ := res.RowsAffected(); n == 0 {
				continue // claimed meanwhile
			}
			if _, err := c.exec(ctx, `UPDATE ticket_orders SET user_id = ?, updated_at = ? WHERE id = ?`, u.ID, now, id); err != nil {
				return fmt.Errorf("store: claim guest order %d: %w", id, err)
			}
			if _, err := c.exec(ctx, `UPDATE tickets SET user_id = ?, updated_at = ? WHERE order_id = ?`, u.ID, now, id); err != nil {
				return fmt.Errorf("store: claim guest order %d: tickets: %w", id, err)
			}
			claimed++
		}
		return nil
	})
	return claimed, err
}

package store

import (
	"context"
	"fmt"

	"github.com/marquee-festival/marquee"
)

// Checkout prices req from its active package (or, when only an amount is
// given, the active package of that price: the seed client's call), records
// a pending purchase for the signed-in user, and asks the provider for the
// payment outside any transaction. An outcome known at once settles
// through Settle's code. Input the provider refuses (EInvalid) removes the
// pending purchase again, so invalid input writes nothing; a provider that
// cannot be reached leaves the purchase failed.
func (s *PaymentService) Checkout(ctx context.Context, req marquee.CheckoutRequest) (*marquee.CheckoutResult, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.configured(); err != nil {
		return nil, err
	}
	req.Normalize()
	if err := req.Validate(s.now()); err != nil {
		return nil, err
	}
	pkg, err := s.checkoutPackage(ctx, req)
	if err != nil {
		return nil, err
	}
	if err := req.ValidatePrice(pkg); err != nil {
		return nil, err
	}
	lang := packageLanguage(req.Language)
	now := s.now()
	var id int64
	// Unsettled after PaymentReconcileAfter, the worker asks the provider.
	err = s.writer().queryRow(ctx, `INSERT INTO purchases (user_id, package_id, credits, amount_cents, currency, country, provider, status, language, created_at, updated_at, reconcile_at, buyer_company, buyer_vat_id)
		VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?) RETURNING id`,
		u.ID, pkg.ID, pkg.Credits, pkg.PriceCents, marquee.Currency, req.Country, s.provider.Name(), lang, now, now, now.Add(marquee.PaymentReconcileAfter), req.Company, req.VATID).Scan(&id)
	if err != nil {
		return nil, fmt.Errorf("store: checkout: insert purchase of %s for user %d: %w", pkg.ID, u.ID, err)
	}

	res, perr := s.provider.CreatePayment(ctx, marquee.PaymentRequest{
		PurchaseID:     id,
		AmountCents:    pkg.PriceCents,
		Currency:       marquee.Currency,
		Country:        req.Country,
		Email:          u.Email,
		PaymentMethod:  req.PaymentMethod,
		Card:           req.Card,
		IdempotencyKey: marquee.IdempotencyKey(id),
	})
	// The purchase must be cleaned up even when the caller has gone.
	bg := context.WithoutCancel(ctx)
	if perr != nil {
		if marquee.ErrorCode(perr) == marquee.EInvalid {
			if _, err := s.writer().exec(bg, `DELETE FROM purchases WHERE id = ? AND status = 'pending'`, id); err != nil {
				return nil, fmt.Errorf("store: checkout: remove refused purchase %d: %w (provider: %w)", id, err, perr)
			}
			return nil, perr
		}
		if _, err := s.writer().exec(bg, `UPDATE purchases SET status = 'failed', failure_message = ?, updated_at = ? WHERE id = ? AND status = 'pending'`,
			msgPaymentIncomplete, s.now(), id); err != nil {
			return nil, fmt.Errorf("store: checkout: mark purchase %d failed: %w (provider: %w)", id, err, perr)
		}
		incomplete := &marquee.Error{Code: marquee.EInternal, Message: msgPaymentIncomplete}
		return nil, fmt.Errorf("store: checkout purchase %d: %w: provider: %w", id, incomplete, perr)
	}
	if res == nil {
		res = &marquee.PaymentResult{}
	}
	if res.Reference != "" {
		_, err := s.writer().exec(bg, `UPDATE purchases SET reference = ?, updated_at = ? WHERE id = ? AND reference IS NULL`, res.Reference, s.now(), id)
		if err != nil {
			return nil, fmt.Errorf("store: checkout: store reference %q of purchase %d: %w", res.Reference, id, err)
		}
	}
	if res.Event != nil {
		ev := *res.Event
		if ev.PurchaseID == 0 {
			ev.PurchaseID = id
		}
		if ev.Reference == "" {
			ev.Reference = res.Reference
		}
		if _, err := s.settle(bg, ev); err != nil {
			return nil, err
		}
	}
	return s.result(ctx, id, lang, res.ClientSecret)
}

// checkoutPackage finds the active package req names, by id or, without
// one, by its price (EInvalid when there is none).
func (s *PaymentService) checkoutPackage(ctx context.Context, req marquee.CheckoutRequest) (*marquee.Package, error) {
	if req.PackageID == "" {
		rows, err := s.reader().query(ctx, packageQuery+` ORDER BY p.position, p.id`, "en")
		if err != nil {
			return nil, fmt.Errorf("store: checkout: list packages: %w", err)
		}
		defer rows.Close()
		var pkgs []*marquee.Package
		for rows.Next() {
			p, err := scanPackage(rows)
			if err != nil {
				return nil, err
			}
			pkgs = append(pkgs, p)
		}
		if err := rows.Err(); err != nil {
			return nil, fmt.Errorf("store: checkout: list packages: %w", err)
		}
		return marquee.PackageForAmount(pkgs, req.AmountCents)
	}
	rows, err := s.reader().query(ctx, packageQuery+` AND p.id = ?`, "en", req.PackageID)
	if err != nil {
		return nil, fmt.Errorf("store: checkout: find package %s: %w", req.PackageID, err)
	}
	defer rows.Close()
	if !rows.Next() {
		if err := rows.Err(); err != nil {
			return nil, fmt.Errorf("store: checkout: find package %s: %w", req.PackageID, err)
		}
		return nil, marquee.FieldError("packageId", "Package not found")
	}
	return scanPackage(rows)
}

// Confirm asks the provider for the state of the signed-in user's pending
// or failed purchase id and settles it; a settled purchase is answered as
// it is. Another user's purchase is ENotFound.
func (s *PaymentService) Confirm(ctx context.Context, id int64) (*marquee.CheckoutResult, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.configured(); err != nil {
		return nil, err
	}
	p, err := loadPurchase(ctx, s.reader(), id, "", u.ID)
	if err != nil {
		return nil, err
	}
	if (p.Status == marquee.PurchasePending || p.Status == marquee.PurchaseFailed) && p.Reference != "" {
		ev, err := s.provider.Payment(ctx, p.Reference)
		if err != nil {
			return nil, fmt.Errorf("store: confirm purchase %d: %w", id, err)
		}
		if ev != nil {
			e := *ev
			if e.PurchaseID == 0 {
				e.PurchaseID = id
			}
			if e.Reference == "" {
				e.Reference = p.Reference
			}
			if e.PurchaseID != id || e.Reference != p.Reference {
				return nil, fmt.Errorf("store: confirm purchase %d: provider answered for purchase %d, payment %q", id, e.PurchaseID, e.Reference)
			}
			if _, err := s.settle(ctx, e); err != nil {
				return nil, err
			}
		}
	}
	return s.result(ctx, id, "", "")
}

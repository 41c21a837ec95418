package store

import (
	"context"
	"fmt"

	"github.com/marquee-festival/marquee"
)

// Purchase returns one of the signed-in user's own purchases
// (marquee.OwnRecords, an admin's own too), its package name in lang;
// ENotFound otherwise (the same answer as for a purchase that does not
// exist).
func (s *PaymentService) Purchase(ctx context.Context, id int64, lang string) (*marquee.Purchase, error) {
	scope, err := marquee.OwnRecords(ctx)
	if err != nil {
		return nil, err
	}
	return loadPurchase(ctx, s.reader(), id, packageLanguage(lang), scope.UserID)
}

// AdminPurchase returns any purchase for an admin (marquee.AdminRecords),
// its package name in lang.
func (s *PaymentService) AdminPurchase(ctx context.Context, id int64, lang string) (*marquee.Purchase, error) {
	scope, err := marquee.AdminRecords(ctx, 0)
	if err != nil {
		return nil, err
	}
	return loadPurchase(ctx, s.reader(), id, packageLanguage(lang), scope.UserID)
}

// Purchases lists the signed-in user's own purchases (marquee.OwnRecords,
// f.UserID not read), newest first, their package names in lang;
// f.Status narrows the list.
func (s *PaymentService) Purchases(ctx context.Context, f marquee.PurchaseFilter, lang string) (*marquee.Page[*marquee.Purchase], error) {
	scope, err := marquee.OwnRecords(ctx)
	if err != nil {
		return nil, err
	}
	return s.listPurchases(ctx, scope, f, lang)
}

// AdminPurchases lists everyone's purchases (f.UserID 0) or one user's,
// for an admin (marquee.AdminRecords), newest first.
func (s *PaymentService) AdminPurchases(ctx context.Context, f marquee.PurchaseFilter, lang string) (*marquee.Page[*marquee.Purchase], error) {
	scope, err := marquee.AdminRecords(ctx, f.UserID)
	if err != nil {
		return nil, err
	}
	return s.listPurchases(ctx, scope, f, lang)
}

// listPurchases lists the purchases of scope newest first (counted up to
// marquee.CountCap), with their package names in lang; f.Status narrows
// the list.
func (s *PaymentService) listPurchases(ctx context.Context, scope marquee.RecordsScope, f marquee.PurchaseFilter, lang string) (*marquee.Page[*marquee.Purchase], error) {
	f.UserID = scope.UserID
	if f.PerPage <= 0 {
		f.PerPage = marquee.PurchasesPerPage
	}
	where, args := ` WHERE 1 = 1`, []any{}
	if f.UserID != 0 {
		where += ` AND p.user_id = ?`
		args = append(args, f.UserID)
	}
	if f.Status != "" {
		where += ` AND p.status = ?`
		args = append(args, string(f.Status))
	}
	total, err := countCapped(ctx, s.reader(), "purchases", `FROM purchases p`+where, args...)
	if err != nil {
		return nil, err
	}
	rows, err := s.reader().query(ctx, `SELECT `+purchaseColumns+purchaseFrom+where+` ORDER BY p.created_at DESC, p.id DESC`+limitOffset(f.PerPage),
		append(append([]any{packageLanguage(lang)}, args...), f.Offset())...)
	if err != nil {
		return nil, fmt.Errorf("store: list purchases: %w", err)
	}
	defer rows.Close()
	out := []*marquee.Purchase{}
	for rows.Next() {
		p, err := scanPurchase(rows)
		if err != nil {
			return nil, fmt.Errorf("store: scan purchase: %w", err)
		}
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: list purchases: %w", err)
	}
	return marquee.NewCappedPage(out, total, max(f.Page, 1), f.PerPage), nil
}

// Ledger lists the signed-in user's own ledger rows (marquee.OwnRecords),
// newest first.
func (s *PaymentService) Ledger(ctx context.Context, page marquee.PageRequest) (*marquee.Page[*marquee.LedgerEntry], error) {
	scope, err := marquee.OwnRecords(ctx)
	if err != nil {
		return nil, err
	}
	user := scope.UserID
	if page.PerPage <= 0 {
		page.PerPage = marquee.PurchasesPerPage
	}
	var total int64
	if err := s.reader().queryRow(ctx, `SELECT COUNT(*) FROM credit_ledger WHERE user_id = ?`, user).Scan(&total); err != nil {
		return nil, fmt.Errorf("store: count ledger of user %d: %w", user, err)
	}
	rows, err := s.reader().query(ctx, `SELECT id, user_id, delta, reason, reference, created_at FROM credit_ledger
		WHERE user_id = ? ORDER BY id DESC`+limitOffset(page.PerPage), user, page.Offset())
	if err != nil {
		return nil, fmt.Errorf("store: list ledger of user %d: %w", user, err)
	}
	defer rows.Close()
	out := []*marquee.LedgerEntry{}
	for rows.Next() {
		var e marquee.LedgerEntry
		var reason string
		if err := rows.Scan(&e.ID, &e.UserID, &e.Delta, &reason, &e.Reference, &e.CreatedAt); err != nil {
			return nil, fmt.Errorf("store: scan ledger row: %w", err)
		}
		e.Reason = marquee.LedgerReason(reason)
		e.CreatedAt = e.CreatedAt.UTC()
		out = append(out, &e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: list ledger of user %d: %w", user, err)
	}
	return marquee.NewPage(out, total, max(page.Page, 1), page.PerPage), nil
}

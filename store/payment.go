package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"

	"github.com/marquee-festival/marquee"
)

// PaymentOptions configure the payment service.
type PaymentOptions struct {
	// Provider takes the payments. Nil: every call but the reads answers
	// EInternal "Payments are not configured".
	Provider marquee.PaymentProvider
	// ComposeReceipt writes the receipt e-mail of a succeeded purchase; nil
	// sends no receipt.
	ComposeReceipt marquee.ComposeReceipt
	// ReceiptStatus is the outbox status of receipts: MailQueued when an
	// SMTP server delivers them, MailKept (the default) otherwise.
	ReceiptStatus marquee.MailStatus
}

// PaymentService implements marquee.PaymentService: purchases of credit
// packages (payment.go, payment_checkout.go), their settlement exactly once
// (payment_settle.go), refunds (payment_refund.go) and the lists
// (payment_list.go).
//
// A purchase is written pending in a short transaction, the provider is
// called outside any transaction, and its answer settles the purchase in
// one transaction that changes the status (guarded by the old status),
// moves the balance with its ledger row (moveCredits; unique per reason and
// purchase) and queues the receipt. The guard and the unique row make a
// purchase grant once however many calls, on however many nodes, settle it.
type PaymentService struct {
	service
	provider      marquee.PaymentProvider
	receipt       marquee.ComposeReceipt
	receiptStatus marquee.MailStatus
	// tickets settles the events of ticket orders' payments.
	tickets *TicketService
}

var _ marquee.PaymentService = (*PaymentService)(nil)

// Messages of the payment service.
const (
	// msgPaymentIncomplete is recorded on a purchase whose provider could
	// not be reached, or that failed without the provider's reason.
	msgPaymentIncomplete = "The payment could not be completed. Please try again."
)

func newPaymentService(base service, o PaymentOptions) (*PaymentService, error) {
	switch o.ReceiptStatus {
	case "":
		o.ReceiptStatus = marquee.MailKept
	case marquee.MailQueued, marquee.MailKept:
	default:
		return nil, fmt.Errorf("store: payments: receipt status %q (want queued or kept)", o.ReceiptStatus)
	}
	return &PaymentService{service: base, provider: o.Provider, receipt: o.ComposeReceipt, receiptStatus: o.ReceiptStatus}, nil
}

// configured answers EInternal when no provider was given.
func (s *PaymentService) configured() error {
	if s.provider == nil {
		return marquee.Errorf(marquee.EInternal, "Payments are not configured")
	}
	return nil
}

// Config is the active provider's configuration for the front end (empty
// when payments are not configured).
func (s *PaymentService) Config() marquee.PaymentConfig {
	if s.provider == nil {
		return marquee.PaymentConfig{}
	}
	return s.provider.Config()
}

func errPurchaseNotFound() error { return marquee.Errorf(marquee.ENotFound, "Purchase not found") }

func errUnknownPayment() error { return marquee.Errorf(marquee.EInvalid, "Unknown payment") }

// purchaseColumns are the columns scanPurchase reads, from purchaseFrom.
const purchaseColumns = `p.id, p.user_id, u.email, p.package_id, COALESCE(t.name, e.name, p.package_id),
	p.credits, p.amount_cents, p.currency, p.country, p.provider, COALESCE(p.reference, ''), p.status,
	p.failure_message, p.refunded_credits, p.refunded_cents, p.language, p.created_at, p.settled_at, p.refunded_at,
	p.buyer_company, p.buyer_vat_id`

// purchaseFrom joins a purchase's buyer and package name; its one
// parameter is the language of the name, "" for the purchase's own
// (English where the package has no text in it).
const purchaseFrom = ` FROM purchases p
	JOIN users u ON u.id = p.user_id
	LEFT JOIN package_texts e ON e.package_id = p.package_id AND e.lang = 'en'
	LEFT JOIN package_texts t ON t.package_id = p.package_id AND t.lang = COALESCE(NULLIF(?, ''), p.language)`

func scanPurchase(row interface{ Scan(...any) error }) (*marquee.Purchase, error) {
	var p marquee.Purchase
	var status string
	var settled, refunded sql.NullTime
	if err := row.Scan(&p.ID, &p.UserID, &p.UserEmail, &p.PackageID, &p.PackageName, &p.Credits, &p.AmountCents,
		&p.Currency, &p.Country, &p.Provider, &p.Reference, &status, &p.FailureMessage, &p.RefundedCredits,
		&p.RefundedCents, &p.Language, &p.CreatedAt, &settled, &refunded, &p.Company, &p.VATID); err != nil {
		return nil, err
	}
	p.Status = marquee.PurchaseStatus(status)
	p.CreatedAt = p.CreatedAt.UTC()
	if settled.Valid {
		t := settled.Time.UTC()
		p.SettledAt = &t
	}
	if refunded.Valid {
		t := refunded.Time.UTC()
		p.RefundedAt = &t
	}
	p.RefundPending = p.RefundUnconfirmed()
	return &p, nil
}

// loadPurchase reads purchase id through c with its package name in lang
// ("" for the purchase's language); userID, when not 0, must be its
// buyer's. A missing purchase (or another user's) is ENotFound.
func loadPurchase(ctx context.Context, c conn, id int64, lang string, userID int64) (*marquee.Purchase, error) {
	if lang != "" {
		lang = packageLanguage(lang)
	}
	q := `SELECT ` + purchaseColumns + purchaseFrom + ` WHERE p.id = ?`
	args := []any{lang, id}
	if userID != 0 {
		q += ` AND p.user_id = ?`
		args = append(args, userID)
	}
	p, err := scanPurchase(c.queryRow(ctx, q, args...))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errPurchaseNotFound()
	} else if err != nil {
		return nil, fmt.Errorf("store: find purchase %d: %w", id, err)
	}
	return p, nil
}

// balance returns user id's credits.
func balance(ctx context.Context, c conn, userID int64) (int64, error) {
	var credits int64
	if err := c.queryRow(ctx, `SELECT credits FROM users WHERE id = ?`, userID).Scan(&credits); errors.Is(err, sql.ErrNoRows) {
		return 0, marquee.Errorf(marquee.ENotFound, "User not found")
	} else if err != nil {
		return 0, fmt.Errorf("store: balance of user %d: %w", userID, err)
	}
	return credits, nil
}

// refundKey is the provider's idempotency key of the refund of purchase id.
func refundKey(id int64) string { return "marquee-refund-" + strconv.FormatInt(id, 10) }

// result is a CheckoutResult for purchase id as its buyer sees it.
func (s *PaymentService) result(ctx context.Context, id int64, lang, clientSecret string) (*marquee.CheckoutResult, error) {
	p, err := loadPurchase(ctx, s.reader(), id, lang, 0)
	if err != nil {
		return nil, err
	}
	credits, err := balance(ctx, s.reader(), p.UserID)
	if err != nil {
		return nil, err
	}
	return &marquee.CheckoutResult{Purchase: p, ClientSecret: clientSecret, Balance: credits}, nil
}

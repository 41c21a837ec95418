package marquee

// Refunds of credit packages.
//
// Credits are fungible: a balance does not remember which purchase (or
// adjustment) each of its credits came from. The unspent share of a
// purchase is therefore what the buyer's balance still holds of it: its
// credits, or the whole balance when that is smaller. A refund takes back
// exactly that share and returns the same share of the price, rounded
// down to the cent (price × unspent ÷ credits): the buyer is never paid
// for credits they spent, and never loses credits without their money.
// A purchase none of whose credits are left (or whose unspent share is
// worth less than a cent) cannot be refunded: there is nothing to return.
//
// The admin sees the plan before confirming (RefundPlan), and confirms
// with its figures (RefundConfirmation): a balance that changed since the
// preview refuses the refund rather than return another amount.

// RefundPlan is what refunding a purchase does, shown to the admin before
// they confirm it: the credits taken back from the buyer's balance and the
// money returned to their card.
type RefundPlan struct {
	PurchaseID int64 `json:"purchaseId"`
	// Credits and AmountCents are what the purchase granted and cost.
	Credits     int64  `json:"credits"`
	AmountCents int64  `json:"amountCents"`
	Currency    string `json:"currency"`
	// Balance is the buyer's balance now.
	Balance int64 `json:"balance"`
	// SpentCredits are the purchase's credits the balance no longer holds.
	SpentCredits int64 `json:"spentCredits"`
	// TakeCredits are the credits the refund takes back (the unspent share).
	TakeCredits int64 `json:"takeCredits"`
	// RefundCents is the money the refund returns.
	RefundCents int64 `json:"refundCents"`
	// Refundable is false when there is nothing to return (Err says why).
	Refundable bool `json:"refundable"`
	// Retry marks a refund recorded earlier whose payment provider has
	// not confirmed it: confirming asks the provider again for the same
	// amount, and moves no credits.
	Retry bool `json:"retry"`
}

// RefundConfirmation is the admin's confirmation of a refund: the figures
// of the preview they were shown.
type RefundConfirmation struct {
	TakeCredits int64 `json:"takeCredits"`
	RefundCents int64 `json:"refundCents"`
}

// Validate checks that the confirmation names the preview's figures.
func (c RefundConfirmation) Validate() error {
	var f FieldErrors
	if c.TakeCredits <= 0 {
		f.Add("takeCredits", "Confirm the credits the refund takes back, as its preview shows them")
	}
	if c.RefundCents <= 0 {
		f.Add("refundCents", "Confirm the amount the refund returns, as its preview shows it")
	}
	return f.Err()
}

// ErrAlreadyRefunded is the answer to refunding a purchase whose refund
// the provider has confirmed.
func ErrAlreadyRefunded() error {
	return Errorf(EConflict, "This purchase is already refunded")
}

// ErrNotRefundable is the answer to refunding a purchase that did not
// succeed.
func ErrNotRefundable() error {
	return Errorf(EConflict, "Only a succeeded purchase can be refunded")
}

// ErrRefundUnconfirmed is the answer to a refund the payment provider did
// not confirm: it is recorded (its credits taken back), and refunding the
// purchase again asks the provider again for the same amount.
func ErrRefundUnconfirmed() error {
	return Errorf(EUnavailable, "The refund is recorded and its credits taken back, but the payment provider has not confirmed it: refund the purchase again to retry")
}

// PlanRefund is the rule of an admin's refund of purchase p when the
// buyer's balance is balance: for a succeeded purchase its unspent share,
// pro rata; for a refund recorded earlier that the provider has not
// confirmed, the same refund again. A purchase already refunded, or that
// did not succeed, is EConflict.
func PlanRefund(p *Purchase, balance int64) (*RefundPlan, error) {
	plan := &RefundPlan{PurchaseID: p.ID, Credits: p.Credits, AmountCents: p.AmountCents, Currency: p.Currency, Balance: balance}
	switch {
	case p.Status == PurchaseSucceeded:
		plan.TakeCredits = min(p.Credits, max(balance, 0))
		if p.Credits > 0 {
			plan.RefundCents = p.AmountCents * plan.TakeCredits / p.Credits
		}
	case p.RefundUnconfirmed():
		plan.TakeCredits, plan.RefundCents, plan.Retry = p.RefundedCredits, p.RefundedCents, true
	case p.Status == PurchaseRefunded:
		return nil, ErrAlreadyRefunded()
	default:
		return nil, ErrNotRefundable()
	}
	plan.SpentCredits = p.Credits - plan.TakeCredits
	plan.Refundable = plan.Err() == nil
	return plan, nil
}

// ProviderRefund is the rule of a refund the payment provider reports
// (made outside Marquee, in the provider's dashboard): the whole payment
// has been returned, so the refund takes back as many of the purchase's
// credits as the balance holds, and records the whole amount.
func ProviderRefund(p *Purchase, balance int64) *RefundPlan {
	take := min(p.Credits, max(balance, 0))
	return &RefundPlan{PurchaseID: p.ID, Credits: p.Credits, AmountCents: p.AmountCents, Currency: p.Currency, Balance: balance,
		SpentCredits: p.Credits - take, TakeCredits: take, RefundCents: p.AmountCents, Refundable: true}
}

// Err says why the plan cannot be carried out; nil when it can.
func (p *RefundPlan) Err() error {
	switch {
	case p.TakeCredits <= 0:
		return Errorf(EConflict, "Every credit of this purchase has been spent: there is nothing to refund")
	case p.RefundCents <= 0:
		return Errorf(EConflict, "The unspent credits of this purchase are worth less than a cent: there is nothing to refund")
	}
	return nil
}

// Confirm checks that the plan can be carried out and that c confirms
// exactly its figures: a balance that changed since the admin's preview
// is EConflict, never another refund than the one confirmed.
func (p *RefundPlan) Confirm(c RefundConfirmation) error {
	if err := p.Err(); err != nil {
		return err
	}
	if c.TakeCredits != p.TakeCredits || c.RefundCents != p.RefundCents {
		return Errorf(EConflict, "The buyer's balance has changed since the preview: review the refund again")
	}
	return nil
}

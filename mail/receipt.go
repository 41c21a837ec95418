package mail

import (
	"strconv"
	"strings"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/locale"
)

// KindReceipt is the outbox kind of receipt e-mails.
const KindReceipt = "receipt"

// seller is who sells credits: the site.
const seller = "Marquee"

// ReceiptURL returns the printable receipt page of purchase id.
func (c Composer) ReceiptURL(id int64) string {
	return c.base() + "/account/receipts/" + strconv.FormatInt(id, 10)
}

// Receipt writes the receipt e-mail of succeeded purchase p to its buyer,
// in the purchase's language: seller, buyer (and the company and VAT id
// the buyer gave, when given), package, credits, amount, the
// date of settlement (in UTC; the purchase's date while it has none),
// payment reference and a link to the receipt page. It fits
// marquee.ComposeReceipt. The texts are translated in
// locale/catalog/<lang>/mail.json.
func (c Composer) Receipt(p *marquee.Purchase) marquee.Mail {
	lang := Language(p.Language)
	at := p.CreatedAt
	if p.SettledAt != nil {
		at = *p.SettledAt
	}
	vars := locale.Vars{
		"seller":    seller,
		"email":     oneLine(p.UserEmail),
		"package":   oneLine(p.PackageName),
		"credits":   strconv.FormatInt(p.Credits, 10),
		"amount":    FormatAmount(p.AmountCents, p.Currency),
		"date":      FormatDate(at.UTC().Format("2006-01-02"), lang),
		"reference": oneLine(p.Reference),
		"link":      c.ReceiptURL(p.ID),
	}
	var body strings.Builder
	body.WriteString(locale.Text(lang, "Hello,") + "\n\n")
	body.WriteString(locale.Format(lang, "Thank you for your purchase. This is your receipt for {package}.", vars) + "\n\n")
	lines := []string{
		locale.Format(lang, "Seller: {seller}", vars),
		locale.Format(lang, "Buyer: {email}", vars),
	}
	lines = append(lines, buyerTaxLines(p.BuyerTax, lang)...)
	for _, line := range append(lines,
		locale.Format(lang, "Package: {package}", vars),
		locale.Format(lang, "Credits: {credits}", vars),
		locale.Format(lang, "Amount paid: {amount}", vars),
		locale.Format(lang, "Date: {date}", vars),
		locale.Format(lang, "Payment reference: {reference}", vars),
	) {
		body.WriteString(line + "\n")
	}
	body.WriteString("\n" + locale.Format(lang, "To view or print this receipt, visit {link}", vars) + "\n\n")
	body.WriteString(locale.Text(lang, "— Marquee, the film festival platform") + "\n")
	return marquee.Mail{
		Kind:     KindReceipt,
		To:       p.UserEmail,
		Subject:  locale.Format(lang, "Your Marquee receipt: {package}", vars),
		Body:     body.String(),
		Language: lang,
	}
}

// FormatAmount writes an amount of minor units in currency
// (marquee.FormatMoney): "$1,250.00", "€25.00", "¥1,500" (JPY has no
// minor unit), "CN¥25.00"; a currency it does not know as "25.00 XYZ".
func FormatAmount(cents int64, currency string) string {
	return marquee.FormatMoney(cents, currency)
}

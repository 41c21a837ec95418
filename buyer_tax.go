package marquee

import "strings"

// Tax data on receipts (issue 26): a buyer may give the company they buy
// for and its VAT id at checkout, for credit purchases and ticket orders.
// Both are optional and printed on the receipt, the receipt e-mail and the
// ticket confirmation when given. They name a company the buyer works for,
// so they leave with the account: exported with it, cleared when it is
// deleted (store/privacy_tables.go).

// BuyerCompanyMax and BuyerVATIDMax bound the buyer's company name (in
// characters) and VAT id (after normalising: no spaces, dots or dashes).
const (
	BuyerCompanyMax = 200
	BuyerVATIDMax   = 15
	// buyerVATIDMin is a country prefix and two characters.
	buyerVATIDMin = 4
)

// BuyerTax is the optional company and VAT id a buyer gives at checkout.
type BuyerTax struct {
	Company string `json:"buyerCompany"`
	VATID   string `json:"buyerVatId"`
}

// Normalize trims the company and writes the VAT id as it is printed: upper
// case, without the spaces, dots and dashes people type into it.
func (b *BuyerTax) Normalize() {
	b.Company = strings.TrimSpace(b.Company)
	b.VATID = strings.ToUpper(strings.NewReplacer(" ", "", ".", "", "-", "", "\t", "").Replace(b.VATID))
}

// Validate checks a normalised BuyerTax into f: a company of at most
// BuyerCompanyMax characters on one line, and a VAT id that is a
// two-letter country prefix followed by 2 to 13 letters and digits (the
// EU's VIES form, which GB, CH and NO ids also have). A VAT id without a
// company is refused: a receipt names the company the id belongs to.
func (b BuyerTax) Validate(f *FieldErrors) {
	switch {
	case Length(b.Company) > BuyerCompanyMax:
		f.Add("buyerCompany", "Company name must be at most 200 characters")
	case strings.ContainsAny(b.Company, "\r\n"):
		f.Add("buyerCompany", "Company name must be on one line")
	}
	if b.VATID == "" {
		return
	}
	if !ValidVATID(b.VATID) {
		f.Add("buyerVatId", "VAT ID must be a two-letter country prefix followed by 2 to 13 letters or digits, such as DE123456789")
		return
	}
	if b.Company == "" {
		f.Add("buyerCompany", "Enter the company name the VAT ID belongs to")
	}
}

// ValidVATID reports whether id (normalised) is a two-letter country
// prefix followed by 2 to 13 upper-case letters and digits.
func ValidVATID(id string) bool {
	if len(id) < buyerVATIDMin || len(id) > BuyerVATIDMax {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		letter := c >= 'A' && c <= 'Z'
		if i < 2 && !letter || !letter && (c < '0' || c > '9') {
			return false
		}
	}
	return true
}

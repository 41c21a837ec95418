package mail

import (
	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/locale"
)

// buyerTaxLines are a receipt's or confirmation's lines naming the
// buyer's company and VAT id, in lang: one line for each that was given,
// none when neither was.
func buyerTaxLines(b marquee.BuyerTax, lang string) []string {
	var out []string
	if b.Company != "" {
		out = append(out, locale.Format(lang, "Company: {company}", locale.Vars{"company": oneLine(b.Company)}))
	}
	if b.VATID != "" {
		out = append(out, locale.Format(lang, "VAT ID: {vatId}", locale.Vars{"vatId": oneLine(b.VATID)}))
	}
	return out
}

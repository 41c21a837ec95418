package marquee

import (
	"strings"
	"testing"
)

func TestBuyerTaxValidate(t *testing.T) {
	for _, tc := range []struct {
		in     BuyerTax
		norm   BuyerTax
		fields []string
	}{
		{BuyerTax{}, BuyerTax{}, nil},
		{BuyerTax{Company: "  Kino AB "}, BuyerTax{Company: "Kino AB"}, nil},
		{BuyerTax{Company: "ACME", VATID: " de 123.456-789 "}, BuyerTax{Company: "ACME", VATID: "DE123456789"}, nil},
		{BuyerTax{Company: "ACME", VATID: "atu12345678"}, BuyerTax{Company: "ACME", VATID: "ATU12345678"}, nil},
		{BuyerTax{Company: "ACME", VATID: "NL123456789B01"}, BuyerTax{Company: "ACME", VATID: "NL123456789B01"}, nil},
		{BuyerTax{Company: "ACME", VATID: "DE12"}, BuyerTax{Company: "ACME", VATID: "DE12"}, nil},
		{BuyerTax{Company: "ACME", VATID: "DE1"}, BuyerTax{Company: "ACME", VATID: "DE1"}, []string{"buyerVatId"}},
		{BuyerTax{Company: "ACME", VATID: "DE1234567890123"}, BuyerTax{Company: "ACME", VATID: "DE1234567890123"}, nil},
		{BuyerTax{Company: "ACME", VATID: "DE12345678901234"}, BuyerTax{Company: "ACME", VATID: "DE12345678901234"}, []string{"buyerVatId"}},
		{BuyerTax{Company: "ACME", VATID: "1E123456"}, BuyerTax{Company: "ACME", VATID: "1E123456"}, []string{"buyerVatId"}},
		{BuyerTax{Company: "ACME", VATID: "DE12_456"}, BuyerTax{Company: "ACME", VATID: "DE12_456"}, []string{"buyerVatId"}},
		{BuyerTax{Company: "ACME", VATID: "ÄT123456"}, BuyerTax{Company: "ACME", VATID: "ÄT123456"}, []string{"buyerVatId"}},
		{BuyerTax{VATID: "DE123456789"}, BuyerTax{VATID: "DE123456789"}, []string{"buyerCompany"}},
		{BuyerTax{Company: strings.Repeat("株", BuyerCompanyMax)}, BuyerTax{Company: strings.Repeat("株", BuyerCompanyMax)}, nil},
		{BuyerTax{Company: strings.Repeat("株", BuyerCompanyMax+1)}, BuyerTax{Company: strings.Repeat("株", BuyerCompanyMax+1)}, []string{"buyerCompany"}},
		{BuyerTax{Company: "A\rB"}, BuyerTax{Company: "A\rB"}, []string{"buyerCompany"}},
	} {
		b := tc.in
		b.Normalize()
		if b != tc.norm {
			t.Errorf("Normalize(%+v) = %+v, want %+v", tc.in, b, tc.norm)
		}
		var f FieldErrors
		b.Validate(&f)
		fields := ErrorFields(f.Err())
		if len(fields) != len(tc.fields) {
			t.Errorf("%+v: fields %v, want %v", tc.in, fields, tc.fields)
		}
		for _, k := range tc.fields {
			if fields[k] == "" {
				t.Errorf("%+v: no message for %s", tc.in, k)
			}
		}
	}
}

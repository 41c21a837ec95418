package marquee

import "testing"

func TestTicketCurrencies(t *testing.T) {
	for _, tc := range []struct {
		code     string
		want     string
		decimals int
	}{{"usd", "usd", 2}, {"EUR", "eur", 2}, {" jpy ", "jpy", 0}, {"CNY", "cny", 2}} {
		got, err := CheckTicketCurrency(tc.code)
		if err != nil || got != tc.want {
			t.Errorf("CheckTicketCurrency(%q) = %q, %v; want %q", tc.code, got, err, tc.want)
		}
		if d := CurrencyDecimals(tc.code); d != tc.decimals {
			t.Errorf("CurrencyDecimals(%q) = %d, want %d", tc.code, d, tc.decimals)
		}
	}
	for _, bad := range []string{"", "gbp", "yen", "jp", "usd;"} {
		_, err := CheckTicketCurrency(bad)
		if ErrorCode(err) != EInvalid || ErrorFields(err)["currency"] != "Choose a supported currency: USD, EUR, JPY or CNY" {
			t.Errorf("CheckTicketCurrency(%q) = %v, want the currency field's message", bad, err)
		}
	}
}

func TestFormatMoney(t *testing.T) {
	for _, tc := range []struct {
		amount   int64
		currency string
		want     string
	}{
		{1500, "jpy", "¥1,500"}, {3000, "jpy", "¥3,000"}, {50, "jpy", "¥50"}, {0, "jpy", "¥0"},
		{1500, "usd", "$15.00"}, {5, "usd", "$0.05"}, {2500, "eur", "€25.00"}, {123456, "cny", "CN¥1,234.56"},
		{-1500, "jpy", "-¥1,500"}, {2500, "", "$25.00"}, {2500, "gbp", "25.00 GBP"},
	} {
		if got := FormatMoney(tc.amount, tc.currency); got != tc.want {
			t.Errorf("FormatMoney(%d, %q) = %q, want %q", tc.amount, tc.currency, got, tc.want)
		}
	}
}

// TestTicketPriceInCurrency checks a price in its currency's minor units:
// yen have none, so ¥1,500 is 1500 and ¥50 is the least a paid ticket
// costs; a yuan ticket costs at least 4.00.
func TestTicketPriceInCurrency(t *testing.T) {
	for _, tc := range []struct {
		price    int64
		currency string
		msg      string
	}{
		{1500, "jpy", ""}, {50, "jpy", ""}, {49, "jpy", "A paid ticket costs at least ¥50"},
		{1000000, "jpy", ""}, {1000001, "jpy", "Price must be between ¥0 and ¥1,000,000"},
		{0, "jpy", ""}, {1500, "usd", ""}, {49, "usd", "A paid ticket costs at least 0.50"},
		{399, "cny", "A paid ticket costs at least 4.00"}, {7000000, "cny", ""}, {1000001, "eur", "Price must be between 0 and 10,000.00"},
	} {
		err := TicketTypeInput{Name: "Full", PriceCents: tc.price, Currency: tc.currency}.Validate(10, false)
		if got := ErrorFields(err)["priceCents"]; got != tc.msg {
			t.Errorf("price %d %s: %q, want %q", tc.price, tc.currency, got, tc.msg)
		}
	}
}

func TestStatementCurrency(t *testing.T) {
	bal := []CurrencyBalance{{Currency: "jpy"}, {Currency: "usd"}}
	cur, list, err := StatementCurrency("", "jpy", bal)
	if err != nil || cur != "jpy" || len(list) != 2 || list[0] != "jpy" || list[1] != "usd" {
		t.Fatalf("default: %q %v %v", cur, list, err)
	}
	if cur, _, err = StatementCurrency("USD", "jpy", bal); err != nil || cur != "usd" {
		t.Fatalf("usd: %q %v", cur, err)
	}
	if cur, _, err = StatementCurrency("eur", "jpy", bal); err != nil || cur != "eur" {
		t.Fatalf("eur (no rows): %q %v", cur, err)
	}
	if _, _, err = StatementCurrency("xyz", "jpy", bal); ErrorCode(err) != EInvalid {
		t.Fatalf("xyz: %v", err)
	}
}

// TestPriceOrderMinimumPerCurrency: a discount that leaves a total below
// the card minimum raises it to the currency's own minimum (¥50, 4.00
// yuan, 0.50 dollar), never above the subtotal; a free order stays free.
func TestPriceOrderMinimumPerCurrency(t *testing.T) {
	fixed := func(v int64) *Voucher { return &Voucher{Kind: VoucherFixed, Value: v} }
	for _, tc := range []struct {
		currency          string
		price             int64
		v                 *Voucher
		total, discounted int64
	}{
		{"usd", 1200, fixed(1190), 50, 1150},
		{"eur", 1200, fixed(1190), 50, 1150},
		{"jpy", 1500, fixed(1490), 50, 1450},
		{"jpy", 1500, fixed(1400), 100, 1400},
		{"cny", 2500, fixed(2400), 400, 2100},
		{"cny", 300, fixed(100), 300, 0},
		{"cny", 2500, &Voucher{Kind: VoucherFree}, 0, 2500},
		{"jpy", 1500, fixed(1500), 0, 1500},
		{"xyz", 1200, fixed(1190), 50, 1150},
	} {
		got := PriceOrder([]OrderLine{{Name: "Full", Quantity: 1, PriceCents: tc.price}}, tc.v, tc.currency)
		if got.TotalCents != tc.total || got.DiscountCents != tc.discounted || got.SubtotalCents != tc.price {
			t.Errorf("%s %d less %+v: %+v, want total %d discount %d", tc.currency, tc.price, tc.v, got, tc.total, tc.discounted)
		}
	}
}

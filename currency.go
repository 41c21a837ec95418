package marquee

import (
	"strconv"
	"strings"
)

// Ticket currencies (issue 27). A festival sells its tickets in one
// currency, its setting (festivals.ticket_currency, USD until the
// organiser chooses another): its screenings and their ticket types
// inherit it, so an order, its payment, its receipt, its earnings rows
// and the payouts of that money are all in it. Every amount is an integer
// of the currency's minor unit (the *Cents fields: cents of a dollar or a
// euro, fen of a yuan, whole yen for JPY, which has none), which is also
// what the payment provider takes (Stripe's zero-decimal currencies pass
// yen). Credit packages stay in US dollars (Currency).

// TicketCurrency describes a currency tickets may be sold in.
type TicketCurrency struct {
	// Code is the ISO 4217 code in lower case, as stored and sent to the
	// provider ("jpy").
	Code string `json:"code"`
	// Decimals is the number of digits of its minor unit (0 for JPY).
	Decimals int `json:"decimals"`
	// MinCents is the lowest price of a paid ticket (the card networks'
	// minimum charge), MaxCents the highest price of a ticket, both in
	// minor units.
	MinCents int64 `json:"minCents"`
	MaxCents int64 `json:"maxCents"`
	// Symbol prefixes an amount in e-mails and PDFs ("¥1,500").
	Symbol string `json:"-"`
	// Range and Minimum are the price rule's messages (translation ids).
	rangeMsg, minMsg string
}

// TicketCurrencies are the currencies a festival may sell tickets in, in
// the order the organiser's form offers them.
var TicketCurrencies = []TicketCurrency{
	{Code: "usd", Decimals: 2, MinCents: 50, MaxCents: 1000000, Symbol: "$",
		rangeMsg: "Price must be between 0 and 10,000.00", minMsg: "A paid ticket costs at least 0.50"},
	{Code: "eur", Decimals: 2, MinCents: 50, MaxCents: 1000000, Symbol: "€",
		rangeMsg: "Price must be between 0 and 10,000.00", minMsg: "A paid ticket costs at least 0.50"},
	{Code: "jpy", Decimals: 0, MinCents: 50, MaxCents: 1000000, Symbol: "¥",
		rangeMsg: "Price must be between ¥0 and ¥1,000,000", minMsg: "A paid ticket costs at least ¥50"},
	{Code: "cny", Decimals: 2, MinCents: 400, MaxCents: 7000000, Symbol: "CN¥",
		rangeMsg: "Price must be between 0 and 70,000.00", minMsg: "A paid ticket costs at least 4.00"},
}

// DefaultTicketCurrency is the currency of a festival that never chose one.
const DefaultTicketCurrency = "usd"

// FindTicketCurrency returns the ticket currency with code (any case).
func FindTicketCurrency(code string) (TicketCurrency, bool) {
	code = strings.ToLower(strings.TrimSpace(code))
	for _, c := range TicketCurrencies {
		if c.Code == code {
			return c, true
		}
	}
	return TicketCurrency{}, false
}

// ticketCurrencyOf is code's ticket currency; an unknown or empty code
// (a row written before currencies) is US dollars.
func ticketCurrencyOf(code string) TicketCurrency {
	if c, ok := FindTicketCurrency(code); ok {
		return c
	}
	return TicketCurrencies[0]
}

// CheckTicketCurrency returns code as stored (lower case) when tickets may
// be sold in it, else a field error under "currency".
func CheckTicketCurrency(code string) (string, error) {
	c, ok := FindTicketCurrency(code)
	if !ok {
		return "", FieldError("currency", "Choose a supported currency: USD, EUR, JPY or CNY")
	}
	return c.Code, nil
}

// CurrencyDecimals is the number of digits of code's minor unit (0 for
// JPY, 2 for the others).
func CurrencyDecimals(code string) int { return ticketCurrencyOf(code).Decimals }

// ErrCurrencyLocked refuses to change the currency of a festival that has
// sold tickets: its orders, earnings and payouts are in the one it has.
func ErrCurrencyLocked() error {
	return FieldError("currency", "The currency cannot change once tickets have been sold")
}

// checkTicketPrice adds the price rule of currency to f under field: 0
// (free), or between the currency's minimum charge and its maximum.
func checkTicketPrice(field string, price int64, currency string, f *FieldErrors) {
	c := ticketCurrencyOf(currency)
	switch {
	case price < 0 || price > c.MaxCents:
		f.Add(field, c.rangeMsg)
	case price > 0 && price < c.MinCents:
		f.Add(field, c.minMsg)
	}
}

// MinChargeCents is the lowest total a card payment in currency may take.
func MinChargeCents(currency string) int64 { return ticketCurrencyOf(currency).MinCents }

// FormatMoney writes an amount of minor units in currency as e-mails,
// PDFs and CSV notes show it: "$1,250.00", "€25.00", "¥1,500" (no
// decimals: JPY has no minor unit), "CN¥25.00"; a currency it does not
// know as "25.00 XYZ".
func FormatMoney(amount int64, currency string) string {
	sign := ""
	if amount < 0 {
		sign, amount = "-", -amount
	}
	c, known := FindTicketCurrency(currency)
	if !known {
		c = TicketCurrency{Decimals: 2}
	}
	unit := int64(1)
	for range c.Decimals {
		unit *= 10
	}
	whole := strconv.FormatInt(amount/unit, 10)
	for i := len(whole) - 3; i > 0; i -= 3 {
		whole = whole[:i] + "," + whole[i:]
	}
	n := whole
	if c.Decimals > 0 {
		frac := strconv.FormatInt(amount%unit, 10)
		n += "." + strings.Repeat("0", c.Decimals-len(frac)) + frac
	}
	if !known {
		code := strings.ToUpper(strings.TrimSpace(currency))
		if code == "" {
			return sign + "$" + n
		}
		return sign + n + " " + code
	}
	return sign + c.Symbol + n
}

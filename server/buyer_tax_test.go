package server_test

import (
	"fmt"
	"testing"

	"github.com/marquee-festival/marquee/store/storetest"
)

// TestBuyerTaxOverHTTP: POST /api/v1/payments and POST
// /api/v1/ticket-orders take buyerCompany and buyerVatId, answer them
// normalised with the purchase and the order (and the receipt's GET), and
// refuse bad ones with a 400 per field in the caller's language, writing
// nothing; another account does not see them.
func TestBuyerTaxOverHTTP(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		w := newTicketWorld(t, db)
		s := w.s
		card := `"card":{"number":"4242 4242 4242 4242","expMonth":12,"expYear":2099,"cvc":"123"}`

		r := s.do(call{method: "POST", path: "/api/v1/payments", token: w.buyer, header: map[string]string{"Accept-Language": "ja"},
			body: `{"packageId":"pro","country":"de","buyerCompany":"ACME GmbH","buyerVatId":"DE12",` + card + `}`})
		expect(t, r, 201, "")
		if field(r, "purchase", "buyerCompany") != "ACME GmbH" || field(r, "purchase", "buyerVatId") != "DE12" {
			t.Fatalf("shortest VAT id: %s", r.raw)
		}
		r = s.do(call{method: "POST", path: "/api/v1/payments", token: w.buyer, header: map[string]string{"Accept-Language": "ja"},
			body: `{"packageId":"pro","country":"de","buyerCompany":"","buyerVatId":"D1",` + card + `}`})
		expect(t, r, 400, "")
		if field(r, "fields", "buyerVatId") != "VAT番号は2文字の国コードに続けて2〜13文字の英数字で入力してください（例：DE123456789）" {
			t.Fatalf("bad VAT id: %s", r.raw)
		}
		r = s.do(call{method: "POST", path: "/api/v1/payments", token: w.buyer,
			body: `{"packageId":"pro","country":"de","buyerVatId":"de 123 456 789",` + card + `}`})
		expect(t, r, 400, "")
		if field(r, "fields", "buyerCompany") != "Enter the company name the VAT ID belongs to" {
			t.Fatalf("VAT id without company: %s", r.raw)
		}
		r = s.do(call{method: "GET", path: "/api/v1/me/purchases", token: w.buyer})
		expect(t, r, 200, "")
		if field(r, "total") != 1.0 {
			t.Fatalf("refused checkouts wrote purchases: %s", r.raw)
		}

		r = s.do(call{method: "POST", path: "/api/v1/payments", token: w.buyer,
			body: `{"packageId":"basic","country":"de","buyerCompany":" ACME Filmverleih GmbH ","buyerVatId":"de 123 456 789",` + card + `}`})
		expect(t, r, 201, "")
		id := fmt.Sprint(field(r, "purchase", "id"))
		r = s.do(call{method: "GET", path: "/api/v1/me/purchases/" + id, token: w.buyer})
		expect(t, r, 200, "")
		if field(r, "purchase", "buyerCompany") != "ACME Filmverleih GmbH" || field(r, "purchase", "buyerVatId") != "DE123456789" {
			t.Fatalf("receipt: %s", r.raw)
		}
		expect(t, s.do(call{method: "GET", path: "/api/v1/me/purchases/" + id, token: w.other}), 404, "")

		// A ticket order.
		sc := w.screening(nil)
		r = s.do(call{method: "POST", path: "/api/v1/ticket-orders", token: w.buyer, header: map[string]string{"Accept-Language": "zh"},
			body: `{"screeningId":` + sc + `,"quantity":1,"buyerCompany":"Kino AB","buyerVatId":"S1"}`})
		expect(t, r, 400, "")
		if field(r, "fields", "buyerVatId") != "增值税号须为两个字母的国家代码加2至13个字母或数字，例如 DE123456789" {
			t.Fatalf("bad VAT id on an order: %s", r.raw)
		}
		r = s.do(call{method: "POST", path: "/api/v1/ticket-orders", token: w.buyer,
			body: `{"screeningId":` + sc + `,"quantity":1,"buyerCompany":"Kino AB","buyerVatId":"se556677889901"}`})
		expect(t, r, 201, "")
		if field(r, "buyerCompany") != "Kino AB" || field(r, "buyerVatId") != "SE556677889901" {
			t.Fatalf("order: %s", r.raw)
		}
		order := fmt.Sprint(field(r, "id"))
		r = s.do(call{method: "POST", path: "/api/v1/ticket-orders/" + order + "/pay", token: w.buyer, body: goodCard})
		expect(t, r, 200, "")
		if field(r, "order", "buyerVatId") != "SE556677889901" {
			t.Fatalf("paid order: %s", r.raw)
		}
		expect(t, s.do(call{method: "GET", path: "/api/v1/ticket-orders/" + order, token: w.other}), 404, "")
		// Without them, both are "".
		r = w.order(w.buyer, sc, 1)
		expect(t, r, 201, "")
		if field(r, "buyerCompany") != "" || field(r, "buyerVatId") != "" {
			t.Fatalf("order without company details: %s", r.raw)
		}
	})
}

package server_test

import (
	"fmt"
	"strconv"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store/storetest"
)

// addPurchases gives the fake n purchases of user, each with its ledger
// row when succeeded, and returns their ids, oldest first.
func (f *fakePayments) addPurchases(user int64, n int, status marquee.PurchaseStatus) []int64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	var ids []int64
	for range n {
		p := &marquee.Purchase{ID: int64(len(f.purchases) + 1), UserID: user, PackageID: "pro", Credits: 100, AmountCents: 5000,
			Currency: marquee.Currency, Country: "US", Provider: marquee.ProviderTest, Status: marquee.PurchasePending}
		p.Reference = fmt.Sprintf("pi_test_%d", p.ID)
		f.purchases = append(f.purchases, p)
		if status == marquee.PurchaseSucceeded {
			f.grant(p)
		}
		p.Status = status
		ids = append(ids, p.ID)
	}
	return ids
}

func TestMyPurchasesAndLedger(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		fake := newFakePayments()
		s := newPaymentServer(t, db, fake)
		buyer := s.signUp("buyer@example.com", "password-1")
		other := s.signUp("other@example.com", "password-1")
		buyerID, otherID := s.userID(buyer), s.userID(other)
		mine := fake.addPurchases(buyerID, 22, marquee.PurchaseSucceeded)
		mine = append(mine, fake.addPurchases(buyerID, 3, marquee.PurchaseFailed)...)
		theirs := fake.addPurchases(otherID, 2, marquee.PurchaseSucceeded)
		get := func(path, token string) reply {
			return s.do(call{method: "GET", path: path, token: token})
		}
		getJa := func(path, token string) reply {
			return s.do(call{method: "GET", path: path, token: token, header: map[string]string{"Accept-Language": "ja"}})
		}

		// Purchases: the caller's only, 20 a page, newest first.
		expect(t, getJa("/api/v1/me/purchases", ""), 401, "ログイン")
		first := pageOf(t, getJa("/api/v1/me/purchases", buyer), 25, 1, 20, 20)
		if first[0]["id"] != float64(mine[24]) || first[0]["status"] != "failed" || first[19]["id"] != float64(mine[5]) {
			t.Fatalf("page 1: %v ... %v", first[0], first[19])
		}
		if fake.lastFilter.UserID != buyerID || fake.lastFilter.Status != "" || fake.lastFilter.Page != 1 ||
			fake.lastFilter.PerPage != marquee.PurchasesPerPage || fake.lastLang != "ja" {
			t.Fatalf("service got %+v in %q", fake.lastFilter, fake.lastLang)
		}
		second := pageOf(t, get("/api/v1/me/purchases?page=2", buyer), 25, 2, 20, 5)
		if second[4]["id"] != float64(mine[0]) {
			t.Fatalf("page 2 ends with %v", second[4])
		}
		pageOf(t, get("/api/v1/me/purchases?page=3", buyer), 25, 3, 20, 0)
		for _, p := range badPages {
			expectFieldError(t, get("/api/v1/me/purchases?page="+p, buyer), "page", pageMessage)
		}
		// ?userId= is not read: still the caller's.
		pageOf(t, get("/api/v1/me/purchases?userId="+strconv.FormatInt(otherID, 10), other), 2, 1, 20, 2)

		// One purchase (the receipt): the caller's own; anyone else's is 404.
		id := strconv.FormatInt(mine[0], 10)
		r := getJa("/api/v1/me/purchases/"+id, buyer)
		expect(t, r, 200, "")
		if field(r, "purchase", "id") != float64(mine[0]) || field(r, "purchase", "reference") != "pi_test_"+id || len(r.json) != 1 || fake.lastLang != "ja" {
			t.Fatalf("receipt: %s", r.raw)
		}
		expect(t, get("/api/v1/me/purchases/"+id, ""), 401, "")
		expect(t, get("/api/v1/me/purchases/"+strconv.FormatInt(theirs[0], 10), buyer), 404, "Purchase not found")
		expect(t, get("/api/v1/me/purchases/"+id, other), 404, "Purchase not found")
		for _, bad := range []string{"0", "-3", "x", "99999"} {
			expect(t, get("/api/v1/me/purchases/"+bad, buyer), 404, "")
		}

		// The ledger: the caller's rows, 20 a page, newest first.
		expect(t, get("/api/v1/me/ledger", ""), 401, "")
		rows := pageOf(t, get("/api/v1/me/ledger", buyer), 22, 1, 20, 20)
		if rows[0]["reference"] != marquee.PurchaseReference(mine[21]) || rows[0]["delta"] != float64(100) || rows[0]["reason"] != "purchase" {
			t.Fatalf("ledger row: %v", rows[0])
		}
		pageOf(t, get("/api/v1/me/ledger?page=2", buyer), 22, 2, 20, 2)
		pageOf(t, get("/api/v1/me/ledger", other), 2, 1, 20, 2)
		for _, p := range badPages {
			expectFieldError(t, get("/api/v1/me/ledger?page="+p, buyer), "page", pageMessage)
		}
	})
}

func TestAdminPurchases(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		fake := newFakePayments()
		s := newPaymentServer(t, db, fake)
		buyer := s.signUp("buyer@example.com", "password-1")
		buyerID := s.userID(buyer)
		admin := s.admin()
		ok := fake.addPurchases(buyerID, 3, marquee.PurchaseSucceeded)
		fake.addPurchases(buyerID, 2, marquee.PurchaseFailed)
		fake.addPurchases(s.userID(admin), 1, marquee.PurchaseSucceeded)

		// Visitors 401, everyone else but admins 403; nothing refunded.
		for _, c := range []call{
			{method: "GET", path: "/api/v1/admin/purchases"},
			{method: "GET", path: "/api/v1/admin/purchases/1/refund-preview"},
			{method: "GET", path: "/api/v1/admin/purchases/1"},
			{method: "POST", path: "/api/v1/admin/purchases/1/refund", body: `{"takeCredits":100,"refundCents":5000}`},
		} {
			expect(t, s.do(c), 401, "Please log in")
			c.token = buyer
			expect(t, s.do(c), 403, "Admin access required")
		}
		if len(fake.refunded) != 0 {
			t.Fatal("a non-admin refunded")
		}

		list := func(query string) reply {
			return s.do(call{method: "GET", path: "/api/v1/admin/purchases?" + query, token: admin})
		}
		pageOf(t, list(""), 6, 1, 20, 6)
		if fake.lastFilter.UserID != 0 || fake.lastFilter.Status != "" {
			t.Fatalf("everyone's: %+v", fake.lastFilter)
		}
		uid := strconv.FormatInt(buyerID, 10)
		failed := pageOf(t, list("status=failed&userId="+uid), 2, 1, 20, 2)
		if failed[0]["status"] != "failed" || fake.lastFilter.UserID != buyerID || fake.lastFilter.Status != marquee.PurchaseFailed {
			t.Fatalf("filtered: %v, %+v", failed[0], fake.lastFilter)
		}
		pageOf(t, list("status=all&userId="+uid+"&page=2"), 5, 2, 20, 0)
		if fake.lastFilter.Page != 2 {
			t.Fatalf("page: %+v", fake.lastFilter)
		}
		expectFieldError(t, list("status=bogus"), "status", "Unknown purchase status (want pending, succeeded, failed, refunded or all)")
		for _, bad := range []string{"0", "-1", "abc", "1.5"} {
			expectFieldError(t, list("userId="+bad), "userId", "User id must be a positive whole number")
		}
		for _, p := range badPages {
			expectFieldError(t, list("page="+p), "page", pageMessage)
		}

		// The buyer spent 240 of their 300 credits: the preview of one Pro
		// purchase ($50, 100 credits) offers its unspent share.
		fake.setBalance(buyerID, 60)
		id := strconv.FormatInt(ok[1], 10)
		preview := func(id string) reply {
			return s.do(call{method: "GET", path: "/api/v1/admin/purchases/" + id + "/refund-preview", token: admin})
		}
		r := preview(id)
		expect(t, r, 200, "")
		for k, want := range map[string]any{"purchaseId": float64(ok[1]), "credits": 100.0, "amountCents": 5000.0, "currency": "usd", "balance": 60.0,
			"spentCredits": 40.0, "takeCredits": 60.0, "refundCents": 3000.0, "refundable": true, "retry": false} {
			if field(r, k) != want {
				t.Errorf("preview %s = %v, want %v", k, field(r, k), want)
			}
		}
		if len(r.json) != 10 {
			t.Fatalf("preview: %s", r.raw)
		}

		// The refund confirms the preview's figures, as JSON.
		refund := func(id, body string) reply {
			return s.do(call{method: "POST", path: "/api/v1/admin/purchases/" + id + "/refund", token: admin, body: body})
		}
		expect(t, refund(id, ""), 400, "Request body is empty; send a JSON object")
		expect(t, s.do(call{method: "POST", path: "/api/v1/admin/purchases/" + id + "/refund", token: admin, body: "{}",
			header: map[string]string{"Content-Type": "text/plain"}}), 415, "")
		r = refund(id, `{}`)
		expectFieldError(t, r, "takeCredits", "Confirm the credits the refund takes back, as its preview shows them")
		if field(r, "fields", "refundCents") != "Confirm the amount the refund returns, as its preview shows it" {
			t.Fatalf("fields: %s", r.raw)
		}
		expect(t, refund(id, `{"takeCredits":"60"}`), 400, "")
		// Figures other than the plan's (the whole price): refused, nothing refunded.
		expect(t, refund(id, `{"takeCredits":100,"refundCents":5000}`), 409, "The buyer's balance has changed since the preview: review the refund again")
		if len(fake.refunded) != 0 {
			t.Fatalf("refunded %v", fake.refunded)
		}
		r = refund(id, `{"takeCredits":60,"refundCents":3000}`)
		expect(t, r, 200, "")
		if field(r, "purchase", "status") != "refunded" || field(r, "purchase", "refundedCredits") != float64(60) ||
			field(r, "purchase", "refundedCents") != float64(3000) || field(r, "uncollected") != float64(40) || len(r.json) != 2 {
			t.Fatalf("refund: %s", r.raw)
		}
		expect(t, refund(id, `{"takeCredits":60,"refundCents":3000}`), 409, "This purchase is already refunded")
		expect(t, preview(id), 409, "This purchase is already refunded")
		// Every credit spent: the preview says so, the refund is refused.
		fake.setBalance(buyerID, 0)
		spent := strconv.FormatInt(ok[2], 10)
		if r := preview(spent); r.status != 200 || field(r, "refundable") != false || field(r, "takeCredits") != 0.0 || field(r, "spentCredits") != 100.0 {
			t.Fatalf("preview of a spent purchase: %d %s", r.status, r.raw)
		}
		expect(t, refund(spent, `{"takeCredits":1,"refundCents":1}`), 409, "Every credit of this purchase has been spent: there is nothing to refund")
		expect(t, s.do(call{method: "POST", path: "/api/v1/admin/purchases/" + spent + "/refund", token: admin, body: `{"takeCredits":1,"refundCents":1}`,
			header: map[string]string{"Accept-Language": "ja"}}), 409, "この購入のクレジットはすべて使用済みのため、返金できる分はありません")
		for _, bad := range []string{"0", "x", "999"} {
			expect(t, refund(bad, `{"takeCredits":60,"refundCents":3000}`), 404, "Purchase not found")
			expect(t, preview(bad), 404, "Purchase not found")
		}
		if len(fake.refunded) != 1 || fake.refunded[0] != ok[1] {
			t.Fatalf("refunded %v", fake.refunded)
		}
	})
}

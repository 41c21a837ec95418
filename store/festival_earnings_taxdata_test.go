package store_test

import (
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store/storetest"
)

// TestEarningsReportCarriesTaxData: the earnings report (the statement's
// page, CSV and PDF) carries the payout account's tax data once the
// festival has an account, as the organiser gave it (normalised), and
// none before; another organiser's festival shows none of it.
func TestEarningsReportCarriesTaxData(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		db.Clock.Set(payoutNow)
		org := newOrganiser(t, db, "tax-org@example.com")
		f := createAt(t, db, org, "Tax Days")
		rep, err := db.Earnings.FestivalEarnings(as(org), f.Slug, "", "")
		if err != nil || rep.TaxData != nil {
			t.Fatalf("before an account: %+v %v", rep, err)
		}
		if _, err := db.Payouts.Connect(as(org), f.Slug, taxData()); err != nil {
			t.Fatalf("connect: %v", err)
		}
		rep, err = db.Earnings.FestivalEarnings(as(org), f.Slug, "2026-11", "")
		if err != nil {
			t.Fatal(err)
		}
		want := marquee.PayoutTaxData{LegalName: "Ann Films KK", Address: "1-2-3 Shibuya\nTokyo", Country: "JP", TaxID: "T1234567890123"}
		if rep.TaxData == nil || *rep.TaxData != want {
			t.Fatalf("tax data %+v", rep.TaxData)
		}
		csv := marquee.StatementCSV(rep)
		if csv[3][0] != "legal_name" || csv[4][0] != "Ann Films KK" || csv[4][3] != "T1234567890123" {
			t.Fatalf("csv head %v", csv[:6])
		}
		other := newOrganiser(t, db, "tax-other@example.com")
		g := createAt(t, db, other, "Other Tax Days")
		rep, err = db.Earnings.FestivalEarnings(as(other), g.Slug, "", "")
		if err != nil || rep.TaxData != nil {
			t.Fatalf("another festival: %+v %v", rep.TaxData, err)
		}
		if _, err := db.Earnings.FestivalEarnings(as(other), f.Slug, "", ""); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("another organiser: %v", err)
		}
	})
}

package store_test

import (
	"context"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store/storetest"
)

// editOf returns package id's edit form as an admin reads it.
func editOf(t testing.TB, db *storetest.DB, id string) *marquee.PackageEdit {
	t.Helper()
	all, err := db.Packages.AdminPackages(adminCtx(t, db))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range all {
		if p.ID == id {
			return p
		}
	}
	t.Fatalf("no package %s", id)
	return nil
}

func TestAdminUpdatePackage(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newPayFixture(t, db)
		admin := adminCtx(t, db)
		ctx := context.Background()
		old := f.checkout(t, f.buyer, "pro", pmSucceed).Purchase

		all, err := db.Packages.AdminPackages(admin)
		if err != nil || len(all) != 3 || all[1].ID != "pro" || all[1].Texts["ja"].Name != "プロ" || !all[1].Active {
			t.Fatalf("admin packages %+v %v", all, err)
		}
		if _, err := db.Packages.AdminPackages(as(f.buyer)); marquee.ErrorCode(err) != marquee.EForbidden {
			t.Fatalf("a buyer listed packages for editing: %v", err)
		}

		up := all[1].PackageUpdate
		up.PriceCents, up.Credits = 4500, 120
		en := up.Texts["en"]
		en.Name, en.Features = "Pro Plus", []string{"Premium film submissions", "Priority support"}
		up.Texts["en"] = en
		got, err := db.Packages.UpdatePackage(admin, "pro", up)
		if err != nil || got.PriceCents != 4500 || got.Credits != 120 || got.Texts["en"].Name != "Pro Plus" || got.Texts["ja"].Name != "プロ" {
			t.Fatalf("update: %+v %v", got, err)
		}
		// /pricing and checkout read it at once; the old purchase keeps its figures.
		pub, err := db.Packages.Find(ctx, "pro", "en")
		if err != nil || pub.PriceCents != 4500 || pub.Credits != 120 || pub.Name != "Pro Plus" || len(pub.Features) != 2 {
			t.Fatalf("public: %+v %v", pub, err)
		}
		kept, err := f.pay.Payments.AdminPurchase(admin, old.ID, "en")
		if err != nil || kept.AmountCents != 5000 || kept.Credits != 100 {
			t.Fatalf("old purchase changed: %+v %v", kept, err)
		}
		if p := f.checkout(t, f.buyer, "pro", pmSucceed).Purchase; p.AmountCents != 4500 || p.Credits != 120 {
			t.Fatalf("new purchase: %+v", p)
		}
		es := auditEntries(t, db, marquee.AuditFilter{Action: marquee.AuditPackageUpdate, TargetType: "package", TargetID: "pro"})
		if len(es) != 1 || !jsonHas(es[0].Before, "priceCents", float64(5000)) || !jsonHas(es[0].After, "priceCents", float64(4500)) {
			t.Fatalf("audit %+v", es)
		}

		// Hidden: gone from /pricing, refused at checkout, still listed for admins.
		up.Active = false
		if _, err := db.Packages.UpdatePackage(admin, "pro", up); err != nil {
			t.Fatal(err)
		}
		if list, _ := db.Packages.List(ctx, "en"); len(list) != 2 {
			t.Fatalf("hidden still listed: %+v", list)
		}
		if _, err := db.Packages.Find(ctx, "pro", "en"); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("hidden found: %v", err)
		}
		_, err = f.pay.Payments.Checkout(as(f.buyer), marquee.CheckoutRequest{PackageID: "pro", Country: "us", PaymentMethod: pmSucceed, Language: "en"})
		if marquee.ErrorFields(err)["packageId"] == "" {
			t.Fatalf("checkout of a hidden package: %v", err)
		}
		if p := editOf(t, db, "pro"); p.Active {
			t.Fatal("still active")
		}

		// Invalid or unknown: nothing written, no entry.
		bad := up
		bad.PriceCents = 0
		if _, err := db.Packages.UpdatePackage(admin, "pro", bad); marquee.ErrorFields(err)["priceCents"] == "" {
			t.Fatalf("price 0: %v", err)
		}
		if _, err := db.Packages.UpdatePackage(admin, "gold", up); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("unknown package: %v", err)
		}
		if _, err := db.Packages.UpdatePackage(as(f.buyer), "pro", up); marquee.ErrorCode(err) != marquee.EForbidden {
			t.Fatalf("a buyer edited a package: %v", err)
		}
		if n := len(auditEntries(t, db, marquee.AuditFilter{Action: marquee.AuditPackageUpdate})); n != 2 {
			t.Fatalf("%d package entries", n)
		}
	})
}

// Existing admin actions write their entries in their transactions.
func TestAdminActionsAudited(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newPayFixture(t, db)
		admin := adminCtx(t, db)
		p := f.checkout(t, f.buyer, "pro", pmSucceed).Purchase
		if _, err := f.refund(t, admin, p.ID); err != nil {
			t.Fatal(err)
		}
		es := auditEntries(t, db, marquee.AuditFilter{Action: marquee.AuditPurchaseRefund})
		if len(es) != 1 || es[0].TargetID != auditID(p.ID) || !jsonHas(es[0].Before, "status", "succeeded") ||
			!jsonHas(es[0].After, "refundedCredits", float64(100)) || es[0].ActorEmail != adminEmail {
			t.Fatalf("refund audit %+v", es)
		}
		// A refused second refund writes nothing.
		if _, err := f.pay.Payments.Refund(admin, p.ID, marquee.RefundConfirmation{TakeCredits: 100, RefundCents: 5000}); err == nil {
			t.Fatal("refunded twice")
		}
		if n := len(auditEntries(t, db, marquee.AuditFilter{Action: marquee.AuditPurchaseRefund})); n != 1 {
			t.Fatalf("%d refund entries", n)
		}

		setNow(db, festivalNow)
		u := newOrganiser(t, db, "org@example.com")
		fest := mustCreate(t, db, u, festivalDetails("Cardiff Animation"))
		reject(t, db, fest.ID, "Missing website")
		approve(t, db, fest.ID)
		fest = approve(t, db, fest.ID) // approving an approved festival changes nothing
		rej := auditEntries(t, db, marquee.AuditFilter{Action: marquee.AuditFestivalReject})
		app := auditEntries(t, db, marquee.AuditFilter{Action: marquee.AuditFestivalApprove})
		if len(rej) != 1 || !jsonHas(rej[0].After, "reason", "Missing website") || !jsonHas(rej[0].Before, "status", "pending") {
			t.Fatalf("reject audit %+v", rej)
		}
		if len(app) != 1 || !jsonHas(app[0].Before, "status", "rejected") || !jsonHas(app[0].After, "status", "approved") || app[0].TargetID != auditID(fest.ID) {
			t.Fatalf("approve audit %+v", app)
		}

		// Revisions: the public facts before and after, or the reason.
		org := as(u)
		for i, decide := range []func(revID int64) error{
			func(revID int64) error { _, err := db.Festivals.ApproveRevision(admin, fest.ID, revID); return err },
			func(revID int64) error {
				_, err := db.Festivals.RejectRevision(admin, fest.ID, revID, "No")
				return err
			},
		} {
			m, err := db.Festivals.Managed(org, fest.Slug)
			if err != nil {
				t.Fatal(err)
			}
			ed, err := db.Festivals.UpdateDetails(org, fest.Slug, m.Version, festivalDetails([]string{"Cardiff Animation Two", "Cardiff Animation Three"}[i]))
			if err != nil || ed.Revision == nil {
				t.Fatalf("revision %d: %+v %v", i, ed, err)
			}
			if err := decide(ed.Revision.ID); err != nil {
				t.Fatal(err)
			}
		}
		ra := auditEntries(t, db, marquee.AuditFilter{Action: marquee.AuditRevisionApprove})
		if len(ra) != 1 || !jsonHas(ra[0].Before, "name", "Cardiff Animation") || !jsonHas(ra[0].After, "name", "Cardiff Animation Two") {
			t.Fatalf("revision approve audit %+v", ra)
		}
		rr := auditEntries(t, db, marquee.AuditFilter{Action: marquee.AuditRevisionReject})
		if len(rr) != 1 || !jsonHas(rr[0].After, "reason", "No") {
			t.Fatalf("revision reject audit %+v", rr)
		}
	})
}

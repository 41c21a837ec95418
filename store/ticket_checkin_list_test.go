package store_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/mail"
	"github.com/marquee-festival/marquee/store/storetest"
)

// TestCheckInListsAndUndo: a festival's lists name its screenings; on a
// list, a ticket of another screening is wrong_list and one of the list's
// is valid; the lists' live counts follow; only the organiser (not door
// staff, not a second account) manages lists and undoes a check-in, once,
// audited with who and when.
func TestCheckInListsAndUndo(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		fx := newTicketFixture(t, db, 10, 0)
		other, err := db.Tickets.CreateScreening(as(fx.org), fx.fest.Slug, marquee.ScreeningInput{
			Title: "Closing night", Venue: "Hall 2", StartsAt: "2026-03-16T19:00", EndsAt: "2026-03-16T21:00",
			Capacity: 10, PriceCents: 0, SalesStartAt: "2026-03-01T09:00", SalesEndAt: "2026-03-16T18:00",
		})
		if err != nil {
			t.Fatal(err)
		}
		buyer := fx.buyer(t, "b@example.com")
		first := fx.order(t, buyer, 2)
		second, err := db.Tickets.CreateOrder(as(buyer), marquee.OrderRequest{ScreeningID: other.ID, Quantity: 1})
		if err != nil {
			t.Fatal(err)
		}
		staff := fx.buyer(t, "door@example.com")
		if _, err := db.Tickets.AddDoorStaff(as(fx.org), fx.fest.Slug, staff.Email); err != nil {
			t.Fatal(err)
		}
		stranger := newOrganiser(t, db, "stranger@example.com")
		strangerFest := mustCreate(t, db, stranger, festivalDetails("Elsewhere"))
		theirs, err := db.Tickets.CreateScreening(as(stranger), strangerFest.Slug, marquee.ScreeningInput{
			Title: "Theirs", Venue: "X", StartsAt: "2026-03-16T19:00", EndsAt: "2026-03-16T21:00",
			Capacity: 10, PriceCents: 0, SalesStartAt: "2026-03-01T09:00", SalesEndAt: "2026-03-16T18:00",
		})
		if err != nil {
			t.Fatal(err)
		}

		// Validation, and another festival's screening: nothing written.
		if _, err := db.Tickets.CreateCheckInList(as(fx.org), fx.fest.Slug, marquee.CheckInListInput{Name: " "}); marquee.ErrorCode(err) != marquee.EInvalid {
			t.Fatalf("empty list: %v", err)
		}
		_, err = db.Tickets.CreateCheckInList(as(fx.org), fx.fest.Slug, marquee.CheckInListInput{Name: "Hall 1", ScreeningIDs: []int64{fx.screening.ID, theirs.ID}})
		if marquee.ErrorCode(err) != marquee.EInvalid {
			t.Fatalf("another festival's screening: %v", err)
		}
		if lists, err := db.Tickets.CheckInLists(as(fx.org), fx.fest.Slug); err != nil || len(lists) != 0 {
			t.Fatalf("half-written list: %+v %v", lists, err)
		}
		// A second account and door staff cannot manage lists.
		for _, u := range []*marquee.User{stranger, staff} {
			if _, err := db.Tickets.CreateCheckInList(as(u), fx.fest.Slug, marquee.CheckInListInput{Name: "X", ScreeningIDs: []int64{fx.screening.ID}}); marquee.ErrorCode(err) != marquee.ENotFound {
				t.Fatalf("%s creates a list: %v", u.Email, err)
			}
		}
		hall1, err := db.Tickets.CreateCheckInList(as(fx.org), fx.fest.Slug, marquee.CheckInListInput{Name: " Hall 1 ", ScreeningIDs: []int64{fx.screening.ID, fx.screening.ID}})
		if err != nil || hall1.Name != "Hall 1" || len(hall1.ScreeningIDs) != 1 || hall1.Sold != 2 || hall1.CheckedIn != 0 {
			t.Fatalf("list: %+v %v", hall1, err)
		}
		if _, err := db.Tickets.CreateCheckInList(as(fx.org), fx.fest.Slug, marquee.CheckInListInput{Name: "Hall 1", ScreeningIDs: []int64{other.ID}}); marquee.ErrorCode(err) != marquee.EInvalid {
			t.Fatalf("same name: %v", err)
		}
		if _, err := db.Tickets.CheckInLists(as(stranger), fx.fest.Slug); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("stranger reads lists: %v", err)
		}

		// At the door (staff), on Hall 1.
		wrong, err := db.Tickets.CheckIn(as(staff), fx.fest.Slug, marquee.CheckInRequest{ListID: hall1.ID, Code: second.Tickets[0].Code})
		if err != nil || wrong.Result != marquee.CheckInWrongList || wrong.Ticket == nil || wrong.Ticket.ScreeningTitle != "Closing night" {
			t.Fatalf("other screening's ticket on Hall 1: %+v %v", wrong, err)
		}
		ok, err := db.Tickets.CheckIn(as(staff), fx.fest.Slug, marquee.CheckInRequest{ListID: hall1.ID, Code: first.Tickets[0].Code})
		if err != nil || ok.Result != marquee.CheckInValid {
			t.Fatalf("Hall 1 ticket: %+v %v", ok, err)
		}
		if _, err := db.Tickets.CheckIn(as(fx.org), strangerFest.Slug, marquee.CheckInRequest{ListID: hall1.ID, Code: first.Tickets[1].Code}); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("list used at another festival: %v", err)
		}
		info, err := db.Tickets.CheckInInfo(as(staff), fx.fest.Slug)
		if err != nil || len(info.Lists) != 1 || info.Lists[0].Sold != 2 || info.Lists[0].CheckedIn != 1 || info.CanUndo {
			t.Fatalf("door's info: %+v %v", info, err)
		}
		if info, _ := db.Tickets.CheckInInfo(as(fx.org), fx.fest.Slug); !info.CanUndo {
			t.Fatal("the organiser may undo")
		}

		// Undo: not door staff, not a stranger; the organiser, once.
		tid := first.Tickets[0].ID
		for _, u := range []*marquee.User{staff, stranger} {
			if _, err := db.Tickets.UndoCheckIn(as(u), fx.fest.Slug, tid); marquee.ErrorCode(err) != marquee.ENotFound {
				t.Fatalf("%s undoes: %v", u.Email, err)
			}
		}
		if _, err := db.Tickets.UndoCheckIn(as(stranger), strangerFest.Slug, tid); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("undo through another festival: %v", err)
		}
		undo, err := db.Tickets.UndoCheckIn(as(fx.org), fx.fest.Slug, tid)
		if err != nil || undo.UndoneBy != fx.org.Email || !undo.UndoneAt.Equal(ticketNow) || undo.CheckedInAt.IsZero() {
			t.Fatalf("undo: %+v %v", undo, err)
		}
		if _, err := db.Tickets.UndoCheckIn(as(fx.org), fx.fest.Slug, tid); marquee.ErrorCode(err) != marquee.EConflict {
			t.Fatalf("undo again: %v", err)
		}
		entries := auditEntries(t, db, marquee.AuditFilter{Action: marquee.AuditCheckInUndo})
		if len(entries) != 1 || entries[0].ActorEmail != fx.org.Email || entries[0].TargetID != auditID(tid) ||
			!bytes.Contains(entries[0].Before, []byte("checkedInAt")) || !entries[0].CreatedAt.Equal(ticketNow) {
			t.Fatalf("audit: %+v", entries)
		}
		if lists, _ := db.Tickets.CheckInLists(as(staff), fx.fest.Slug); lists[0].CheckedIn != 0 {
			t.Fatalf("counts after the undo: %+v", lists[0])
		}
		// Valid again at the door.
		if again, err := db.Tickets.CheckIn(as(staff), fx.fest.Slug, marquee.CheckInRequest{ListID: hall1.ID, Code: first.Tickets[0].Code}); err != nil || again.Result != marquee.CheckInValid {
			t.Fatalf("check in after the undo: %+v %v", again, err)
		}

		// Update and delete.
		both, err := db.Tickets.UpdateCheckInList(as(fx.org), fx.fest.Slug, hall1.ID, marquee.CheckInListInput{Name: "Weekend", ScreeningIDs: []int64{fx.screening.ID, other.ID}})
		if err != nil || both.Name != "Weekend" || len(both.ScreeningIDs) != 2 || both.Sold != 3 {
			t.Fatalf("update: %+v %v", both, err)
		}
		if _, err := db.Tickets.UpdateCheckInList(as(stranger), fx.fest.Slug, hall1.ID, marquee.CheckInListInput{Name: "Mine", ScreeningIDs: []int64{other.ID}}); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("stranger updates: %v", err)
		}
		if err := db.Tickets.DeleteCheckInList(as(stranger), fx.fest.Slug, hall1.ID); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("stranger deletes: %v", err)
		}
		if err := db.Tickets.DeleteCheckInList(as(fx.org), fx.fest.Slug, hall1.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Tickets.CheckIn(as(staff), fx.fest.Slug, marquee.CheckInRequest{ListID: hall1.ID, Code: first.Tickets[1].Code}); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("deleted list: %v", err)
		}
	})
}

// TestTicketConfirmationCarriesPDFs: a paid order's confirmation in the
// outbox has one PDF per ticket; a queued mail's attachments reach the
// sender whole.
func TestTicketConfirmationCarriesPDFs(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		fx := newTicketFixture(t, db, 10, 0)
		buyer := fx.buyer(t, "b@example.com")
		o := fx.order(t, buyer, 2)
		mails, err := db.Mail.List(adminCtx(t, db), marquee.MailFilter{PageRequest: marquee.PageRequest{Page: 1}})
		if err != nil {
			t.Fatal(err)
		}
		var conf *marquee.Mail
		for _, m := range mails.Items {
			if m.Kind == "ticket-confirmation" {
				conf = m
			}
		}
		if conf == nil || len(conf.Attachments) != 2 {
			t.Fatalf("confirmation: %+v", conf)
		}
		for i, a := range conf.Attachments {
			want := "marquee-ticket-" + auditID(o.Tickets[i].ID) + ".pdf"
			if a.Filename != want || a.ContentType != mail.TicketPDFRecipeType || a.Size == 0 || a.Data != nil {
				t.Fatalf("attachment %d: %+v (want %s, no data in the list)", i, a, want)
			}
		}
		// The sender gets the recipes with their data and writes the PDFs.
		id := conf.ID
		if err := db.DB.ExecForTest(context.Background(), `UPDATE mail_outbox SET status = 'queued' WHERE id = ?`, id); err != nil {
			t.Fatal(err)
		}
		claimed, err := db.Mail.Claim(adminCtx(t, db), 10, 60e9)
		if err != nil || len(claimed) != 1 || len(claimed[0].Attachments) != 2 {
			t.Fatalf("claimed confirmation: %+v %v", claimed, err)
		}
		pdfs, err := mail.RenderAttachments(*claimed[0])
		if err != nil || len(pdfs) != 2 || pdfs[0].ContentType != "application/pdf" || !bytes.HasPrefix(pdfs[0].Data, []byte("%PDF-")) ||
			!bytes.Contains(pdfs[1].Data, []byte(o.Tickets[1].Code)) {
			t.Fatalf("rendered: %v", err)
		}
		m := &marquee.Mail{Kind: "test", To: "x@example.com", Subject: "s", Body: "b", Language: "en", Status: marquee.MailQueued,
			Attachments: []marquee.MailAttachment{{Filename: "a.pdf", ContentType: "application/pdf", Data: []byte("%PDF-1.3 data")}}}
		if err := db.Mail.Enqueue(adminCtx(t, db), m); err != nil {
			t.Fatal(err)
		}
		claimed, err = db.Mail.Claim(adminCtx(t, db), 10, 60e9)
		if err != nil || len(claimed) != 1 || len(claimed[0].Attachments) != 1 || !strings.HasPrefix(string(claimed[0].Attachments[0].Data), "%PDF-1.3 data") {
			t.Fatalf("claimed: %+v %v", claimed, err)
		}
	})
}

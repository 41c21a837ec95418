package store_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// testManagementMail writes e-mails that show what they were given.
var testManagementMail = marquee.ManagementMail{
	EntryStatus: func(s *marquee.Submission, name, preset, note, to string) marquee.Mail {
		return marquee.Mail{Kind: "entry-status", To: to, Language: s.Language, Subject: s.FilmTitle + " is " + name, Body: note}
	},
	Message: func(s *marquee.Submission, m *marquee.Message, toFestival bool, lang, to string) marquee.Mail {
		return marquee.Mail{Kind: "submission-message", To: to, Language: lang, Subject: fmt.Sprintf("%s festival=%v", s.FilmTitle, toFestival), Body: m.Body}
	},
	Bulk: func(festival, subject, body, lang, to string) marquee.Mail {
		return marquee.Mail{Kind: "bulk-message", To: to, Language: lang, Subject: "[" + lang + "] " + festival + ": " + subject, Body: body}
	},
}

// newManageFixture is newSubFixture with submission management's e-mails.
func newManageFixture(t testing.TB, db *storetest.DB, categories int) *subFixture {
	t.Helper()
	f := newSubFixture(t, db, categories)
	svc, err := store.NewServices(db.DB, store.Options{Clock: db.Clock.Now, Password: storetest.FastPasswords,
		Submissions: store.SubmissionOptions{ComposeDecision: composeTestDecision, ManagementMail: testManagementMail, MailStatus: marquee.MailKept}})
	if err != nil {
		t.Fatal(err)
	}
	f.svc = svc
	return f
}

func (f *subFixture) manage() marquee.SubmissionManagementService {
	return f.svc.Domain().SubmissionManagement
}

func TestQuestionsAnsweredAtSubmission(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newManageFixture(t, db, 2)
		m := f.manage()
		grant(t, db.DB, f.maker.ID, 100)
		// Invalid questions: an error per question, nothing written.
		_, err := m.SetQuestions(as(f.org), f.fest.Slug, []marquee.QuestionInput{
			{Kind: marquee.QuestionShortText, Label: " "},
			{Kind: marquee.QuestionChoice, Label: "Format", Options: []string{"DCP"}},
		})
		fields := marquee.ErrorFields(err)
		if fields["questions.0.label"] != "Write the question" || fields["questions.1.options"] != "A choice has 2 to 20 options" {
			t.Fatalf("invalid questions: %v %v", err, fields)
		}
		qs, err := m.SetQuestions(as(f.org), f.fest.Slug, []marquee.QuestionInput{
			{Kind: marquee.QuestionShortText, Label: "Where did you hear of us?"},
			{Kind: marquee.QuestionChoice, Label: "Format", Required: true, Options: []string{"DCP", " ProRes ", ""}},
			{Kind: marquee.QuestionYesNo, Label: "World premiere?", Required: true},
			{Kind: marquee.QuestionLongText, Label: "Director's statement"},
		})
		if err != nil || len(qs) != 4 || qs[1].Options[1] != "ProRes" || len(qs[2].Options) != 0 {
			t.Fatalf("questions %+v %v", qs, err)
		}
		// Another organiser can neither change nor export them.
		other := newOrganiser(t, db, "other@example.com")
		if _, err := m.SetQuestions(as(other), f.fest.Slug, nil); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("other organiser: %v", err)
		}
		if _, err := m.ExportEntries(as(other), f.fest.Slug); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("other organiser's export: %v", err)
		}
		// The filmmaker reads them; wrong answers: an error per question, nothing written.
		if got, err := m.Questions(as(f.maker), f.fest.Slug); err != nil || len(got) != 4 {
			t.Fatalf("filmmaker's questions %v %v", got, err)
		}
		ns := marquee.NewSubmission{FilmID: f.film, Language: "ja", Entries: []marquee.SubmissionEntry{entry(f.fest, 0)},
			Answers: []marquee.Answer{{QuestionID: qs[0].ID, Value: "a\nb"}, {QuestionID: qs[1].ID, Value: "VHS"}}}
		_, err = f.svc.Submissions.Submit(as(f.maker), ns)
		fields = marquee.ErrorFields(err)
		key := func(q *marquee.Question) string { return fmt.Sprintf("answers.%d", q.ID) }
		if marquee.ErrorCode(err) != marquee.EInvalid || fields[key(qs[0])] != "Answer on one line" ||
			fields[key(qs[1])] != "Choose one of the options" || fields[key(qs[2])] != "Answer this question" || len(fields) != 3 {
			t.Fatalf("wrong answers: %v %v", err, fields)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM submissions`); n != 0 || credits(t, db.DB, f.maker.ID) != 100 {
			t.Fatalf("written after refusal: %d submissions", n)
		}
		ns.Answers = []marquee.Answer{{QuestionID: qs[1].ID, Value: "ProRes"}, {QuestionID: qs[2].ID, Value: "yes"},
			{QuestionID: qs[3].ID, Value: "  A film about trains.  "}, {QuestionID: 999999, Value: "ignored"}}
		r, err := f.svc.Submissions.Submit(as(f.maker), ns)
		if err != nil {
			t.Fatal(err)
		}
		id := r.Submissions[0].ID
		d, err := f.svc.Submissions.Detail(as(f.org), f.fest.Slug, id)
		if err != nil || len(d.Answers) != 3 || d.Answers[0].Label != "Format" || d.Answers[0].Value != "ProRes" ||
			d.Answers[2].Value != "A film about trains." {
			t.Fatalf("detail answers %+v %v", d.Answers, err)
		}
		// The export: the questions and each row's answers.
		exp, err := m.ExportEntries(as(f.org), f.fest.Slug)
		if err != nil || len(exp.Questions) != 4 {
			t.Fatalf("export %v", err)
		}
		rows := 0
		for row, err := range exp.Rows {
			if err != nil {
				t.Fatal(err)
			}
			rows++
			if row.Submission.ID != id || row.Answers[qs[2].ID] != "yes" || row.Answers[qs[0].ID] != "" {
				t.Fatalf("export row %+v", row)
			}
		}
		if rows != 1 {
			t.Fatalf("%d rows", rows)
		}
		// Removing a question removes its answers; kept ones keep theirs.
		if _, err := m.SetQuestions(as(f.org), f.fest.Slug, []marquee.QuestionInput{{ID: qs[2].ID, Kind: marquee.QuestionYesNo, Label: "Premiere?"}}); err != nil {
			t.Fatal(err)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM submission_answers WHERE submission_id = ?`, id); n != 1 {
			t.Fatalf("%d answers left", n)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM audit_log WHERE action = ? AND festival_id = ?`, string(marquee.AuditQuestionsUpdate), f.fest.ID); n != 2 {
			t.Fatalf("%d audit entries", n)
		}
	})
}

func TestEntryStatusesSetFilteredAndMailed(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newManageFixture(t, db, 3)
		m := f.manage()
		grant(t, db.DB, f.maker.ID, 100)
		subs := f.submit(t, f.maker, f.film, "", 0, 1, 2).Submissions
		semi, err := m.AddEntryStatus(as(f.org), f.fest.Slug, marquee.NewEntryStatus{Preset: marquee.EntryStatusSemiFinalist, Notify: true, Note: "Screenings in June."})
		if err != nil || semi.Name != marquee.EntryStatusSemiFinalist {
			t.Fatalf("semi-finalist %+v %v", semi, err)
		}
		short, err := m.AddEntryStatus(as(f.org), f.fest.Slug, marquee.NewEntryStatus{Name: "Shortlist"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := m.AddEntryStatus(as(f.org), f.fest.Slug, marquee.NewEntryStatus{Name: "Shortlist"}); marquee.ErrorCode(err) != marquee.EConflict {
			t.Fatalf("same name: %v", err)
		}
		if _, err := m.AddEntryStatus(as(f.org), f.fest.Slug, marquee.NewEntryStatus{Preset: "winner"}); marquee.ErrorCode(err) != marquee.EInvalid {
			t.Fatalf("unknown preset: %v", err)
		}
		set := func(u *marquee.User, status int64, ids ...int64) error {
			return m.SetEntryStatus(as(u), f.fest.Slug, marquee.EntryStatusChange{IDs: ids, StatusID: status})
		}
		if err := set(f.org, semi.ID, subs[0].ID, subs[1].ID); err != nil {
			t.Fatal(err)
		}
		mails := func() int64 {
			return count(t, db.DB, `SELECT COUNT(*) FROM mail_outbox WHERE kind = 'entry-status' AND to_addr = ? AND language = 'ja'`, f.maker.Email)
		}
		if n := mails(); n != 2 {
			t.Fatalf("%d status e-mails", n)
		}
		// The same status again: no e-mail, no audit entry; a status without e-mail: none.
		if err := set(f.org, semi.ID, subs[0].ID); err != nil {
			t.Fatal(err)
		}
		if err := set(f.org, short.ID, subs[2].ID); err != nil {
			t.Fatal(err)
		}
		if n := mails(); n != 2 {
			t.Fatalf("%d status e-mails after a repeat", n)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM audit_log WHERE action = ?`, string(marquee.AuditEntryStatusSet)); n != 3 {
			t.Fatalf("%d audit entries", n)
		}
		page, err := f.svc.Submissions.Received(as(f.org), f.fest.Slug, marquee.ReceivedFilter{EntryStatusID: semi.ID})
		if err != nil || page.Total != 2 || page.Items[0].EntryStatus == nil || page.Items[0].EntryStatus.ID != semi.ID {
			t.Fatalf("filtered list %+v %v", page, err)
		}
		// The filmmaker never sees it.
		mine, err := f.svc.Submissions.Mine(as(f.maker), marquee.SubmissionFilter{})
		if err != nil || mine.Items[0].EntryStatus != nil {
			t.Fatalf("filmmaker's list %+v %v", mine, err)
		}
		// Another organiser, or another festival's status: not found, nothing changed.
		other := newOrganiser(t, db, "other@example.com")
		if err := set(other, semi.ID, subs[2].ID); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("other organiser: %v", err)
		}
		otherFest := f.newFestival(t, other, "Osaka Docs", 1)
		foreign, err := m.AddEntryStatus(as(other), otherFest.Slug, marquee.NewEntryStatus{Name: "Shortlist"})
		if err != nil {
			t.Fatal(err)
		}
		if err := set(f.org, foreign.ID, subs[2].ID); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("another festival's status: %v", err)
		}
		list, err := m.EntryStatuses(as(f.org), f.fest.Slug)
		if err != nil || len(list) != 2 || list[0].Entries != 2 || list[1].Entries != 1 {
			t.Fatalf("statuses %+v %v", list, err)
		}
		// Removing a status takes it off its entries.
		if err := m.DeleteEntryStatus(as(f.org), f.fest.Slug, semi.ID); err != nil {
			t.Fatal(err)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM submission_entry_statuses`); n != 1 {
			t.Fatalf("%d entries keep a status", n)
		}
	})
}

func TestDeadlineExtensionForFilmmakerAndCategory(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newManageFixture(t, db, 2)
		m := f.manage()
		grant(t, db.DB, f.maker.ID, 100)
		late := newOrganiser(t, db, "late@example.com")
		lateFilm := f.newFilm(t, late, "Morning Bus", "FR")
		grant(t, db.DB, late.ID, 100)
		db.Clock.Set(time.Date(2026, 5, 3, 9, 0, 0, 0, time.UTC)) // two days after the last deadline
		try := func(u *marquee.User, film int64, cat int) error {
			_, err := f.svc.Submissions.Submit(as(u), marquee.NewSubmission{FilmID: film, Entries: []marquee.SubmissionEntry{entry(f.fest, cat)}})
			return err
		}
		if err := try(f.maker, f.film, 0); marquee.ErrorCode(err) != marquee.EInvalid {
			t.Fatalf("after the deadline: %v", err)
		}
		if _, err := m.ExtendDeadline(as(f.org), f.fest.Slug, marquee.NewDeadlineExtension{FilmmakerEmail: f.maker.Email, Until: "2026-05-02"}); marquee.ErrorFields(err)["until"] != "The new deadline cannot be in the past" {
			t.Fatalf("past date: %v", err)
		}
		if _, err := m.ExtendDeadline(as(f.org), f.fest.Slug, marquee.NewDeadlineExtension{Until: "2026-05-10"}); marquee.ErrorFields(err)["categoryId"] == "" {
			t.Fatalf("neither category nor filmmaker: %v", err)
		}
		other := newOrganiser(t, db, "other@example.com")
		if _, err := m.ExtendDeadline(as(other), f.fest.Slug, marquee.NewDeadlineExtension{FilmmakerEmail: f.maker.Email, Until: "2026-05-10"}); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("other organiser: %v", err)
		}
		ext, err := m.ExtendDeadline(as(f.org), f.fest.Slug, marquee.NewDeadlineExtension{FilmmakerEmail: " MAKER@example.com ", Until: "2026-05-10"})
		if err != nil || ext.FilmmakerID != f.maker.ID || ext.CategoryID != 0 {
			t.Fatalf("extension %+v %v", ext, err)
		}
		// The quote and the entry take it (the last tier's fee); another filmmaker does not.
		q, err := f.svc.Submissions.Quote(as(f.maker), marquee.NewSubmission{FilmID: f.film, Entries: []marquee.SubmissionEntry{entry(f.fest, 0)}})
		if err != nil || q.Lines[0].Fee != 30 || q.Lines[0].Tier != marquee.TierLate || q.Lines[0].Deadline != "2026-05-10" {
			t.Fatalf("quote %+v %v", q, err)
		}
		if err := try(f.maker, f.film, 0); err != nil {
			t.Fatal(err)
		}
		if err := try(late, lateFilm, 1); marquee.ErrorCode(err) != marquee.EInvalid {
			t.Fatalf("another filmmaker: %v", err)
		}
		// A category's extension holds for everyone, in that category only.
		cat, err := m.ExtendDeadline(as(f.org), f.fest.Slug, marquee.NewDeadlineExtension{CategoryID: f.fest.Categories[1].ID, Until: "2026-05-03"})
		if err != nil || cat.CategoryName != "C2" {
			t.Fatalf("category extension %+v %v", cat, err)
		}
		if err := try(late, lateFilm, 1); err != nil {
			t.Fatal(err)
		}
		if err := try(late, lateFilm, 0); marquee.ErrorCode(err) != marquee.EInvalid {
			t.Fatalf("another category: %v", err)
		}
		// Past the new date, or once removed, it is closed again.
		if err := m.DeleteExtension(as(f.org), f.fest.Slug, ext.ID); err != nil {
			t.Fatal(err)
		}
		if err := try(f.maker, f.film, 1); err != nil { // C2's own extension still holds
			t.Fatal(err)
		}
		db.Clock.Set(time.Date(2026, 5, 4, 0, 0, 1, 0, time.UTC))
		other2 := f.newFilm(t, late, "Evening Tram", "FR")
		if err := try(late, other2, 1); marquee.ErrorCode(err) != marquee.EInvalid {
			t.Fatalf("after the extension: %v", err)
		}
		list, err := m.Extensions(as(f.org), f.fest.Slug)
		if err != nil || len(list) != 1 {
			t.Fatalf("extensions %+v %v", list, err)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM audit_log WHERE festival_id = ? AND action IN (?, ?)`, f.fest.ID,
			string(marquee.AuditDeadlineExtend), string(marquee.AuditDeadlineUnextend)); n != 3 {
			t.Fatalf("%d audit entries", n)
		}
		// The festival's activity shows them, without the filmmaker's address.
		act, err := f.svc.Audit.FestivalActivity(as(f.org), f.fest.Slug, marquee.PageRequest{})
		if err != nil {
			t.Fatal(err)
		}
		shown := 0
		for _, e := range act.Items {
			if e.Action == marquee.AuditDeadlineExtend {
				shown++
				if strings.Contains(string(e.After), "maker@example.com") {
					t.Fatalf("activity shows the address: %s", e.After)
				}
			}
		}
		if shown != 2 {
			t.Fatalf("%d extensions in the activity", shown)
		}
	})
}

func TestNoticeTextsUsedByDecisions(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newManageFixture(t, db, 1)
		m := f.manage()
		grant(t, db.DB, f.maker.ID, 100)
		sub := f.submit(t, f.maker, f.film, "", 0).Submissions[0]
		texts, err := m.NoticeTexts(as(f.org), f.fest.Slug)
		if err != nil || len(texts.Texts) != 0 || len(texts.Defaults) != len(marquee.NoticeStatuses)*len(marquee.Languages) ||
			!strings.Contains(texts.Defaults[0].Subject, "{{film}}") {
			t.Fatalf("defaults %+v %v", texts, err)
		}
		_, err = m.SetNoticeText(as(f.org), f.fest.Slug, marquee.NoticeText{Status: marquee.SubmissionSelected, Language: "ja",
			Subject: "{{film}}", Body: "{{ director }} さん"})
		if marquee.ErrorCode(err) != marquee.EInvalid || marquee.ErrorFields(err)["body"] == "" || !strings.Contains(fmt.Sprint(err), "Unknown placeholder") {
			t.Fatalf("unknown placeholder: %v %v", err, marquee.ErrorFields(err))
		}
		other := newOrganiser(t, db, "other@example.com")
		if _, err := m.NoticeTexts(as(other), f.fest.Slug); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("other organiser: %v", err)
		}
		texts, err = m.SetNoticeText(as(f.org), f.fest.Slug, marquee.NoticeText{Status: marquee.SubmissionSelected, Language: "ja",
			Subject: "{{festival}}：{{film}}入選", Body: "{{filmmaker}}様\n{{film}}は{{category}}に入選しました。"})
		if err != nil || len(texts.Texts) != 1 {
			t.Fatalf("saved %+v %v", texts, err)
		}
		if _, err := f.svc.Submissions.Decide(as(f.org), f.fest.Slug, []int64{sub.ID}, marquee.Decision{Status: marquee.SubmissionSelected}); err != nil {
			t.Fatal(err)
		}
		var subject, body string
		if err := db.QueryForTest(context.Background(), `SELECT subject, body FROM mail_outbox WHERE kind = 'decision'`, nil,
			func(scan func(...any) error) error { return scan(&subject, &body) }); err != nil {
			t.Fatal(err)
		}
		if subject != "Kyoto Shorts：Night Train入選" || !strings.Contains(body, "Night TrainはC1に入選しました。") {
			t.Fatalf("decision e-mail %q %q", subject, body)
		}
		// Empty texts go back to the default.
		texts, err = m.SetNoticeText(as(f.org), f.fest.Slug, marquee.NoticeText{Status: marquee.SubmissionSelected, Language: "ja"})
		if err != nil || len(texts.Texts) != 0 {
			t.Fatalf("reset %+v %v", texts, err)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM audit_log WHERE action = ?`, string(marquee.AuditNoticeTextUpdate)); n != 2 {
			t.Fatalf("%d audit entries", n)
		}
	})
}

func TestThreadsAndBulkMessages(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newManageFixture(t, db, 2)
		m := f.manage()
		grant(t, db.DB, f.maker.ID, 100)
		subs := f.submit(t, f.maker, f.film, "", 0, 1).Submissions
		second := newOrganiser(t, db, "second@example.com")
		grant(t, db.DB, second.ID, 100)
		secondFilm := f.newFilm(t, second, "Morning Bus", "FR")
		if _, err := f.svc.Submissions.Submit(as(second), marquee.NewSubmission{FilmID: secondFilm, Language: "zh",
			Entries: []marquee.SubmissionEntry{entry(f.fest, 0)}}); err != nil {
			t.Fatal(err)
		}
		// The thread: the filmmaker writes, the team answers in Japanese, the filmmaker replies.
		if _, err := m.PostMessage(as(f.maker), subs[0].ID, marquee.NewMessage{Body: "  "}); marquee.ErrorFields(err)["body"] != "Write a message" {
			t.Fatalf("empty message: %v", err)
		}
		if _, err := m.PostMessage(as(f.maker), subs[0].ID, marquee.NewMessage{Body: "Is a DCP needed?", Language: "en"}); err != nil {
			t.Fatal(err)
		}
		if _, err := m.PostFestivalMessage(as(f.org), f.fest.Slug, subs[0].ID, marquee.NewMessage{Body: "はい、必要です。", Language: "ja"}); err != nil {
			t.Fatal(err)
		}
		if _, err := m.PostMessage(as(f.maker), subs[0].ID, marquee.NewMessage{Body: "Thanks!", Language: "ja"}); err != nil {
			t.Fatal(err)
		}
		th, err := m.Thread(as(f.maker), subs[0].ID)
		if err != nil || len(th.Messages) != 3 || !th.Messages[1].FromFestival || th.Messages[1].AuthorName != "Kyoto Shorts" {
			t.Fatalf("thread %+v %v", th, err)
		}
		// E-mails: the organiser in English (no team message yet), then in the team's language; the filmmaker in the submission's.
		var got []string
		if err := db.QueryForTest(context.Background(), `SELECT to_addr, language FROM mail_outbox WHERE kind = 'submission-message' ORDER BY id`, nil,
			func(scan func(...any) error) error {
				var to, lang string
				err := scan(&to, &lang)
				got = append(got, to+" "+lang)
				return err
			}); err != nil {
			t.Fatal(err)
		}
		if want := []string{"org@example.com en", "maker@example.com ja", "org@example.com ja"}; fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("message e-mails %v, want %v", got, want)
		}
		// Another filmmaker, another organiser: not found.
		if _, err := m.Thread(as(second), subs[0].ID); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("another filmmaker: %v", err)
		}
		other := newOrganiser(t, db, "other@example.com")
		if _, err := m.FestivalThread(as(other), f.fest.Slug, subs[0].ID); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("another organiser: %v", err)
		}
		if _, err := m.PostFestivalMessage(as(other), f.fest.Slug, subs[0].ID, marquee.NewMessage{Body: "hi"}); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("another organiser posts: %v", err)
		}
		// Bulk: the maker has two entries and gets one e-mail; in their language.
		b := marquee.BulkSend{BulkMessage: marquee.BulkMessage{Subject: "Programme", Body: "The programme is out."}, Key: "send-0000000000001"}
		p, err := m.PreviewBulk(as(f.org), f.fest.Slug, b.BulkMessage)
		if err != nil || p.Recipients != 2 || len(p.Previews) != 3 || p.Previews[1].Subject != "[ja] Kyoto Shorts: Programme" {
			t.Fatalf("preview %+v %v", p, err)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM bulk_messages`); n != 0 {
			t.Fatalf("a preview wrote %d rows", n)
		}
		sent, err := m.SendBulk(as(f.org), f.fest.Slug, b)
		if err != nil || sent.Recipients != 2 {
			t.Fatalf("sent %+v %v", sent, err)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM mail_outbox WHERE kind = 'bulk-message' AND to_addr = ? AND language = 'ja'`, f.maker.Email); n != 1 {
			t.Fatalf("%d bulk e-mails to the maker", n)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM mail_outbox WHERE kind = 'bulk-message' AND to_addr = ? AND language = 'zh'`, second.Email); n != 1 {
			t.Fatalf("%d bulk e-mails to the second filmmaker", n)
		}
		// One person, one send: the key refuses a second row.
		if err := db.ExecForTest(context.Background(), `INSERT INTO bulk_message_recipients (bulk_message_id, user_id) VALUES (?, ?)`, sent.ID, f.maker.ID); err == nil {
			t.Fatal("a second recipient row for one send and person was accepted")
		}
		// A selection: decided entries only.
		if _, err := f.svc.Submissions.Decide(as(f.org), f.fest.Slug, []int64{subs[1].ID}, marquee.Decision{Status: marquee.SubmissionNotSelected}); err != nil {
			t.Fatal(err)
		}
		b.Selection, b.Key = marquee.BulkSelection{Status: marquee.SubmissionNotSelected}, "send-0000000000002"
		if sent, err := m.SendBulk(as(f.org), f.fest.Slug, b); err != nil || sent.Recipients != 1 {
			t.Fatalf("not selected: %+v %v", sent, err)
		}
		b.Selection, b.Key = marquee.BulkSelection{Status: marquee.SubmissionAwardWinner}, "send-0000000000003"
		if _, err := m.SendBulk(as(f.org), f.fest.Slug, b); marquee.ErrorFields(err)["selection"] != "No entrant matches this selection" {
			t.Fatalf("empty selection: %v", err)
		}
		if _, err := m.SendBulk(as(other), f.fest.Slug, b); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("another organiser's bulk: %v", err)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM audit_log WHERE action = ?`, string(marquee.AuditBulkMessageSend)); n != 2 {
			t.Fatalf("%d audit entries", n)
		}
	})
}

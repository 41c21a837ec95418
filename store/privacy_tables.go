package store

// The tables that hold a user's data, listed once for the export (which
// reads them) and the deletion (which clears them). A new table with a
// user column (an id of users, of judges, or an e-mail address) gets an
// entry in exportEntries and, when it holds personal data, a step in
// deletionSteps; privacy_schema_test.go introspects the schema on both
// databases and fails until it does (or the table is in notPersonalData
// with its reason).

// exportEntry is one JSON file of a data export: the rows query returns
// for the user, each of its `?` bound to the user's id. Tables are the
// tables whose user data the file carries.
type exportEntry struct {
	File   string
	Tables []string
	Query  string
}

// userEmail is the user's address, for queries whose only `?` is the id.
const userEmail = `(SELECT email FROM users WHERE id = ?)`

// judgeIDs are the user's judge rows, one per festival they judge.
const judgeIDs = `(SELECT id FROM judges WHERE user_id = ?)`

// exportEntries are the files of a data export, one line per table.
// Secrets (password and token hashes) are never exported.
var exportEntries = []exportEntry{
	{"profile.json", []string{"users"}, `SELECT id, email, name, role, credits, terms_accepted_at, email_verified_at, disabled_at, created_at, updated_at FROM users WHERE id = ?`},
	{"sessions.json", []string{"sessions"}, `SELECT id, created_at, expires_at, user_agent, ip FROM sessions WHERE user_id = ? ORDER BY id`},
	{"email_confirmations.json", []string{"email_verifications"}, `SELECT id, email, created_at, expires_at, used_at FROM email_verifications WHERE user_id = ? ORDER BY id`},
	{"password_resets.json", []string{"password_resets"}, `SELECT id, created_at, expires_at, used_at FROM password_resets WHERE user_id = ? ORDER BY id`},
	{"data_exports.json", []string{"data_exports"}, `SELECT id, status, language, size_bytes, created_at, ready_at, expires_at FROM data_exports WHERE user_id = ? ORDER BY id`},
	{"festivals.json", []string{"festivals"}, `SELECT id, slug, name, description, location, country, city, website, start_date, end_date, contact_email, status, rejection_reason, created_at, updated_at, reviewed_at FROM festivals WHERE organiser_id = ? ORDER BY id`},
	{"festival_revisions.json", []string{"festival_revisions"}, `SELECT r.id, r.festival_id, r.status, r.name, r.description, r.location, r.country, r.city, r.website, r.contact_email, r.rejection_reason, r.created_at, r.reviewed_at
		FROM festival_revisions r JOIN festivals f ON f.id = r.festival_id WHERE f.organiser_id = ? ORDER BY r.id`},
	{"reminders.json", []string{"reminders"}, `SELECT id, festival_name, festival_slug, festival_date, category_name, deadline_tier, preference, language, send_at, sent_at, created_at FROM reminders WHERE user_id = ? ORDER BY id`},
	{"purchases.json", []string{"purchases"}, `SELECT id, package_id, credits, amount_cents, currency, country, provider, reference, status, failure_message, refunded_credits, language, created_at, settled_at, refunded_at, buyer_company, buyer_vat_id FROM purchases WHERE user_id = ? ORDER BY id`},
	{"credit_ledger.json", []string{"credit_ledger"}, `SELECT id, delta, reason, reference, note, created_at FROM credit_ledger WHERE user_id = ? ORDER BY id`},
	{"ticket_orders.json", []string{"ticket_orders"}, `SELECT o.id, o.screening_id, s.title AS screening_title, s.venue, s.starts_at, o.quantity, o.amount_cents, o.currency, o.status, o.provider, o.reference, o.country, o.failure_message, o.language, o.created_at, o.paid_at, o.refunded_at, o.buyer_company, o.buyer_vat_id
		FROM ticket_orders o JOIN screenings s ON s.id = o.screening_id WHERE o.user_id = ? ORDER BY o.id`},
	// A ticket's code is left out: it is the key to a seat, like a password.
	{"tickets.json", []string{"tickets"}, `SELECT id, order_id, screening_id, status, checked_in_at, attendee_name, created_at FROM tickets WHERE user_id = ? ORDER BY id`},
	{"waitlist.json", []string{"waitlist_entries"}, `SELECT w.id, w.screening_id, s.title AS screening_title, w.email, w.quantity, w.status, w.offered_at, w.offer_expires_at, w.order_id, w.created_at
		FROM waitlist_entries w JOIN screenings s ON s.id = w.screening_id WHERE w.user_id = ? ORDER BY w.id`},
	{"door_staff.json", []string{"festival_door_staff"}, `SELECT d.festival_id, f.name AS festival_name, d.added_at FROM festival_door_staff d JOIN festivals f ON f.id = d.festival_id WHERE d.user_id = ? ORDER BY d.festival_id`},
	{"promotions.json", []string{"promotions"}, `SELECT p.id, p.festival_id, f.name AS festival_name, p.days, p.credits, p.status, p.end_reason, p.refunded_credits, p.starts_at, p.ends_at, p.ended_at, p.created_at
		FROM promotions p JOIN festivals f ON f.id = p.festival_id WHERE p.user_id = ? ORDER BY p.id`},
	{"films.json", []string{"films"}, `SELECT id, title, original_title, logline, synopsis, runtime_minutes, genre, country, language, year, director, credits, screener_url, screener_password, public, poster_key, specs, created_at, updated_at FROM films WHERE owner_id = ? ORDER BY id`},
	{"saved_festivals.json", []string{"saved_festivals"}, `SELECT sf.festival_id, f.slug, f.name, sf.created_at FROM saved_festivals sf JOIN festivals f ON f.id = sf.festival_id WHERE sf.user_id = ? ORDER BY sf.created_at`},
	{"submissions.json", []string{"submissions"}, `SELECT s.id, s.film_id, s.festival_id, f.name AS festival_name, s.category_id, s.country, s.tier, s.fee_credits, s.paid_credits, s.waiver_code, s.refunded_credits, s.status, s.award_name, s.language, s.rules_accepted_at, s.created_at, s.decided_at, s.withdrawn_at
		FROM submissions s JOIN festivals f ON f.id = s.festival_id WHERE s.filmmaker_id = ? ORDER BY s.id`},
	{"judging_festivals.json", []string{"judges"}, `SELECT j.id, j.festival_id, f.name AS festival_name, j.email, j.status, j.scope, j.invited_at, j.accepted_at
		FROM judges j JOIN festivals f ON f.id = j.festival_id WHERE j.user_id = ? ORDER BY j.id`},
	{"judging_categories.json", []string{"judge_categories"}, `SELECT judge_id, category_id FROM judge_categories WHERE judge_id IN ` + judgeIDs + ` ORDER BY judge_id, category_id`},
	{"judging_assignments.json", []string{"judge_assignments"}, `SELECT judge_id, submission_id, created_at FROM judge_assignments WHERE judge_id IN ` + judgeIDs + ` ORDER BY judge_id, submission_id`},
	{"judging_conflicts.json", []string{"judge_conflicts"}, `SELECT judge_id, submission_id, reason, created_at FROM judge_conflicts WHERE judge_id IN ` + judgeIDs + ` ORDER BY judge_id, submission_id`},
	{"judging_scores.json", []string{"judge_scores"}, `SELECT judge_id, submission_id, weighted, comment, private_note, updated_at FROM judge_scores WHERE judge_id IN ` + judgeIDs + ` ORDER BY judge_id, submission_id`},
	{"judging_criterion_scores.json", []string{"judge_criterion_scores"}, `SELECT judge_id, submission_id, criterion_id, score FROM judge_criterion_scores WHERE judge_id IN ` + judgeIDs + ` ORDER BY judge_id, submission_id, criterion_id`},
	{"submission_messages.json", []string{"submission_messages"}, `SELECT m.id, m.submission_id, f.name AS festival_name, m.from_festival, m.language, m.body, m.created_at
		FROM submission_messages m JOIN submissions s ON s.id = m.submission_id JOIN festivals f ON f.id = s.festival_id WHERE m.author_id = ? ORDER BY m.id`},
	{"deadline_extensions.json", []string{"deadline_extensions"}, `SELECT x.id, x.festival_id, f.name AS festival_name, x.category_id, x.until, x.created_at
		FROM deadline_extensions x JOIN festivals f ON f.id = x.festival_id WHERE x.user_id = ? ORDER BY x.id`},
	{"bulk_messages_received.json", []string{"bulk_message_recipients"}, `SELECT b.id, f.name AS festival_name, b.subject, b.body, b.created_at
		FROM bulk_message_recipients r JOIN bulk_messages b ON b.id = r.bulk_message_id JOIN festivals f ON f.id = b.festival_id WHERE r.user_id = ? ORDER BY b.id`},
	{"guest_orders.json", []string{"ticket_guest_orders"}, `SELECT order_id, email, name, claimed_at, created_at FROM ticket_guest_orders
		WHERE claimed_by = ? OR email = ` + userEmail + ` ORDER BY order_id`},
	{"guest_waitlist_requests.json", []string{"waitlist_guest_requests"}, `SELECT id, screening_id, email, quantity, language, confirmed_at, created_at
		FROM waitlist_guest_requests WHERE email = ` + userEmail + ` ORDER BY id`},
	{"contact_messages.json", []string{"contact_messages"}, `SELECT id, name, email, subject, message, created_at, handled_at FROM contact_messages WHERE email = ` + userEmail + ` ORDER BY id`},
	{"emails_to_you.json", []string{"mail_outbox"}, `SELECT id, kind, to_addr, subject, body, language, status, created_at, sent_at FROM mail_outbox WHERE to_addr = ` + userEmail + ` AND kind <> 'data_export' ORDER BY id`},
	{"audit_log.json", []string{"audit_log"}, `SELECT id, action, target_type, target_id, ip, created_at FROM audit_log
		WHERE actor_id = ? OR (target_type = 'user' AND target_id = (SELECT CAST(id AS TEXT) FROM users WHERE id = ?)) ORDER BY id`},
}

// notPersonalData are the tables with a user column that a data export
// leaves out, each with the reason.
var notPersonalData = map[string]string{
	"rate_limits": "counters of requests per key, kept for minutes to a day, naming their subjects by peppered hashes only; those of the account's address are deleted with the account",
}

// deletionStep is one statement of an account's deletion; its `?` are
// bound in order to the values Args names: 'id' the user's id, 'email'
// their address, 'name' their name, 'anon' the anonymised address,
// 'emailKeySuffix' a LIKE pattern of the rate limit keys whose subject
// ends with the address (ratelimit_pepper.go).
type deletionStep struct {
	Table string
	SQL   string
	Args  []string
}

// deletionSteps remove or anonymise a deleted account's data, in order, in
// one transaction. What others legitimately keep stays, pointing to the
// anonymised users row: submissions (the festival's entries, scored),
// their films, purchases and ledger rows (accounting), judge rows and
// scores (the festival's judging), festivals rejected with submissions.
var deletionSteps = []deletionStep{
	{"sessions", `DELETE FROM sessions WHERE user_id = ?`, []string{"id"}},
	{"reminders", `DELETE FROM reminders WHERE user_id = ?`, []string{"id"}},
	{"saved_festivals", `DELETE FROM saved_festivals WHERE user_id = ?`, []string{"id"}},
	{"password_resets", `DELETE FROM password_resets WHERE user_id = ?`, []string{"id"}},
	{"data_exports", `DELETE FROM data_exports WHERE user_id = ?`, []string{"id"}},
	{"email_verifications", `DELETE FROM email_verifications WHERE user_id = ? OR email = ?`, []string{"id", "email"}},
	{"contact_messages", `DELETE FROM contact_messages WHERE email = ?`, []string{"email"}},
	{"mail_outbox", `DELETE FROM mail_outbox WHERE to_addr = ?`, []string{"email"}},
	{"films", `DELETE FROM films WHERE owner_id = ? AND id NOT IN (SELECT film_id FROM submissions)`, []string{"id"}},
	// Submitted films stay (the festivals' entries); DeleteAccount then
	// takes the account's name out of their director and credits
	// (anonymiseKeptFilms, marquee.AnonymiseFilmPeople).
	// Invitations to the address not accepted go; accepted judge rows stay
	// (their scores are the festival's), without the address.
	{"judges", `DELETE FROM judges WHERE email = ? AND user_id IS NULL`, []string{"email"}},
	{"judges", `UPDATE judges SET email = ? WHERE user_id = ?`, []string{"anon", "id"}},
	// Only rejected festivals reach here (CheckAccountDeletable): those
	// without submissions go, the others lose their contact address.
	{"festivals", `DELETE FROM festivals WHERE organiser_id = ? AND status = 'rejected' AND id NOT IN (SELECT festival_id FROM submissions)
		AND id NOT IN (SELECT festival_id FROM festival_earnings)`, []string{"id"}},
	{"festivals", `UPDATE festivals SET contact_email = '' WHERE organiser_id = ?`, []string{"id"}},
	// Ledger rows stay (accounting) without an admin's free-text note,
	// which may name the person.
	{"credit_ledger", `UPDATE credit_ledger SET note = '' WHERE user_id = ?`, []string{"id"}},
	{"festival_door_staff", `DELETE FROM festival_door_staff WHERE user_id = ?`, []string{"id"}},
	// The attendees' names the buyer typed (issue 27) name other people.
	{"tickets", `UPDATE tickets SET attendee_name = '' WHERE user_id = ?`, []string{"id"}},
	// The company and VAT id a buyer gave for receipts (issue 26) name
	// whom they worked for; the payments stay, without them.
	{"purchases", `UPDATE purchases SET buyer_company = '', buyer_vat_id = '' WHERE user_id = ?`, []string{"id"}},
	{"ticket_orders", `UPDATE ticket_orders SET buyer_company = '', buyer_vat_id = '' WHERE user_id = ?`, []string{"id"}},
	{"ticket_order_attendees", `DELETE FROM ticket_order_attendees WHERE order_id IN (SELECT id FROM ticket_orders WHERE user_id = ?)`, []string{"id"}},
	// The account's own messages in submission threads, the extensions
	// granted to it and the record of the bulk messages it was sent.
	{"submission_messages", `DELETE FROM submission_messages WHERE author_id = ?`, []string{"id"}},
	{"deadline_extensions", `DELETE FROM deadline_extensions WHERE user_id = ?`, []string{"id"}},
	{"bulk_message_recipients", `DELETE FROM bulk_message_recipients WHERE user_id = ?`, []string{"id"}},
	// Waiting-list entries go; an open offer first gives its held seats
	// back (the worker offers them to the next in line).
	{"waitlist_entries", `UPDATE screenings SET held = held - (SELECT COALESCE(SUM(w.quantity), 0) FROM waitlist_entries w
		WHERE w.screening_id = screenings.id AND w.user_id = ? AND w.status = 'offered')
		WHERE id IN (SELECT screening_id FROM waitlist_entries WHERE user_id = ? AND status = 'offered')`, []string{"id", "id"}},
	{"waitlist_entries", `DELETE FROM waitlist_entries WHERE user_id = ?`, []string{"id"}},
	// Orders bought as a guest with the address (claimed or not) keep
	// their seats, without the name and address; requests to wait go.
	{"ticket_guest_orders", `UPDATE ticket_guest_orders SET email = ?, name = '' WHERE claimed_by = ? OR email = ?`, []string{"anon", "id", "email"}},
	{"waitlist_guest_requests", `DELETE FROM waitlist_guest_requests WHERE email = ?`, []string{"email"}},
	{"audit_log", `UPDATE audit_log SET actor_email = '' WHERE actor_id = ? OR actor_email = ?`, []string{"id", "email"}},
	{"rate_limits", `DELETE FROM rate_limits WHERE key LIKE ? ESCAPE '\'`, []string{"emailKeySuffix"}},
}

// keptOnDeletion are the tables with a user column that an account's
// deletion leaves as they are, each with the reason.
var keptOnDeletion = map[string]string{
	"users":                  "the row stays, anonymised (deleteAccount), for the rows that point to it",
	"purchases":              "accounting: payments made are kept, without the person's identity",
	"submissions":            "the festivals' entries, with their fees and scores",
	"ticket_orders":          "accounting: paid orders, and the screenings' seat counts they make up",
	"tickets":                "seats paid for stay valid at the door (their QR codes may be printed); the row names no one once its attendee's name is cleared",
	"promotions":             "accounting: campaigns paid in credits (their ledger rows stay too); the row names a festival, not the person",
	"judge_categories":       "the festival's judging (the judge row is anonymised)",
	"judge_assignments":      "the festival's judging",
	"judge_conflicts":        "the festival's judging",
	"judge_scores":           "the festival's judging: scores and comments the organiser relies on",
	"judge_criterion_scores": "the festival's judging",
	"festival_revisions":     "only of the user's festivals, all closed (rejected) at deletion, whose revisions a rejection deletes",
}

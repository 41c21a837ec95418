package marquee

import (
	"context"
	"strings"
	"time"
)

// ReminderPreference is when, relative to a festival's date, a reminder is sent.
type ReminderPreference string

// The reminder options of the seed's form.
const (
	RemindDayOf         ReminderPreference = "day-of"
	RemindOneDayBefore  ReminderPreference = "one-day-before"
	RemindOneWeekBefore ReminderPreference = "one-week-before"
)

// DaysBefore returns how many days before the festival date the reminder
// is sent, and false for an unknown preference.
func (p ReminderPreference) DaysBefore() (int, bool) {
	switch p {
	case RemindDayOf:
		return 0, true
	case RemindOneDayBefore:
		return 1, true
	case RemindOneWeekBefore:
		return 7, true
	}
	return 0, false
}

// ReminderHourUTC is the hour (UTC) at which reminders are sent on their day.
const ReminderHourUTC = 9

// ReminderSendAt returns when a reminder for a festival on date (YYYY-MM-DD)
// with preference p is due: 09:00 UTC on the computed day.
func ReminderSendAt(date string, p ReminderPreference) (time.Time, bool) {
	d, ok := ParseDate(date)
	days, okP := p.DaysBefore()
	if !ok || !okP {
		return time.Time{}, false
	}
	return d.AddDate(0, 0, -days).Add(ReminderHourUTC * time.Hour), true
}

// Reminder is a user's request to be e-mailed about a festival date, or
// about a deadline of one of its categories (CategoryID set): then Date is
// that deadline's date, and it follows the organiser's changes to it while
// the reminder is unsent.
type Reminder struct {
	ID           int64              `json:"id"`
	UserID       int64              `json:"-"`
	FestivalName string             `json:"festivalName"`
	FestivalSlug string             `json:"festivalSlug"` // "" when not linked to a festival on Marquee
	Date         string             `json:"date"`         // YYYY-MM-DD
	Preference   ReminderPreference `json:"preference"`
	// CategoryID, CategoryName and Tier name the deadline of a deadline
	// reminder (0, "" and "" for a festival date's); CategoryID is 0 too
	// once the organiser deleted the category.
	CategoryID   int64        `json:"categoryId"`
	CategoryName string       `json:"categoryName"`
	Tier         DeadlineTier `json:"tier"`
	Language     string       `json:"language"` // the e-mail's language
	SendAt       time.Time    `json:"sendAt"`
	SentAt       *time.Time   `json:"sentAt"`
	CreatedAt    time.Time    `json:"createdAt"`
}

// ReminderFestivalNameMax bounds a reminder's festival name.
const ReminderFestivalNameMax = 200

// NewReminder is what a user asks for on the reminder form, or with a
// festival page's "Remind me" of a category's deadline: then FestivalSlug,
// CategoryID and Tier name the deadline, and the festival's name and the
// date are the festival's own (ForDeadline), whatever was sent.
type NewReminder struct {
	FestivalName string             `json:"festivalName"`
	Date         string             `json:"date"`
	Preference   ReminderPreference `json:"preference"`
	FestivalSlug string             `json:"festivalSlug"`
	CategoryID   int64              `json:"categoryId"`
	Tier         DeadlineTier       `json:"tier"`
	// CategoryName is filled by ForDeadline, never read from a request.
	CategoryName string `json:"-"`
}

// IsDeadline reports whether r asks for a category deadline's reminder.
func (r *NewReminder) IsDeadline() bool { return r.CategoryID != 0 || r.Tier != "" }

// ForDeadline fills a deadline reminder from f, the approved festival
// r.FestivalSlug names: its name, the category r.CategoryID's name and the
// date of its tier r.Tier. The category must be f's and the tier one of
// its deadlines; Validate then checks the date as for any reminder.
func (r *NewReminder) ForDeadline(f *Festival) error {
	var fe FieldErrors
	if r.CategoryID <= 0 {
		fe.Add("categoryId", "Choose a category of this festival")
		return fe.Err()
	}
	var cat *Category
	for i := range f.Categories {
		if f.Categories[i].ID == r.CategoryID {
			cat = &f.Categories[i]
		}
	}
	if cat == nil {
		fe.Add("categoryId", "This category is not part of this festival")
		return fe.Err()
	}
	for _, d := range cat.Deadlines {
		if d.Tier == r.Tier {
			r.FestivalName, r.CategoryName, r.Date = f.Name, cat.Name, d.Date
			return nil
		}
	}
	fe.Add("tier", "This category has no such deadline")
	return fe.Err()
}

// Validate trims r and checks it against now: the festival date (or the
// deadline) must be today or later and the reminder's send day not
// already past.
func (r *NewReminder) Validate(now time.Time) error {
	r.FestivalName = strings.TrimSpace(r.FestivalName)
	r.Date = strings.TrimSpace(r.Date)
	r.FestivalSlug = strings.TrimSpace(r.FestivalSlug)
	var f FieldErrors
	CheckSingleLine("festivalName", r.FestivalName, &f)
	switch n := Length(r.FestivalName); {
	case n == 0:
		f.Add("festivalName", "Festival name is required")
	case n > ReminderFestivalNameMax:
		f.Add("festivalName", "Festival name must be at most 200 characters")
	}
	today := Today(now)
	switch _, ok := ParseDate(r.Date); {
	case r.Date == "":
		f.Add("date", "Festival date is required")
	case !ok:
		f.Add("date", "Enter the festival date as YYYY-MM-DD")
	case r.Date < today && r.IsDeadline():
		f.Add("tier", "This deadline has already passed")
	case r.Date < today:
		f.Add("date", "This festival date has already passed")
	}
	if _, ok := r.Preference.DaysBefore(); !ok {
		f.Add("preference", "Choose when to be reminded")
	} else if !f.Has("date") {
		sendAt, _ := ReminderSendAt(r.Date, r.Preference)
		if Today(sendAt) < today {
			f.Add("preference", "That reminder day has already passed; choose a later option")
		}
	}
	return f.Err()
}

// MailStatus is where an outgoing e-mail stands.
type MailStatus string

// The outbox states.
const (
	MailQueued MailStatus = "queued" // waiting for the SMTP sender
	MailSent   MailStatus = "sent"   // accepted by the SMTP server
	MailFailed MailStatus = "failed" // the SMTP server refused it; given up
	MailKept   MailStatus = "kept"   // no SMTP server configured: kept in the outbox for admins
	// MailHeld is a mail to an address whose account has not confirmed it:
	// it waits, undelivered, and becomes queued (or kept) once confirmed.
	MailHeld MailStatus = "held"
)

// Mail is an e-mail Marquee sends, as kept in the outbox table.
type Mail struct {
	ID        int64      `json:"id"`
	Kind      string     `json:"kind"` // e.g. "reminder"
	To        string     `json:"to"`
	Subject   string     `json:"subject"`
	Body      string     `json:"body"` // plain text
	Language  string     `json:"language"`
	Status    MailStatus `json:"status"`
	Attempts  int        `json:"attempts"`
	LastError string     `json:"lastError"`
	CreatedAt time.Time  `json:"createdAt"`
	SentAt    *time.Time `json:"sentAt"`
	// Attachments are sent with the mail (a confirmation's ticket PDFs);
	// the outbox list names them without their data.
	Attachments []MailAttachment `json:"attachments,omitempty"`
}

// MailAttachment is a file sent with a mail.
type MailAttachment struct {
	Filename    string `json:"filename"`
	ContentType string `json:"contentType"`
	Data        []byte `json:"-"`
	// Size is len(Data), or the stored size where the data is not read.
	Size int `json:"size"`
}

// ErrReminderFestivalUnlisted is the answer to a reminder linked to a
// festival that is not public on Marquee.
func ErrReminderFestivalUnlisted() error {
	return FieldError("festivalSlug", "This festival is not listed on Marquee")
}

// ReminderService keeps the signed-in user's reminders and sends them when
// due.
type ReminderService interface {
	// Create validates nr against today and stores it for the signed-in
	// user, to be e-mailed in language; a FestivalSlug must name an
	// approved festival.
	Create(ctx context.Context, nr NewReminder, language string) (*Reminder, error)
	// List returns the signed-in user's reminders by festival date.
	List(ctx context.Context) ([]*Reminder, error)
	// Delete deletes one of the signed-in user's reminders (ENotFound for
	// anyone else's).
	Delete(ctx context.Context, id int64) error
	// SendDue writes the e-mails of up to limit due reminders, each
	// exactly once, into the outbox with status (the worker calls it).
	SendDue(ctx context.Context, limit int, compose ComposeReminder, status MailStatus) (int, error)
}

// ComposeReminder writes the e-mail for reminder r, addressed to to.
type ComposeReminder func(r *Reminder, to string) Mail

// MailFilter narrows the admins' view of the outbox.
type MailFilter struct {
	Status MailStatus // "" for every status
	PageRequest
}

// OutboxPerPage is the page size of the admins' outbox.
const OutboxPerPage = 20

// ParseMailStatusFilter reads the outbox's ?status= filter: "" (every
// status) when empty or all.
func ParseMailStatusFilter(v string, f *FieldErrors) MailStatus {
	switch s := MailStatus(strings.TrimSpace(v)); s {
	case "", "all":
		return ""
	case MailQueued, MailSent, MailFailed, MailKept, MailHeld:
		return s
	}
	f.Add("status", "Unknown mail status (want queued, sent, failed, kept, held or all)")
	return ""
}

// MailService is the outbox every e-mail goes through.
type MailService interface {
	// Enqueue puts m in the outbox with m.Status (queued or kept).
	Enqueue(ctx context.Context, m *Mail) error
	// Claim leases up to limit queued mails for sending.
	Claim(ctx context.Context, limit int, lease time.Duration) ([]*Mail, error)
	// MarkSent records that mail id was accepted by the SMTP server.
	MarkSent(ctx context.Context, id int64) error
	// MarkFailed records a failed attempt; the mail is retried at retryAt,
	// or given up for good, as the returned status says.
	MarkFailed(ctx context.Context, id int64, sendErr error, retryAt time.Time) (MailStatus, error)
	// List is the admins' view of the outbox, newest first (admin only).
	List(ctx context.Context, f MailFilter) (*Page[*Mail], error)
}

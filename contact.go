package marquee

import (
	"context"
	"strings"
)

// Contact form limits.
const (
	ContactNameMax       = 100
	ContactSubjectMax    = 200
	ContactMessageMin    = 10
	ContactMessageMax    = 5000
	AdminMessagesPerPage = 50
)

// NewContactMessage is what a visitor writes on the contact form.
type NewContactMessage struct {
	Name    string `json:"name"`
	Email   string `json:"email"`
	Subject string `json:"subject"`
	Message string `json:"message"`
	// Website is a honeypot: hidden from people, filled in by bots. A
	// message that fills it is answered as if sent and never stored.
	Website string `json:"website"`
	// IP is the sender's address, kept for the admins.
	IP string `json:"-"`
}

// Validate trims the fields and checks them.
func (m *NewContactMessage) Validate() error {
	m.Name = strings.TrimSpace(m.Name)
	m.Email = strings.TrimSpace(m.Email)
	m.Subject = strings.TrimSpace(m.Subject)
	m.Message = strings.TrimSpace(m.Message)
	var f FieldErrors
	CheckSingleLine("name", m.Name, &f)
	CheckSingleLine("email", m.Email, &f)
	CheckSingleLine("subject", m.Subject, &f)
	CheckMultiLine("message", m.Message, &f)
	switch n := Length(m.Name); {
	case n == 0:
		f.Add("name", "Name is required")
	case n > ContactNameMax:
		f.Add("name", "Name must be at most 100 characters")
	}
	switch {
	case m.Email == "":
		f.Add("email", "Email is required")
	case !ValidEmail(m.Email):
		f.Add("email", "Enter a valid email address")
	}
	switch n := Length(m.Subject); {
	case n == 0:
		f.Add("subject", "Subject is required")
	case n > ContactSubjectMax:
		f.Add("subject", "Subject must be at most 200 characters")
	}
	switch n := Length(m.Message); {
	case n == 0:
		f.Add("message", "Message is required")
	case n < ContactMessageMin:
		f.Add("message", "Message must be at least 10 characters")
	case n > ContactMessageMax:
		f.Add("message", "Message must be at most 5000 characters")
	}
	return f.Err()
}

// IsSpam reports whether a bot filled the honeypot.
func (m *NewContactMessage) IsSpam() bool { return strings.TrimSpace(m.Website) != "" }

// ContactStatus selects contact messages by whether an admin handled them.
type ContactStatus string

// The contact message filters.
const (
	ContactOpen    ContactStatus = "open"
	ContactHandled ContactStatus = "handled"
	ContactAll     ContactStatus = "all"
)

// ParseContactStatus reads a ?status= filter: open when empty.
func ParseContactStatus(v string, f *FieldErrors) ContactStatus {
	switch s := ContactStatus(strings.TrimSpace(v)); s {
	case "":
		return ContactOpen
	case ContactOpen, ContactHandled, ContactAll:
		return s
	}
	f.Add("status", "Status must be open, handled or all")
	return ContactOpen
}

// ContactFilter narrows the admins' list of contact messages.
type ContactFilter struct {
	Status ContactStatus
	PageRequest
}

// ContactService keeps the messages of the contact form.
type ContactService interface {
	// Send validates and stores a message for the admins; a honeypot
	// message is dropped silently (nil error, nothing stored).
	Send(ctx context.Context, m NewContactMessage) error
	// List is the admins' list of messages, newest first (admin only).
	List(ctx context.Context, f ContactFilter) (*Page[*ContactMessage], error)
	// SetHandled marks a message handled by the signed-in admin, or open again.
	SetHandled(ctx context.Context, id int64, handled bool) (*ContactMessage, error)
}

// PackageService reads the credit packages.
type PackageService interface {
	// List returns the active packages in display order, texts in lang.
	List(ctx context.Context, lang string) ([]*Package, error)
	// Find returns one active package in lang, or ENotFound.
	Find(ctx context.Context, id, lang string) (*Package, error)
}

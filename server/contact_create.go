package server

import (
	"net/http"
	"strings"

	"github.com/marquee-festival/marquee"
)

type contactRequest struct {
	Name    string `json:"name"`
	Email   string `json:"email"`
	Subject string `json:"subject"`
	Message string `json:"message"`
	// Website is a honeypot: hidden from people, filled in by bots.
	Website string `json:"website"`
}

// Validate trims the fields and returns per-field messages.
func (c *contactRequest) Validate() error {
	c.Name = strings.TrimSpace(c.Name)
	c.Email = strings.TrimSpace(c.Email)
	c.Subject = strings.TrimSpace(c.Subject)
	c.Message = strings.TrimSpace(c.Message)
	f := marquee.FieldErrors{}
	switch n := marquee.Length(c.Name); {
	case n == 0:
		f.Add("name", "Name is required")
	case n > 100:
		f.Add("name", "Name must be at most 100 characters")
	}
	switch {
	case c.Email == "":
		f.Add("email", "Email is required")
	case !marquee.ValidEmail(c.Email):
		f.Add("email", "Enter a valid email address")
	}
	switch n := marquee.Length(c.Subject); {
	case n == 0:
		f.Add("subject", "Subject is required")
	case n > 200:
		f.Add("subject", "Subject must be at most 200 characters")
	}
	switch n := marquee.Length(c.Message); {
	case n == 0:
		f.Add("message", "Message is required")
	case n < 10:
		f.Add("message", "Message must be at least 10 characters")
	case n > 5000:
		f.Add("message", "Message must be at most 5000 characters")
	}
	return f.Err(firstMessage(f, "name", "email", "subject", "message"))
}

// handleContactCreate stores a message from the contact form for the admins.
// A filled honeypot gets the same answer but nothing is stored.
func (s *Server) handleContactCreate(w http.ResponseWriter, r *http.Request) {
	var req contactRequest
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := req.Validate(); err != nil {
		s.writeError(w, r, err)
		return
	}
	if !s.contactByIP.Allow(s.clientIP(r), s.db.Now()) {
		s.writeError(w, r, marquee.Errorf(marquee.ERateLimited, "Too many messages from your network. Try again later."))
		return
	}
	thanks := map[string]string{"message": "Thank you! Your message has been sent. We will reply to " + req.Email + "."}
	if strings.TrimSpace(req.Website) != "" {
		requestLogger(r, s.log).Warn("contact honeypot filled; message dropped", "ip", s.clientIP(r))
		writeJSON(w, http.StatusCreated, thanks)
		return
	}
	m := &marquee.ContactMessage{Name: req.Name, Email: req.Email, Subject: req.Subject, Message: req.Message, IP: s.clientIP(r)}
	if err := s.db.CreateContactMessage(r.Context(), m); err != nil {
		s.writeError(w, r, err)
		return
	}
	requestLogger(r, s.log).Info("contact message stored", "message_id", m.ID)
	writeJSON(w, http.StatusCreated, thanks)
}

// Package mail writes Marquee's e-mails (plain text, UTF-8, in the
// recipient's language) and delivers them over SMTP. Mail is never sent
// from a request: it goes through the outbox table (see store), from which
// the background worker hands it to a Sender. Without an SMTP server the
// outbox keeps it for admins to read.
package mail

import (
	"context"

	"github.com/marquee-festival/marquee"
)

// Sender delivers one e-mail.
type Sender interface {
	// Send delivers m to m.To; an error means it was not accepted.
	Send(ctx context.Context, m marquee.Mail) error
}

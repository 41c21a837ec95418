package mail

import (
	"bytes"
	"context"
	"crypto/tls"
	"encoding/base64"
	"errors"
	"fmt"
	"net"
	netmail "net/mail"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	gomail "github.com/wneessen/go-mail"

	"github.com/marquee-festival/marquee"
)

// Defaults of the mail settings.
const (
	DefaultFrom      = "Marquee <no-reply@marquee.example>"
	DefaultPublicURL = "http://127.0.0.1:8080"
	DefaultTimeout   = 30 * time.Second
)

// TLS modes of an SMTP connection.
const (
	TLSOpportunistic = "starttls-if-available" // STARTTLS when the server offers it (smtp:// without ?tls=)
	TLSStartTLS      = "starttls"              // STARTTLS required
	TLSImplicit      = "tls"                   // TLS from the first byte (smtps://)
	TLSNone          = "none"                  // never encrypt
)

// Config holds the mail settings.
type Config struct {
	// SMTPURL is MARQUEE_SMTP_URL: smtp://[user:pass@]host[:port][?tls=none|starttls|tls]
	// or smtps://[user:pass@]host[:port]. Empty means no SMTP server.
	SMTPURL string
	// From is MARQUEE_MAIL_FROM, an address with an optional display name.
	From string
	// HELO is MARQUEE_MAIL_HELO, the name the sender greets the server
	// with; empty means the domain of From.
	HELO string
	// Timeout bounds connecting and each SMTP command.
	Timeout time.Duration
}

// SMTP delivers mail through one SMTP server, one connection per mail.
type SMTP struct {
	host     string
	port     int
	tlsMode  string
	user     string
	pass     string
	fromName string
	fromAddr string
	helo     string
	domain   string
	timeout  time.Duration
}

// NewSMTP checks cfg and returns a sender for it. It does not connect.
func NewSMTP(cfg Config) (*SMTP, error) {
	u, err := url.Parse(strings.TrimSpace(cfg.SMTPURL))
	if err != nil {
		return nil, fmt.Errorf("mail: MARQUEE_SMTP_URL is not a URL: %w", err)
	}
	s := &SMTP{host: u.Hostname(), timeout: cfg.Timeout}
	if s.timeout <= 0 {
		s.timeout = DefaultTimeout
	}
	mode := strings.ToLower(u.Query().Get("tls"))
	switch u.Scheme {
	case "smtp":
		switch mode {
		case "":
			s.tlsMode = TLSOpportunistic
		case TLSNone, TLSStartTLS, TLSImplicit:
			s.tlsMode = mode
		default:
			return nil, fmt.Errorf("mail: MARQUEE_SMTP_URL has tls=%s (want none, starttls or tls)", mode)
		}
	case "smtps":
		if mode != "" && mode != TLSImplicit {
			return nil, fmt.Errorf("mail: MARQUEE_SMTP_URL is smtps:// (implicit TLS) but says tls=%s", mode)
		}
		s.tlsMode = TLSImplicit
	default:
		return nil, fmt.Errorf("mail: MARQUEE_SMTP_URL must start with smtp:// or smtps://, not %q", u.Scheme+"://")
	}
	if s.host == "" {
		return nil, errors.New("mail: MARQUEE_SMTP_URL has no host")
	}
	s.port = 587
	if s.tlsMode == TLSImplicit {
		s.port = 465
	}
	if p := u.Port(); p != "" {
		if s.port, err = strconv.Atoi(p); err != nil || s.port < 1 || s.port > 65535 {
			return nil, fmt.Errorf("mail: MARQUEE_SMTP_URL has a bad port %q", p)
		}
	}
	if u.User != nil {
		s.user = u.User.Username()
		s.pass, _ = u.User.Password()
	}
	from := cfg.From
	if strings.TrimSpace(from) == "" {
		from = DefaultFrom
	}
	addr, err := netmail.ParseAddress(from)
	if err != nil {
		return nil, fmt.Errorf("mail: MARQUEE_MAIL_FROM %q is not an e-mail address: %w", from, err)
	}
	s.fromName, s.fromAddr = addr.Name, addr.Address
	s.domain = addr.Address[strings.LastIndexByte(addr.Address, '@')+1:]
	s.helo = strings.TrimSpace(cfg.HELO)
	if s.helo == "" {
		s.helo = s.domain
	}
	if strings.ContainsAny(s.helo, " \t\r\n") {
		return nil, fmt.Errorf("mail: MARQUEE_MAIL_HELO %q must be a host name", s.helo)
	}
	return s, nil
}

// String describes the server without its password, for logs.
func (s *SMTP) String() string {
	user := ""
	if s.user != "" {
		user = s.user + "@"
	}
	return fmt.Sprintf("smtp://%s%s (tls: %s, helo: %s)", user, net.JoinHostPort(s.host, strconv.Itoa(s.port)), s.tlsMode, s.helo)
}

// Send delivers m over a new SMTP connection.
func (s *SMTP) Send(ctx context.Context, m marquee.Mail) error {
	msg, err := s.message(m)
	if err != nil {
		return err
	}
	opts := []gomail.Option{
		gomail.WithPort(s.port),
		gomail.WithTimeout(s.timeout),
		gomail.WithHELO(s.helo),
		gomail.WithTLSConfig(&tls.Config{ServerName: s.host, MinVersion: tls.VersionTLS12}),
	}
	switch s.tlsMode {
	case TLSImplicit:
		opts = append(opts, gomail.WithSSL())
	case TLSStartTLS:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	case TLSOpportunistic:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSOpportunistic))
	case TLSNone:
		opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
	}
	if s.user != "" {
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover), gomail.WithUsername(s.user), gomail.WithPassword(s.pass))
	}
	client, err := gomail.NewClient(s.host, opts...)
	if err != nil {
		return fmt.Errorf("mail: smtp client for %s: %w", s.host, err)
	}
	if err := client.DialAndSendWithContext(ctx, msg); err != nil {
		return fmt.Errorf("mail: send to %s via %s: %w", m.To, s.host, err)
	}
	return nil
}

// message turns m into a MIME message: plain text, UTF-8.
func (s *SMTP) message(m marquee.Mail) (*gomail.Msg, error) {
	msg := gomail.NewMsg(gomail.WithCharset(gomail.CharsetUTF8))
	if err := msg.FromFormat(s.fromName, s.fromAddr); err != nil {
		return nil, fmt.Errorf("mail: from %s: %w", s.fromAddr, err)
	}
	if err := msg.To(m.To); err != nil {
		return nil, Permanent(fmt.Errorf("mail: recipient %q: %w", m.To, err))
	}
	msg.Subject(subjectWords(oneLine(m.Subject)))
	msg.SetBodyString(gomail.TypeTextPlain, m.Body)
	attachments, err := RenderAttachments(m)
	if err != nil {
		return nil, err
	}
	for _, a := range attachments {
		msg.AttachReadSeeker(a.Filename, bytes.NewReader(a.Data), gomail.WithFileContentType(gomail.ContentType(a.ContentType)))
	}
	msg.SetDate()
	if m.ID > 0 {
		// The same outbox row keeps its Message-ID across retries, so a
		// mail delivered twice after a lost reply is recognisably one.
		msg.SetMessageIDWithValue(fmt.Sprintf("marquee-mail-%d@%s", m.ID, s.domain))
	} else {
		msg.SetMessageID()
	}
	if m.Language != "" {
		msg.SetGenHeader(gomail.HeaderContentLang, m.Language)
	}
	msg.SetGenHeader(gomail.Header("Auto-Submitted"), "auto-generated")
	msg.SetUserAgent("Marquee")
	return msg, nil
}

// oneLine makes s fit a header: line breaks and tabs become spaces.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// subjectWords returns subject as it is (go-mail encodes what is not
// ASCII), unless it holds "=?": a mail reader would decode a word such as
// "=?UTF-8?q?...?=" typed into a film's title into whatever text it
// encodes (RFC 2047), control characters included. Such a subject is
// written as encoded words here, 45 bytes of whole characters in each
// (72 characters with base64 and its frame, under the 75 allowed), which
// go-mail writes as they are and readers decode back to subject.
func subjectWords(subject string) string {
	if !strings.Contains(subject, "=?") {
		return subject
	}
	var words []string
	for s := subject; s != ""; {
		n := 0
		for n < len(s) {
			_, size := utf8.DecodeRuneInString(s[n:])
			if n+size > 45 {
				break
			}
			n += size
		}
		words = append(words, "=?UTF-8?b?"+base64.StdEncoding.EncodeToString([]byte(s[:n]))+"?=")
		s = s[n:]
	}
	return strings.Join(words, " ")
}

// permanentError marks a failure that retrying cannot fix.
type permanentError struct{ err error }

func (e permanentError) Error() string { return e.err.Error() }
func (e permanentError) Unwrap() error { return e.err }

// Permanent marks err as a failure that retrying cannot fix.
func Permanent(err error) error { return permanentError{err} }

// IsPermanent reports whether err means the mail will never be accepted:
// marked with Permanent, or an SMTP 5xx reply (such as 550, no such
// user). Connection failures and 4xx replies are temporary.
func IsPermanent(err error) bool {
	if errors.As(err, new(permanentError)) {
		return true
	}
	var se *gomail.SendError
	if errors.As(err, &se) {
		code := se.ErrorCode()
		return code >= 500 && code < 600
	}
	return false
}

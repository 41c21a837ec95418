package main

import (
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/mail"
	"github.com/marquee-festival/marquee/password"
	"github.com/marquee-festival/marquee/poster"
	"github.com/marquee-festival/marquee/server"
	"github.com/marquee-festival/marquee/telemetry"
	"github.com/marquee-festival/marquee/worker"
)

// config is everything `marquee` reads from its environment.
type config struct {
	Addr        string
	DatabaseURL string
	LogLevel    slog.Level
	LogFormat   string
	WebDir      string
	Server      server.Config
	// Password sets argon2id's cost for every password the services hash.
	Password password.Params
	// PasswordLimits bound the requests' hashes: a slot per core, and the
	// queue's length and longest wait (MARQUEE_PASSWORD_QUEUE, _WAIT).
	PasswordLimits password.Limits
	// Mail holds the SMTP settings; an empty Mail.SMTPURL keeps mail in the outbox.
	Mail mail.Config
	// PublicURL is the site's address in e-mails: MARQUEE_PUBLIC_URL, else
	// the listen address's (listenURL); "" means mail.DefaultPublicURL.
	PublicURL string
	// Worker runs the background worker on this node; WorkerInterval is its period.
	Worker         bool
	WorkerInterval time.Duration
	// WaitlistOfferFor is how long a waiting-list offer holds its seats.
	WaitlistOfferFor time.Duration
	// Payments chooses the card provider: Stripe, or the test mode.
	Payments paymentConfig
	// Payouts are the payout schedule's day and minimum (MARQUEE_PAYOUT_*).
	Payouts marquee.PayoutSettings
	// DataDir holds uploaded files (posters under DataDir/posters).
	DataDir string
	// S3 keeps uploaded files in an object store instead (MARQUEE_S3_*).
	S3 s3Config
	// Assistant is the festival assistant's AI service, if any.
	Assistant assistantConfig
	// Movies chooses the movies pages' catalogue: The Movie Database, or the listed films.
	Movies moviesConfig
	// DataExportsPerHour replaces the data export limit's allowance
	// (marquee.LimitDataExport, kept by the store); 0 keeps it.
	DataExportsPerHour int
	// Posters bounds the poster decodes running at once (zero: the defaults).
	Posters poster.Config
	// LaurelFont is the font file laurels' PNGs draw CJK characters with
	// ("": laurel.SystemFonts).
	LaurelFont string
	// Earnings are the platform's commission and the credits' published
	// value festivals' earnings are counted with (config_earnings.go).
	Earnings marquee.EarningsSettings
	// Observe holds the metrics' and the tracing's settings (config_observe.go).
	Observe observeConfig
	// tracing is the tracer serve started when Observe.TracingOn (nil:
	// none): the providers, the database and the server trace through it.
	tracing *telemetry.Tracing
}

// configFromEnv reads the MARQUEE_* variables (documented in the README).
func configFromEnv(getenv func(string) string) (config, error) {
	c, errs := readConfig(getenv)
	if len(errs) > 0 {
		return c, fmt.Errorf("configuration: %s", strings.Join(errs, "; "))
	}
	return c, nil
}

// readConfig reads the MARQUEE_* variables into a config and returns it
// with every problem found (one message per setting or combination).
func readConfig(getenv func(string) string) (config, []string) {
	c := config{
		Addr:             "127.0.0.1:8080",
		DatabaseURL:      "sqlite:data/marquee.db",
		LogFormat:        "text",
		Server:           server.DefaultConfig(),
		Password:         password.Default,
		Mail:             mail.Config{From: mail.DefaultFrom},
		Worker:           true,
		WorkerInterval:   worker.DefaultInterval,
		WaitlistOfferFor: marquee.DefaultWaitlistOfferFor,
	}
	var errs []string
	str := func(name string, dst *string) {
		if v := strings.TrimSpace(getenv(name)); v != "" {
			*dst = v
		}
	}
	num := func(name string, dst *int) {
		if v := strings.TrimSpace(getenv(name)); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n <= 0 {
				errs = append(errs, fmt.Sprintf("%s=%q: want a positive whole number", name, v))
				return
			}
			*dst = n
		}
	}
	str("MARQUEE_ADDR", &c.Addr)
	str("MARQUEE_DATABASE_URL", &c.DatabaseURL)
	str("MARQUEE_WEB_DIR", &c.WebDir)
	str("MARQUEE_SUPPORT_EMAIL", &c.Server.SupportEmail)
	str("MARQUEE_SUPPORT_PHONE", &c.Server.SupportPhone)
	str("MARQUEE_SUPPORT_ADDRESS", &c.Server.SupportAddress)
	num("MARQUEE_LOGIN_RATE_PER_MINUTE", &c.Server.LoginRatePerMinute)
	num("MARQUEE_SIGNUP_RATE_PER_HOUR", &c.Server.SignupRatePerHour)
	num("MARQUEE_CONTACT_RATE_PER_HOUR", &c.Server.ContactRatePerHour)
	num("MARQUEE_VIEW_RATE_PER_MINUTE", &c.Server.ViewRatePerMinute)
	num("MARQUEE_LOGIN_FAILURES_PER_CLIENT_PER_MINUTE", &c.Server.LoginFailuresPerClientPerMinute)
	num("MARQUEE_LOGIN_FAILURES_PER_ACCOUNT_PER_15MIN", &c.Server.LoginFailuresPerAccountPer15Min)
	num("MARQUEE_PASSWORD_CHANGE_RATE_PER_HOUR", &c.Server.PasswordChangeRatePerHour)
	num("MARQUEE_FESTIVAL_RATE_PER_USER_PER_DAY", &c.Server.FestivalRegistrationsPerUserPerDay)
	num("MARQUEE_FESTIVAL_RATE_PER_IP_PER_DAY", &c.Server.FestivalRegistrationsPerIPPerDay)
	num("MARQUEE_PASSWORD_RESET_RATE_PER_IP_PER_HOUR", &c.Server.PasswordResetRatePerIPPerHour)
	num("MARQUEE_PASSWORD_RESET_RATE_PER_ADDRESS_PER_HOUR", &c.Server.PasswordResetRatePerAddressPerHour)
	num("MARQUEE_PASSWORD_RESET_CONFIRM_RATE_PER_HOUR", &c.Server.PasswordResetConfirmRatePerHour)
	num("MARQUEE_CHECKOUT_RATE_PER_10MIN", &c.Server.CheckoutRatePer10Min)
	num("MARQUEE_WEBHOOK_RATE_PER_MINUTE", &c.Server.WebhookRatePerMinute)
	num("MARQUEE_INQUIRY_VISITOR_RATE_PER_HOUR", &c.Server.InquiryVisitorRatePerHour)
	num("MARQUEE_DATA_EXPORT_RATE_PER_HOUR", &c.DataExportsPerHour)
	num("MARQUEE_READ_QUEUE", &c.Server.ReadQueue)
	if v := strings.TrimSpace(getenv("MARQUEE_SESSION_TTL")); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < time.Minute {
			errs = append(errs, fmt.Sprintf("MARQUEE_SESSION_TTL=%q: want a duration of at least 1m, such as 720h", v))
		} else {
			c.Server.SessionTTL = d
		}
	}
	switch v := strings.ToLower(strings.TrimSpace(getenv("MARQUEE_TRUST_PROXY"))); v {
	case "", "0", "false", "no":
	case "1", "true", "yes":
		c.Server.TrustProxy = true
	default:
		errs = append(errs, fmt.Sprintf("MARQUEE_TRUST_PROXY=%q: want true or false", v))
	}
	if v := strings.TrimSpace(getenv("MARQUEE_LOG_LEVEL")); v != "" {
		if err := c.LogLevel.UnmarshalText([]byte(v)); err != nil {
			errs = append(errs, fmt.Sprintf("MARQUEE_LOG_LEVEL=%q: want debug, info, warn or error", v))
		}
	}
	switch v := strings.ToLower(strings.TrimSpace(getenv("MARQUEE_LOG_FORMAT"))); v {
	case "":
	case "text", "json":
		c.LogFormat = v
	default:
		errs = append(errs, fmt.Sprintf("MARQUEE_LOG_FORMAT=%q: want text or json", v))
	}
	errs = append(errs, mailFromEnv(getenv, &c)...)
	if c.PublicURL == "" {
		c.PublicURL = listenURL(c.Addr)
	}
	errs = append(errs, paymentFromEnv(getenv, &c)...)
	errs = append(errs, payoutsFromEnv(getenv, &c)...)
	errs = append(errs, filesFromEnv(getenv, &c)...)
	errs = append(errs, assistantFromEnv(getenv, &c)...)
	errs = append(errs, moviesFromEnv(getenv, &c)...)
	errs = append(errs, postersFromEnv(getenv, &c)...)
	errs = append(errs, laurelsFromEnv(getenv, &c)...)
	errs = append(errs, passwordsFromEnv(getenv, &c)...)
	errs = append(errs, observeFromEnv(getenv, &c)...)
	errs = append(errs, earningsFromEnv(getenv, &c)...)
	return c, errs
}

// mailFromEnv reads the mail and background worker settings into c and
// returns what is wrong with them.
func mailFromEnv(getenv func(string) string, c *config) []string {
	var errs []string
	c.Mail.SMTPURL = strings.TrimSpace(getenv("MARQUEE_SMTP_URL"))
	if v := strings.TrimSpace(getenv("MARQUEE_MAIL_FROM")); v != "" {
		c.Mail.From = v
	}
	c.Mail.HELO = strings.TrimSpace(getenv("MARQUEE_MAIL_HELO"))
	if c.Mail.SMTPURL != "" {
		// Check the settings now, so that a typo stops `serve` at once.
		if _, err := mail.NewSMTP(c.Mail); err != nil {
			errs = append(errs, err.Error())
		}
	}
	if v := strings.TrimSpace(getenv("MARQUEE_PUBLIC_URL")); v != "" {
		u, err := url.Parse(v)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || (u.Path != "" && u.Path != "/") || u.RawQuery != "" {
			errs = append(errs, fmt.Sprintf("MARQUEE_PUBLIC_URL=%q: want the site's address, such as https://marquee.example", v))
		} else {
			c.PublicURL = strings.TrimRight(v, "/")
			c.Server.PublicURL = c.PublicURL
		}
	}
	switch v := strings.ToLower(strings.TrimSpace(getenv("MARQUEE_WORKER"))); v {
	case "", "on", "1", "true", "yes":
	case "off", "0", "false", "no":
		c.Worker = false
	default:
		errs = append(errs, fmt.Sprintf("MARQUEE_WORKER=%q: want on or off", v))
	}
	if v := strings.TrimSpace(getenv("MARQUEE_WORKER_INTERVAL")); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < time.Second {
			errs = append(errs, fmt.Sprintf("MARQUEE_WORKER_INTERVAL=%q: want a duration of at least 1s, such as 30s", v))
		} else {
			c.WorkerInterval = d
		}
	}
	if v := strings.TrimSpace(getenv("MARQUEE_WAITLIST_OFFER_MINUTES")); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 7*24*60 {
			errs = append(errs, fmt.Sprintf("MARQUEE_WAITLIST_OFFER_MINUTES=%q: want whole minutes from 1 to 10080, such as 30", v))
		} else {
			c.WaitlistOfferFor = time.Duration(n) * time.Minute
		}
	}
	return errs
}

// listenURL is the address e-mails link to when MARQUEE_PUBLIC_URL is not
// set: the listen address MARQUEE_ADDR, with localhost for a wildcard host
// (0.0.0.0, ::, none). A port chosen at listen time (0) or an address
// that is not host:port gives "" (mail.DefaultPublicURL).
func listenURL(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil || port == "" || port == "0" {
		return ""
	}
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port)
}

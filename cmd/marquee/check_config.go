package main

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/assistant"
	"github.com/marquee-festival/marquee/files"
	"github.com/marquee-festival/marquee/password"
	"github.com/marquee-festival/marquee/poster"
	"github.com/marquee-festival/marquee/store"
)

// setting is one MARQUEE_* variable as `marquee check-config` reports
// it: its value in force (the default when unset) and whether it is a
// secret, shown masked.
type setting struct {
	name   string
	secret bool
	value  func(c config) string
}

func itoa(n int) string { return strconv.Itoa(n) }

// settings lists every variable `marquee` reads, in the README's order;
// TestCheckConfigListsEverySetting fails on one read in cmd/marquee and
// missing here.
var settings = []setting{
	{"MARQUEE_ADDR", false, func(c config) string { return c.Addr }},
	{"MARQUEE_DATABASE_URL", false, func(c config) string { return redactURL(c.DatabaseURL) }},
	{"MARQUEE_DATA_DIR", false, func(c config) string { return c.DataDir }},
	{"MARQUEE_WEB_DIR", false, func(c config) string { return orNone(c.WebDir, "(the front end built into the binary)") }},
	{"MARQUEE_PUBLIC_URL", false, func(c config) string { return orNone(c.PublicURL, "(none: e-mails link to http://localhost:8080)") }},
	{"MARQUEE_TRUST_PROXY", false, func(c config) string { return strconv.FormatBool(c.Server.TrustProxy) }},
	{"MARQUEE_LOG_LEVEL", false, func(c config) string { return strings.ToLower(c.LogLevel.String()) }},
	{"MARQUEE_LOG_FORMAT", false, func(c config) string { return c.LogFormat }},
	{"MARQUEE_SESSION_TTL", false, func(c config) string { return c.Server.SessionTTL.String() }},
	{"MARQUEE_SUPPORT_EMAIL", false, func(c config) string { return c.Server.SupportEmail }},
	{"MARQUEE_SUPPORT_PHONE", false, func(c config) string { return c.Server.SupportPhone }},
	{"MARQUEE_SUPPORT_ADDRESS", false, func(c config) string { return c.Server.SupportAddress }},
	{"MARQUEE_WORKER", false, func(c config) string { return map[bool]string{true: "on", false: "off"}[c.Worker] }},
	{"MARQUEE_WORKER_INTERVAL", false, func(c config) string { return c.WorkerInterval.String() }},
	{"MARQUEE_WAITLIST_OFFER_MINUTES", false, func(c config) string { return strconv.Itoa(int(c.WaitlistOfferFor / time.Minute)) }},
	{"MARQUEE_SMTP_URL", false, func(c config) string { return orNone(redactURL(c.Mail.SMTPURL), "(none: mail is kept in the outbox)") }},
	{"MARQUEE_MAIL_FROM", false, func(c config) string { return c.Mail.From }},
	{"MARQUEE_MAIL_HELO", false, func(c config) string { return orNone(c.Mail.HELO, "(the domain of MARQUEE_MAIL_FROM)") }},
	{"MARQUEE_STRIPE_SECRET_KEY", true, func(c config) string { return orNone(c.Payments.StripeSecretKey, "(none: payments in test mode)") }},
	{"MARQUEE_STRIPE_PUBLISHABLE_KEY", false, func(c config) string { return c.Payments.StripePublishableKey }},
	{"MARQUEE_STRIPE_WEBHOOK_SECRET", true, func(c config) string { return c.Payments.StripeWebhookSecret }},
	{"MARQUEE_STRIPE_API_BASE", false, func(c config) string { return orNone(c.Payments.StripeAPIBase, "(Stripe's)") }},
	{"MARQUEE_PAYOUT_DAY", false, func(c config) string { return strconv.Itoa(c.Payouts.ScheduleDay) }},
	{"MARQUEE_PAYOUT_MINIMUM_CENTS", false, func(c config) string { return strconv.FormatInt(c.Payouts.MinimumCents, 10) }},
	{"MARQUEE_S3_ENDPOINT", false, func(c config) string {
		if !c.S3.Enabled() {
			return "(none: uploads on disk under MARQUEE_DATA_DIR/posters)"
		}
		return orNone(c.S3.Endpoint, "(AWS S3)")
	}},
	{"MARQUEE_S3_BUCKET", false, func(c config) string { return c.S3.Bucket }},
	{"MARQUEE_S3_REGION", false, func(c config) string { return c.S3.Region }},
	{"MARQUEE_S3_ACCESS_KEY_ID", false, func(c config) string { return c.S3.AccessKeyID }},
	{"MARQUEE_S3_SECRET_ACCESS_KEY", true, func(c config) string { return c.S3.SecretAccessKey }},
	{"MARQUEE_S3_PATH_STYLE", false, func(c config) string { return strconv.FormatBool(c.S3.PathStyle) }},
	{"MARQUEE_S3_PREFIX", false, func(c config) string { return c.S3.Prefix }},
	{"MARQUEE_AI_BASE_URL", false, func(c config) string { return orNone(c.Assistant.AI.BaseURL, "(none: the embedded assistant)") }},
	{"MARQUEE_AI_API_KEY", true, func(c config) string { return c.Assistant.AI.APIKey }},
	{"MARQUEE_AI_MODEL", false, func(c config) string { return c.Assistant.AI.Model }},
	{"MARQUEE_AI_TIMEOUT", false, func(c config) string {
		return durationOr(c.Assistant.AI.Timeout, assistant.DefaultTimeout)
	}},
	{"MARQUEE_AI_MAX_TOKENS", false, func(c config) string {
		if c.Assistant.AI.MaxTokens == 0 {
			return strconv.FormatInt(int64(assistant.DefaultMaxTokens), 10) + " (default)"
		}
		return strconv.FormatInt(c.Assistant.AI.MaxTokens, 10)
	}},
	{"MARQUEE_AI_TOOL_ROUNDS", false, func(c config) string {
		if c.Assistant.AI.ToolRounds == 0 {
			return itoa(assistant.DefaultToolRounds) + " (default)"
		}
		return itoa(c.Assistant.AI.ToolRounds)
	}},
	{"MARQUEE_METRICS_ADDR", false, func(c config) string {
		return orNone(c.Observe.MetricsAddr, "(none: /metrics on the site when MARQUEE_METRICS_TOKEN is set, else no metrics)")
	}},
	{"MARQUEE_METRICS_TOKEN", true, func(c config) string { return c.Observe.MetricsToken }},
	{"MARQUEE_TMDB_API_KEY", true, func(c config) string { return orNone(c.Movies.TMDBAPIKey, "(none: the films listed on Marquee)") }},
	{"MARQUEE_TMDB_BASE_URL", false, func(c config) string { return c.Movies.TMDBBaseURL }},
	{"MARQUEE_TMDB_IMAGE_BASE_URL", false, func(c config) string { return c.Movies.TMDBImageBaseURL }},
	{"MARQUEE_POSTER_MEMORY_MB", false, func(c config) string {
		if c.Posters.Memory == 0 {
			return itoa(poster.DefaultMemory>>20) + " (default)"
		}
		return strconv.FormatInt(c.Posters.Memory>>20, 10)
	}},
	{"MARQUEE_POSTER_WAIT", false, func(c config) string { return durationOr(c.Posters.MaxWait, poster.DefaultMaxWait) }},
	{"MARQUEE_LAUREL_FONT", false, laurelFontSetting},
	{"MARQUEE_PASSWORD_QUEUE", false, func(c config) string {
		if c.PasswordLimits.Queue == 0 {
			return itoa(password.DefaultQueuePerSlot) + " per core (default)"
		}
		return itoa(c.PasswordLimits.Queue)
	}},
	{"MARQUEE_PASSWORD_WAIT", false, func(c config) string { return durationOr(c.PasswordLimits.MaxWait, 10*time.Second) }},
	{"MARQUEE_LOGIN_RATE_PER_MINUTE", false, func(c config) string { return itoa(c.Server.LoginRatePerMinute) }},
	{"MARQUEE_LOGIN_FAILURES_PER_CLIENT_PER_MINUTE", false, func(c config) string { return itoa(c.Server.LoginFailuresPerClientPerMinute) }},
	{"MARQUEE_LOGIN_FAILURES_PER_ACCOUNT_PER_15MIN", false, func(c config) string { return itoa(c.Server.LoginFailuresPerAccountPer15Min) }},
	{"MARQUEE_SIGNUP_RATE_PER_HOUR", false, func(c config) string { return itoa(c.Server.SignupRatePerHour) }},
	{"MARQUEE_CONTACT_RATE_PER_HOUR", false, func(c config) string { return itoa(c.Server.ContactRatePerHour) }},
	{"MARQUEE_VIEW_RATE_PER_MINUTE", false, func(c config) string { return itoa(c.Server.ViewRatePerMinute) }},
	{"MARQUEE_PASSWORD_CHANGE_RATE_PER_HOUR", false, func(c config) string { return itoa(c.Server.PasswordChangeRatePerHour) }},
	{"MARQUEE_PASSWORD_RESET_RATE_PER_IP_PER_HOUR", false, func(c config) string { return itoa(c.Server.PasswordResetRatePerIPPerHour) }},
	{"MARQUEE_PASSWORD_RESET_RATE_PER_ADDRESS_PER_HOUR", false, func(c config) string { return itoa(c.Server.PasswordResetRatePerAddressPerHour) }},
	{"MARQUEE_PASSWORD_RESET_CONFIRM_RATE_PER_HOUR", false, func(c config) string { return itoa(c.Server.PasswordResetConfirmRatePerHour) }},
	{"MARQUEE_FESTIVAL_RATE_PER_USER_PER_DAY", false, func(c config) string { return itoa(c.Server.FestivalRegistrationsPerUserPerDay) }},
	{"MARQUEE_FESTIVAL_RATE_PER_IP_PER_DAY", false, func(c config) string { return itoa(c.Server.FestivalRegistrationsPerIPPerDay) }},
	{"MARQUEE_CHECKOUT_RATE_PER_10MIN", false, func(c config) string { return itoa(c.Server.CheckoutRatePer10Min) }},
	{"MARQUEE_WEBHOOK_RATE_PER_MINUTE", false, func(c config) string { return itoa(c.Server.WebhookRatePerMinute) }},
	{"MARQUEE_INQUIRY_RATE_PER_HOUR", false, func(c config) string { return itoa(c.Server.InquiryRatePerHour) }},
	{"MARQUEE_INQUIRY_VISITOR_RATE_PER_HOUR", false, func(c config) string { return itoa(c.Server.InquiryVisitorRatePerHour) }},
	{"MARQUEE_DATA_EXPORT_RATE_PER_HOUR", false, func(c config) string {
		if c.DataExportsPerHour == 0 {
			return "(the data export limit's default)"
		}
		return itoa(c.DataExportsPerHour)
	}},
	{"MARQUEE_COMMISSION_PERCENT", false, func(c config) string { return marquee.FormatBasisPoints(c.Earnings.CommissionBasisPoints) }},
	{"MARQUEE_CREDIT_VALUE_CENTS", false, earningsSettingValue},
	{"MARQUEE_READ_QUEUE", false, func(c config) string {
		if c.Server.ReadQueue == 0 {
			return "2 per core (default)"
		}
		return itoa(c.Server.ReadQueue)
	}},
	{"MARQUEE_PPROF_ADDR", false, func(c config) string {
		return orNone(os.Getenv("MARQUEE_PPROF_ADDR"), "(none; only a binary built with -tags pprof serves profiles)")
	}},
}

func orNone(v, none string) string {
	if v == "" {
		return none
	}
	return v
}

func durationOr(d, def time.Duration) string {
	if d == 0 {
		return def.String() + " (default)"
	}
	return d.String()
}

// mask hides a secret: its last 4 characters when it is long enough that
// they tell keys apart without helping to guess one.
func mask(v string) string {
	switch {
	case v == "":
		return ""
	case len(v) >= 20:
		return "****" + v[len(v)-4:]
	default:
		return "****"
	}
}

// redactURL hides the password of a URL (a database's, an SMTP server's).
func redactURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.User == nil {
		return raw
	}
	if _, has := u.User.Password(); has {
		u.User = url.UserPassword(u.User.Username(), "****")
		return strings.Replace(u.String(), "%2A%2A%2A%2A", "****", 1)
	}
	return raw
}

// checkConfig runs `marquee check-config [--offline]`: it prints every
// setting in force (secrets masked; "(default)" beside a value not set
// in the environment), then each problem, and fails when there is any:
// a setting that does not parse, a combination that does not work
// (Stripe without its webhook secret, a partly configured object store),
// and, unless --offline, a database or bucket that cannot be reached.
func checkConfig(ctx context.Context, getenv func(string) string, args []string, stdout, stderr io.Writer) error {
	offline := false
	for _, a := range args {
		switch a {
		case "--offline":
			offline = true
		default:
			fmt.Fprint(stderr, usage)
			return errUsage
		}
	}
	c, problems := readConfig(getenv)
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	for _, s := range settings {
		v := s.value(c)
		if s.secret {
			v = mask(v)
		}
		origin := ""
		if strings.TrimSpace(getenv(s.name)) == "" {
			origin = "\t(default)"
		}
		fmt.Fprintf(tw, "%s\t%s%s\n", s.name, v, origin)
	}
	tw.Flush()

	if c.Payments.Stripe() && c.Payments.StripeWebhookSecret == "" {
		problems = append(problems, "MARQUEE_STRIPE_WEBHOOK_SECRET is not set while Stripe takes payments: Stripe's webhooks (payments confirmed later, refunds made in its dashboard) would be refused; set it to the endpoint's signing secret (whsec_...)")
	}
	if !offline && len(problems) == 0 {
		problems = append(problems, reachProblems(ctx, c, stdout)...)
	}
	if len(problems) == 0 {
		fmt.Fprintln(stdout, "configuration OK")
		return nil
	}
	for _, p := range problems {
		fmt.Fprintln(stdout, "problem:", p)
	}
	return fmt.Errorf("check-config: %d problems", len(problems))
}

// reachProblems checks that the database and the object store answer.
func reachProblems(ctx context.Context, c config, stdout io.Writer) []string {
	var problems []string
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	if msg, err := checkDatabase(ctx, c); err != nil {
		problems = append(problems, fmt.Sprintf("database %s: %v", redactURL(c.DatabaseURL), err))
	} else {
		fmt.Fprintln(stdout, "database:", msg)
	}
	if c.Mail.SMTPURL != "" {
		if addr, err := smtpAddress(c.Mail.SMTPURL); err != nil {
			problems = append(problems, err.Error())
		} else if conn, err := (&net.Dialer{Timeout: 5 * time.Second}).DialContext(ctx, "tcp", addr); err != nil {
			problems = append(problems, fmt.Sprintf("SMTP server %s cannot be reached (MARQUEE_SMTP_URL): %v", addr, err))
		} else {
			conn.Close()
			fmt.Fprintf(stdout, "mail: SMTP server %s accepts connections\n", addr)
		}
	}
	if c.S3.Enabled() {
		s, err := files.NewS3(c.S3.fileStoreConfig())
		if err == nil {
			err = s.Check(ctx)
		}
		if err != nil {
			problems = append(problems, fmt.Sprintf("object store: %v", err))
		} else {
			fmt.Fprintf(stdout, "object store: %s answers; an object was written, read and deleted\n", s)
		}
	} else if err := checkWritableDir(c.DataDir); err != nil {
		problems = append(problems, fmt.Sprintf("MARQUEE_DATA_DIR=%s: %v", c.DataDir, err))
	} else {
		fmt.Fprintf(stdout, "uploads: on disk in %s (every node must share it)\n", c.postersDir())
	}
	return problems
}

// smtpAddress is the host:port MARQUEE_SMTP_URL names, with the mail
// package's default ports (587, or 465 for smtps://).
func smtpAddress(raw string) (string, error) {
	u, err := url.Parse(raw)
	if err != nil || u.Hostname() == "" {
		return "", fmt.Errorf("MARQUEE_SMTP_URL: no server in %q", redactURL(raw))
	}
	port := u.Port()
	switch {
	case port != "":
	case u.Scheme == "smtps":
		port = "465"
	default:
		port = "587"
	}
	return net.JoinHostPort(u.Hostname(), port), nil
}

// checkWritableDir reports whether dir (or, while it does not exist, the
// nearest folder above it, where serve would create it) is a folder this
// process can write in.
func checkWritableDir(dir string) error {
	d := dir
	for {
		st, err := os.Stat(d)
		if err == nil {
			if !st.IsDir() {
				return fmt.Errorf("%s is not a folder", d)
			}
			break
		}
		parent := filepath.Dir(d)
		if parent == d {
			return err
		}
		d = parent
	}
	f, err := os.CreateTemp(d, ".marquee-check-*")
	if err != nil {
		return fmt.Errorf("cannot write in %s: %w", d, err)
	}
	f.Close()
	return os.Remove(f.Name())
}

// checkDatabase connects to the database without creating or migrating
// it: a SQLite file that does not exist yet is created by `serve`.
func checkDatabase(ctx context.Context, c config) (string, error) {
	if path, ok := strings.CutPrefix(c.DatabaseURL, "sqlite:"); ok {
		path = strings.TrimPrefix(path, "//")
		if _, err := os.Stat(path); os.IsNotExist(err) {
			return fmt.Sprintf("SQLite file %s does not exist yet; marquee serve or migrate creates it", path), nil
		}
		raw, err := sql.Open("sqlite", "file:"+path+"?mode=ro&_pragma=busy_timeout(5000)")
		if err != nil {
			return "", err
		}
		defer raw.Close()
		v, err := store.MigrationVersion(ctx, raw)
		if err != nil {
			return "", err
		}
		state, err := migrationState(v, store.LatestMigration(store.SQLite))
		return fmt.Sprintf("SQLite file %s answers, %s", path, state), err
	}
	db, err := store.Open(ctx, c.DatabaseURL)
	if err != nil {
		return "", err
	}
	defer db.Close()
	v, err := db.MigrationVersion(ctx)
	if err != nil {
		return "", err
	}
	state, err := migrationState(v, store.LatestMigration(store.Postgres))
	return "PostgreSQL answers, " + state, err
}

// migrationState says where the database's migrations are; a database
// migrated by a newer Marquee is an error (this binary would misread it).
func migrationState(v, latest int64) (string, error) {
	switch {
	case v == latest:
		return fmt.Sprintf("migrations up to date (%d)", v), nil
	case v < latest:
		return fmt.Sprintf("at migration %d of %d (serve or migrate applies the rest)", v, latest), nil
	default:
		return "", fmt.Errorf("at migration %d, newer than this binary's %d: run the newer Marquee", v, latest)
	}
}

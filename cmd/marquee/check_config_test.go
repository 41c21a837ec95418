package main

import (
	"bytes"
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/marquee-festival/marquee/files/filestest"
)

// checkWith runs `marquee check-config args...` with env as the whole
// environment.
func checkWith(env map[string]string, args ...string) (string, error) {
	var out, errOut bytes.Buffer
	err := checkConfig(context.Background(), func(k string) string { return env[k] }, args, &out, &errOut)
	return out.String() + errOut.String(), err
}

// Every variable the command reads is in check-config's list (so it is
// printed), once.
func TestCheckConfigListsEverySetting(t *testing.T) {
	listed := map[string]int{}
	for _, s := range settings {
		listed[s.name]++
	}
	names := regexp.MustCompile(`"(MARQUEE_[A-Z0-9_]+)"`)
	srcs, _ := filepath.Glob("*.go")
	for _, src := range srcs {
		if strings.HasSuffix(src, "_test.go") || src == "check_config.go" {
			continue
		}
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range names.FindAllStringSubmatch(string(data), -1) {
			if listed[m[1]] != 1 {
				t.Errorf("%s reads %s, listed %d times by check-config (settings in check_config.go)", src, m[1], listed[m[1]])
			}
		}
	}
}

// With a usable database and bucket: every setting printed, secrets
// masked, defaults marked, and "configuration OK".
func TestCheckConfigOK(t *testing.T) {
	dir := t.TempDir()
	srv := filestest.NewS3(t, "festival-media")
	smtp, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer smtp.Close()
	go func() {
		for {
			c, err := smtp.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()
	env := map[string]string{
		"MARQUEE_DATABASE_URL":           "sqlite:" + filepath.Join(dir, "marquee.db"),
		"MARQUEE_S3_ENDPOINT":            srv.URL,
		"MARQUEE_S3_BUCKET":              srv.Bucket,
		"MARQUEE_S3_ACCESS_KEY_ID":       "minio-user",
		"MARQUEE_S3_SECRET_ACCESS_KEY":   "minio-secret-password-1234",
		"MARQUEE_STRIPE_SECRET_KEY":      "sk_test_51Habcdefghijklmnopqrstuvwxyz9876",
		"MARQUEE_STRIPE_PUBLISHABLE_KEY": "pk_test_51Habcdefghijklmnop",
		"MARQUEE_STRIPE_WEBHOOK_SECRET":  "whsec_0123456789abcdefghijXYZW",
		"MARQUEE_SMTP_URL":               "smtp://mailer:smtp-pass-hidden@" + smtp.Addr().String(),
		"MARQUEE_SESSION_TTL":            "24h",
	}
	out, err := checkWith(env)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, s := range settings {
		if !regexp.MustCompile(`(?m)^` + s.name + ` `).MatchString(out) {
			t.Errorf("%s not printed", s.name)
		}
	}
	for _, secret := range []string{"minio-secret-password", "sk_test_51Habcdefghij", "whsec_0123456789", "smtp-pass-hidden"} {
		if strings.Contains(out, secret) {
			t.Errorf("secret %q printed:\n%s", secret, out)
		}
	}
	for _, want := range []string{
		`(?m)^MARQUEE_STRIPE_SECRET_KEY +\*\*\*\*9876$`,
		`(?m)^MARQUEE_S3_SECRET_ACCESS_KEY +\*\*\*\*1234$`,
		`(?m)^MARQUEE_SMTP_URL +smtp://mailer:\*\*\*\*@` + regexp.QuoteMeta(smtp.Addr().String()) + `$`,
		`(?m)^mail: SMTP server ` + regexp.QuoteMeta(smtp.Addr().String()) + ` accepts connections$`,
		`(?m)^MARQUEE_SESSION_TTL +24h0m0s$`,
		`(?m)^MARQUEE_ADDR +127.0.0.1:8080 +\(default\)$`,
		`(?m)^MARQUEE_S3_PATH_STYLE +true +\(default\)$`,
		`(?m)^MARQUEE_S3_PREFIX +posters/ +\(default\)$`,
		`(?m)^object store: s3://festival-media/posters/ at ` + regexp.QuoteMeta(srv.URL) + ` answers`,
		`(?m)^database: SQLite file .* does not exist yet`,
		`(?m)^configuration OK$`,
	} {
		if !regexp.MustCompile(want).MatchString(out) {
			t.Errorf("output lacks %s:\n%s", want, out)
		}
	}
	if names := srv.Names(t); len(names) != 0 {
		t.Fatalf("check-config left %v in the bucket", names)
	}
}

// Each problem is reported on its own line, all of them at once, and the
// command fails.
func TestCheckConfigProblems(t *testing.T) {
	notDir := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(notDir, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	for name, tc := range map[string]struct {
		env  map[string]string
		args []string
		want []string
	}{
		"parse errors and combinations": {map[string]string{
			"MARQUEE_SESSION_TTL":            "soon",
			"MARQUEE_PUBLIC_URL":             "marquee.example",
			"MARQUEE_S3_ENDPOINT":            "http://minio:9000",
			"MARQUEE_STRIPE_SECRET_KEY":      "sk_test_abc",
			"MARQUEE_STRIPE_PUBLISHABLE_KEY": "pk_test_abc",
		}, []string{"--offline"}, []string{
			`problem: MARQUEE_SESSION_TTL="soon": want a duration`,
			`problem: MARQUEE_PUBLIC_URL="marquee.example"`,
			`problem: MARQUEE_S3_BUCKET is not set but other MARQUEE_S3_* settings are`,
			`problem: set both MARQUEE_S3_ACCESS_KEY_ID and MARQUEE_S3_SECRET_ACCESS_KEY`,
			`problem: MARQUEE_STRIPE_WEBHOOK_SECRET is not set while Stripe takes payments`,
		}},
		"bucket missing": {map[string]string{
			"MARQUEE_DATABASE_URL":         "sqlite:" + filepath.Join(t.TempDir(), "m.db"),
			"MARQUEE_S3_BUCKET":            "missing-bucket",
			"MARQUEE_S3_ACCESS_KEY_ID":     "a",
			"MARQUEE_S3_SECRET_ACCESS_KEY": "b",
		}, nil, []string{`problem: object store: bucket "missing-bucket" does not exist at http://`}},
		"smtp and data folder": {map[string]string{
			"MARQUEE_DATABASE_URL": "sqlite:" + filepath.Join(t.TempDir(), "m.db"),
			"MARQUEE_SMTP_URL":     "smtp://127.0.0.1:1?tls=none",
			"MARQUEE_DATA_DIR":     notDir,
		}, nil, []string{`problem: SMTP server 127.0.0.1:1 cannot be reached`, `problem: MARQUEE_DATA_DIR=` + notDir + `: ` + notDir + ` is not a folder`}},
		"database unreachable": {map[string]string{
			"MARQUEE_DATABASE_URL": "postgres://nobody@127.0.0.1:1/none?sslmode=disable&connect_timeout=2",
		}, nil, []string{`problem: database postgres://nobody@127.0.0.1:1/none`}},
	} {
		t.Run(name, func(t *testing.T) {
			if tc.env["MARQUEE_S3_BUCKET"] == "missing-bucket" {
				srv := filestest.NewS3(t, "other")
				tc.env["MARQUEE_S3_ENDPOINT"] = srv.URL
			}
			out, err := checkWith(tc.env, tc.args...)
			if err == nil {
				t.Fatalf("passed:\n%s", out)
			}
			for _, want := range tc.want {
				if !strings.Contains(out, want) {
					t.Errorf("output lacks %q:\n%s", want, out)
				}
			}
			if strings.Contains(out, "configuration OK") {
				t.Errorf("says OK:\n%s", out)
			}
		})
	}
	if _, err := checkWith(nil, "--fast"); err == nil {
		t.Fatal("unknown flag accepted")
	}
}

// `marquee healthcheck` succeeds on a 200 from /healthz and fails on
// anything else, or when nobody answers.
func TestHealthcheck(t *testing.T) {
	status := http.StatusOK
	var asked string
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked = r.URL.Path
		w.WriteHeader(status)
	}))
	defer hs.Close()
	var out bytes.Buffer
	ctx := context.Background()
	env := func(k string) string {
		return map[string]string{"MARQUEE_ADDR": strings.TrimPrefix(hs.URL, "http://")}[k]
	}
	if err := healthcheck(ctx, env, nil, &out, &out); err != nil || asked != "/healthz" || !strings.Contains(out.String(), "healthy") {
		t.Fatalf("healthy node: %v %q %s", err, asked, out.String())
	}
	if err := healthcheck(ctx, env, []string{hs.URL}, &out, &out); err != nil {
		t.Fatalf("by URL: %v", err)
	}
	status = http.StatusServiceUnavailable
	if err := healthcheck(ctx, env, nil, &out, &out); err == nil || !strings.Contains(err.Error(), "503") {
		t.Fatalf("unhealthy node: %v", err)
	}
	hs.Close()
	if err := healthcheck(ctx, env, nil, &out, &out); err == nil {
		t.Fatal("no node: passed")
	}
	if err := healthcheck(ctx, func(string) string { return "0.0.0.0:0" }, nil, &out, &out); err == nil || !strings.Contains(err.Error(), "no fixed port") {
		t.Fatalf("port 0: %v", err)
	}
}

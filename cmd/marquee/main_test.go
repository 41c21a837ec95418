package main

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/password"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

func TestConfigFromEnv(t *testing.T) {
	env := map[string]string{}
	get := func(k string) string { return env[k] }
	c, err := configFromEnv(get)
	if err != nil || c.Addr != "127.0.0.1:8080" || c.DatabaseURL != "sqlite:data/marquee.db" {
		t.Fatalf("defaults: %+v %v", c, err)
	}
	env = map[string]string{
		"MARQUEE_ADDR": "0.0.0.0:9000", "MARQUEE_SUPPORT_EMAIL": "help@example.com",
		"MARQUEE_LOGIN_RATE_PER_MINUTE": "7", "MARQUEE_TRUST_PROXY": "true", "MARQUEE_SESSION_TTL": "24h",
		"MARQUEE_LOG_LEVEL": "debug", "MARQUEE_LOG_FORMAT": "json",
	}
	c, err = configFromEnv(get)
	if err != nil || c.Addr != "0.0.0.0:9000" || c.Server.SupportEmail != "help@example.com" || c.Server.LoginRatePerMinute != 7 ||
		!c.Server.TrustProxy || c.Server.SessionTTL.Hours() != 24 || c.LogFormat != "json" {
		t.Fatalf("settings: %+v %v", c, err)
	}
	env = map[string]string{"MARQUEE_LOGIN_RATE_PER_MINUTE": "-1", "MARQUEE_SESSION_TTL": "soon", "MARQUEE_LOG_FORMAT": "xml"}
	_, err = configFromEnv(get)
	for _, name := range []string{"MARQUEE_LOGIN_RATE_PER_MINUTE", "MARQUEE_SESSION_TTL", "MARQUEE_LOG_FORMAT"} {
		if err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("bad %s not reported: %v", name, err)
		}
	}
}

func TestAdminCreate(t *testing.T) {
	dbURL := "sqlite:" + filepath.Join(t.TempDir(), "m.db")
	t.Setenv("MARQUEE_DATABASE_URL", dbURL)
	ctx := context.Background()
	runAdmin := func(stdin string, args ...string) (string, error) {
		var out, errOut bytes.Buffer
		err := run(ctx, append([]string{"admin", "create"}, args...), strings.NewReader(stdin), &out, &errOut)
		return out.String() + errOut.String(), err
	}
	if out, err := runAdmin("first-password\n", "--email", "Boss@Example.com"); err != nil || !strings.Contains(out, "created admin boss@example.com") {
		t.Fatalf("create: %q %v", out, err)
	}
	if _, err := runAdmin("short\n", "--email", "x@example.com"); err == nil || !strings.Contains(err.Error(), "at least 8") {
		t.Fatalf("short password: %v", err)
	}
	if _, err := runAdmin("long-enough\n", "--email", "nope"); err == nil || !strings.Contains(err.Error(), "not a valid email") {
		t.Fatalf("bad email: %v", err)
	}
	if _, err := runAdmin("", "--email", "x@example.com"); err == nil {
		t.Fatal("empty stdin accepted")
	}
	if out, err := runAdmin("second-password", "--email", "boss@example.com"); err != nil || !strings.Contains(out, "promoted") {
		t.Fatalf("promote: %q %v", out, err)
	}
	db, err := store.Open(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	u, err := storetest.Wrap(t, db).Users.FindUserByEmail(ctx, "boss@example.com")
	if err != nil || u.Role != marquee.RoleAdmin {
		t.Fatalf("admin: %+v %v", u, err)
	}
	if ok, _ := password.Verify("second-password", u.PasswordHash); !ok {
		t.Fatal("password not updated on promotion")
	}
	page, err := storetest.Wrap(t, db).Users.ListUsers(storetest.AsUser(ctx, u), marquee.UserFilter{})
	if err != nil || page.Total != 1 {
		t.Fatalf("users: %+v %v, want 1", page, err)
	}
}

func TestUnknownCommand(t *testing.T) {
	var out, errOut bytes.Buffer
	if err := run(context.Background(), []string{"fly"}, strings.NewReader(""), &out, &errOut); err == nil || !strings.Contains(errOut.String(), "Usage") {
		t.Fatalf("%v %q", err, errOut.String())
	}
}

func TestSeedCommand(t *testing.T) {
	dbURL := "sqlite:" + filepath.Join(t.TempDir(), "seed.db")
	t.Setenv("MARQUEE_DATABASE_URL", dbURL)
	var out, errOut bytes.Buffer
	if err := run(context.Background(), []string{"seed", "--users", "700"}, strings.NewReader(""), &out, &errOut); err != nil {
		t.Fatalf("%v %s", err, errOut.String())
	}
	if !strings.Contains(out.String(), "seeded 700 filmmakers") {
		t.Fatalf("output %q", out.String())
	}
	db, err := store.Open(context.Background(), dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	u, err := storetest.Wrap(t, db).Users.FindUserByEmail(context.Background(), "seed-0000700@example.test")
	if err != nil {
		t.Fatal(err)
	}
	if ok, _ := password.Verify("seed-password", u.PasswordHash); !ok {
		t.Fatal("seeded password does not verify")
	}
	if err := run(context.Background(), []string{"seed", "--users", "-1"}, strings.NewReader(""), &out, &errOut); err == nil {
		t.Fatal("negative --users accepted")
	}
}

// TestServeStartsAndStopsGracefully runs `marquee serve` on a fresh SQLite
// file: it migrates, answers /healthz, /readyz once its search index is
// warm, and the front end, and returns
// cleanly when its context ends (as on SIGTERM).
func TestServeStartsAndStopsGracefully(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	t.Setenv("MARQUEE_ADDR", addr)
	t.Setenv("MARQUEE_DATABASE_URL", "sqlite:"+filepath.Join(t.TempDir(), "nested", "serve.db"))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var logs bytes.Buffer
	done := make(chan error, 1)
	go func() { done <- run(ctx, []string{"serve"}, strings.NewReader(""), io.Discard, &logs) }()

	var res *http.Response
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if res, err = http.Get("http://" + addr + "/healthz"); err == nil {
			break
		}
	}
	if err != nil {
		t.Fatalf("server never answered: %v\n%s", err, logs.String())
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("/healthz = %d", res.StatusCode)
	}
	// /readyz turns 200 once the search index is warm.
	ready := false
	for deadline := time.Now().Add(10 * time.Second); !ready && time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if res, err = http.Get("http://" + addr + "/readyz"); err == nil {
			res.Body.Close()
			ready = res.StatusCode == http.StatusOK
		}
	}
	if !ready {
		t.Fatal("/readyz never answered 200")
	}
	res, err = http.Get("http://" + addr + "/about")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	// Without a front-end build the app answers 503 with a hint; with one, 200.
	if res.StatusCode != http.StatusOK && res.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("/about = %d", res.StatusCode)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve returned %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("serve did not stop after its context ended")
	}
	if !strings.Contains(logs.String(), "stopped") || !strings.Contains(logs.String(), "festival search index ready") {
		t.Fatalf("no shutdown log:\n%s", logs.String())
	}
}

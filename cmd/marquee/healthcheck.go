package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// healthcheck runs `marquee healthcheck [URL]`, the container's health
// check (a scratch image has no curl): it asks /healthz of URL, or of the
// node's own listen address (MARQUEE_ADDR, a wildcard host asked on
// localhost), and succeeds on 200 within 5 seconds.
func healthcheck(ctx context.Context, getenv func(string) string, args []string, stdout, stderr io.Writer) error {
	var base string
	switch len(args) {
	case 0:
		addr := strings.TrimSpace(getenv("MARQUEE_ADDR"))
		if addr == "" {
			addr = "127.0.0.1:8080"
		}
		if base = listenURL(addr); base == "" {
			return fmt.Errorf("healthcheck: MARQUEE_ADDR=%q has no fixed port to ask; give the URL", addr)
		}
	case 1:
		base = args[0]
	default:
		fmt.Fprint(stderr, usage)
		return errUsage
	}
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("healthcheck: %q: want an address such as http://127.0.0.1:8080", base)
	}
	if u.Path == "" || u.Path == "/" {
		u.Path = "/healthz"
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return fmt.Errorf("healthcheck: %w", err)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("healthcheck: %w", err)
	}
	defer res.Body.Close()
	io.Copy(io.Discard, io.LimitReader(res.Body, 4096))
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("healthcheck: %s answered %s", u, res.Status)
	}
	fmt.Fprintf(stdout, "healthy: %s answered %s\n", u, res.Status)
	return nil
}

package main

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// The container image and the compose set-up are checked without building
// them (no image can be pulled on a machine without the internet;
// scripts/build-image.sh builds and runs one where it can).

func readRepoFile(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile("../../" + name)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// settingNames are the variables check-config knows: every one marquee reads.
func settingNames() map[string]bool {
	names := map[string]bool{}
	for _, s := range settings {
		names[s.name] = true
	}
	return names
}

// The Dockerfile builds the front end, then a static binary of
// ./cmd/marquee with it embedded, and ships that one binary on a
// distroless or scratch base, as a non-root user, with the binary's own
// health check, serving on the port it exposes; every MARQUEE_* it sets
// is a real setting and the settings it sets read without a problem.
func TestDockerfile(t *testing.T) {
	df := readRepoFile(t, "Dockerfile")
	gomod := readRepoFile(t, "go.mod")
	froms := regexp.MustCompile(`(?m)^FROM\s+(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?`).FindAllStringSubmatch(df, -1)
	if len(froms) < 3 {
		t.Fatalf("want a multi-stage build (web, build, image), got %d stages", len(froms))
	}
	final := froms[len(froms)-1][1]
	if !strings.HasPrefix(final, "gcr.io/distroless/static") && final != "scratch" {
		t.Errorf("final stage on %s, want distroless/static or scratch", final)
	}
	goVersion := regexp.MustCompile(`(?m)^go (\d+\.\d+)`).FindStringSubmatch(gomod)[1]
	stages := map[string]string{}
	for _, f := range froms[:len(froms)-1] {
		stages[f[2]] = f[1]
	}
	if !strings.HasPrefix(stages["build"], "golang:"+goVersion) {
		t.Errorf("build stage on %s, want golang:%s (go.mod)", stages["build"], goVersion)
	}
	if !strings.HasPrefix(stages["web"], "node:20") && !strings.HasPrefix(stages["web"], "node:22") {
		t.Errorf("web stage on %s, want node 20 or 22 (web/package.json's engines)", stages["web"])
	}
	for _, want := range []string{
		"npm ci", "npm run build",
		"COPY --from=web /src/web/dist/ ./web/dist/", // where web/embed.go embeds it from
		"CGO_ENABLED=0",
		"-o /out/marquee ./cmd/marquee",
		"COPY --from=build /out/marquee /usr/local/bin/marquee",
		`HEALTHCHECK `, `CMD ["/usr/local/bin/marquee", "healthcheck"]`,
		`ENTRYPOINT ["/usr/local/bin/marquee"]`,
		`CMD ["serve"]`,
	} {
		if !strings.Contains(df, want) {
			t.Errorf("Dockerfile lacks %q", want)
		}
	}
	user := regexp.MustCompile(`(?m)^USER\s+(\S+)`).FindAllStringSubmatch(df, -1)
	if len(user) == 0 || regexp.MustCompile(`^(0|root)(:|$)`).MatchString(user[len(user)-1][1]) {
		t.Errorf("the image must run as a non-root user: USER %v", user)
	}
	env := map[string]string{}
	if m := regexp.MustCompile(`(?ms)^ENV\s+(.*?[^\\])$`).FindStringSubmatch(df); m != nil {
		for _, kv := range regexp.MustCompile(`(MARQUEE_[A-Z0-9_]+)=(\S+)`).FindAllStringSubmatch(m[1], -1) {
			env[kv[1]] = kv[2]
		}
	}
	known := settingNames()
	for k := range env {
		if !known[k] {
			t.Errorf("Dockerfile sets %s, which marquee does not read", k)
		}
	}
	c, problems := readConfig(func(k string) string { return env[k] })
	if len(problems) > 0 {
		t.Errorf("the image's settings: %v", problems)
	}
	port := regexp.MustCompile(`(?m)^EXPOSE\s+(\d+)`).FindStringSubmatch(df)
	if port == nil || !strings.HasSuffix(c.Addr, ":"+port[1]) || !strings.HasPrefix(c.Addr, "0.0.0.0:") {
		t.Errorf("MARQUEE_ADDR %s does not listen on all interfaces at the exposed port %v", c.Addr, port)
	}
	if c.DataDir != "/data" || !strings.Contains(df, `VOLUME ["/data"]`) || !strings.Contains(df, "--chown=65532:65532 /out/data /data") {
		t.Errorf("the data folder %s must be the image's volume, owned by its user", c.DataDir)
	}
	if listenURL(c.Addr) == "" {
		t.Errorf("`marquee healthcheck` cannot find the node from MARQUEE_ADDR=%s", c.Addr)
	}
	ignore := readRepoFile(t, ".dockerignore")
	for _, want := range []string{"web/node_modules", ".git", "**/*.db"} {
		if !strings.Contains(ignore, want) {
			t.Errorf(".dockerignore lacks %s", want)
		}
	}
}

// The compose set-up has PostgreSQL, Mailpit, MinIO (with its bucket
// made), a migration step, two nodes and Caddy in front of both; the
// nodes' settings are real and read without a problem, and name the
// services the file starts.
func TestComposeFile(t *testing.T) {
	compose := readRepoFile(t, "deploy/compose.yaml")
	caddy := readRepoFile(t, "deploy/Caddyfile")
	for _, svc := range []string{"postgres", "mailpit", "minio", "minio-bucket", "migrate", "marquee-1", "marquee-2", "proxy"} {
		if !regexp.MustCompile(`(?m)^  ` + regexp.QuoteMeta(svc) + `:$`).MatchString(compose) {
			t.Errorf("compose.yaml has no service %s", svc)
		}
	}
	// The nodes' environment: the x-marquee-env block, ${VAR:-default}
	// read as its default.
	block := regexp.MustCompile(`(?ms)^x-marquee-env: &marquee-env\n(.*?)\n\n`).FindStringSubmatch(compose)
	if block == nil {
		t.Fatal("compose.yaml has no x-marquee-env block")
	}
	env := map[string]string{}
	deflt := regexp.MustCompile(`\$\{[A-Z_]+:-([^}]*)\}`)
	for _, line := range strings.Split(block[1], "\n") {
		k, v, ok := strings.Cut(strings.TrimSpace(line), ": ")
		if !ok {
			t.Fatalf("unreadable line %q", line)
		}
		env[k] = deflt.ReplaceAllString(strings.Trim(v, `"`), "$1")
	}
	known := settingNames()
	for k := range env {
		if !known[k] {
			t.Errorf("compose.yaml sets %s, which marquee does not read", k)
		}
	}
	c, problems := readConfig(func(k string) string { return env[k] })
	if len(problems) > 0 {
		t.Fatalf("the nodes' settings: %v", problems)
	}
	if !strings.Contains(c.DatabaseURL, "@postgres:5432/") || !strings.Contains(c.Mail.SMTPURL, "mailpit:1025") ||
		c.S3.Endpoint != "http://minio:9000" || !c.S3.PathStyle || !c.Server.TrustProxy {
		t.Errorf("the nodes do not use the set-up's services: %+v", c)
	}
	if !strings.Contains(compose, "local/"+c.S3.Bucket) {
		t.Errorf("minio-bucket does not make the bucket %s", c.S3.Bucket)
	}
	if strings.Count(compose, "<<: *marquee-node") != 2 || !strings.Contains(compose, `command: ["serve"]`) {
		t.Error("want two serve nodes made from x-marquee-node")
	}
	for _, want := range []string{"reverse_proxy marquee-1:8080 marquee-2:8080", "health_uri /readyz"} {
		if !strings.Contains(caddy, want) {
			t.Errorf("Caddyfile lacks %q", want)
		}
	}
	if !strings.Contains(compose, "./Caddyfile:/etc/caddy/Caddyfile") {
		t.Error("the proxy does not mount deploy/Caddyfile")
	}
}

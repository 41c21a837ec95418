#!/usr/bin/env bash
# Checks the tools `make run` and `make test` need, naming the fix for each one missing.
set -u
need_browser=${1:-}
fail=0
say() { printf 'marquee: %s\n' "$*" >&2; fail=1; }

if ! command -v go >/dev/null 2>&1; then
  say "Go is not installed. Install Go 1.26 or newer from the Go download page and put it on PATH."
else
  v=$(go env GOVERSION | sed 's/^go//')
  major=${v%%.*}; rest=${v#*.}; minor=${rest%%.*}
  if [ "$major" -lt 1 ] || { [ "$major" -eq 1 ] && [ "$minor" -lt 26 ]; }; then
    say "Go $v is too old: Marquee needs Go 1.26 or newer."
  fi
fi
if ! command -v node >/dev/null 2>&1; then
  say "Node.js is not installed. Install Node.js 20.19 or newer (for example: apt-get install -y nodejs npm)."
else
  nv=$(node -p 'process.versions.node')
  nmaj=${nv%%.*}; nrest=${nv#*.}; nmin=${nrest%%.*}
  if [ "$nmaj" -lt 20 ] || { [ "$nmaj" -eq 20 ] && [ "$nmin" -lt 19 ]; }; then
    say "Node.js $nv is too old: the front end (Vite 8) needs Node.js 20.19 or newer."
  fi
fi
# stripe-mock (Stripe's API mock) for the Stripe provider's Go tests, which
# look for it in PATH and in $(go env GOPATH)/bin. Installed when missing or
# of another version: only the Go module proxy is needed.
stripe_mock_version=v0.203.0
if command -v go >/dev/null 2>&1; then
  gobin=$(go env GOBIN)
  [ -n "$gobin" ] || gobin="$(go env GOPATH | cut -d: -f1)/bin"
  sm=$(command -v stripe-mock 2>/dev/null || echo "$gobin/stripe-mock")
  have=
  [ -x "$sm" ] && have=$(go version -m "$sm" 2>/dev/null | awk '$1 == "mod" && $2 == "github.com/stripe/stripe-mock" { print $3 }')
  if [ "$have" != "$stripe_mock_version" ]; then
    printf 'marquee: installing stripe-mock %s (go install github.com/stripe/stripe-mock@%s)\n' "$stripe_mock_version" "$stripe_mock_version" >&2
    if ! go install "github.com/stripe/stripe-mock@$stripe_mock_version"; then
      say "Installing stripe-mock failed. Install it with: go install github.com/stripe/stripe-mock@$stripe_mock_version (it needs the Go module proxy; set GOPROXY if yours differs)."
    elif [ "$(command -v stripe-mock 2>/dev/null || echo "$gobin/stripe-mock")" != "$gobin/stripe-mock" ]; then
      printf 'marquee: note: %s comes first in PATH and is not stripe-mock %s; the tests use it. Remove it or put %s first in PATH.\n' "$sm" "$stripe_mock_version" "$gobin" >&2
    fi
  fi
fi
command -v npm >/dev/null 2>&1 || say "npm is not installed. Install npm with Node.js (for example: apt-get install -y npm)."
if [ "$need_browser" = "browser" ]; then
  chromium=${MARQUEE_CHROMIUM:-/usr/bin/chromium}
  [ -x "$chromium" ] || say "Chromium is missing at $chromium: browser tests use Debian's Chromium. Install it with: apt-get install -y chromium (or set MARQUEE_CHROMIUM to its path)."
  # The browser tests check the Japanese and Chinese pages' layout as readers
  # see it: without a CJK font Chromium draws missing-glyph boxes.
  if ! command -v fc-list >/dev/null 2>&1; then
    say "fontconfig's fc-list is missing, so the CJK fonts cannot be checked. Install it with: apt-get install -y fontconfig fonts-noto-cjk"
  else
    [ -n "$(fc-list ':lang=ja' family 2>/dev/null)" ] || say "No Japanese font is installed: the browser tests would measure missing-glyph boxes. Install one with: apt-get install -y fonts-noto-cjk"
    [ -n "$(fc-list ':lang=zh-cn' family 2>/dev/null)" ] || say "No Chinese font is installed: the browser tests would measure missing-glyph boxes. Install one with: apt-get install -y fonts-noto-cjk"
  fi
fi
exit $fail

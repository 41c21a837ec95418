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
command -v npm >/dev/null 2>&1 || say "npm is not installed. Install npm with Node.js (for example: apt-get install -y npm)."
if [ "$need_browser" = "browser" ]; then
  chromium=${MARQUEE_CHROMIUM:-/usr/bin/chromium}
  [ -x "$chromium" ] || say "Chromium is missing at $chromium: browser tests use Debian's Chromium. Install it with: apt-get install -y chromium (or set MARQUEE_CHROMIUM to its path)."
fi
exit $fail

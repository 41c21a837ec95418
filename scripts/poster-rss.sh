#!/usr/bin/env bash
# poster-rss.sh measures the resident memory of `marquee serve` during a
# burst of poster uploads (issue 22): it starts a server of its own on a
# fresh SQLite database in a temporary folder, sends 50 uploads of a 5 MB
# JPEG at once (scripts/posterload) and prints the statuses and the RSS
# before, at its peak and after. Linux only (it reads /proc).
#
#   scripts/poster-rss.sh                       # builds bin/marquee-posterrss from this checkout
#   MARQUEE_BIN=/path/to/marquee scripts/poster-rss.sh -n 50 -mb 5
#
# Arguments go to scripts/posterload. Settings: MARQUEE_BIN (a marquee
# binary; by default this checkout's, built without the front end),
# MARQUEE_POSTER_RSS_PORT (default 18103). Loopback only; it starts and
# stops its own server and removes its folder.
set -euo pipefail
cd "$(dirname "$0")/.."

port=${MARQUEE_POSTER_RSS_PORT:-18103}
bin=${MARQUEE_BIN:-}
if [ -z "$bin" ]; then
  bin=bin/marquee-posterrss
  go build -o "$bin" ./cmd/marquee
fi
tmp=$(mktemp -d)
server=
cleanup() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT

MARQUEE_DATABASE_URL="sqlite:$tmp/marquee.db" MARQUEE_DATA_DIR="$tmp/data" \
  MARQUEE_ADDR="127.0.0.1:$port" MARQUEE_SIGNUP_RATE_PER_HOUR=1000 MARQUEE_WORKER=off \
  MARQUEE_LOG_LEVEL=warn "$bin" serve >"$tmp/serve.log" 2>&1 &
server=$!
for _ in $(seq 1 100); do
  if curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$server" 2>/dev/null; then cat "$tmp/serve.log" >&2; exit 1; fi
  sleep 0.2
done
go run ./scripts/posterload -base "http://127.0.0.1:$port" -pid "$server" "$@"

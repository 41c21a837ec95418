#!/usr/bin/env bash
# organiser-rss.sh measures the resident memory of `marquee serve` across
# a series of organiser calls on the hot festival of a database seeded by
# `marquee seed` (issue 23): it starts a server of its own, signs in as
# the hot festival's organiser, times the CSV export of its 5,000
# submissions alone (three times), then runs rounds of the organiser's
# pages (submissions of one category and of all by calibrated score, the
# ranking of a category, the CSV export, the analytics), each path -n
# times at -c at once (scripts/loadtest), and prints the RSS at the start,
# after each round and at its peak. Linux only (it reads /proc).
#
#   scripts/organiser-rss.sh                              # a copy of /tmp/marquee-speed.db (scripts/speed.sh seeds it)
#   MARQUEE_RSS_DB=/work/speed/base.db scripts/organiser-rss.sh
#   MARQUEE_RSS_DB='postgres://postgres@127.0.0.1:5432/speed?sslmode=disable' scripts/organiser-rss.sh
#
# An SQLite database is copied into a temporary folder first (the server
# migrates it and writes sessions): the file named is never opened. A
# PostgreSQL database is used as it is. Settings: MARQUEE_RSS_DB,
# MARQUEE_BIN (a marquee binary; by default this checkout's, built without
# the front end), MARQUEE_RSS_PORT (default 18532), MARQUEE_RSS_ROUNDS
# (default 3), MARQUEE_RSS_N (calls per path and round, default 64),
# MARQUEE_RSS_C (at once, default 8). Loopback only; it starts and stops
# its own server and removes its folder.
set -euo pipefail
cd "$(dirname "$0")/.."

db=${MARQUEE_RSS_DB:-/tmp/marquee-speed.db}
port=${MARQUEE_RSS_PORT:-18532}
rounds=${MARQUEE_RSS_ROUNDS:-3}
n=${MARQUEE_RSS_N:-64}
c=${MARQUEE_RSS_C:-8}
base="http://127.0.0.1:$port"
for tool in curl python3 go; do
  command -v "$tool" >/dev/null || { echo "organiser-rss.sh: $tool is missing" >&2; exit 2; }
done
tmp=$(mktemp -d)
server=
cleanup() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT
bin=${MARQUEE_BIN:-}
if [ -z "$bin" ]; then
  bin=$tmp/marquee
  go build -o "$bin" ./cmd/marquee
fi
go build -o "$tmp/loadtest" ./scripts/loadtest
case $db in
postgres://* | postgresql://*) url=$db ;;
*)
  [ -f "$db" ] || { echo "organiser-rss.sh: no seeded database at $db (run scripts/speed.sh, or set MARQUEE_RSS_DB)" >&2; exit 2; }
  cp "$db" "$tmp/marquee.db"
  for ext in -wal -shm; do if [ -f "$db$ext" ]; then cp "$db$ext" "$tmp/marquee.db$ext"; fi; done
  url=sqlite:$tmp/marquee.db
  ;;
esac

MARQUEE_DATABASE_URL=$url MARQUEE_DATA_DIR="$tmp/data" MARQUEE_ADDR="127.0.0.1:$port" MARQUEE_WORKER=off \
  MARQUEE_LOG_LEVEL=error MARQUEE_LOGIN_RATE_PER_MINUTE=1000 "$bin" serve >"$tmp/serve.log" 2>&1 &
server=$!
ready=
for _ in $(seq 1 240); do
  if curl -fsS "$base/readyz" >/dev/null 2>&1; then ready=1; break; fi
  if ! kill -0 "$server" 2>/dev/null; then break; fi
  sleep 0.5
done
[ -n "$ready" ] || { cat "$tmp/serve.log" >&2; exit 1; }
rss() { awk '/^VmRSS/ {printf "%.0f MB", $2 / 1024}' "/proc/$server/status"; }
peak() { awk '/^VmHWM/ {printf "%.0f MB", $2 / 1024}' "/proc/$server/status"; }

token=$(curl -sf -H 'Content-Type: application/json' -d '{"email":"organiser-1@seed.marquee.example","password":"seed-password"}' \
  "$base/api/v1/auth/login" | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
slug=$(curl -sf -H "Authorization: Bearer $token" "$base/api/v1/manage/festivals" | python3 -c '
import json, sys, urllib.parse
d = json.load(sys.stdin)
print(urllib.parse.quote((d["items"] if isinstance(d, dict) else d)[0]["slug"]))')
category=$(curl -sf -H "Authorization: Bearer $token" "$base/api/v1/manage/festivals/$slug" |
  python3 -c 'import json,sys; print(json.load(sys.stdin)["festival"]["categories"][0]["id"])')
m=/api/v1/manage/festivals/$slug
echo "RSS at the start: $(rss)"
for i in 1 2 3; do
  curl -sf -o "$tmp/export.csv" -w "CSV export alone: %{time_total} s, %{size_download} bytes" -H "Authorization: Bearer $token" "$base$m/submissions.csv"
  echo ", $(($(wc -l <"$tmp/export.csv") - 1)) rows"
done
for round in $(seq 1 "$rounds"); do
  echo "== round $round: $n calls per path, $c at once"
  "$tmp/loadtest" -base "$base" -n "$n" -c "$c" -token "$token" "$m/submissions?category=$category&sort=calibrated" \
    "$m/submissions?sort=calibrated" "$m/ranking?category=$category" "$m/submissions.csv" "$m/analytics"
  echo "RSS after round $round: $(rss) (peak $(peak))"
done
sleep 10
echo "RSS 10 s later: $(rss) (peak $(peak))"

#!/usr/bin/env bash
# speed.sh measures every page issue 23 gives a budget, and the other
# pages the README reports, at 32 clients, against a database seeded by
# `marquee seed` with no flags (500,000 filmmakers, 10,000 festivals,
# 1,000,000 submissions, a hot festival with 5,000 scored entries): the
# public festival search and festival page, the admin user search (part
# of an e-mail, part of a name, with the role filter, matching everyone),
# the admin user list and dashboard, the hot festival's organiser pages
# (submissions by weighted and calibrated score, the paged ranking, the
# CSV export, the analytics) and two filmmakers' /submissions.
#
# It prints one Markdown table (scripts/loadtest -row): per page req/s,
# p50, p95, the share of a bare net/http handler serving the same bytes in
# the same run (read the ratios: absolute figures on a shared 2-core
# machine swing by a factor of two), the answer's size, and the budget
# with PASS or FAIL where there is one. The CSV export is timed to its last
# byte, MARQUEE_SPEED_CSV_N requests one at a time, then 4 at a time. Then
# the server's RSS (VmRSS of /proc/PID/status, and its anonymous and
# file-backed parts) once it is ready, after the organiser pages and at
# the end.
#
#   scripts/speed.sh                                 # SQLite at /tmp/marquee-speed.db (seeded when missing)
#   MARQUEE_SPEED_DB='postgres://postgres@127.0.0.1:5432/speed?sslmode=disable' MARQUEE_SPEED_SEED=1 scripts/speed.sh
#
# Settings: MARQUEE_SPEED_DB (database URL), MARQUEE_SPEED_SEED=1 (seed
# first, also for PostgreSQL: the database must exist and be empty),
# MARQUEE_SPEED_BIN (the marquee binary, default bin/marquee, built by
# `make build` when missing), MARQUEE_SPEED_PORT (default 18400),
# MARQUEE_SPEED_N (requests per page, default 3000), MARQUEE_SPEED_C
# (clients at once, default 32), MARQUEE_SPEED_CSV_N (CSV exports per
# row, default 20), MARQUEE_SPEED_ORGANISER (the hot festival's organiser,
# default organiser-1@seed.marquee.example as a fresh seed prints it),
# MARQUEE_SPEED_WARM (requests sent unmeasured before each row, default
# 100: the first reads of a cold database file and the node's per-minute
# memories are not what a busy server's pages cost), MARQUEE_SPEED_ONLY
# (an extended regular expression: only the rows whose label matches it,
# such as 'user search' or 'CSV'; each row measures its own bare handler).
# Loopback only; it starts and stops its own server.
set -euo pipefail
cd "$(dirname "$0")/.."

db=${MARQUEE_SPEED_DB:-sqlite:/tmp/marquee-speed.db}
port=${MARQUEE_SPEED_PORT:-18400}
n=${MARQUEE_SPEED_N:-3000}
c=${MARQUEE_SPEED_C:-32}
csvn=${MARQUEE_SPEED_CSV_N:-20}
warm=${MARQUEE_SPEED_WARM:-100}
bin=${MARQUEE_SPEED_BIN:-bin/marquee}
hot_organiser=${MARQUEE_SPEED_ORGANISER:-organiser-1@seed.marquee.example}
only=${MARQUEE_SPEED_ONLY:-}
base="http://127.0.0.1:$port"
for tool in curl python3 go; do
  command -v "$tool" >/dev/null || { echo "speed.sh: $tool is missing (apt-get install -y $tool)" >&2; exit 2; }
done
[ -x "$bin" ] || make build
work=$(mktemp -d)
go build -o "$work/loadtest" ./scripts/loadtest

export MARQUEE_DATABASE_URL=$db
seed=${MARQUEE_SPEED_SEED:-}
if [[ $db == sqlite:* && ! -f ${db#sqlite:} ]]; then seed=1; fi
if [ -n "$seed" ]; then
  echo "speed.sh: seeding $db (500,000 filmmakers, 10,000 festivals, 1,000,000 submissions)" >&2
  "$bin" seed >&2
fi
admin=speed-admin@marquee.example
adminpw=speed-admin-password
echo "$adminpw" | "$bin" admin create --email "$admin" --name "Speed Admin" >/dev/null

MARQUEE_ADDR=127.0.0.1:$port MARQUEE_LOG_LEVEL=error MARQUEE_LOGIN_RATE_PER_MINUTE=1000 "$bin" serve >"$work/serve.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null || true; rm -rf "$work"' EXIT
ready=""
for _ in $(seq 1 240); do
  if curl -sf "$base/readyz" >/dev/null 2>&1; then ready=1; break; fi
  sleep 0.5
done
[ -n "$ready" ] || { echo "speed.sh: the server did not become ready:" >&2; cat "$work/serve.log" >&2; exit 1; }
# VmRSS counts the pages of the SQLite file the readers map (RssFile, the
# kernel's page cache, shared and dropped under pressure) beside the
# server's own memory (RssAnon): both are printed.
rss() {
  awk '/^VmRSS:/ { r = $2 } /^RssAnon:/ { a = $2 } /^RssFile:/ { f = $2 }
    END { printf "%.0f MB (anonymous %.0f MB, file-backed %.0f MB)", r / 1024, a / 1024, f / 1024 }' "/proc/$server/status"
}
rss_start=$(rss)

token() {
  curl -sf -H 'Content-Type: application/json' -d "{\"email\":\"$1\",\"password\":\"$2\"}" "$base/api/v1/auth/login" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])'
}
organiser=$(token "$hot_organiser" seed-password)
few=$(token seed-0000002@example.test seed-password)
many=$(token seed-0000001@example.test seed-password)
admintoken=$(token "$admin" "$adminpw")
# The hot festival is its organiser's only one; its first category has a third of its 5,000 entries.
read -r slug category < <(curl -sf -H "Authorization: Bearer $organiser" "$base/api/v1/manage/festivals" |
  python3 -c 'import json,sys,urllib.parse; d=json.load(sys.stdin); f=(d["items"] if isinstance(d,dict) else d)[0]; print(urllib.parse.quote(f["slug"]), f["categories"][0]["id"] if f.get("categories") else 1)')
manage="/api/v1/manage/festivals/$slug"

# row LABEL [loadtest flags...] PATH: one row of the table.
row() {
  local label=$1
  shift
  if [ -n "$only" ] && ! grep -qE -- "$only" <<<"$label"; then return; fi
  "$work/loadtest" -base "$base" -n "$n" -c "$c" -warm "$warm" -row "$label" "$@"
}

echo "scripts/speed.sh, $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
echo "database ${db%%\?*}, $n requests a page ($warm unmeasured first), $c at once (CSV: $csvn), load average before: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
echo
"$work/loadtest" -header
row 'festival search: q=映画, Japan, open' '/api/v1/festivals?q=%E6%98%A0%E7%94%BB&country=JP&open=true'
row 'festival search: q=film' '/api/v1/festivals?q=film'
row 'festival search: no query' '/api/v1/festivals'
row 'festival search: q=film, never made before' -fresh '/api/v1/festivals?q=film'
row 'festival page API (hot festival)' -share 40 "/api/v1/festivals/$slug"
row 'admin: user search, part of an e-mail (23456@exa)' -token "$admintoken" -p95 50ms '/api/v1/admin/users?q=23456%40exa'
row 'admin: user search, part of a name (Filmmaker 23456)' -token "$admintoken" -p95 50ms '/api/v1/admin/users?q=Filmmaker%2023456'
row 'admin: user search, name part and role filmmaker' -token "$admintoken" -p95 50ms '/api/v1/admin/users?q=Filmmaker%2023456&role=filmmaker'
row 'admin: user search, role organiser' -token "$admintoken" -p95 50ms '/api/v1/admin/users?role=organiser'
row 'admin: user search matching everyone (example.test)' -token "$admintoken" -p95 50ms '/api/v1/admin/users?q=example.test'
row 'admin: user list, first page' -token "$admintoken" '/api/v1/admin/users'
row 'admin: dashboard' -token "$admintoken" '/api/v1/admin/dashboard'
row 'organiser: submissions, one category by weighted score' -token "$organiser" "$manage/submissions?category=$category&sort=score"
row 'organiser: submissions, one category by calibrated score' -token "$organiser" -p95 50ms "$manage/submissions?category=$category&sort=calibrated"
row 'organiser: submissions, all categories, calibrated' -token "$organiser" -p95 50ms "$manage/submissions?sort=calibrated"
row 'organiser: ranking, page 1 (50 a page)' -token "$organiser" -p95 50ms "$manage/ranking?page=1&perPage=50"
row 'organiser: ranking, one category, page 1 (50 a page)' -token "$organiser" -p95 50ms "$manage/ranking?category=$category&page=1&perPage=50"
row 'organiser: ranking, calibrated, page 1 (50 a page)' -token "$organiser" -p95 50ms "$manage/ranking?sort=calibrated&page=1&perPage=50"
row 'organiser: CSV export of 5,000, one at a time' -n "$csvn" -c 1 -warm 2 -token "$organiser" -p95 300ms "$manage/submissions.csv"
row 'organiser: CSV export of 5,000, 4 at once' -n "$csvn" -c 4 -warm 4 -token "$organiser" -p95 300ms "$manage/submissions.csv"
row 'organiser: analytics, all days' -token "$organiser" -p95 100ms "$manage/analytics?range=all"
row 'organiser: analytics, 90 days' -token "$organiser" -p95 100ms "$manage/analytics?range=90d"
rss_organiser=$(rss)
row 'filmmaker with 2 submissions' -token "$few" /api/v1/submissions
row 'filmmaker with 1,000 submissions (page of 20)' -token "$many" /api/v1/submissions
echo
echo "server RSS: $rss_start when ready, $rss_organiser after the organiser pages, $(rss) at the end"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

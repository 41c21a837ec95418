#!/usr/bin/env bash
# speed.sh measures every speed budget the README reports, at 32 clients,
# against a database seeded by `marquee seed` (500,000 filmmakers, 10,000
# festivals, 1,000,000 submissions): the festival search, an organiser's
# submissions page (the hot festival, one category, by weighted score; by
# calibrated score, one category and all) and its ranking, two
# filmmakers' /submissions, the admin user search and the admin dashboard.
# Each path is measured against a bare net/http handler serving the same
# bytes in the same run (scripts/loadtest -bare): read the ratios, since
# absolute figures on a shared 2-core machine swing by a factor of two.
#
#   scripts/speed.sh                                 # SQLite at /tmp/marquee-speed.db (seeded when missing, ~5 min)
#   MARQUEE_SPEED_DB='postgres://postgres@127.0.0.1:5432/speed?sslmode=disable' MARQUEE_SPEED_SEED=1 scripts/speed.sh
#
# Settings: MARQUEE_SPEED_DB (database URL), MARQUEE_SPEED_SEED=1 (seed
# first, also for PostgreSQL: the database must exist and be empty),
# MARQUEE_SPEED_PORT (default 18400), MARQUEE_SPEED_N (requests per path,
# default 3000). Loopback only; it starts and stops its own server.
set -euo pipefail
cd "$(dirname "$0")/.."

db=${MARQUEE_SPEED_DB:-sqlite:/tmp/marquee-speed.db}
port=${MARQUEE_SPEED_PORT:-18400}
n=${MARQUEE_SPEED_N:-3000}
base="http://127.0.0.1:$port"
bin=bin/marquee
for tool in curl python3 go; do
  command -v "$tool" >/dev/null || { echo "speed.sh: $tool is missing (apt-get install -y $tool)" >&2; exit 2; }
done
[ -x "$bin" ] || make build

export MARQUEE_DATABASE_URL=$db
seed=${MARQUEE_SPEED_SEED:-}
if [[ $db == sqlite:* && ! -f ${db#sqlite:} ]]; then seed=1; fi
if [ -n "$seed" ]; then
  echo "speed.sh: seeding $db (500,000 filmmakers, 10,000 festivals, 1,000,000 submissions)"
  "$bin" seed
fi
admin=speed-admin@marquee.example
adminpw=speed-admin-password
echo "$adminpw" | "$bin" admin create --email "$admin" --name "Speed Admin" >/dev/null

MARQUEE_ADDR=127.0.0.1:$port MARQUEE_LOG_LEVEL=error MARQUEE_LOGIN_RATE_PER_MINUTE=1000 "$bin" serve >/tmp/marquee-speed-serve.log 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null || true' EXIT
ready=""
for _ in $(seq 1 120); do
  if curl -sf "$base/readyz" >/dev/null 2>&1; then ready=1; break; fi
  sleep 0.5
done
[ -n "$ready" ] || { echo "speed.sh: the server did not become ready (see /tmp/marquee-speed-serve.log)" >&2; exit 1; }

token() {
  curl -sf -H 'Content-Type: application/json' -d "{\"email\":\"$1\",\"password\":\"$2\"}" "$base/api/v1/auth/login" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])'
}
organiser=$(token organiser-1@seed.marquee.example seed-password)
few=$(token seed-0000002@example.test seed-password)
many=$(token seed-0000001@example.test seed-password)
# The hot festival is the organiser's; its first category has a third of its 5,000 entries.
read -r slug category < <(curl -sf -H "Authorization: Bearer $organiser" "$base/api/v1/manage/festivals" |
  python3 -c 'import json,sys,urllib.parse; d=json.load(sys.stdin); f=(d["items"] if isinstance(d,dict) else d)[0]; print(urllib.parse.quote(f["slug"]), f["categories"][0]["id"] if f.get("categories") else 1)')

load() { go run ./scripts/loadtest -base "$base" -n "$n" -c 32 -bare "$@"; }
echo "== festival search (public)"
load '/api/v1/festivals?q=%E6%98%A0%E7%94%BB&country=JP&open=true' '/api/v1/festivals?q=film' '/api/v1/festivals'
echo "== festival search (public), every request a search never made before"
load -fresh '/api/v1/festivals?q=%E6%98%A0%E7%94%BB&country=JP&open=true' '/api/v1/festivals?q=film' '/api/v1/festivals'
echo "== organiser: hot festival, one category by weighted score"
load -token "$organiser" "/api/v1/manage/festivals/$slug/submissions?category=$category&sort=score"
echo "== organiser: hot festival by calibrated score (one category, all), and its ranking (a page of 50, both orders)"
load -token "$organiser" "/api/v1/manage/festivals/$slug/submissions?category=$category&sort=calibrated" \
  "/api/v1/manage/festivals/$slug/submissions?sort=calibrated" \
  "/api/v1/manage/festivals/$slug/ranking?category=$category" "/api/v1/manage/festivals/$slug/ranking?category=$category&sort=calibrated"
echo "== filmmakers: 2 and 1,000 submissions"
load -token "$few" /api/v1/submissions
load -token "$many" /api/v1/submissions
echo "== admin: user search and dashboard"
MARQUEE_LOADTEST_PASSWORD=$adminpw load -login "$admin" -admin

#!/usr/bin/env bash
# Builds Marquee's container image (Dockerfile) and checks it: the image
# runs as a non-root user, `marquee help` runs in it, and a container of
# it serves and turns healthy (its HEALTHCHECK, `marquee healthcheck`).
#
#   scripts/build-image.sh [TAG]          (default marquee:latest)
#
# Needs docker (or podman, as CONTAINER=podman) able to pull the base
# images node:20-bookworm-slim, golang:1.26-bookworm and
# gcr.io/distroless/static-debian12:nonroot.
set -euo pipefail
cd "$(dirname "$0")/.."
TAG=${1:-marquee:latest}
CONTAINER=${CONTAINER:-docker}

if ! command -v "$CONTAINER" >/dev/null; then
  echo "build-image: $CONTAINER is not installed" >&2; exit 2
fi
if ! "$CONTAINER" info >/dev/null 2>&1; then
  echo "build-image: $CONTAINER cannot reach its daemon ($CONTAINER info fails)" >&2; exit 2
fi

"$CONTAINER" build -t "$TAG" .

user=$("$CONTAINER" image inspect --format '{{.Config.User}}' "$TAG")
case "$user" in
  ""|0|0:*|root|root:*) echo "build-image: the image runs as root ($user)" >&2; exit 1 ;;
esac
"$CONTAINER" run --rm "$TAG" help >/dev/null

name=marquee-build-check-$$
"$CONTAINER" run -d --name "$name" "$TAG" >/dev/null
trap '"$CONTAINER" rm -f "$name" >/dev/null 2>&1 || true' EXIT
for _ in $(seq 1 60); do
  status=$("$CONTAINER" inspect --format '{{.State.Health.Status}}' "$name" 2>/dev/null || echo unknown)
  if [ "$status" = healthy ]; then
    echo "build-image: $TAG built; runs as $user; a container of it is healthy"
    exit 0
  fi
  sleep 2
done
echo "build-image: the container never turned healthy; its logs:" >&2
"$CONTAINER" logs "$name" >&2 || true
exit 1

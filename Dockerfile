# syntax=docker/dockerfile:1
# Marquee's container image: one static binary (the front end embedded)
# on distroless/static, run as a non-root user, with a health check made
# by the binary itself (the image has no shell and no curl).
#
#   docker build -t marquee:latest .            (scripts/build-image.sh)
#   docker run -p 8080:8080 -v marquee-data:/data marquee:latest
#
# Settings are MARQUEE_* environment variables (README, Settings); the
# defaults below keep the SQLite database and the posters under /data.

# 1. The front end (Vite), built once for every platform.
FROM --platform=$BUILDPLATFORM node:20-bookworm-slim AS web
WORKDIR /src/web
COPY web/package.json web/package-lock.json ./
RUN PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund
COPY web/ ./
RUN npm run build

# 2. The binary: static (CGO_ENABLED=0; modernc's SQLite is pure Go),
#    with the front end's build embedded (web/dist, go:embed).
FROM --platform=$BUILDPLATFORM golang:1.26-bookworm AS build
ARG TARGETOS=linux
ARG TARGETARCH=amd64
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
COPY --from=web /src/web/dist/ ./web/dist/
RUN CGO_ENABLED=0 GOOS=$TARGETOS GOARCH=$TARGETARCH \
    go build -trimpath -ldflags='-s -w' -o /out/marquee ./cmd/marquee \
 && mkdir -p /out/data

# 3. The image: the binary and an empty data folder owned by the user.
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/marquee /usr/local/bin/marquee
COPY --from=build --chown=65532:65532 /out/data /data
USER 65532:65532
ENV MARQUEE_ADDR=0.0.0.0:8080 \
    MARQUEE_DATABASE_URL=sqlite:/data/marquee.db \
    MARQUEE_DATA_DIR=/data \
    MARQUEE_LOG_FORMAT=json
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=6s --start-period=30s --retries=3 \
    CMD ["/usr/local/bin/marquee", "healthcheck"]
ENTRYPOINT ["/usr/local/bin/marquee"]
CMD ["serve"]

# Marquee: `make run` builds everything and serves the site on SQLite;
# `make test` runs every test (Go on SQLite, and on PostgreSQL when
# MARQUEE_TEST_POSTGRES_URL is set; front-end unit tests; browser tests).

GO        ?= go
NPM       ?= npm
BIN       := bin/marquee
WEB       := web

.PHONY: all build web run test test-go test-web test-e2e tools tools-browser vet fuzz clean openapi

all: build

tools:
	@scripts/check-tools.sh

# After tools: on a clean machine both would install stripe-mock at once,
# compiling it twice.
tools-browser: tools
	@scripts/check-tools.sh browser

# npm ci installs exactly what package-lock.json records; it reruns when the lock changes.
$(WEB)/node_modules/.package-lock.json: $(WEB)/package-lock.json $(WEB)/package.json
	cd $(WEB) && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 $(NPM) ci --no-audit --no-fund
	@touch $@

# The front end rebuilds only when one of its sources is newer than the last
# build (dist/index.html, absent on a clean clone: dist holds only the placeholder).
WEB_SOURCES := $(shell find $(WEB)/src $(WEB)/public -type f 2>/dev/null) \
	$(wildcard $(WEB)/index.html $(WEB)/vite.config.ts $(WEB)/tsconfig.json $(WEB)/postcss.config.cjs $(WEB)/package.json)

web: tools $(WEB)/dist/index.html

# Vite builds into dist.next, which then takes dist's place: `make test`
# compiles the Go package web (which embeds dist) while the front end
# builds beside it, and a build emptying dist in place made that compile
# fail now and then ("embed dist/placeholder.txt: no such file").
# The bundle only (vite build): the type check is test-web's (npm run
# typecheck), so make test does not run tsc twice; npm run build does both.
$(WEB)/dist/index.html: $(WEB)/node_modules/.package-lock.json $(WEB_SOURCES)
	rm -rf $(WEB)/dist.next $(WEB)/dist.old
	cd $(WEB) && $(NPM) exec -- vite build --outDir dist.next
	@echo "The front-end build (make build) goes here and is embedded in bin/marquee. This file keeps the folder so go test compiles without a build." > $(WEB)/dist.next/placeholder.txt
	mv $(WEB)/dist $(WEB)/dist.old && mv $(WEB)/dist.next $(WEB)/dist && rm -rf $(WEB)/dist.old

# Built with the same flags as go vet and go test, so that `make test` compiles
# the dependencies (modernc's SQLite above all) once, not once more for the binary.
build: web
	$(GO) build -o $(BIN) ./cmd/marquee

# A newcomer's empty database gets 60 demo festivals; `seed --demo` leaves a
# database that already has festivals untouched.
run: build
	./$(BIN) seed --demo
	./$(BIN) serve

vet: tools
	$(GO) vet ./...

# `make openapi` writes the API document the server builds from its route
# table (server/openapi*.go) to web/src/api/openapi.json and generates the
# front end's types from it (web/src/api/schema.d.ts); commit both. make
# test fails while either is stale (server's TestOpenAPICommitted, web's
# src/api/schema.test.ts).
openapi: tools $(WEB)/node_modules/.package-lock.json
	$(GO) test ./server -run '^TestOpenAPICommitted$$' -count=1 -update-openapi
	cd $(WEB) && $(NPM) run openapi

# The module's packages, without the Go files some npm packages ship
# (web/node_modules/flatted has one): listed when the recipe runs, since
# npm ci may be filling node_modules beside it.
GO_PACKAGES = $(GO) list ./... | grep -v /node_modules/

# GO_TESTS_AFTER holds test-go back until it is built (make test sets it to
# build; see there); alone, `make test-go` starts at once.
GO_TESTS_AFTER ?=
test-go: tools $(GO_TESTS_AFTER)
	@if [ -n "$$MARQUEE_TEST_POSTGRES_URL" ]; then echo "Go tests run on SQLite and on PostgreSQL"; else echo "Go tests run on SQLite (set MARQUEE_TEST_POSTGRES_URL to add PostgreSQL)"; fi
	$(NICE) $(GO) vet $$($(GO_PACKAGES))
	@unformatted=$$(gofmt -l $$($(GO) list -f '{{.Dir}}' $$($(GO_PACKAGES)))); if [ -n "$$unformatted" ]; then echo "gofmt: these files need formatting (run gofmt -w on them):"; echo "$$unformatted"; exit 1; fi
	$(NICE) $(GO) test -count=1 -timeout 30m $$($(GO_PACKAGES))

test-web: tools $(WEB)/node_modules/.package-lock.json
	cd $(WEB) && $(NICE) $(NPM) run typecheck && $(NICE) $(NPM) run lint && $(NICE) $(NPM) test

test-e2e: tools-browser build
	cd $(WEB) && $(NPM) run e2e

# The three parts run side by side, each part's output shown whole when it
# ends: the Go tests; the front end's type check, lint and unit tests; and
# the browser tests, which start as soon as the build is there (about a
# minute in). Run one after another, the browser tests waited some seven
# minutes for the others while one core idled through the Go tests' last
# minutes (the store package's). The timeouts (go test -timeout, the
# browser tests' and Vitest's ceilings) are ceilings, never waits: a busier
# machine only takes longer.
#
# The browser tests are the long pole (some 7 minutes alone on two idle
# cores, far more beside the rest), so the two other parts run at a lower
# priority (NICE): they take the cores whenever the browsers and the
# server wait, instead of slowing every page the browser tests load.
# `make test-go` or `make test-web` alone runs at normal priority.
#
# The Go tests start once bin/marquee is built (GO_TESTS_AFTER=build): two
# go commands compiling the same packages at once (go vet's and the
# binary's, on a clean machine's empty build cache) each compile them, and
# measured on two cores that doubled the compilers' work, 660 s of CPU
# against 349 s one after the other. After the build, go vet and go test
# find every package the binary needs compiled.
NICE ?=
test:
	@echo "make test: the Go tests, the front end's type check, lint and unit tests, and (once built) the browser tests, side by side"
	@$(MAKE) --no-print-directory -j3 --output-sync=target NICE='nice -n 10' GO_TESTS_AFTER=build test-go test-web test-e2e

# `make fuzz` runs every Go fuzz target (func FuzzX in a _test.go file),
# one at a time, each for FUZZTIME: `make fuzz FUZZTIME=60s`. FUZZ picks
# targets by name (a regular expression: `make fuzz FUZZ='Fold|Terms'`),
# FUZZFLAGS adds go test flags (-parallel=1 leaves a core to others). A
# failing input is written to the package's testdata/fuzz/FuzzX/, which
# `go test` then replays with the seeds on every run. Every target runs;
# the failed ones are named at the end. Go 1.26 may end a target that found
# nothing with a bare "context deadline exceeded" (go.dev/issue/75804,
# fixed in Go 1.27): that is reported, not counted as a failure.
FUZZTIME  ?= 30s
FUZZ      ?= .
FUZZFLAGS ?=

fuzz:
	@failed=""; out=$$(mktemp); \
	for dir in $$(grep -rl --include='*_test.go' --exclude-dir=web --exclude-dir=testdata --exclude-dir=node_modules '^func Fuzz' . | xargs -n1 dirname | sort -u); do \
		for target in $$(sed -n 's/^func \(Fuzz[A-Za-z0-9_]*\)(.*/\1/p' $$dir/*_test.go | grep -E '$(FUZZ)' | sort); do \
			echo "== $$dir $$target"; \
			{ $(GO) test -run '^$$' -fuzz "^$$target\$$" -fuzztime $(FUZZTIME) $(FUZZFLAGS) $$dir 2>&1; echo $$? > $$out.rc; } | tee $$out; \
			if [ "$$(cat $$out.rc)" != 0 ]; then \
				if grep -q '^    context deadline exceeded$$' $$out && ! grep -q 'Failing input written' $$out; then \
					echo "== $$target: stopped by Go's fuzz deadline race (go.dev/issue/75804), no failing input"; \
				else failed="$$failed $$dir:$$target"; fi; \
			fi; \
		done; \
	done; rm -f $$out $$out.rc; \
	if [ -n "$$failed" ]; then echo "fuzz targets that failed:$$failed"; exit 1; fi

clean:
	rm -rf bin $(WEB)/node_modules $(WEB)/test-results $(WEB)/dist.next $(WEB)/dist.old
	find $(WEB)/dist -mindepth 1 ! -name placeholder.txt -delete

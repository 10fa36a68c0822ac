# Quick start: `make demo` and `make test` work from a fresh clone.
# Both create (or update) a local virtual environment in .venv first.

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
LOCK := requirements.lock.txt

.PHONY: demo test test-latest test-postgres fuzz bench soak dry-run venv lock clean system-libs records page-tools screenshots catalog

# .venv holds exactly what requirements.lock.txt pins, checked against its hashes, and builder
# itself (editable). It is made anew whenever the lock, pyproject.toml or the Python changes
# (tools/venv.sh compares their digest with the one it was made from).
venv:
	@$(MAKE) --no-print-directory system-libs
	@sh tools/venv.sh $(PYTHON) $(VENV) $(LOCK)

# Resolves pyproject.toml's ranges (with the test extra) into requirements.lock.txt: one pinned,
# hashed set for every supported Python (3.10 and newer), by uv (pinned here). Existing pins
# are kept where they still fit; UPGRADE=1 takes the newest releases the ranges allow.
# After it: `make records` if pydantic-core moved, then `make test`, and commit both.
UV_VERSION ?= 0.13.9
LOCK_TOOLS := build/lock-tools
lock:
	@test -x $(LOCK_TOOLS)/bin/uv && $(LOCK_TOOLS)/bin/uv --version | grep -q ' $(UV_VERSION)' || \
	  { rm -rf $(LOCK_TOOLS) && $(PYTHON) -m venv $(LOCK_TOOLS) && \
	    $(LOCK_TOOLS)/bin/python -m pip install -qq --disable-pip-version-check uv==$(UV_VERSION); }
	$(LOCK_TOOLS)/bin/uv pip compile pyproject.toml --extra test --universal --python-version 3.10 \
	  --generate-hashes --format requirements.txt --custom-compile-command "make lock" \
	  $(if $(UPGRADE),--upgrade,) --quiet -o $(LOCK)

# WeasyPrint subsets fonts with HarfBuzz's C library when the system has it (a PDF in a
# third less time), else with fontTools. Installed with apt-get where this runs as root;
# elsewhere PDFs still work, only slower.
system-libs:
	@if ! ldconfig -p 2>/dev/null | grep -q libharfbuzz-subset; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    (apt-get install -y -qq libharfbuzz-subset0 >/dev/null 2>&1 || \
	     (apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq libharfbuzz-subset0 >/dev/null 2>&1)) || \
	    echo "note: libharfbuzz-subset0 could not be installed; PDFs will be slower"; \
	  else echo "note: install libharfbuzz-subset0 (HarfBuzz-Subset) for faster PDFs"; fi; \
	fi

# Check every bundled example, then write its spreadsheet and PDF into build/demo/.
# Some lists are illegal on purpose (exit 1; exported as marked drafts); only an
# unreadable file or a crash (exit 2 or more) fails the demo.
demo: venv
	@$(BIN)/python -m compileall -q builder
	@$(BIN)/builder systems
	@echo
	@$(BIN)/builder check examples/*/*.yaml; status=$$?; \
	  if [ $$status -gt 1 ]; then exit $$status; fi; \
	  echo; echo "(las listas ilegales lo son a propósito / the illegal lists are illegal on purpose)"
	@echo
	@$(BIN)/builder inspect examples/wartime/compania-fenix.yaml
	@mkdir -p build/demo
	@echo
	@# The tournament: one list over the event's limit, one of another system and one
	@# broken file are there on purpose (exit 1 or 2), beside the Warbook the lists share
	@# (a WARBOOK, not a list); anything worse fails the demo.
	@$(BIN)/builder check examples/tournament/lists --pack examples/tournament/pack/torneo-otono.yaml \
	  --summary build/demo/torneo-otono.xlsx; status=$$?; if [ $$status -gt 2 ]; then exit $$status; fi
	@echo
	@$(BIN)/builder campaign examples/cripmaquion/infierno-de-amauta.yaml \
	  --xlsx build/demo/campana-clasificacion.xlsx --pdf build/demo/campana-clasificacion.pdf
	@for roster in examples/*/*.yaml; do \
	  name=$$(basename $$roster .yaml); \
	  $(BIN)/builder export $$roster --xlsx build/demo/$$name.xlsx --pdf build/demo/$$name.pdf --draft || exit $$?; \
	done

# Every example's spreadsheet and PDF as PNG pictures in build/screenshots/, to look at before
# shipping: the PDFs by pdftoppm (poppler-utils), the sheets printed by LibreOffice headless as
# their print setup says (skipped with a note where soffice / libreoffice is not installed).
# Then the builder page's and the desk's pictures in docs/images/, taken anew from the examples
# in Chromium (tools/page_shots.py: the same every time; commit them when they change).
screenshots: venv
	$(BIN)/python tools/screenshots.py build/screenshots

# Each system's records.py is generated from its models.py (see builder/core/codegen.py):
# run this after changing a model; the tests fail while one is out of date.
records: venv
	$(BIN)/python -m builder.core.codegen

# click's own words in Spanish (help headings, usage errors): builder/cli/locale/es/LC_MESSAGES/click.po,
# compiled by Babel into the click.mo beside it. Both are committed (a wheel needs no build step), and
# tests/cli/test_language.py checks that the .mo is the .po and that the .po translates every string
# the locked click marks for translation. Run this after editing the .po.
catalog: venv
	$(BIN)/pybabel compile --domain click --directory builder/cli/locale --locale es

# The suite runs on every core (pytest-xdist; idle workers take tests from busy ones, as
# PDF tests last a hundred times longer than most); TEST_JOBS=0 runs it in one process.
TEST_JOBS ?= auto
# axe-core, the accessibility audit of the page's browser tests, exactly as tools/axe's
# package-lock.json pins it (with its integrity hash); the tests that need it say so and skip
# where npm is missing.
page-tools:
	@if [ ! -f tools/axe/node_modules/.package-lock.json ] || [ tools/axe/package-lock.json -nt tools/axe/node_modules/.package-lock.json ]; then \
	  if command -v npm >/dev/null; then \
	    (cd tools/axe && npm ci --no-audit --no-fund --ignore-scripts --silent) || echo "note: axe-core could not be installed; the page's audits will be skipped"; \
	  else echo "note: npm not found; the page's accessibility audits will be skipped"; fi; \
	fi

test: venv page-tools
	@# Compiled once up front: where PYTHONDONTWRITEBYTECODE is set, every builder the tests start
	@# in a process of its own would compile the package again (a tenth of the suite's time).
	@$(BIN)/python -m compileall -q builder tests
	$(BIN)/python -m pytest -n $(TEST_JOBS) --dist worksteal

# The suite on the newest releases pyproject.toml allows, without the lock, in a throwaway
# environment (build/latest): to see an upgrade's trouble coming before `make lock UPGRADE=1`
# takes it. Not part of .ci/run, whose install is the lock's. pytest's header lists the
# releases that differ from the lock.
LATEST := build/latest
test-latest:
	@$(MAKE) --no-print-directory system-libs
	rm -rf $(LATEST)
	$(PYTHON) -m venv $(LATEST)
	$(LATEST)/bin/python -m pip install -qq --disable-pip-version-check --upgrade -e '.[test]'
	@$(LATEST)/bin/python -m compileall -q builder tests
	BUILDER_UNLOCKED=1 $(LATEST)/bin/python -m pytest -n $(TEST_JOBS) --dist worksteal

# The event store's, the rate limits' and the desk's tests against a real PostgreSQL as well as SQLite
# (.ci/run runs the whole `make test` so, with the database tools/test-postgres.sh makes): give
# BUILDER_TEST_DB the URL of a database the tests may write to; each test makes a schema of its own
# there and drops it after (tests/databases.py). On Debian, as root, after `apt-get install postgresql`:
#   make test-postgres BUILDER_TEST_DB=$$(sh tools/test-postgres.sh)
# The driver, psycopg 3, is in the lock (the store reads postgresql:// as postgresql+psycopg://);
# without BUILDER_TEST_DB, `make test` runs them on SQLite only.
BUILDER_TEST_DB ?=
test-postgres: venv
	@test -n "$(BUILDER_TEST_DB)" || { echo "set BUILDER_TEST_DB=postgresql://user:password@host/database"; exit 2; }
	BUILDER_TEST_DB='$(BUILDER_TEST_DB)' $(BIN)/python -m pytest -n $(TEST_JOBS) tests/events/test_store.py tests/events/test_race_days.py \
	  tests/events/test_limits.py tests/desk

# The hostile-input tests with a long fuzzing budget (make test runs a short, fixed one):
# about ten minutes, most of it random stacked mistakes (BUILDER_FUZZ_SECONDS, 480 here).
BUILDER_FUZZ_SECONDS ?= 480
fuzz: venv
	BUILDER_FUZZ=1 BUILDER_FUZZ_SECONDS=$(BUILDER_FUZZ_SECONDS) $(BIN)/python -m pytest tests/hostile -q

# Timings against the floor of the stack (see docs/performance.md); not part of the tests.
# It ends with the desk's soak behind Caddy (benchmarks/soak.py): BUILDER_SOAK_MINUTES of players,
# the organiser and the probe's attacks in turn (30 here).
BUILDER_SOAK_MINUTES ?= 30
bench: venv
	@# builder's own modules compiled once: where PYTHONDONTWRITEBYTECODE is set, each run would compile them again.
	@$(BIN)/python -m compileall -q builder
	BUILDER_SOAK_MINUTES=$(BUILDER_SOAK_MINUTES) $(BIN)/python benchmarks/run.py

# The deployment of deploy/ tried on this machine before a domain and ports 80/443: Caddy with
# deploy/Caddyfile on https://localhost:8443 (its own local certificate) in front of two desks as
# their unit starts them; Ctrl-C stops it. ARGS="--lang en" for English; tools/dry_run.py lists its
# settings (docs/deployment.md).
dry-run: venv
	$(BIN)/python tools/dry_run.py $(ARGS)

# The soak alone: `make soak BUILDER_SOAK_MINUTES=4` for a short one; BUILDER_SOAK_ATTACKS=slow-texts,rechecks
# picks and orders the attacks (docs/performance.md).
soak: venv
	@$(BIN)/python -m compileall -q builder
	BUILDER_SOAK_MINUTES=$(BUILDER_SOAK_MINUTES) $(BIN)/python benchmarks/soak.py

clean:
	rm -rf $(VENV) build dist .pytest_cache .hypothesis

# Troef: `make run` (the site with demo clubs) and `make test` (the whole suite) set up
# everything on a fresh machine with Python 3.11+ and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PORT ?= 8000
MANAGE := $(BIN)/python manage.py

# Services used by `make test-services` (and by .ci/run).
SERVICES_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/troef
SERVICES_BROKER_URL ?= redis://127.0.0.1:6379/14

.PHONY: install run venue test test-services test-e2e dist test-dist lint bench migrate messages clean

install: $(STAMP)

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Troef needs Python 3.11 or newer; set PYTHON=python3.12 or similar.")'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

migrate: install
	$(MANAGE) migrate --noinput

run: install
	DEBUG=$${DEBUG:-1} $(MANAGE) migrate --noinput
	DEBUG=$${DEBUG:-1} $(MANAGE) seed_demo
	DEBUG=$${DEBUG:-1} PORT=$(PORT) BIN=$(BIN) ./scripts/run.sh

# The evening at the venue: a production web server for the players' phones on the hall's
# wifi, and the worker (`python manage.py venue` does the same without make, on Windows
# too). It migrates and collects the static files itself. make venue PORT=8080,
# HOST=192.168.1.20 (the address phones use), VENUE_ARGS=--demo (the demo clubs).
venue: install
	$(MANAGE) venue --port $(PORT) $(if $(HOST),--host $(HOST)) $(VENUE_ARGS)

# One test process per core (pytest-xdist); each has its own database and var/test/gwN
# folder (tests/settings.py). TEST_PROCESSES=0 runs in one process, for a debugger.
TEST_PROCESSES ?= auto
XDIST := -n $(TEST_PROCESSES) --dist loadgroup

test: install
	$(BIN)/pytest $(XDIST)

test-services: install
	DATABASE_URL=$(SERVICES_DATABASE_URL) CELERY_BROKER_URL=$(SERVICES_BROKER_URL) \
	TROEF_TEST_SERVICES=1 $(BIN)/pytest $(XDIST)

# End-to-end tests in a real browser: Playwright (the `e2e` extra) drives the system's
# Chromium; Playwright's own browser download is not used. Debian: apt-get install chromium.
CHROMIUM ?= /usr/bin/chromium
E2E_STAMP := $(VENV)/.installed-e2e

$(E2E_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,e2e]'
	touch $(E2E_STAMP)

test-e2e: install $(E2E_STAMP)
	@test -x "$(CHROMIUM)" || { echo "make test-e2e needs Chromium at $(CHROMIUM): apt-get install chromium, or set CHROMIUM=/path/to/chromium"; exit 2; }
	CHROMIUM="$(CHROMIUM)" TROEF_E2E=1 $(BIN)/pytest tests/e2e

# The wheel a club installs (`pipx install dist/troef-*.whl`, then `troef`): the apps with
# the templates, static files, compiled catalogues, fonts, rule texts and demo data, no
# tests (setup.py). Built offline from pip's cache when it holds setuptools.
dist: install
	rm -rf build dist/troef-*.whl
	$(BIN)/python -m pip wheel --quiet --no-deps --wheel-dir dist .
	rm -rf build
	@ls dist/troef-*.whl

# The wheel installed into a new virtual environment outside the checkout, its venue run
# with the demo clubs and stopped with Ctrl-C (tests/dist/test_wheel.py; make test skips it).
test-dist: dist
	TROEF_DIST_WHEEL="$$(ls dist/troef-*.whl)" $(BIN)/pytest -n 0 -p no:cacheprovider tests/dist

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports --no-cache

# The benchmark compares our engines with RLCard, OpenSpiel and Colver (the `bench` extra).
BENCH_STAMP := $(VENV)/.installed-bench

$(BENCH_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,bench]'
	touch $(BENCH_STAMP)

bench: install $(BENCH_STAMP) dist
	TROEF_DIST_WHEEL="$$(ls dist/troef-*.whl)" $(BIN)/python -m benchmarks

# Developers: refresh the translation catalogues after changing user-facing strings
# (needs GNU gettext), then translate the new entries in locale/*/LC_MESSAGES/django.po.
# The compiled .mo files are committed, so users need no gettext.
# Each file's texts go to the catalogue of the nearest folder with a locale/ (Django's
# makemessages): a game's to games/<game>/locale, the games' shared ones to games/locale,
# the rest to the site's locale/. The toy game that the tests play has its own.
messages: install
	$(MANAGE) makemessages --locale nl --locale de --locale en --no-obsolete --no-location \
		--ignore 'tests/*' --ignore 'benchmarks/*' --ignore 'var/*' --ignore 'dist/*' \
		--ignore 'build/*'
	cd tests/hogerlager && $(abspath $(BIN))/python $(abspath manage.py) makemessages \
		--locale nl --locale de --locale en --no-obsolete --no-location
	$(BIN)/python -m scripts.compile_messages

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache build dist

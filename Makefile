# Skirmish. `make serve` builds the site and serves it; `make test` runs every test suite;
# `make check` runs the CPython tests that need no browser, Node or Pyodide, for use while working.
# Each target installs what it needs: Python packages into .venv, npm packages into
# node_modules, Debian's chromium for the browser tests.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000
LOADER ?= files

.PHONY: check test serve site venv node chromium pyodide-deps bench bench-site bench-offline clean

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(PY) -m pip install --quiet --disable-pip-version-check -e ".[dev,cluster]"
	touch $@

venv: $(VENV)/.installed

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

node: node_modules/.installed

# Debian's Chromium drives the browser tests (never `playwright install`, which downloads one), with
# Noto CJK so Japanese pages and screenshots show their text, not boxes.
chromium:
	@{ command -v chromium >/dev/null 2>&1 && fc-list 2>/dev/null | grep -q "Noto Sans CJK"; } || { \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium fonts-noto-cjk >/dev/null; }

pyodide-deps: venv
	PYTHON=$(PY) bash tests/pyodide/prepare.sh

.site-deps/micropip-0.11.1-py3-none-any.whl: venv
	$(PY) -m pip download --quiet --disable-pip-version-check micropip==0.11.1 --no-deps \
	  --python-version 3.14 --only-binary=:all: -d .site-deps

site: venv node $(if $(filter micropip,$(LOADER)),.site-deps/micropip-0.11.1-py3-none-any.whl)
	$(PY) build/build_site.py --out dist --loader $(LOADER)

serve: site
	@echo "Skirmish is at http://127.0.0.1:$(PORT)/  (Ctrl-C stops it)"
	$(PY) -m http.server $(PORT) --bind 127.0.0.1 --directory dist

# Unit, rule, conformance, golden and page tests on CPython: no browser (the tests marked `browser`), nothing built from
# node_modules, no Pyodide, and not the long simulations marked `slow` (pyproject.toml's markers).
check: venv
	$(PY) -m pytest -n auto -m "not slow and not needs_node and not browser"

# Everything on CPython (Chromium included) with a pytest-xdist worker per core (each with its own
# Chromium; `worksteal` evens out the long browser tests), then inside Pyodide what only Pyodide can
# break (tests/pyodide/selection.txt), then the rule coverage report.
test: venv node chromium pyodide-deps
	$(PY) -m pytest -n auto --dist worksteal --durations=25
	node tests/pyodide/run.mjs
	$(PY) -m engine rules coverage > /dev/null

bench: venv
	$(PY) -m engine bench

bench-site: venv node chromium .site-deps/micropip-0.11.1-py3-none-any.whl
	$(PY) build/bench_site.py --runs 11

# Time to ready, bytes, requests and main-thread blocking: a cold visit, then a second one offline.
bench-offline: venv node chromium
	$(PY) build/bench_offline.py --runs 5

clean:
	rm -rf $(VENV) dist node_modules .pyodide-deps .site-deps test-artifacts \
	  .setuptools-build build/lib build/bdist.* *.egg-info

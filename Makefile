# Skirmish: `make test` installs what it needs into .venv and runs every test suite.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: test venv bench clean

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[test]"
	touch $@

venv: $(VENV)/.installed

test: venv
	$(PY) -m pytest

bench: venv
	$(PY) -m engine bench

clean:
	rm -rf $(VENV) dist build/*.egg-info

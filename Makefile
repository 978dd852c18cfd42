# Two commands on a fresh machine: `make run` and `make test`. Everything else is optional.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000
export HF_HUB_OFFLINE := 1

.PHONY: install run test lint typecheck browser unit mutation bench bench-scale demo stop clean lock

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

install: $(STAMP)

## make run: install, migrate, demo users and lane, serve on http://$(HOST):$(PORT)/
run: install
	$(PY) manage.py migrate --noinput
	$(PY) manage.py collectstatic --noinput --verbosity 0
	$(PY) manage.py seed_demo
	@echo ""
	@echo "CiteNexus Web is starting at http://$(HOST):$(PORT)/  (API docs: http://$(HOST):$(PORT)/api/docs/)"
	$(PY) -m uvicorn citenexus_web.asgi:application --host $(HOST) --port $(PORT)

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

typecheck: install
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports

## make test: lint, types, the import boundary, then the whole suite (unit, integration, browser)
## The browser journeys need Debian's chromium: installed when missing (as root), else make stops;
## CITENEXUS_SKIP_BROWSER=1 make test skips them on purpose.
test: lint typecheck browser
	$(PY) -m pytest -q

browser:
	@sh scripts/ensure_chromium.sh

unit: install
	$(PY) -m pytest -q -p no:django tests/unit

## make mutation: mutmut over the rules that decide what a reviewer is told; fails on any
## survivor not listed, with its reason, in scripts/mutation_equivalents.toml
mutation: install
	rm -rf mutants
	$(VENV)/bin/mutmut run
	$(PY) scripts/mutation_gate.py

## make bench: slow benchmarks outside the test run; numbers go to docs/benchmarks.md
bench: install
	$(PY) scripts/bench.py
	$(PY) scripts/retrieval_quality.py
	$(PY) scripts/load_test.py
	$(PY) scripts/bench_pages.py

bench-scale: install
	$(PY) scripts/bench_scale.py

## make lock: requirements.lock, the image's dependencies pinned with hashes (docs/deploy.md).
## Reproducible: the same pyproject.toml and date give the same file. Bump the date (the newest
## release uv may choose) when a pin in pyproject.toml needs a newer release.
UV_VERSION := 0.13.8
LOCK_EXCLUDE_NEWER ?= 2026-12-01T00:00:00Z
lock:
	test -x .tools/bin/uv || ($(PYTHON) -m venv .tools && .tools/bin/pip install --quiet uv==$(UV_VERSION))
	.tools/bin/uv pip compile pyproject.toml --quiet --generate-hashes \
	  --python-version 3.11 --python-platform x86_64-manylinux_2_28 \
	  --exclude-newer $(LOCK_EXCLUDE_NEWER) --custom-compile-command "make lock" \
	  --output-file requirements.lock

stop: install
	$(PY) manage.py embedded_db stop

clean:
	rm -rf $(VENV) mutants .citenexus staticfiles .tools

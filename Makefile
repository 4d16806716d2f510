# Everyday tasks.  Everything runs in the virtual environment .venv/, which
# `make install` creates (the README's Quickstart does the same).
VENV ?= .venv
PY ?= $(VENV)/bin/python
CONTENT ?= content
OUT ?= _site

.PHONY: help install build serve test test-fast golden bench lint clean

help:
	@echo "make install    .venv/ with sitegen (editable) and the test tools"
	@echo "make build      build $(CONTENT)/ into $(OUT)/"
	@echo "make serve      build, then serve on http://127.0.0.1:8000/"
	@echo "make test       the whole suite, browser tests included"
	@echo "make test-fast  every test but the browser tests (-m 'not browser')"
	@echo "make golden     regenerate tests/golden/site (review the diff!)"
	@echo "make bench      build and check timings (bench/build.py)"
	@echo "make lint       ruff and mypy through pre-commit (.pre-commit-config.yaml)"

install:
	test -x $(VENV)/bin/pip || python3 -m venv $(VENV)
	$(PY) -m pip install -q -e '.[test]'

build:
	$(PY) -m sitegen build $(CONTENT) --out $(OUT)

serve:
	$(PY) -m sitegen serve $(CONTENT) --out $(OUT)

test:
	$(PY) -m pytest

test-fast:
	$(PY) -m pytest -m "not browser"

golden:
	$(PY) -m tests.golden
	git diff --stat -- tests/golden

bench:
	$(PY) bench/build.py

lint:
	$(PY) -m pre_commit --version >/dev/null 2>&1 || $(PY) -m pip install -q pre-commit
	$(PY) -m pre_commit run --all-files

clean:
	rm -rf $(OUT) build dist *.egg-info .pytest_cache .hypothesis

# camelot-rules: the two commands of the README are `make lab` and `make test`.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8888

.PHONY: lab test check lint format types unit notebooks quick clean strip

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e ".[test]"
	touch $(STAMP)

## make lab: JupyterLab on notebooks/, bound to 127.0.0.1, printing its URL with the token.
lab: $(STAMP)
	@token=$$($(BIN)/python -c 'import secrets; print(secrets.token_hex(16))'); \
	echo "Open: http://$(HOST):$(PORT)/lab/tree/00_start_here.ipynb?token=$$token"; \
	root_flag=$$([ "$$(id -u)" = 0 ] && echo --allow-root); \
	exec $(BIN)/jupyter lab --no-browser $$root_flag --ServerApp.ip=$(HOST) --ServerApp.port=$(PORT) \
	  --IdentityProvider.token=$$token --ServerApp.root_dir=notebooks \
	  --LabApp.news_url=None --LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate

## make test: everything CI runs - format, lint, types, unit tests + doctests, strict nbval.
test: $(STAMP) lint types
	$(BIN)/python -m pytest -q

lint: $(STAMP)
	$(BIN)/ruff format --check camelot_rules widgets tests benchmarks
	$(BIN)/ruff check camelot_rules widgets tests benchmarks

types: $(STAMP)
	$(BIN)/mypy --strict camelot_rules

## make quick: unit tests and doctests only (no notebooks) - NOT the full suite.
quick: $(STAMP)
	$(BIN)/python -m pytest -q -o addopts="--doctest-modules -p no:cacheprovider" tests camelot_rules widgets

format: $(STAMP)
	$(BIN)/ruff format camelot_rules widgets tests benchmarks
	$(BIN)/ruff check --fix camelot_rules widgets tests benchmarks

## make notebooks: re-execute every notebook in place and strip widget state (keeps outputs).
notebooks: $(STAMP)
	for nb in notebooks/*.ipynb; do \
	  $(BIN)/jupyter nbconvert --to notebook --execute --inplace "$$nb" || exit 1; \
	  $(BIN)/nbstripout --keep-output --keep-count "$$nb" || exit 1; \
	done

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .hypothesis build *.egg-info

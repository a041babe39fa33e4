# camelot-rules: the two commands of the README are `make lab` and `make test`.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8888

.PHONY: lab app docs test lint format types notebooks quick browser-deps clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e ".[test]"
	touch $(STAMP)

## make lab: JupyterLab on notebooks/, bound to 127.0.0.1, printing its URL with the token.
## The token goes to the server in its environment (JUPYTER_TOKEN), never on its command line:
## any local user can read a process's arguments with `ps`, only its owner its environment.
lab: $(STAMP)
	@token=$$($(BIN)/python -c 'import secrets; print(secrets.token_hex(16))'); \
	echo "Open: http://$(HOST):$(PORT)/lab/tree/00_start_here.ipynb?token=$$token"; \
	root_flag=$$([ "$$(id -u)" = 0 ] && echo --allow-root); \
	JUPYTER_TOKEN="$$token" exec $(BIN)/jupyter lab --no-browser $$root_flag \
	  --ServerApp.ip=$(HOST) --ServerApp.port=$(PORT) --ServerApp.root_dir=notebooks \
	  --LabApp.news_url=None --LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate

## make app: the Voila dashboard (notebooks/app.ipynb) at 127.0.0.1:8866 with a token.
## To share it on your LAN on purpose: make app HOST=0.0.0.0 (anyone with the URL and token
## on that network can use it; stop it with Ctrl-C when the game is over).
## The token is passed as for `make lab`: Voila reads JUPYTER_TOKEN when its token is switched
## on without a value (--Voila.auto_token=True; without it Voila runs with no token at all).
APP_PORT ?= 8866
app: $(STAMP)
	@token=$$($(BIN)/python -c 'import secrets; print(secrets.token_hex(16))'); \
	echo "Open: http://$(HOST):$(APP_PORT)/?token=$$token"; \
	JUPYTER_TOKEN="$$token" exec $(BIN)/voila notebooks/app.ipynb --no-browser \
	  --Voila.ip=$(HOST) --port=$(APP_PORT) --Voila.auto_token=True

## make docs: the static site in build/site, offline (MathJax vendored from npm; no CDN).
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/python docs/build.py

## Debian's chromium for the browser tests, installed only when missing (needs root or sudo).
browser-deps:
	@if [ ! -x /usr/bin/chromium ]; then \
	  SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium; \
	fi

## make test: everything CI runs - format, lint, types, unit tests + doctests, strict nbval on
## every notebook, and the widgets driven in a real browser (Voila and JupyterLab).
test: $(STAMP) browser-deps lint types
	$(BIN)/python -m pytest -q

lint: $(STAMP)
	$(BIN)/ruff format --check camelot_rules widgets tests benchmarks docs
	$(BIN)/ruff check camelot_rules widgets tests benchmarks docs

types: $(STAMP)
	$(BIN)/mypy --strict camelot_rules

## make quick: unit tests and doctests only - leaves out the notebooks and the browser tests,
## so it is NOT the full suite.
quick: $(STAMP)
	$(BIN)/python -m pytest -q -o addopts="--doctest-modules -p no:cacheprovider" \
	  --ignore=tests/browser tests camelot_rules widgets

format: $(STAMP)
	$(BIN)/ruff format camelot_rules widgets tests benchmarks docs
	$(BIN)/ruff check --fix camelot_rules widgets tests benchmarks docs

## make notebooks: re-execute every notebook in place and strip widget state (keeps outputs).
notebooks: $(STAMP)
	for nb in notebooks/*.ipynb; do \
	  $(BIN)/jupyter nbconvert --to notebook --execute --inplace "$$nb" || exit 1; \
	  $(BIN)/nbstripout --keep-output --keep-count "$$nb" || exit 1; \
	done

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .hypothesis build test-artifacts *.egg-info

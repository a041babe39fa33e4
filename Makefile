# camelot-rules: the two commands of the README are `make lab` and `make test`;
# `make check` is the one to run after every edit (CONTRIBUTING.md).
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8888

.PHONY: lab app docs site test check lint format types notebooks quick browser-deps clean locale \
	compiled pure handout

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e ".[test]"
	touch $(STAMP)

## make lab: JupyterLab on notebooks/, bound to 127.0.0.1, printing its URL with the token.
## The token goes to the server in its environment (JUPYTER_TOKEN), never on its command line:
## any local user can read a process's arguments with `ps`, only its owner its environment.
## Quiet (issue 18): no news pop-up (a settings override in .venv), warnings and errors only,
## and the usable URL printed last, once the server answers (a background wait on the port).
## Issue 32: the working copies are trusted (`jupyter trust`: no "not trusted" on each open),
## notebook_shim (the classic notebook's bridge, unused by JupyterLab 4) is off (it read a
## deprecated setting and printed a DeprecationWarning), kernels talk over local IPC sockets
## (no "running over TCP without encryption" warning on each kernel).
## Exploring never dirties git: JupyterLab opens working copies in build/lab (git-ignored),
## refreshed from notebooks/ only where the saved notebook is newer (`cp -u`); the saved
## notebooks change through `make notebooks` (re-run, outputs kept for nbval).
LAB_OVERRIDES := $(VENV)/share/jupyter/lab/settings/overrides.json
LAB_DIR := build/lab
lab: $(STAMP)
	@mkdir -p $(dir $(LAB_OVERRIDES)) $(LAB_DIR); [ -f $(LAB_OVERRIDES) ] || echo \
	  '{"@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": false}}' \
	  > $(LAB_OVERRIDES); \
	cp -u notebooks/*.ipynb $(LAB_DIR)/; $(BIN)/jupyter trust $(LAB_DIR)/*.ipynb >/dev/null 2>&1; \
	token=$$($(BIN)/python -c 'import secrets; print(secrets.token_hex(16))'); \
	( for i in $$(seq 240); do (: <>/dev/tcp/$(HOST)/$(PORT)) 2>/dev/null && break; sleep 0.5; done; \
	  sleep 1; echo "Open: http://$(HOST):$(PORT)/lab/tree/00_start_here.ipynb?token=$$token" ) & \
	root_flag=$$([ "$$(id -u)" = 0 ] && echo --allow-root); \
	JUPYTER_TOKEN="$$token" PYTHONWARNINGS=ignore::DeprecationWarning exec $(BIN)/jupyter lab \
	  --no-browser $$root_flag --ServerApp.log_level=WARN --LabApp.log_level=WARN \
	  --ServerApp.ip=$(HOST) --ServerApp.port=$(PORT) --ServerApp.root_dir=$(LAB_DIR) \
	  --LabApp.news_url=None --LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate \
	  --ServerApp.jpserver_extensions notebook_shim=False --KernelManager.transport=ipc

## make app: the Voila dashboard (notebooks/app.ipynb) at 127.0.0.1:8866 with a token; its page
## template (widgets/voila/templates/camelot) drops Voila's CDN links: nothing leaves the machine.
## Quiet (issue 32): the notebook is trusted, Voila logs warnings only (so the one URL printed is
## the usable one, not a second one with the token masked), kernels over local IPC sockets.
## To share it on your LAN on purpose: make app HOST=0.0.0.0 (anyone with the URL and token
## on that network can use it; stop it with Ctrl-C when the game is over).
## The token is passed as for `make lab`: Voila reads JUPYTER_TOKEN when its token is switched
## on without a value (--Voila.auto_token=True; without it Voila runs with no token at all).
APP_PORT ?= 8866
app: $(STAMP)
	@token=$$($(BIN)/python -c 'import secrets; print(secrets.token_hex(16))'); \
	$(BIN)/jupyter trust notebooks/app.ipynb >/dev/null 2>&1; \
	echo "Open: http://$(HOST):$(APP_PORT)/?token=$$token"; \
	JUPYTER_TOKEN="$$token" JUPYTER_PATH="$(CURDIR)/widgets" exec $(BIN)/voila notebooks/app.ipynb \
	  --no-browser --Voila.ip=$(HOST) --port=$(APP_PORT) --Voila.auto_token=True \
	  --template=camelot --Voila.log_level=WARN --KernelManager.transport=ipc

## make docs: the static site in build/site, offline (MathJax vendored from PyPI; no CDN).
## It links to the web site (build/web), so that is built first.
docs: $(STAMP) site
	NO_MKDOCS_2_WARNING=1 $(BIN)/python docs/build.py

## make site: the zero-install web site in build/web - static files running the library in
## Pyodide, offline (Pyodide from npm, wheels from PyPI, vendored at build time; bytecode made
## by Pyodide under node; docs/build_web.py, docs/web.md). Publish the folder on any static
## host; CAMELOT_RULES_SITE=https://... names that address in the page's links.
site: $(STAMP)
	$(BIN)/python docs/build_web.py

## Debian's chromium for the browser tests, installed only when missing (needs root or sudo).
browser-deps:
	@if [ ! -x /usr/bin/chromium ]; then \
	  SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium; \
	fi

## The tests in tiers (conftest.py puts each test in its tier by where it lives; see
## CONTRIBUTING.md): unit (everything not in another tier), slow (the full counts of random
## games and seeded simulations), compiled (a mypyc build of the engine), docs (the mkdocs
## build), browser (a real browser, Voila and JupyterLab), notebook (strict nbval).
## The suite tests the Python source (CAMELOT_RULES_PURE) even after `make compiled`;
## tests/engine/test_compiled.py builds a compiled copy itself and plays the golden games on it.
## The tiers run on every core (pytest-xdist; JOBS=2 for two workers, JOBS=0 for none).
JOBS ?= auto
PYTEST := CAMELOT_RULES_PURE=1 $(BIN)/python -m pytest -n $(JOBS)
NBVAL := -p nbval --nbval --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg
CHECK_TIERS := not (slow or compiled or docs or browser or notebook)

## make test: everything CI runs - format, lint, types, then every tier: unit tests and doctests,
## the slow tier, the compiled engine, the docs build, strict nbval on every notebook, and the
## widgets driven in a real browser (Voila and JupyterLab).
test: $(STAMP) browser-deps lint types site
	$(PYTEST) -q --durations=10 $(NBVAL)

## make check: the unit tier (rules, calculators, verifier, widgets, doctests) in under a
## minute on 2 cores, then format and lint - after every edit. NOT the full suite: `make test`.
check: $(STAMP)
	$(PYTEST) -q -m "$(CHECK_TIERS)" --durations=5 tests camelot_rules widgets
	$(BIN)/ruff format --check -q camelot_rules widgets tests benchmarks docs
	$(BIN)/ruff check -q camelot_rules widgets tests benchmarks docs

quick: check  # the old name of `make check`

lint: $(STAMP)
	$(BIN)/ruff format --check camelot_rules widgets tests benchmarks docs
	$(BIN)/ruff check camelot_rules widgets tests benchmarks docs

types: $(STAMP)
	$(BIN)/mypy --strict camelot_rules widgets

## make compiled: the engine's hot modules compiled by mypyc in place (simulations ~2.4x faster,
## the same games; needs gcc and the Python headers; 2-3 min). A compiled module runs only while
## its source is unchanged since the build (else the source runs, with a warning); make pure
## removes them. See camelot_rules/base/compiled.py.
compiled: $(STAMP)
	$(BIN)/python -c 'from camelot_rules.base.compiled import main; raise SystemExit(main(["build"]))'

pure: $(STAMP)
	$(BIN)/python -c 'from camelot_rules.base.compiled import main; raise SystemExit(main(["clean"]))'

format: $(STAMP)
	$(BIN)/ruff format camelot_rules widgets tests benchmarks docs
	$(BIN)/ruff check --fix camelot_rules widgets tests benchmarks docs

## make notebooks: rebuild every notebook from its plain-text source (notebooks/src/*.py,
## jupytext percent format: edit there, not in the .ipynb): sync the cells, execute in a fresh
## kernel, strip widget state with nbstripout (outputs kept for nbval). NB=08 rebuilds only the
## notebooks whose name starts with 08; see notebooks/build.py (--no-execute, --sources).
NB ?=
notebooks: $(STAMP)
	$(BIN)/python notebooks/build.py $(NB)

## make handout: the one-page Merlin's Company handout of notebook 08, printable (A4), in English,
## Japanese and Spanish: build/handout/merlins-company.{en,ja,es}.html (open one and print it).
## Its whole-game line plays 200 seeded games per box with the heuristics (the fast policies
## of camelot_rules/front/lesson.py; GAMES=1000 for a narrower interval).
GAMES ?= 200
handout: $(STAMP)
	@mkdir -p build/handout
	for lang in en ja es; do \
	  $(BIN)/python -m camelot_rules.front.lesson --lang $$lang --games $(GAMES) \
	    -o build/handout/merlins-company.$$lang.html || exit 1; \
	done

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .hypothesis build test-artifacts *.egg-info
	find camelot_rules -name '*.so' -delete; rm -f camelot_rules/_compiled.json

## make locale: the translations (Babel). Extract every message into the template, merge it into
## the Japanese and Spanish catalogs (new entries come in untranslated: translate them, a test
## fails on an empty or fuzzy entry), then compile the .mo files. Compiling is optional: the
## package reads the .po files directly when no up-to-date .mo is there.
LOCALE := camelot_rules/locale
locale: $(STAMP)
	$(BIN)/pybabel extract -F $(LOCALE)/babel.cfg -o $(LOCALE)/camelot_rules.pot -w 100 \
	  --no-location --add-comments=Translators: --project=camelot-rules --version=0.1.0 .
	$(BIN)/pybabel update -i $(LOCALE)/camelot_rules.pot -d $(LOCALE) -D camelot_rules -w 100 \
	  --no-fuzzy-matching
	$(BIN)/pybabel compile -d $(LOCALE) -D camelot_rules --statistics

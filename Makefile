# Moonweb's commands. `make run` serves the site on embedded defaults; `make test` runs
# everything CI runs. Targets are idempotent: a second run skips what is already done.

SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help

# The interpreter: Debian's python3.11 where it can make a venv (the python3.11-venv package, which
# .ci/services installs), else the first python3.11 or python3 on PATH. Debian builds CPython with
# profile-guided optimisation and LTO, which pyenv's default build leaves out: the same code runs
# about 12% faster on it (benchmarks/bot_games.py against a worktree whose .venv is the other
# interpreter's). `make PYTHON=...` chooses another; an existing .venv is kept (delete it to change).
DEBIAN_PYTHON = $(if $(wildcard /usr/lib/python3.11/ensurepip/__init__.py),$(wildcard /usr/bin/python3.11))
PYTHON ?= $(or $(DEBIAN_PYTHON),$(shell command -v python3.11 || command -v python3))
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
PYTEST_ARGS ?=
# The suite runs on the real servers production uses (.ci/services starts them).
TEST_ENV := DATABASE_URL=postgres://moonweb:moonweb@127.0.0.1:5432/moonweb CELERY_BROKER_URL=redis://127.0.0.1:6379/0
# `make run` is development: DEBUG on (the settings' default is production, which refuses to start
# without a strong SECRET_KEY and ALLOWED_HOSTS). Every process it starts gets it, migrate included.
DEV_ENV := DEBUG=1
PIP_COMPILE := $(BIN)/pip-compile --quiet --strip-extras --no-emit-index-url --no-emit-find-links

.PHONY: help run test lint fmt services requirements messages migrate superuser clean

help:
	@echo "make run           serve http://127.0.0.1:$(PORT) with a Celery worker and beat (SQLite, files under var/)"
	@echo "make test          install and start PostgreSQL and Redis if needed, run the tests and the quality checks"
	@echo "make lint          ruff check, ruff format --check, mypy, import contracts (lint-imports)"
	@echo "make fmt           format and autofix with ruff"
	@echo "make services      install and start PostgreSQL, Redis, Chromium (as make test does)"
	@echo "make requirements  recompile requirements/*.txt from the .in files"
	@echo "make messages      update locale/*/django.po from the code, and compile every catalog (site and engines)"
	@echo "make superuser     create an admin account in the local database"

# The interpreter alone; packages come with the stamp files below.
$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Stamps: reinstall only when a pinned file changed.
$(VENV)/.base-installed: requirements/base.txt | $(BIN)/python
	$(BIN)/pip install --quiet --disable-pip-version-check -r requirements/base.txt
	touch $@

$(VENV)/.dev-installed: requirements/base.txt requirements/dev.txt | $(BIN)/python
	$(BIN)/pip install --quiet --disable-pip-version-check -r requirements/base.txt -r requirements/dev.txt
	touch $@ $(VENV)/.base-installed

migrate: $(VENV)/.base-installed
	$(DEV_ENV) $(BIN)/python manage.py migrate --noinput

run: migrate
	$(DEV_ENV) $(BIN)/python -m moonweb.devrun --port $(PORT)

services:
	bash .ci/services

# Tests first, then the quality checks, and the run fails if either did. pytest's exit code 5
# (no test collected) is a failure like any other.
test: services $(VENV)/.dev-installed
	status=0; \
	$(TEST_ENV) $(BIN)/pytest $(PYTEST_ARGS) || status=$$?; \
	$(MAKE) --no-print-directory lint || { [ $$status -ne 0 ] || status=1; }; \
	exit $$status

lint: $(VENV)/.dev-installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy moonweb accounts games
	$(BIN)/lint-imports

fmt: $(VENV)/.dev-installed
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

requirements: $(VENV)/.dev-installed
	$(PIP_COMPILE) -o requirements/base.txt requirements/base.in
	$(PIP_COMPILE) -o requirements/dev.txt requirements/dev.in

# Needs gettext's msgfmt; the compiled .mo files are committed so `make run` does not.
messages: $(VENV)/.base-installed
	command -v msgfmt >/dev/null || { apt-get update -qq && apt-get install -y -qq --no-install-recommends gettext; }
	$(DEV_ENV) $(BIN)/python manage.py makemessages --locale fr --ignore var --ignore tests --no-obsolete
	$(DEV_ENV) $(BIN)/python manage.py compilemessages --ignore var --ignore .venv

superuser: migrate
	$(DEV_ENV) $(BIN)/python manage.py createsuperuser

clean:
	rm -rf .pytest_cache .mypy_cache .ruff_cache
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -exec rm -rf {} +

# The two commands: `make run` and `make test`. Everything else is a step of them.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
MANAGE := $(BIN)/python manage.py

.PHONY: run test setup content lint pytest test-postgres system-deps check-deploy clean

run: setup
	$(MANAGE) runserver 127.0.0.1:$(PORT)

test: setup-dev lint pytest verify
	$(MANAGE) makemigrations --check --dry-run --verbosity 0

setup: $(VENV)/.installed content

setup-dev: $(VENV)/.installed-dev content

# Reinstalls only when pyproject.toml changes, so a second `make run` is quick.
$(VENV)/.installed: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-dev: $(VENV)/.installed
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@

content: $(VENV)/.installed
	$(MANAGE) prepare_site

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

pytest: $(VENV)/.installed-dev system-deps
	$(BIN)/pytest

verify: $(VENV)/.installed
	@if $(MANAGE) help verify_rulings >/dev/null 2>&1; then $(MANAGE) verify_rulings; fi

# The suite again on a throw-away PostgreSQL cluster and a throw-away Redis as the
# cache (each installed with apt if missing).
test-postgres: $(VENV)/.installed-dev system-deps
	.ci/with-postgres .ci/with-redis $(BIN)/pytest

# Debian packages some tests need (Chromium); installs only when running as root.
system-deps:
	@.ci/system-deps

check-deploy: $(VENV)/.installed
	DEBUG=0 SECRET_KEY=$$($(BIN)/python -c 'import secrets; print(secrets.token_urlsafe(50))') \
		ALLOWED_HOSTS=rulesite.example $(MANAGE) check --deploy --fail-level WARNING

clean:
	rm -rf $(VENV) var

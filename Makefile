# The two commands: `make run` and `make test`. Everything else is a step of them
# (`make dev` serves with Django's auto-reloading server instead).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
MANAGE := $(BIN)/python manage.py

.PHONY: run dev static test setup setup-dev content lint own-words lock pytest verify \
	test-postgres \
	system-deps check-deploy clean

# Served as in production: gunicorn, DEBUG off, static files collected and
# compressed for whitenoise, the page cache on. Plain HTTP on loopback, so no
# redirect to HTTPS and no HSTS. SECRET_KEY, when not set, is the one generated
# into var/secret-key on the first run.
SECRET_FILE := var/secret-key
PROD_ENV := DEBUG=0 SECRET_KEY="$${SECRET_KEY:-$$(cat $(SECRET_FILE))}" \
	SECURE_SSL_REDIRECT=$${SECURE_SSL_REDIRECT:-0} \
	SECURE_HSTS_SECONDS=$${SECURE_HSTS_SECONDS:-0}

run: setup static
	PORT=$(PORT) $(PROD_ENV) $(BIN)/gunicorn -c rulesite/gunicorn.conf.py

dev: setup
	$(MANAGE) runserver 127.0.0.1:$(PORT)

$(SECRET_FILE):
	mkdir -p $(dir $@)
	umask 077 && $(BIN)/python -c 'import secrets; print(secrets.token_urlsafe(50))' > $@

static: $(VENV)/.installed $(SECRET_FILE)
	$(PROD_ENV) $(MANAGE) collectstatic --noinput --verbosity 0

test: setup-dev lint own-words pytest verify
	$(MANAGE) makemigrations --check --dry-run --verbosity 0

setup: $(VENV)/.installed content

setup-dev: $(VENV)/.installed-dev content

# Every installed package comes from the lock (requirements/*.txt: exact versions
# with hashes, `make lock` writes them), then the project itself without its
# dependencies. Reinstalls only when a lock (or the project's metadata) changes, so a
# second `make run` is quick.
PIP_LOCKED := $(BIN)/python -m pip install --quiet --require-hashes --only-binary :all:
PIP_PROJECT := $(BIN)/python -m pip install --quiet --no-deps --no-build-isolation -e .

$(VENV)/.installed: requirements/runtime.txt pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(PIP_LOCKED) -r requirements/runtime.txt
	$(PIP_PROJECT)
	touch $@

$(VENV)/.installed-dev: requirements/dev.txt $(VENV)/.installed
	$(PIP_LOCKED) -r requirements/dev.txt
	touch $@

# Rewrites the lock from pyproject.toml, keeping every pin that still fits;
# `make lock UPGRADE=1` moves every package to its newest allowed version. The
# lock is resolved against pip's default index, with the local pip configuration
# (local wheel folders and mirrors) set aside, so its hashes are those of the
# published files. Dev pins agree with runtime pins.
LOCK_TOOLS := var/lock-tools
PIP_COMPILE := env -u PIP_FIND_LINKS -u PIP_EXTRA_INDEX_URL -u PIP_INDEX_URL \
	PIP_CONFIG_FILE=/dev/null CUSTOM_COMPILE_COMMAND="make lock" \
	$(LOCK_TOOLS)/bin/pip-compile --quiet --generate-hashes --allow-unsafe \
	--strip-extras --no-emit-index-url $(if $(UPGRADE),--upgrade)

lock:
	test -x $(LOCK_TOOLS)/bin/pip-compile || { $(PYTHON) -m venv $(LOCK_TOOLS) && \
		$(LOCK_TOOLS)/bin/python -m pip install --quiet pip-tools==7.6.2; }
	$(PIP_COMPILE) -o requirements/runtime.txt pyproject.toml requirements/build.in
	$(PIP_COMPILE) --extra dev -c requirements/runtime.txt -o requirements/dev.txt \
		pyproject.toml requirements/build.in

content: $(VENV)/.installed
	$(MANAGE) prepare_site

# lint-imports checks the import contracts of pyproject.toml: the engine's layers,
# no Django in the engine or the packs, and `rules` never importing `oracle`.
lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports

# Prose in fixtures/ is ours: the shared checker (beside the clone, as in CI) fails on
# any run of 12 or more words that matches the official texts. Where it is absent the
# step says so and is skipped.
VERBATIM_CHECK ?= ../shared/tools/verbatim-check
own-words:
	@if [ -f "$(VERBATIM_CHECK)" ]; then $(PYTHON) "$(VERBATIM_CHECK)" fixtures/; \
	else echo "own-words: skipped, $(VERBATIM_CHECK) not found"; fi

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

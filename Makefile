# Entry points (see README): `make serve`, `make test` (everything, CI) and `make check` (the fast tier).
PY := .venv/bin/python
# ESLint from node_modules (pinned in package.json; eslint.config.mjs says what it lints)
ESLINT := node_modules/.bin/eslint
PORT ?= 8000
# The site's public address (optional): `make build SITE_URL=https://www.exemplo.sp.gov.br/cotas/` gives
# canonical links, a full sitemap.xml and absolute link previews (build.py --site-url).
SITE_URL ?=

.PHONY: serve test check setup setup-browser build lint bench

$(PY):
	python3 -m venv .venv

setup: $(PY)
	$(PY) -m pip install -q --disable-pip-version-check -r requirements.txt
	npm ci --no-audit --no-fund --loglevel=error --omit=optional

# Debian packages for the tests: Chromium (browser tests; Playwright's own download does not work here),
# nginx and Apache (the hosting snippets of docs/hospedar.md are tested on real servers).
setup-browser:
	@if ! command -v chromium >/dev/null 2>&1 || ! [ -x /usr/sbin/nginx ] || ! [ -x /usr/sbin/apache2 ]; then \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -q && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium nginx apache2; \
	fi

build: setup
	$(PY) build.py $(if $(SITE_URL),--site-url "$(SITE_URL)")

serve: build
	@echo "Servindo em http://127.0.0.1:$(PORT)/ (Ctrl+C para sair)"
	$(PY) -m http.server --bind 127.0.0.1 --directory site $(PORT)

lint: setup
	$(PY) -m ruff check .
	$(ESLINT) .

# The tests run with the fixture norms present (two data-only norms, tests/fixtures/normas, named by
# calculator.norms.EXTRA_ENV), so that every test holds for any norm, not only the corpus's;
# `make test NORMAS_EXTRA=` runs them on the corpus alone.
NORMAS_EXTRA ?= tests/fixtures/normas

test: setup setup-browser
	$(PY) -m ruff check .
	$(ESLINT) .
	COTAS_NORMAS_EXTRA=$(NORMAS_EXTRA) $(PY) build.py
	COTAS_NORMAS_EXTRA=$(NORMAS_EXTRA) $(PY) -m pytest

# The fast tier, while working: lint (Python and JavaScript) and every test that needs no browser, server,
# built site, Node, build or wheel (tests/conftest.py marks those from what each test uses), spread over the
# machine's cores (pytest-xdist). No setup step: it uses what is there.
FAST := not (browser or server or site or node or build or wheel)
check:
	$(PY) -m ruff check .
	$(ESLINT) .
	$(PY) -m pytest -q -p no:cacheprovider -n auto -m "$(FAST)"

bench: build
	$(PY) -m bench

# The verbs a newcomer looks for. Everything runs from .venv, created on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Serving needs the service alone; the scripts add the generated client;
# tests, lint and benchmarks add the dev extras.
SERVE_STAMP := $(VENV)/.serve-stamp
SCRIPTS_STAMP := $(VENV)/.scripts-stamp
STAMP := $(VENV)/.installed-stamp
# `make run PORT=9000 HOST=0.0.0.0`; unset, `buttonup serve` binds BUTTONUP_BIND
# (127.0.0.1:8000 by default). The scripts' verbs reach the same place.
HOST ?=
PORT ?=
BASE_URL ?= http://$(or $(HOST),127.0.0.1):$(or $(PORT),8000)

.PHONY: install run test test-fast lint format bench clean openapi client selfplay play watch screenshots

# Each step of a first install says what it does and how far along it is,
# one line at a time (`make run` takes steps 1 to 3; the scripts, 4; the
# tests, 5); pip's own lines stay quiet.
$(SERVE_STAMP): pyproject.toml
	@echo "install 1/5: a virtual environment in $(VENV)"
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@echo "install 2/5: pip, up to date"
	@$(BIN)/python -m pip install --quiet --upgrade pip
	@echo "install 3/5: the service and what it runs on (flask, flask-smorest, redis, gunicorn, gevent...)"
	@$(BIN)/python -m pip install --quiet -e .
	@touch $(SERVE_STAMP)

$(SCRIPTS_STAMP): $(SERVE_STAMP) client/pyproject.toml
	@echo "install 4/5: the generated client, for the scripts (./client)"
	@$(BIN)/python -m pip install --quiet -e ./client
	@touch $(SCRIPTS_STAMP)

$(STAMP): $(SCRIPTS_STAMP) pyproject.toml
	@echo "install 5/5: the tools to test and check (pytest, playwright, ruff, mypy, schemathesis...)"
	@$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

install: $(STAMP)

# A line per request only when asked (ACCESS_LOG=on): the terminal is for people.
run: $(SERVE_STAMP)
	BUTTONUP_ACCESS_LOG=$(or $(ACCESS_LOG),off) \
		$(BIN)/buttonup serve $(if $(HOST),--host $(HOST)) $(if $(PORT),--port $(PORT))

# The scripts, with the venv's Python (they need the generated client).
selfplay: $(SCRIPTS_STAMP)
	$(BIN)/python scripts/selfplay.py --base-url $(BASE_URL) --games $(or $(GAMES),10)

play: $(SCRIPTS_STAMP)
	$(BIN)/python scripts/play.py --base-url $(BASE_URL) $(if $(JOIN),--join $(JOIN))

watch: $(SCRIPTS_STAMP)
	$(if $(GAME),,$(error say which game: make watch GAME=<game id>))
	$(BIN)/python scripts/watch.py --base-url $(BASE_URL) --game $(GAME)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

format: $(STAMP)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

test: lint
	$(BIN)/pytest

# The inner loop: the engine, the store, the use cases and the API on a real
# Redis, the docs' checks and the layout rules; no served process, no browser.
test-fast: $(STAMP)
	$(BIN)/pytest -q tests/engine tests/store tests/games tests/ratings tests/seeks tests/api \
		tests/web tests/docs tests/test_layout.py tests/test_config.py \
		-m "not e2e and not contract and not browser and not thorough"

# The docs' screenshots, taken by the browser tests that drive each page
# (tests/browser/conftest.py, DOC_SCREENSHOTS).
screenshots: $(STAMP)
	BUTTONUP_DOC_SCREENSHOTS=1 $(BIN)/pytest -q tests/browser/test_geometry.py \
		tests/browser/test_profile.py tests/browser/test_board.py tests/browser/test_languages.py \
		-k "game_board_areas or analysis_board_areas or header_holds or players_page or round_summary \
		or round_card or played_to_its_end"

bench: $(STAMP)
	$(BIN)/python bench/solver_bench.py
	$(BIN)/python bench/analysis_bench.py
	$(BIN)/python bench/ratings_bench.py
	$(BIN)/python bench/seeks_bench.py
	$(BIN)/python bench/puzzle_mining.py
	$(BIN)/python bench/tournament_bench.py --players 1000 --seconds 60 --think-ms 1000
	$(BIN)/python bench/tournament_schedule_bench.py
	$(BIN)/python bench/bot_tournament.py --games 1000
	$(BIN)/python bench/storage_bench.py
	$(BIN)/python bench/streams_bench.py
	$(BIN)/python bench/streams_scale.py
	$(BIN)/python bench/stream_memory.py
	$(BIN)/python bench/stream_memory.py --floor --later 0
	$(BIN)/python bench/http_bench.py --sweep 1,2,4
	$(BIN)/python bench/timeout_bench.py
	$(BIN)/python bench/player_streams_bench.py
	$(BIN)/python bench/player_streams_bench.py --seated 2
	$(BIN)/python bench/my_games_bench.py
	$(BIN)/python bench/gc_pause_bench.py
	$(BIN)/python bench/kept_games_bench.py
	$(BIN)/python bench/hostile_bench.py

clean:
	rm -rf $(VENV) build *.egg-info service/*.egg-info .pytest_cache .ruff_cache

# The spec is written from the app itself; the app needs a Redis URL to build
# but never connects while writing the spec.
openapi: $(STAMP)
	REDIS_URL=redis://spec-only.invalid:6379/0 BUTTONUP_SWEEP_INTERVAL=0 FLASK_APP='buttonup.app:create_app()' \
		$(BIN)/flask openapi write --format=json openapi/openapi.json

client: $(STAMP)
	$(BIN)/python scripts/generate_client.py client

# Every target creates or refreshes .venv by itself: on a fresh machine `make play` or
# `make test` is all the set-up there is.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
UV := $(BIN)/uv
UV_VERSION := 0.13.9

.PHONY: play test test-compiled bench lint docs soak clean

# The exact versions of uv.lock (`uv lock` refreshes it after a change to pyproject.toml), the
# project itself editable, every extra: what CI tests is what development runs.
$(STAMP): pyproject.toml uv.lock
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet 'uv==$(UV_VERSION)'
	UV_PROJECT_ENVIRONMENT=$(VENV) $(UV) sync --locked --inexact --all-extras --quiet
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/colosseum serve

test: $(STAMP)
	$(BIN)/pytest

# The compiled build (COLOSSEUM_COMPILE=1, setup.py): a wheel built as `pip install .` builds
# it, in an environment of its own with uv.lock's versions, where the engines' tests run again
# (test_compiled.py checks that they run compiled); the browser's tests need not.
COMPILED := .venv-compiled
COMPILED_TESTS := tests/test_compiled.py tests/core tests/ludus_gladiatorius tests/jugula \
	tests/ludi_gladiatorii tests/test_playthroughs.py tests/agents tests/sim tests/rl \
	tests/fourth_game

test-compiled: $(STAMP)
	rm -rf build/wheel
	COLOSSEUM_COMPILE=1 $(UV) build --wheel --quiet --out-dir build/wheel .
	UV_PROJECT_ENVIRONMENT=$(COMPILED) $(UV) sync --locked --inexact --all-extras \
		--no-install-project --quiet --python $(BIN)/python
	$(UV) pip install --quiet --python $(COMPILED)/bin/python --no-deps --reinstall \
		build/wheel/colosseum-*.whl
	COLOSSEUM_EXPECT_COMPILED=1 $(COMPILED)/bin/pytest -m "not browser" $(COMPILED_TESTS)

soak: $(STAMP)
	COLOSSEUM_SOAK=1 $(BIN)/pytest -m soak

# The tables fit 80 columns; anchor.py (beside OpenSpiel's games) says it is skipped when
# OpenSpiel is not installed (.venv/bin/pip install open_spiel) and is no failure then.
bench: $(STAMP)
	$(BIN)/python benchmarks/run.py
	$(BIN)/python benchmarks/ismcts_speed.py
	$(BIN)/python benchmarks/anchor.py

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks setup.py build_backend
	$(BIN)/ruff format --check src tests benchmarks setup.py build_backend
	$(BIN)/mypy src/colosseum
	$(BIN)/lint-imports --no-cache

docs: $(STAMP)
	$(BIN)/mkdocs build --strict

clean:
	rm -rf $(VENV) $(COMPILED) build *.egg-info src/*.egg-info

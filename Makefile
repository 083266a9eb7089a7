# Every target creates or refreshes .venv by itself: on a fresh machine `make play` or
# `make test` is all the set-up there is.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
UV := $(BIN)/uv
UV_VERSION := 0.13.9

.PHONY: play test bench lint docs soak clean

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

soak: $(STAMP)
	COLOSSEUM_SOAK=1 $(BIN)/pytest -m soak

# The tables fit 80 columns; anchor.py (beside OpenSpiel's games) says it is skipped when
# OpenSpiel is not installed (.venv/bin/pip install open_spiel) and is no failure then.
bench: $(STAMP)
	$(BIN)/python benchmarks/run.py
	$(BIN)/python benchmarks/ismcts_speed.py
	$(BIN)/python benchmarks/anchor.py

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/mypy src/colosseum
	$(BIN)/lint-imports --no-cache

docs: $(STAMP)
	$(BIN)/mkdocs build --strict

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info

# Every target creates or refreshes .venv by itself: on a fresh machine `make play` or
# `make test` is all the set-up there is.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test bench lint soak clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,web]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/colosseum serve

test: $(STAMP)
	$(BIN)/pytest

soak: $(STAMP)
	COLOSSEUM_SOAK=1 $(BIN)/pytest -m soak

bench: $(STAMP)
	COLUMNS=120 $(BIN)/python benchmarks/run.py
	$(BIN)/python benchmarks/ismcts_speed.py

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/mypy src/colosseum/core

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info

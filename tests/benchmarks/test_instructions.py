"""The search mode of benchmarks/instructions.py: the counted child searches at the same
positions as the child it is compared with, which does not search."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

import instructions  # noqa: E402


def test_the_search_child_and_its_baseline_reach_the_same_positions() -> None:
    searched = instructions.search("ludus-gladiatorius", 30, 3)
    baseline = instructions.search("ludus-gladiatorius", 0, 3)
    assert len(searched["choices"]) == len(baseline["choices"]) == 3
    assert all(searched["choices"]) and not any(baseline["choices"])
    assert 0 < searched["iterations"] <= 3 * 30 and baseline["iterations"] == 0
    assert instructions.search("ludus-gladiatorius", 30, 3) == searched  # seeded

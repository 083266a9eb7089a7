"""What `make bench` runs: `colosseum bench` for every game, printed; nothing is written.

.venv/bin/python benchmarks/run.py [--seconds X] [--json]
"""

from __future__ import annotations

import sys

from colosseum.cli.app import main

if __name__ == "__main__":
    main(["bench", *sys.argv[1:]])

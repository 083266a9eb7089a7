"""A deterministic fault hook for crash tests: `COLOSSEUM_FAULT_AT=N` ends the process
(`os._exit`, no cleanup, like a kill) at its Nth checkpoint; `COLOSSEUM_FAULT_TRACE=FILE`
appends each checkpoint's name to FILE, so a test can count them and kill at every one."""

from __future__ import annotations

import os

FAULT_AT = "COLOSSEUM_FAULT_AT"
FAULT_TRACE = "COLOSSEUM_FAULT_TRACE"
EXIT_CODE = 86  # the status of a process ended by the hook

_passed = 0


def checkpoint(name: str) -> None:
    """One more checkpoint passed; the process ends here if it is the one named."""
    global _passed
    _passed += 1
    trace = os.environ.get(FAULT_TRACE)
    if trace:
        with open(trace, "a", encoding="utf-8") as file:
            file.write(f"{_passed} {name}\n")
    if os.environ.get(FAULT_AT) == str(_passed):
        os._exit(EXIT_CODE)


def reset() -> None:
    """Count from zero again (a forked test process starts its own count)."""
    global _passed
    _passed = 0

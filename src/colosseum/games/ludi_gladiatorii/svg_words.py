"""The sentences of the Ludi Gladiatorii SVG board, read from a view only: whose decision it
is, the turn's status, a combat explained, the bids, and lines wrapped to a width."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ...core.seats import plural
from .render_cards import PHASE_WORDS, gladiator_name, start_words
from .svg_parts import View, building_words, score_words, seat_words


def turn_words(view: View) -> str:
    """Whose decision it is and what it is about, or who won."""
    viewer = view.get("seat")
    if view.get("phase") == "over":
        winners = view.get("winners") or []
        names = " and ".join(seat_words(seat, viewer) for seat in winners) or "nobody"
        return f"Game over: {names} {'share the win' if len(winners) > 1 else 'wins'}"
    who = seat_words(view.get("current_player"), viewer)
    phase = str(view.get("phase"))
    return f"{who} to decide: {PHASE_WORDS.get(phase, phase)}"


def status_words(view: View) -> str:
    """The turn, a job or chain half done, start-of-turn effects still to resolve."""
    viewer = view.get("seat")
    words = [
        f"{seat_words(view.get('active'), viewer)}'s turn",
        "spectator" if viewer is None else f"you are seat {viewer}",
    ]
    if job := view.get("job"):
        words.append(
            f"{job['kind']} {building_words(str(job['building'])).split(':')[0]}: "
            f"{job['left']} construction still needed"
        )
    if chain := view.get("chain"):
        words.append(f"{gladiator_name(str(chain['gladiator']))} chains up to {chain['left']} more")
    if view.get("start_pending") and view.get("phase") in ("start", "champion"):
        words.append("to resolve: " + "; ".join(start_words(e) for e in view["start_pending"]))
    if view.get("phase") in ("auction", "offer", "bid", "decimatio", "discard"):
        words.append(f"auctions left: {view.get('auctions_left', 0)}")
    return " · ".join(words)


def wrap(words: str, width: float, size: float) -> list[str]:
    """`words` in lines of about `width` units at font size `size`."""
    return list(_wrapped(words, max(12, int(width / (size * 0.56)))))


@lru_cache(maxsize=1024)
def _wrapped(words: str, columns: int) -> tuple[str, ...]:
    """Each board wraps the same few texts again: wrapped once (textwrap is slow)."""
    return tuple(textwrap.wrap(words, columns))


def combat_lines(view: View) -> list[str]:
    """Who fights whom and, once cards are revealed, both totals explained."""
    combat = view["combat"]
    viewer = view.get("seat")
    attacker = f"{seat_words(combat['attacker'], viewer)} with "
    attacker += gladiator_name(str(combat["attacking_gladiator"]))
    attacker += " (free: Trample)" if combat.get("free") else ""
    defender = "to be chosen"
    if combat.get("defender") is not None and combat["defender"] >= 0:
        defender = seat_words(combat["defender"], viewer)
        chosen = combat.get("defending_gladiator")
        defender += f" with {gladiator_name(str(chosen))}" if chosen else ", gladiator not chosen"
        defender += " (reserve)" if combat.get("reserve") else ""
    lines = [f"Attacker: {attacker}", f"Defender: {defender}"]
    scores = combat.get("scores")
    if scores is not None:
        a_score, d_score = int(scores[0]), int(scores[1])
        lines += [
            f"Attack {score_words(view, 'attack', a_score)}",
            f"Defence {score_words(view, 'defence', d_score)}",
        ]
        ahead = "attacker" if a_score >= d_score else "defender"
        lines.append(f"{ahead} ahead {a_score} – {d_score} (the attacker wins ties)")
        if (with_last := combat.get("scores_if_applied")) is not None:
            side = "attacker" if with_last[0] >= with_last[1] else "defender"
            lines.append(f"with the last card: {with_last[0]} – {with_last[1]}, {side} ahead")
    if any(combat.get("favor_left") or ()):
        left = combat["favor_left"]
        lines.append(f"Public Favor left: attacker {left[0]}, defender {left[1]}")
    if combat.get("doomed"):
        lines.append(f"{gladiator_name(str(combat['doomed']))} is beaten and will be discarded")
    return lines


def bid_words(bid: Any, waiting: bool, skipped: bool) -> str:
    if bid == "made":
        return "bid made (secret)"
    if bid == "not yet":
        return "cannot bid" if skipped else ("to bid now" if waiting else "not yet")
    return "passed" if bid is None else plural(int(bid), "coin")


def listing(names: Sequence[str]) -> str:
    shown = list(names[-6:])
    return ("…, " if len(names) > len(shown) else "") + ", ".join(shown)

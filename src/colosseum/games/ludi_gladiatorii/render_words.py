"""Ludi Gladiatorii events and actions in words, for the log and the menu of a seat.

`describe_event` says what an event means, `describe_action` what a legal action would do,
`action_order` sorts the menu; all read only a seat's view and the catalog.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.text import Text

from ...core.seats import plural, possessive, seat_text
from .render_cards import (
    ABILITY_WORDS,
    View,
    building_effect,
    building_name,
    building_spec,
    building_text,
    card_text,
    catalog,
    combat_bonus,
    effects_of,
    entry_benefits,
    event_card,
    gladiator_name,
    gladiator_text,
    min_bid_of,
    owners_of,
    start_words,
    stats_words,
)

# --- words for events -------------------------------------------------------------------------


def explained(terms: Sequence[Sequence[Any]] | None, total: int, view: View) -> str:
    """ "3 (Hispanus) + 1 (Impetus) = 4": a side's score by its terms (the total alone for an
    event from before terms were kept, or terms that do not add up)."""
    if not terms or sum(int(term[0]) for term in terms) != total:
        return str(total)
    words = []
    for value, kind, code in terms:
        words.append(f"{value} ({term_name(str(kind), str(code), view)})")
    return " + ".join(words) + f" = {total}"


def term_name(kind: str, code: str, view: View) -> str:
    if kind == "gladiator":
        return gladiator_text(view, code).plain
    if kind == "building":
        return building_name(code)
    if kind == "ability":
        return ABILITY_WORDS.get(code, code)
    return card_text(code).plain


def describe_event(event: Mapping[str, Any], view: View) -> Text:
    """One line saying what an event (its `to_json()`) means, names taken from the catalog."""
    kind = str(event.get("kind", ""))
    data: Mapping[str, Any] = event.get("data") or {}
    viewer = view.get("seat")

    def seat(key: str = "seat") -> Text:
        return seat_text(data.get(key), viewer)

    def whose(key: str = "seat") -> Text:
        return possessive(data.get(key), viewer)

    def glad(key: str = "gladiator", owner: str | None = None) -> Text:
        return gladiator_text(view, str(data[key]), data.get(owner) if owner else None)

    def line(*parts: str | Text) -> Text:
        return Text.assemble(*parts)

    if kind == "turn":
        text = Text(f"— round {data['round']}: ", style="bold")
        text.append_text(whose())
        text.append(" turn —", style="bold")
        return text
    if kind == "event":
        name, words = event_card(data.get("event"))
        return line("Historiae: ", Text(name, style="bold magenta"), f" — {words}" if words else "")
    if kind == "coins":
        why = f" ({data['why']})" if data.get("why") else ""
        if "pay" in data:
            return line(seat(), f" pays {plural(data['pay'], 'coin')}{why}")
        return line(seat(), f" gains {plural(data['gain'], 'coin')}{why}")
    if kind == "points":
        why = f" ({data['why']})" if data.get("why") else ""
        gain = Text(f"{data['gain']} VP", style="bold yellow")
        return line(seat(), " scores ", gain, why)
    if kind == "fight":
        free = " (free: Trample)" if data.get("free") else ""
        return line(whose(), " ", glad(owner="seat"), f" starts a combat{free}")
    if kind == "defender":
        return line("  against ", seat())
    if kind == "defending":
        return line("  ", seat(), " defends with ", glad(owner="seat"))
    if kind == "reserve":
        return line("  ", seat(), " steps in with ", glad(owner="seat"), " (reserve)")
    if kind == "combat_card":
        if data.get("applied"):
            return line("  card revealed: ", card_text(str(data["card"])))
        return line("  Public Favor card: ", card_text(str(data["card"])))
    if kind == "favor":
        return line("  ", whose(), " ", glad(owner="seat"), " calls on Public Favor")
    if kind == "favor_card":
        verb = "applies the card" if data.get("applied") else "ignores the card"
        return line("  ", seat(), f" {verb}")
    if kind == "combat_result":
        a, d = data["scores"]
        terms = data.get("terms") or {}
        text = line("  attacker ", explained(terms.get("attacker"), a, view))
        text.append(" against defender ")
        text.append(explained(terms.get("defender"), d, view))
        text.append(" (the attacker wins ties): ")
        text.append_text(whose("winner"))
        text.append(" ")
        text.append_text(gladiator_text(view, str(data["winning_gladiator"]), data.get("winner")))
        text.append(" wins", style="bold")
        return text
    if kind == "infirmary":
        if data.get("kept"):
            return line("  ", seat(), " pays the Valetudinarium to keep ", glad(owner="seat"))
        return line("  ", seat(), " lets ", glad(owner="seat"), " go")
    if kind == "armoured":
        fate = Text("discarded", style="bold red") if data.get("skull") else Text("survives")
        return line("  ", glad(), " is armoured: ", card_text(str(data["card"])), " → ", fate)
    if kind == "plague":
        fate = Text("dies", style="bold red") if data.get("skull") else Text("is spared")
        return line(
            "Plaga Galeni: ", glad(), " draws ", card_text(str(data["card"])), " and ", fate
        )
    if kind == "reshuffle":
        return Text("  the used combat cards are shuffled back into the pile")
    if kind == "gladiator_in":
        how = str(data.get("how", ""))
        verbs = {
            "auction": " wins ",
            "refill": " takes the novice ",
            "bought": " buys the novice ",
            "Palaestra": " trains up ",
            "Bellum Gallicum": " gets ",
        }
        tail = {"Palaestra": " (Palaestra)", "Bellum Gallicum": " (Bellum Gallicum)"}
        verb = verbs.get(how, " takes ")
        return line(seat(), verb, glad(owner="seat"), tail.get(how, ""))
    if kind == "gladiator_out":
        why = str(data.get("why", ""))
        return line(seat(), " loses ", glad(owner="seat"), f" ({why})" if why else "")
    if kind == "building_in":
        verbs = {"built": " builds ", "dealt": " is dealt ", "refill": " receives "}
        return line(seat(), verbs.get(str(data.get("how")), " gets "), _bname(data["building"]))
    if kind == "building_out":
        return line(whose(), " ", _bname(data["building"]), f" is {data.get('why', 'gone')}")
    if kind in ("build_start", "demolish_start"):
        verb = " starts building " if kind == "build_start" else " starts demolishing "
        return line(seat(), verb, _bname(data["building"]))
    if kind == "work":
        return line(whose(), " ", glad(owner="seat"), " works")
    if kind == "collect":
        return line(whose(), " ", glad(owner="seat"), " collects 1 coin from ", seat("from"))
    if kind == "chained":
        return line(seat(), " chains ", glad())
    if kind == "champion":
        return line(seat(), " names ", glad(owner="seat"), " champion")
    if kind == "main_end":
        return line(seat(), " ends the main phase")
    if kind == "auction":
        revealed = Text(", ").join(gladiator_text(view, str(c)) for c in data.get("revealed", []))
        return line(seat(), " opens an auction: ", revealed)
    if kind == "offered":
        code = str(data["gladiator"])
        return line("  up for auction: ", glad(), f" (minimum bid {min_bid_of(code)})")
    if kind == "rejected":
        return line("  ", seat(), " discards ", glad(), " from the auction")
    if kind == "bid":
        if data.get("bid") is None:
            return line("  ", seat(), " passes")
        return line("  ", seat(), " bids ", Text(plural(data["bid"], "coin"), style="bold"))
    if kind == "bid_made":
        return line("  ", seat(), " makes a secret bid")
    if kind == "bid_secret":
        if data.get("bid") is None:
            return Text("  your secret answer: pass")
        return Text(f"  your secret bid: {plural(data['bid'], 'coin')}")
    if kind == "bids_revealed":
        bids = data.get("bids", {})
        parts = [f"seat {s} {'pass' if b is None else plural(b, 'coin')}" for s, b in bids.items()]
        return Text("  bids revealed: " + ", ".join(parts))
    if kind == "unsold":
        return line("  nobody bids: ", glad(), " is discarded")
    if kind == "drafted":
        return line(seat(), " drafts ", _bname(data["building"]))
    if kind == "refresh":
        return line(seat(), " replaces ", _bname(data["building"]), " in the row")
    if kind == "combat_bought":
        return line(seat(), " buys a combat card")
    if kind == "combat_bought_card":
        return line("  you drew ", card_text(str(data["card"])))
    if kind == "combat_dropped":
        return line(seat(), " discards ", card_text(str(data["card"])), " from the hand")
    if kind == "game_over":
        winners = data.get("winners", [])
        text = Text("Game over: ", style="bold")
        text.append_text(Text(" and ").join(seat_text(s, viewer) for s in winners))
        text.append(" wins" if len(winners) == 1 else " share the win")
        return text
    details = ", ".join(f"{key}={value}" for key, value in data.items())
    return Text(f"{kind}: {details}" if details else kind)


def _bname(code: Any) -> Text:
    return building_text(str(code))


# --- words for actions ------------------------------------------------------------------------

# Menu order by kind: acting gladiators first, declining and ending last.
ACTION_RANK = {
    kind: rank
    for rank, kind in enumerate(
        (
            "take",
            "champion",
            "start",
            "train",
            "fight",
            "work",
            "collect",
            "chain",
            "build",
            "demolish",
            "quarry",
            "raze",
            "use",
            "target",
            "bind",
            "defend",
            "reserve",
            "play",
            "favor",
            "apply",
            "ignore",
            "keep",
            "lose",
            "offer",
            "reject",
            "bid",
            "discard",
            "auction",
            "buy",
            "buy-combat",
            "drop",
            "refresh",
            "saturnalia",
            "gallicum",
        )
    )
}
LAST_KINDS = ("skip", "no", "pass", "done", "end")


def action_order(notation: str) -> tuple[int, int]:
    """Menu order: by kind (declining and ending last), bids by amount, else as legal."""
    parts = notation.split()
    kind = parts[0] if parts else ""
    if kind in LAST_KINDS:
        return (len(ACTION_RANK) + LAST_KINDS.index(kind), 0)
    number = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 0
    return (ACTION_RANK.get(kind, len(ACTION_RANK) - 1), number)


def _fight_cost(view: View, code: str) -> int | None:
    """Combat 1: what starting a combat with this gladiator costs (the view says)."""
    owner = owners_of(view).get(code)
    return None if owner is None else owner[1].get("fight_cost")


def _building_words(code: str, demolish: bool = False) -> str:
    spec = building_spec(code)
    if spec is None:
        return ""
    parts = [spec.name]
    if demolish:
        parts.append(f"demolition {spec.demolition}")
    elif spec.effect == "quarry":
        parts.append("built by demolishing one of yours")
    else:
        parts.append(f"cost {spec.cost}")
    if entry_benefits(spec) and not demolish:
        parts.append(entry_benefits(spec))
    effect = building_effect(spec)
    if effect:
        parts.append(effect)
    return ", ".join(parts)


def _rival_words(view: View, seat: int) -> str:
    lanistae = view.get("lanistae", [])
    if not 0 <= seat < len(lanistae):
        return ""
    lanista = lanistae[seat]
    words = f"{plural(lanista['coins'], 'coin')}, {lanista['points']} VP"
    able = [g for g in lanista["gladiators"] if not g["chained"]]
    if able:
        best = max(g["combat"] + combat_bonus(g, "defence") for g in able)
        words += f", {len(able)} can defend, best combat {best}"
    return words


def describe_action(notation: str, view: View) -> Text:
    """A legal action's notation with a few words of explanation."""
    parts = notation.split()
    kind, args = (parts[0], parts[1:]) if parts else ("", [])
    arg = args[0] if args else ""
    phase = view.get("phase")
    text = Text(notation, style="bold")

    def note(words: str | Text) -> Text:
        text.append(" (", style="dim")
        if isinstance(words, Text):
            words.stylize("dim")
            text.append_text(words)
        else:
            text.append(words, style="dim")
        text.append(")", style="dim")
        return text

    def combat_of(code: str, role: str = "") -> str:
        """ "Tiro, combat 1+1, Public Favor": the bonus is the role's (attack or defence)."""
        owner = owners_of(view).get(code)
        if owner is None:
            return gladiator_name(code)
        entry = owner[1]
        bonus = combat_bonus(entry, role)
        words = f"{entry['name']}, combat {entry['combat']}" + (f"+{bonus}" if bonus else "")
        if entry.get("ability"):
            words += f", {ABILITY_WORDS.get(entry['ability'], entry['ability'])}"
        if entry.get("favor"):
            words += ", Public Favor token"
        if entry.get("champion"):
            words += ", champion"
        return words

    if kind == "fight":
        cost = _fight_cost(view, arg)
        price = "" if cost is None else ("; free" if cost == 0 else f"; costs {cost}c")
        return note(f"{combat_of(arg, 'attack')}; attacks{price}")
    if kind == "work":
        owner = owners_of(view).get(arg)
        if owner is not None:
            gain = owner[1]["work"] + (1 if "work_income" in effects_of(view, owner[0]) else 0)
            return note(f"{gladiator_name(arg)} earns {plural(gain, 'coin')}")
        return text
    if kind == "build":
        return note(_building_words(arg))
    if kind == "demolish":
        return note(_building_words(arg, demolish=True))
    if kind == "use":
        job = view.get("job") or {}
        left = f"; {job['left']} needed" if job.get("left") is not None else ""
        owner = owners_of(view).get(arg)
        power = owner[1]["construction"] if owner else "?"
        return note(f"{gladiator_name(arg)} adds construction {power}{left}")
    if kind == "target" and arg.lstrip("-").isdigit():
        seat = int(arg)
        verbs = {
            "fight_target": "attack ",
            "chain_target": "chain the gladiators of ",
            "collect_target": "take 1 coin from ",
        }
        words = Text(verbs.get(str(phase), ""))
        words.append(f"seat {seat}: {_rival_words(view, seat)}")
        return note(words)
    if kind == "defend":
        return note(f"{combat_of(arg, 'defence')}; defends")
    if kind == "reserve":
        return note(f"{combat_of(arg, 'defence')}; replaces the defender, 1 VP if it wins")
    if kind == "bind":
        return note(f"chain {combat_of(arg)}: it cannot defend this turn")
    if kind == "done":
        return note("stop chaining" if phase == "chain_pick" else "done")
    if kind == "chain":
        owner = owners_of(view).get(arg)
        count = owner[1]["construction"] if owner else "?"
        return note(f"turn {gladiator_name(arg)} to chain up to {count} of a rival's gladiators")
    if kind == "collect":
        return note(f"turn {gladiator_name(arg)} to take 1 coin from a rival")
    if kind == "bid" and arg.isdigit():
        auction = view.get("auction") or {}
        offered = auction.get("offered")
        name = gladiator_name(offered) if offered else "the gladiator"
        return note(f"offer {plural(int(arg), 'coin')} for {name}")
    if kind == "pass":
        if phase == "reserve":
            return note("keep out of this combat")
        return note("no bid")
    if kind == "offer":
        return note(f"minimum bid {min_bid_of(arg)}; {stats_words(view, arg)}")
    if kind == "reject":
        return note(f"out of the auction; {stats_words(view, arg)}")
    if kind == "start":
        return note(start_words(arg))
    if kind == "train":
        cost = catalog().rules.training_cost
        return note(f"Palaestra: pay {cost}c, give up {gladiator_name(arg)} for the top veteran")
    if kind == "skip":
        return note("no Palaestra training this turn")
    if kind == "champion":
        return note(f"make {combat_of(arg)} your champion")
    if kind == "take":
        return note(_building_words(arg))
    if kind == "favor":
        if arg:
            return note(Text.assemble("spend Public Favor to reveal ", card_text(arg)))
        return note("spend Public Favor: reveal another combat card")
    if kind == "no" and arg == "favor":
        return note("do not reveal another card")
    if kind == "no" and arg == "card":
        return note("reveal no card from your hand")
    if kind in ("apply", "ignore"):
        cards = (view.get("combat") or {}).get("cards") or []
        words = Text("apply " if kind == "apply" else "do not apply ")
        if cards:
            words.append_text(card_text(cards[-1]["card"]))
        else:
            words.append("the card")
        return note(words)
    if kind == "keep":
        cost = catalog().rules.infirmary_cost
        return note(f"Valetudinarium: pay {cost}c to keep {gladiator_name(arg)}")
    if kind == "lose":
        return note(f"keep your coins: {gladiator_name(arg)} is discarded")
    if kind == "play":
        return note(Text.assemble("reveal ", card_text(arg), " from your hand"))
    if kind == "drop":
        return note(Text.assemble("discard ", card_text(arg), " from your hand, free"))
    if kind == "buy-combat":
        return note(f"buy a combat card for {catalog().rules.decision_card_cost}c")
    if kind == "buy" and arg == "novice":
        return note(f"Cubiculum: a novice for {catalog().rules.novice_price}c")
    if kind == "discard":
        return note(f"more gladiators than room; {stats_words(view, arg)}")
    if kind == "auction":
        return note("reveal veterans and auction one")
    if kind == "end":
        return note("end the main phase, go to auctions" if phase == "main" else "end your turn")
    if kind == "quarry":
        owner = next(
            (
                lanista["seat"]
                for lanista in view.get("lanistae", [])
                if arg in lanista["buildings"]
            ),
            None,
        )
        whose = f"seat {owner}'s " if owner is not None else ""
        cost = catalog().rules.quarry_destroy_cost
        return note(f"Lapicidinae: pay {cost}c to destroy {whose}{building_name(arg)}")
    if kind == "raze":
        spec = building_spec(arg)
        demolition = f" (demolition {spec.demolition})" if spec else ""
        return note(f"demolish your {building_name(arg)}{demolition} for the Lapicidinae")
    if kind == "refresh":
        cost = catalog().rules.selection_refresh_cost
        return note(f"pay {cost}c to replace {building_name(arg)} with a new building")
    if kind == "saturnalia":
        return note(f"Saturnalia: dismiss {gladiator_name(arg)} for 1 coin")
    if kind == "gallicum":
        cost = catalog().rules.bellum_gallicum_cost
        return note(f"Bellum Gallicum: pay {cost}c, give up {gladiator_name(arg)} for a veteran")
    return text

"""Hand-built Ludi Gladiatorii positions for the rules tests.

A `Table` starts from a real game (`colosseum.new_game("ludi", ...)`), takes its
`to_position()` dict and empties every ludus: all gladiators go back to the centre (novices) or
under the veteran pile, all buildings back to the centre, every lanista has 0 coins and 0
points, and it is seat 0's main phase. A test then hands out exactly the cards it needs (by
code: "hispanus", "tiro_3", "forum", "cubiculum_1", "impetus_mors_1"...), sets coins, points,
turned / chained flags, the order of the piles (the top card is the LAST element: piles pop from
the end), the phase, the event... and loads it with `colosseum.from_position`.

Cards are always *moved* between places, never invented, so every card stays in exactly one
place and the coin, point and favor-token supplies always make up the box totals.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable, Sequence
from typing import Any

import colosseum
from colosseum import Action, Event, State
from colosseum.games.ludi_gladiatorii.data import Catalog, load_catalog
from colosseum.games.ludi_gladiatorii.setup import cards_in_play

GAME = "ludi-gladiatorii"
CATALOG = load_catalog()
RULES = CATALOG.rules
NOBODY = -1

# Totals of the box (Components).
COIN_TOKENS = 36
POINT_TOKENS = 25
FAVOR_TOKENS = 15

# The ten Historiae events, as the rulebook names them.
EVENT_NAMES = (
    "Ars Augusti",
    "Bellum Gallicum",
    "Bellum Servile",
    "Crudelitas Commodi",
    "Legatio Antonini",
    "Munere Traiani",
    "Plaga Galeni",
    "Saturnalia",
    "Triumphus",
    "Vinalia",
)

ALL_OPTIONS = {
    "quintus_ludus": True,
    "historiae": True,
    "magistri_arenae": True,
    "champions": True,
    "public_favor": True,
    "building_draft": True,
    "building_selection": True,
    "simultaneous_auctions": True,
    "wager_auctions": True,
    "decimatio_auctions": True,
    "combat_reserve": True,
    "combat_decision": True,
}


# --- the card set ---------------------------------------------------------------------------


def gladiator(code: str) -> int:
    return CATALOG.gladiator_by_code[code]


def building(code: str) -> int:
    return CATALOG.building_by_code[code]


def combat_card(code: str) -> int:
    return CATALOG.combat_by_code[code]


def event_card(code: str) -> int:
    for card in CATALOG.events:
        if card.code == code:
            return card.index
    raise KeyError(code)


def spec(code: str) -> Any:
    """The catalog entry of a gladiator, building or combat card code."""
    if code in CATALOG.gladiator_by_code:
        return CATALOG.gladiators[gladiator(code)]
    if code in CATALOG.building_by_code:
        return CATALOG.buildings[building(code)]
    return CATALOG.combat[combat_card(code)]


def veterans(
    ability: str | None = "",
    exclude: Iterable[str] = (),
    box: Sequence[str] = ("base",),
    **values: int,
) -> list[str]:
    """Codes of veterans with this ability ("" none, None any) and these exact values
    (combat=3, construction=2...), in catalog order."""
    excluded = set(exclude)
    found = []
    for g in CATALOG.gladiators:
        if not g.veteran or g.box not in box or g.code in excluded:
            continue
        if ability is not None and g.ability != ability:
            continue
        if all(getattr(g, name) == value for name, value in values.items()):
            found.append(g.code)
    return found


def veteran(ability: str | None = "", exclude: Iterable[str] = (), **values: int) -> str:
    """The first basic-game veteran with this ability and values (the test's precondition)."""
    found = veterans(ability, exclude, **values)
    assert found, f"the data have no basic-game veteran with ability={ability!r} {values}"
    return found[0]


def combat_pair(difference: int, exclude: Iterable[str] = ()) -> tuple[str, str]:
    """Two veterans without ability, (a, d), with combat(d) - combat(a) == difference."""
    plain = veterans("", exclude)
    for a in plain:
        for d in plain:
            if a != d and spec(d).combat - spec(a).combat == difference:
                return a, d
    raise AssertionError(f"no two plain veterans {difference} combat apart in the data")


def best_builders(count: int = 3) -> list[str]:
    """The `count` basic-game veterans with the most construction."""
    return sorted(veterans(None), key=lambda g: -spec(g).construction)[:count]


def builders(cost: int, exclude: Iterable[str] = ()) -> tuple[str, str]:
    """Two veterans, neither able to pay `cost` construction alone, together able to."""
    every = [g for g in veterans(None, exclude) if 0 < spec(g).construction < cost]
    for i, a in enumerate(every):
        for b in every[i + 1 :]:
            if spec(a).construction + spec(b).construction >= cost:
                return a, b
    raise AssertionError(f"no two veterans share a construction of {cost}")


def cards_where(**values: Any) -> list[str]:
    """Codes of combat cards with these exact values (name="Impetus", skull=True...)."""
    return [c.code for c in CATALOG.combat if all(getattr(c, k) == v for k, v in values.items())]


def first_card(**values: Any) -> str:
    found = cards_where(**values)
    assert found, f"no combat card with {values}"
    return found[0]


# --- events and actions ---------------------------------------------------------------------


def kinds(events: Sequence[Event]) -> list[str]:
    return [e.kind for e in events]


def events_of(events: Sequence[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def event(events: Sequence[Event], kind: str) -> Event:
    found = events_of(events, kind)
    assert len(found) == 1, f"expected one {kind!r} event, got {kinds(events)}"
    return found[0]


def notations(state: State) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def kinds_legal(state: State) -> set[str]:
    return {a.kind for a in state.legal_actions()}


def apply_all(state: State, actions: Iterable[str]) -> list[Event]:
    events: list[Event] = []
    for action in actions:
        events.extend(state.apply(action))
    return events


def phase(state: State) -> str:
    return str(state.view(None)["phase"])


def pos(state: State) -> dict[str, Any]:
    return state.to_position()


def owned(state: State, seat: int) -> list[str]:
    """Codes of the gladiators of `seat`."""
    return [CATALOG.gladiators[g].code for g in state.to_position()["gladiators"][seat]]


def built(state: State, seat: int) -> list[str]:
    return [CATALOG.buildings[b].code for b in state.to_position()["buildings"][seat]]


def is_turned(state: State, code: str) -> bool:
    return bool(state.to_position()["turned"][gladiator(code)])


def end_turn(state: State) -> list[Event]:
    """Play out the rest of the active lanista's turn doing nothing: `end` the main phase and
    the auction, discard the first gladiators if over the limit. Stops as soon as another seat
    is active (its start-of-turn decisions, if any, are left pending)."""
    active = state.to_position()["active"]
    events: list[Event] = []
    for _ in range(50):
        if state.is_terminal() or state.to_position()["active"] != active:
            return events
        names = notations(state)
        events.extend(state.apply("end" if "end" in names else names[0]))
    raise AssertionError("the turn did not end")


def to_main(state: State) -> list[Event]:
    """Resolve start-of-turn decisions (first legal choice) until the main phase."""
    events: list[Event] = []
    for _ in range(50):
        if state.is_terminal() or phase(state) == "main":
            return events
        events.extend(state.apply(state.legal_actions()[0]))
    raise AssertionError("no main phase reached")


def fight(
    state: State, attacker: str, rival: int | None = None, defender: str | None = None
) -> list[Event]:
    """Start a combat with `attacker`; answer the rival and defender questions if asked."""
    events = state.apply(f"fight {attacker}")
    if phase(state) == "fight_target":
        assert rival is not None, "several rivals: say which"
        events += state.apply(f"target {rival}")
    if phase(state) == "fight_defender":
        assert defender is not None, f"{state.current_player} must choose a defender"
        events += state.apply(f"defend {defender}")
    return events


def result(events: Sequence[Event]) -> dict[str, Any]:
    """The data of the combat_result event: attacker, defender, scores, winner..."""
    return dict(event(events, "combat_result").data)


def random_action(state: State, rnd: random.Random) -> Action:
    actions = state.legal_actions()
    return actions[rnd.randrange(len(actions))]


# --- positions ------------------------------------------------------------------------------


class Table:
    """A hand-built Ludi position; setters return self so calls chain.

    Starts with empty ludi, no coins, no points, seat 0 in its main phase (round 1, seat 0
    the starting player), no combat or auction in progress.
    """

    def __init__(self, players: int = 2, seed: int = 1, **options: Any) -> None:
        self.state0 = colosseum.new_game("ludi", players=players, seed=seed, options=options)
        self.pos: dict[str, Any] = self.state0.to_position()
        self.players = players
        self.catalog: Catalog = load_catalog(str(self.pos["options"]["data"]))
        self.in_play = cards_in_play(self.catalog, players, self.pos["options"])
        p = self.pos
        for seat in range(players):
            for g in list(p["gladiators"][seat]):
                self._return_gladiator(g)
            for b in list(p["buildings"][seat]):
                self._return_building(b)
            p["gladiators"][seat] = []
            p["buildings"][seat] = []
            for c in p["hands"][seat]:
                p["combat_pile"].insert(0, c)
            p["hands"][seat] = []
        # drafting variant: the pool goes to the centre, the game is under way
        for b in p["draft_pool"]:
            self._return_building(b)
        p["draft_pool"] = []
        if p["options"]["building_selection"]:
            while len(p["centre_buildings"]) < RULES.selection_shown and p["building_deck"]:
                p["centre_buildings"].append(p["building_deck"].pop())
        p["supply_coins"] = COIN_TOKENS
        p["coins"] = [0] * players
        p["supply_points"] = POINT_TOKENS
        p["points"] = [0] * players
        n = len(self.catalog.gladiators)
        p["supply_favor"] = FAVOR_TOKENS if p["options"]["public_favor"] else 0
        for flag in ("turned", "chained", "favor", "trample_ready"):
            p[flag] = [False] * n
        p["champion"] = [NOBODY] * players
        p["champion_queue"] = []
        p["start_pending"] = []
        p["winning_seats"] = []
        p["combat"] = None
        p["auction"] = None
        p["round"] = 1
        p["events_started"] = bool(p["options"]["historiae"])
        p["resume"] = "main"
        p["officina_used"] = False
        p["auctions_left"] = 0
        p["job_kind"], p["job_building"], p["job_left"], p["job_used"] = "", NOBODY, 0, 0
        p["job_razed"] = NOBODY
        p["chain_card"], p["chain_left"], p["chain_target"] = NOBODY, 0, NOBODY
        p["collect_card"] = NOBODY
        if p["event"] != NOBODY:
            p["event_pile"].insert(0, p["event"])
            p["event"] = NOBODY
        self.start_seat(0).main(0)

    # --- moving cards ------------------------------------------------------------------------

    def _return_gladiator(self, g: int) -> None:
        if self.catalog.gladiators[g].veteran:
            self.pos["veteran_pile"].insert(0, g)
        else:
            self.pos["centre_novices"].append(g)

    def _return_building(self, b: int) -> None:
        if self.pos["options"]["building_selection"]:
            self.pos["building_deck"].insert(0, b)
        else:
            self.pos["centre_buildings"].append(b)

    def _glad_index(self, code: str) -> int:
        if code == "tiro":  # any novice still in the centre
            assert self.pos["centre_novices"], "no novice left in the centre"
            return self.pos["centre_novices"][-1]
        g = self.catalog.gladiator_by_code[code]
        assert g in self.in_play["gladiators"], f"{code} is not in play with these options"
        return g

    def _take_gladiator(self, g: int) -> None:
        p = self.pos
        for place in (*p["gladiators"], p["centre_novices"], p["veteran_pile"]):
            if g in place:
                place.remove(g)
                return
        for place in (p["veteran_discard"],):
            if g in place:
                place.remove(g)
                return
        raise AssertionError(f"gladiator {g} is nowhere")

    def _take_building(self, b: int) -> None:
        p = self.pos
        for place in (*p["buildings"], p["centre_buildings"], p["building_deck"], p["draft_pool"]):
            if b in place:
                place.remove(b)
                return
        raise AssertionError(f"building {b} is nowhere")

    def _take_combat(self, c: int) -> None:
        p = self.pos
        for place in (*p["hands"], p["combat_pile"], p["combat_discard"]):
            if c in place:
                place.remove(c)
                return
        raise AssertionError(f"combat card {c} is nowhere")

    def gladiators(self, seat: int, *codes: str) -> Table:
        """`seat` owns exactly these gladiators (straight), in this order."""
        for g in list(self.pos["gladiators"][seat]):
            self.pos["gladiators"][seat].remove(g)
            self._return_gladiator(g)
        for code in codes:
            g = self._glad_index(code)
            self._take_gladiator(g)
            self.pos["gladiators"][seat].append(g)
            self.pos["turned"][g] = False
            self.pos["chained"][g] = False
        return self

    def buildings(self, seat: int, *codes: str) -> Table:
        """`seat` owns exactly these buildings (entry benefits are NOT paid)."""
        for b in list(self.pos["buildings"][seat]):
            self.pos["buildings"][seat].remove(b)
            self._return_building(b)
        for code in codes:
            b = self.catalog.building_by_code[code]
            assert b in self.in_play["buildings"], f"{code} is not in play with these options"
            self._take_building(b)
            self.pos["buildings"][seat].append(b)
        return self

    def centre(self, *codes: str) -> Table:
        """These buildings are in the centre (selection variant: among the shown ones)."""
        for code in codes:
            b = self.catalog.building_by_code[code]
            self._take_building(b)
            self.pos["centre_buildings"].append(b)
        return self

    def shown(self, *codes: str) -> Table:
        """Selection variant: exactly these buildings are shown; the rest are in the deck."""
        for b in list(self.pos["centre_buildings"]):
            self.pos["centre_buildings"].remove(b)
            self.pos["building_deck"].insert(0, b)
        return self.centre(*codes)

    def deck_top(self, *codes: str) -> Table:
        """Selection variant: these buildings on top of the deck, the first shown next."""
        for code in codes:
            self._take_building(self.catalog.building_by_code[code])
        self.pos["building_deck"].extend(self.catalog.building_by_code[c] for c in reversed(codes))
        return self

    def combat_top(self, *codes: str) -> Table:
        """These combat cards on top of the pile; the first is revealed first."""
        cards = [self.catalog.combat_by_code[c] for c in codes]
        for c in cards:
            self._take_combat(c)
        self.pos["combat_pile"].extend(reversed(cards))
        return self

    def combat_only(self, *codes: str) -> Table:
        """The combat pile is exactly these cards (first revealed first); the rest discarded."""
        cards = [self.catalog.combat_by_code[c] for c in codes]
        for c in list(self.pos["combat_pile"]):
            if c not in cards:
                self.pos["combat_pile"].remove(c)
                self.pos["combat_discard"].append(c)
        return self.combat_top(*codes)

    def combat_discard(self, *codes: str) -> Table:
        for code in codes:
            c = self.catalog.combat_by_code[code]
            self._take_combat(c)
            self.pos["combat_discard"].append(c)
        return self

    def hand(self, seat: int, *codes: str) -> Table:
        """Combat decision variant: `seat` holds exactly these combat cards."""
        for c in self.pos["hands"][seat]:
            self.pos["combat_pile"].insert(0, c)
        self.pos["hands"][seat] = []
        for code in codes:
            c = self.catalog.combat_by_code[code]
            self._take_combat(c)
            self.pos["hands"][seat].append(c)
        return self

    def veteran_top(self, *codes: str) -> Table:
        """These veterans on top of the pile; the first is drawn first."""
        cards = [self.catalog.gladiator_by_code[c] for c in codes]
        for g in cards:
            self._take_gladiator(g)
        self.pos["veteran_pile"].extend(reversed(cards))
        return self

    def veteran_only(self, *codes: str) -> Table:
        """The veteran pile is exactly these (first drawn first); the others are discarded."""
        cards = [self.catalog.gladiator_by_code[c] for c in codes]
        for g in list(self.pos["veteran_pile"]):
            if g not in cards:
                self.pos["veteran_pile"].remove(g)
                self.pos["veteran_discard"].append(g)
        return self.veteran_top(*codes)

    def veteran_discard(self, *codes: str) -> Table:
        for code in codes:
            g = self.catalog.gladiator_by_code[code]
            self._take_gladiator(g)
            self.pos["veteran_discard"].append(g)
        return self

    def quiet(self, *seats: int) -> Table:
        """Give these seats (default: all) two buildings with no start-of-turn or combat
        effect, so that turns pass without refills or start decisions. Buildings another seat
        already owns are left to it."""
        candidates = [
            "casula",
            "commeatus",
            "macellum",
            "forum",
            "commeatus_iii",
            "forum_iii",
            "macellum_iv",
            "lapicidinae",
            "officina",
            "taberna",
            "taberna_iii",
            "tribunal",
        ]
        for seat in seats or range(self.players):
            self.buildings(seat)
            held = {b for cards in self.pos["buildings"] for b in cards}
            chosen: list[str] = []
            for code in candidates:
                b = self.catalog.building_by_code[code]
                name = self.catalog.buildings[b].name
                if b in held or b not in self.in_play["buildings"]:
                    continue
                if name in {spec(c).name for c in chosen}:
                    continue
                chosen.append(code)
                if len(chosen) == 2:
                    break
            self.buildings(seat, *chosen)
        return self

    # --- counters ----------------------------------------------------------------------------

    def coins(self, seat: int, amount: int) -> Table:
        self.pos["supply_coins"] += self.pos["coins"][seat] - amount
        self.pos["coins"][seat] = amount
        assert self.pos["supply_coins"] >= 0
        return self

    def points(self, seat: int, amount: int) -> Table:
        self.pos["supply_points"] += self.pos["points"][seat] - amount
        self.pos["points"][seat] = amount
        assert self.pos["supply_points"] >= 0
        return self

    def turned(self, *codes: str, value: bool = True) -> Table:
        for code in codes:
            self.pos["turned"][self.catalog.gladiator_by_code[code]] = value
        return self

    def chained(self, *codes: str, value: bool = True) -> Table:
        for code in codes:
            self.pos["chained"][self.catalog.gladiator_by_code[code]] = value
        return self

    def favor(self, *codes: str) -> Table:
        """Public Favor tokens from the supply on these gladiators."""
        for code in codes:
            g = self.catalog.gladiator_by_code[code]
            assert not self.pos["favor"][g]
            self.pos["favor"][g] = True
            self.pos["supply_favor"] -= 1
        return self

    def champion(self, seat: int, code: str) -> Table:
        self.pos["champion"][seat] = self.catalog.gladiator_by_code[code]
        return self

    def event(self, code: str | None) -> Table:
        """This round's Historiae event (None: none)."""
        p = self.pos
        if p["event"] != NOBODY:
            p["event_pile"].insert(0, p["event"])
            p["event"] = NOBODY
        if code is not None:
            e = event_card(code)
            (p["event_pile"] if e in p["event_pile"] else p["event_discard"]).remove(e)
            p["event"] = e
        return self

    def event_top(self, *codes: str) -> Table:
        """These events on top of the event pile; the first is revealed first."""
        cards = [event_card(c) for c in codes]
        for e in cards:
            self.pos["event_pile"].remove(e)
        self.pos["event_pile"].extend(reversed(cards))
        return self

    def rng(self, value: int) -> Table:
        self.pos["rng"] = value
        return self

    def set(self, field: str, value: Any) -> Table:
        self.pos[field] = value
        return self

    # --- whose decision ----------------------------------------------------------------------

    def start_seat(self, seat: int) -> Table:
        self.pos["start_seat"] = seat
        return self

    def main(self, seat: int) -> Table:
        """It is `seat`'s main phase."""
        self.pos["active"] = seat
        self.pos["decider"] = seat
        self.pos["phase"] = "main"
        return self

    def at(self, phase_name: str, decider: int | None = None) -> Table:
        self.pos["phase"] = phase_name
        if decider is not None:
            self.pos["decider"] = decider
        return self

    def auction_phase(self, seat: int, auctions_left: int = 1) -> Table:
        """`seat` has ended its main phase and may open an auction."""
        self.main(seat)
        self.pos["phase"] = "auction"
        self.pos["auctions_left"] = auctions_left
        return self

    # --- loading -----------------------------------------------------------------------------

    def build(self) -> State:
        return colosseum.from_position(GAME, copy.deepcopy(self.pos))


def card_census(position: dict[str, Any]) -> dict[str, list[int]]:
    """Where every card of a position is: one list per kind, every place added up."""
    p = position
    glads = [g for cards in p["gladiators"] for g in cards]
    glads += p["centre_novices"] + p["veteran_pile"] + p["veteran_discard"]
    if p["auction"] is not None:
        glads += p["auction"]["revealed"]
    builds = [b for cards in p["buildings"] for b in cards]
    builds += p["centre_buildings"] + p["building_deck"] + p["draft_pool"]
    combats = [c for cards in p["hands"] for c in cards] + p["combat_pile"] + p["combat_discard"]
    if p["combat"] is not None:
        combats += p["combat"]["revealed"]
    events = p["event_pile"] + p["event_discard"]
    if p["event"] != NOBODY:
        events.append(p["event"])
    return {
        "gladiators": sorted(glads),
        "buildings": sorted(builds),
        "combat": sorted(combats),
        "events": sorted(events),
    }

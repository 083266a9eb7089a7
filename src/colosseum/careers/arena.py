"""The combat of a career ("The Combat"): ludi into the `jugula` engine, the result back out.

Each ludus sends four of its gladiators who are not convalescent, with their upgrades, talents
and wounds; its Manicarius sets its starting Vox Populi and its Sacerdos shuffles Prima Jugula
cards into its deck. The engine's events tell who won, who was wounded, who bit the dust and
by whose blow (for the Fatum). A combat played on a physical table is entered as an
`ArenaResult` directly. Gladiators and servitors may be hired for one combat
(`hire_gladiator`, `hire_servitor`); hired servitors leave with `release_hired`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..agents import Agent, make_agent
from ..core.actions import Event as GameEvent
from ..core.registry import new_game
from ..core.state import State
from ..games.jugula.data import Catalog, load_catalog
from .data import Tables, load_tables
from .dice import Event
from .sheet import CareerError, Gladiator, Sheet


@dataclass(frozen=True, slots=True)
class ArenaResult:
    """What the post-arena sequence needs from a combat."""

    winners: tuple[str, ...]  # lanistae
    deployed: dict[str, tuple[str, ...]]  # lanista -> gladiator names
    wounded: tuple[tuple[str, str], ...]  # (lanista, gladiator) wounded at the end
    bitten: tuple[tuple[str, str, str | None], ...] = field(default=())
    # (lanista, gladiator, lanista whose blow it was; None: by his own hand, as after Ardor Oris)


def deployable(sheet: Sheet, tables: Tables | None = None) -> list[Gladiator]:
    """The ludus's gladiators who may fight (not convalescent), highest rank first."""
    tables = tables or load_tables()
    ready = [g for g in sheet.gladiators if not g.convalescent]
    return sorted(ready, key=lambda g: -sheet.rank(g, tables))


def choose_familia(
    sheet: Sheet,
    names: Sequence[str] | None = None,
    tables: Tables | None = None,
    hired: Sequence[Gladiator] = (),
) -> list[Gladiator]:
    """The four deployed: `names` if given (each of the ludus or hired, not convalescent),
    else the hired gladiators, then the highest-ranked ready ones of the ludus."""
    tables = tables or load_tables()
    size = tables.ludus.deployed
    if names is None:
        chosen = [*hired, *deployable(sheet, tables)][:size]
    else:
        by_name = {g.name: g for g in hired}
        chosen = [by_name.get(name) or sheet.gladiator(name) for name in names]
        for gladiator in chosen:
            if gladiator.convalescent:
                raise CareerError(f"{gladiator.name} is convalescent and sits this combat out")
        if len({g.name for g in chosen}) != len(chosen):
            raise CareerError("a gladiator is named twice in the familia")
    if len(chosen) != size:
        raise CareerError(
            f"{sheet.lanista} must send {size} gladiators to the arena, has {len(chosen)} ready"
        )
    return chosen


def familia_spec(familia: Sequence[Gladiator]) -> str:
    """The engine's `familiae` entry for one seat: armatura+upgrades+talents+wounded."""
    entries = []
    for g in familia:
        extras = [kind for kind in ("mp", "att", "def") for _ in range(g.upgrades[kind])]
        extras += g.talents
        if g.wounded:
            extras.append("wounded")
        entries.append("+".join([g.armatura, *extras]))
    return ",".join(entries)


def sacerdos_cards(stars: int, catalog: Catalog) -> list[str]:
    """Prima Jugula cards worth at most `stars` in all: the costliest first (our default
    choice for a lanista who does not pick them himself)."""
    chosen, left = [], stars
    for index in sorted(catalog.prima, key=lambda c: (-catalog.cards[c].cost, c)):
        card = catalog.cards[index]
        if card.cost <= left:
            chosen.append(card.code)
            left -= card.cost
    return chosen


def prima_deck(
    sheet: Sheet,
    codes: Sequence[str] | None,
    tables: Tables | None = None,
    catalog: Catalog | None = None,
) -> list[str]:
    """ "Sacerdos": the Prima Jugula cards his ludus adds to its deck: `codes` (each a Prima
    card, once, their stars at most his allowance), or None for the costliest that fit."""
    tables = tables or load_tables()
    catalog = catalog or load_catalog()
    stars = sheet.servitors.get("sacerdos", 0)
    allowance = tables.servitor("sacerdos").value("prima", stars)
    if codes is None:
        return sacerdos_cards(allowance, catalog)
    cards = {catalog.cards[i].code: catalog.cards[i] for i in catalog.prima}
    unknown = [code for code in codes if code not in cards]
    if unknown:
        raise CareerError(
            f"not Prima Jugula cards: {', '.join(unknown)} (cards: {', '.join(cards)})"
        )
    if len(set(codes)) != len(codes):
        raise CareerError("each Prima Jugula card is in the deck once")
    cost = sum(cards[code].cost for code in codes)
    if cost > allowance:
        raise CareerError(
            f"{sheet.lanista}'s Sacerdos allows Prima Jugula cards of {allowance} stars in all, "
            f"not {cost}"
        )
    return list(codes)


def engine_options(
    sheets: Sequence[Sheet],
    familiae: Sequence[Sequence[Gladiator]],
    tables: Tables | None = None,
    catalog: Catalog | None = None,
    prima: Sequence[Sequence[str] | None] | None = None,
) -> dict[str, object]:
    """The `jugula` options of a combat between these ludi, seat by seat; `prima`: each
    ludus's Sacerdos cards (None: the costliest that fit)."""
    tables = tables or load_tables()
    catalog = catalog or load_catalog()
    manicarius = tables.servitor("manicarius")
    vox = [manicarius.value("vox", s.servitors.get("manicarius", 0)) for s in sheets]
    chosen = prima or [None] * len(sheets)
    decks = [
        "+".join(prima_deck(s, codes, tables, catalog))
        for s, codes in zip(sheets, chosen, strict=True)
    ]
    return {
        "familiae": "/".join(familia_spec(f) for f in familiae),
        "vox": ",".join(str(v) for v in vox),
        "prima": "/".join(decks),
    }


def fight(
    sheets: Sequence[Sheet],
    agents: Sequence[str],
    seed: int,
    familiae: Sequence[Sequence[str] | None] | None = None,
    hired: Sequence[Sequence[Gladiator]] | None = None,
    prima: Sequence[Sequence[str] | None] | None = None,
) -> ArenaResult:
    """Play the combat in the engine, each seat by an agent spec; the result as the
    post-arena sequence reads it."""
    if len(agents) != len(sheets):
        raise CareerError(f"{len(sheets)} ludi need {len(sheets)} agents, got {len(agents)}")
    state, chosen = start_combat(sheets, seed, familiae, hired, prima)
    players: list[Agent] = [make_agent(spec, "jugula") for spec in agents]
    rng = random.Random(seed)
    events: list[GameEvent] = []
    while not state.is_terminal():
        turn = state.current_player
        assert turn is not None
        events += state.apply(players[turn].choose(state, turn, rng))
    return combat_result(sheets, chosen, state, events)


def start_combat(
    sheets: Sequence[Sheet],
    seed: int,
    familiae: Sequence[Sequence[str] | None] | None = None,
    hired: Sequence[Sequence[Gladiator]] | None = None,
    prima: Sequence[Sequence[str] | None] | None = None,
) -> tuple[State, list[list[Gladiator]]]:
    """The `jugula` game of this combat, before its first move, and each seat's four."""
    tables, catalog = load_tables(), load_catalog()
    picks = familiae or [None] * len(sheets)
    extra = hired or [()] * len(sheets)
    chosen = [
        choose_familia(s, names, tables, more)
        for s, names, more in zip(sheets, picks, extra, strict=True)
    ]
    options = engine_options(sheets, chosen, tables, catalog, prima)
    return new_game("jugula", players=len(sheets), seed=seed, options=options), chosen


def combat_result(
    sheets: Sequence[Sheet],
    chosen: Sequence[Sequence[Gladiator]],
    state: State,
    events: Sequence[GameEvent],
) -> ArenaResult:
    """A finished combat read from the engine's events: the winners, who is wounded at the
    end, who bit the dust and by whose blow."""
    wounded: set[tuple[int, int]] = set()
    bitten: list[tuple[int, int, int]] = []
    for seat, familia in enumerate(chosen):
        wounded |= {(seat, k) for k, g in enumerate(familia) if g.wounded}
    index = {
        (seat, g.armatura): k for seat, familia in enumerate(chosen) for k, g in enumerate(familia)
    }
    for event in events:
        if event.kind in ("wounded", "bites_the_dust", "healed"):
            key = (int(event.data["seat"]), index[(event.data["seat"], event.data["armatura"])])
            if event.kind == "wounded":
                wounded.add(key)
            elif event.kind == "healed":
                wounded.discard(key)
            else:
                wounded.discard(key)
                bitten.append((*key, int(event.data["by"])))
    lanistae = [s.lanista for s in sheets]

    def name_of(seat: int, k: int) -> str:
        return chosen[seat][k].name

    return ArenaResult(
        winners=tuple(lanistae[seat] for seat in state.winners()),
        deployed={lanistae[s]: tuple(g.name for g in chosen[s]) for s in range(len(sheets))},
        wounded=tuple(sorted((lanistae[s], name_of(s, k)) for s, k in wounded)),
        bitten=tuple(
            (lanistae[s], name_of(s, k), lanistae[by] if 0 <= by != s else None)
            for s, k, by in bitten
        ),
    )


def hire_gladiator(
    sheet: Sheet,
    name: str,
    armatura: str,
    rank: str,
    upgrades: Sequence[str],
    tables: Tables | None = None,
    catalog: Catalog | None = None,
) -> tuple[Gladiator, tuple[str, dict[str, object]]]:
    """ "Hiring gladiators and servitors": a gladiator for this one combat, of an armatura the
    ludus does not have, with his rank's number of upgrades of the lanista's choice; he is
    paid now and leaves after the post-arena sequence (no experience, no upkeep, not one of
    the six). Returns him and the payment event."""
    tables = tables or load_tables()
    catalog = catalog or load_catalog()
    spec = tables.rank(rank)
    if len(upgrades) != spec.upgrades:
        raise CareerError(
            f"a hired {spec.name} has {spec.upgrades} upgrades, {len(upgrades)} given"
        )
    if spec.hire > sheet.aurei:
        raise CareerError(
            f"{sheet.lanista} cannot pay {spec.hire} aurei to hire a {spec.name}: the treasury "
            f"holds {sheet.aurei}"
        )
    trial = Sheet.from_json(sheet.to_json())
    hired = Gladiator(name, armatura, experience=spec.experience)
    trial.add_gladiator(hired, catalog, tables, counted=False)
    for upgrade in upgrades:
        trial.add_upgrade(name, upgrade, catalog, tables)
    return trial.gladiator(name), (
        "paid",
        {"lanista": sheet.lanista, "aurei": spec.hire, "why": f"hiring {name}"},
    )


def hire_servitor(sheet: Sheet, code: str, stars: int, tables: Tables | None = None) -> list[Event]:
    """ "Hiring gladiators and servitors": a servitor of `stars` for this one combat, paid now
    at the hiring price; not one the ludus has at any rank. He acts in the arena and through
    the post-arena sequence, is neither upgraded nor sold, and leaves with `release_hired`."""
    tables = tables or load_tables()
    trial = Sheet.from_json(sheet.to_json())
    trial.hire_servitor(code, stars, tables)
    price = tables.servitor_hire[stars - 1]
    trial.pay(price, f"hiring a {stars}-star {code}")
    return [
        ("paid", {"lanista": sheet.lanista, "aurei": price, "why": f"hiring the {code}"}),
        ("servitor_hired", {"lanista": sheet.lanista, "code": code, "stars": stars}),
    ]


def release_hired(sheet: Sheet) -> list[Event]:
    """The hired servitors leave the ludus after the post-arena sequence ("Hiring gladiators
    and servitors"); hired gladiators were never on the sheet."""
    return [("hired_released", {"lanista": sheet.lanista, "code": code}) for code in sheet.hired]

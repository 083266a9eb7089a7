"""One combat of a campaign, start to finish: the pre-arena draw, the hiring, the fight, the
Fatum, and the post-arena sequence of each ludus, winner first ("Pre-Arena Sequence", "The
Combat", "Post-Arena Sequence").

A combat either finishes or never happened: each step is stored in one transaction with its
marker (`progress.py`), so a killed process leaves whole steps, and `finish_combat` (the CLI's
`resume`) runs the rest. Dice and program managers are made per step (`DiceFor`, `ManagerFor`)
so a resumed combat rolls and decides as an uninterrupted one. The arena and reward are rolled
only once every ludus can field its familia.

The lanista's choices come from a `Manager` (`careers/manager.py`, or the CLI asking a
person); the combat itself from an `Arena`: the `jugula` engine (`engine_arena`) or a result
entered from a physical table. A payment the treasury cannot make is raised by forced sales
("Bankrupt"); a ludus that closes takes no further part.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass, replace
from typing import Any

from ..games.jugula.data import load_catalog
from ..store.faults import checkpoint
from .aftermath import fatum
from .arena import ArenaResult, fight, hire_gladiator, hire_servitor
from .campaign import Campaign, CampaignChanged
from .data import Tables, load_tables
from .dice import Dice
from .glory import campaign_winners
from .manager import Manager
from .postarena import Closed, asks_again, attempt, post_arena, record_all, until_accepted
from .prearena import determine_arena
from .progress import CombatInProgress, next_step
from .sheet import CareerError, Gladiator, Sheet

# The combat: the ludi, each one's hired gladiators -> the result ("The Combat").
Arena = Callable[[Sequence[Sheet], Sequence[Sequence[Gladiator]], Manager], ArenaResult]
DiceFor = Callable[[str], Dice]  # a step's name ("draw", "hire:Fred", ...) -> its dice
ManagerFor = Callable[[str, str], Manager]  # (lanista, step) -> who decides
Announce = Callable[[str, CombatInProgress], None]  # (step just stored, the combat)
_BEGIN_TRIES = 50


@dataclass(frozen=True, slots=True)
class CombatReport:
    arena: str
    reward: int
    result: ArenaResult
    campaign_winners: tuple[str, ...]


def engine_arena(agents: Sequence[str], seed: int) -> Arena:
    """The combat played in the `jugula` engine, each seat by an agent spec; the manager picks
    each ludus's four."""

    def play(
        sheets: Sequence[Sheet], hired: Sequence[Sequence[Gladiator]], manager: Manager
    ) -> ArenaResult:
        names = familia_names(sheets, hired, manager)
        prima = prima_choices(sheets, manager)
        return fight(sheets, agents, seed, familiae=names, hired=hired, prima=prima)

    return play


def prima_choices(sheets: Sequence[Sheet], manager: Manager) -> list[list[str] | None]:
    """Each ludus's Sacerdos cards as its manager picks them (asked only with a Sacerdos)."""
    tables = load_tables()
    stars = [s.servitors.get("sacerdos", 0) for s in sheets]
    return [
        manager.prima(s, tables.servitor("sacerdos").value("prima", n), tables) if n else None
        for s, n in zip(sheets, stars, strict=True)
    ]


def familia_names(
    sheets: Sequence[Sheet], hired: Sequence[Sequence[Gladiator]], manager: Manager
) -> list[list[str] | None]:
    """Each ludus's four as its manager names them (None: the hired, then the best ready)."""
    tables = load_tables()
    return [manager.familia(s, list(h), tables) for s, h in zip(sheets, hired, strict=True)]


def _dice_for(dice: Dice | DiceFor) -> DiceFor:
    return dice if not hasattr(dice, "roll") else (lambda step: dice)  # type: ignore[return-value]


def _manager_for(manager: Manager | ManagerFor) -> ManagerFor:
    if hasattr(manager, "hires"):
        return lambda lanista, step: manager  # type: ignore[return-value]
    return manager


def run_combat(
    campaign: Campaign,
    lanistae: Sequence[str],
    dice: Dice | DiceFor,
    manager: Manager | ManagerFor,
    arena: Arena,
    tables: Tables | None = None,
    guests: Sequence[Sheet] = (),
    plan: Mapping[str, Any] | None = None,
    announce: Announce | None = None,
) -> CombatReport:
    """Play one combat between `lanistae` (and `guests`: ludi outside the campaign, such as a
    two-player career's virtual ludus, who fight but keep no sheet) and record everything it
    does to the campaign's ludi; `plan` is kept with it for `resume` (seed, players...)."""
    begun = begin_combat(campaign, lanistae, dice, tables, guests, plan)
    if announce is not None:
        announce("draw", campaign.combats[begun])
    return finish_combat(campaign, begun, dice, manager, arena, tables, announce)


def check_familiae(sheets: Sequence[Sheet], tables: Tables) -> None:
    """Every ludus can send its four: gladiators ready, or Tiro it can afford to hire in
    armaturae it lacks; else CareerError, before any die is rolled."""
    size, tiro = tables.ludus.deployed, tables.rank("tiro").hire
    armaturae = len(load_catalog().armaturae)
    for sheet in sheets:
        ready = sum(1 for g in sheet.gladiators if not g.convalescent)
        hireable = min(armaturae - len(sheet.gladiators), sheet.aurei // tiro if tiro else size)
        if ready + hireable < size:
            raise CareerError(
                f"{sheet.lanista} cannot send {size} gladiators to the arena ({ready} ready, "
                f"aurei to hire {hireable} Tiro): nothing was rolled"
            )


def begin_combat(
    campaign: Campaign,
    lanistae: Sequence[str],
    dice: Dice | DiceFor,
    tables: Tables | None = None,
    guests: Sequence[Sheet] = (),
    plan: Mapping[str, Any] | None = None,
) -> int:
    """Check the ludi, roll the arena and the reward and store them with `combat_begun`, in
    one transaction (done again on the latest campaign if another command wrote first);
    the number of the `combat_begun` event."""
    tables = tables or load_tables()
    for attempt_number in range(_BEGIN_TRIES):
        for name in lanistae:
            if name not in campaign.sheets:
                raise CareerError(f"no ludus of {name!r} in {campaign.name!r}")
            busy = campaign.combat_of(name)
            if busy is not None:
                raise CareerError(
                    f"{name} fights in {busy.describe()}, not finished: "
                    f"colosseum career resume {campaign.name!r} finishes it"
                )
        sheets = [campaign.sheets[name] for name in lanistae]
        check_familiae(sheets, tables)
        try:
            with campaign.unit(watch=lanistae):
                _draw(campaign, [*sheets, *guests], lanistae, guests, _dice_for(dice), tables, plan)
        except CampaignChanged:
            if attempt_number == _BEGIN_TRIES - 1:
                raise
            continue  # nothing was shown yet: draw again on the campaign as it now is
        combat = campaign.combat_of(lanistae[0])
        assert combat is not None
        checkpoint("stored draw")
        return combat.begun
    raise AssertionError("unreachable")


def _draw(
    campaign: Campaign,
    sheets: list[Sheet],
    lanistae: Sequence[str],
    guests: Sequence[Sheet],
    dice: DiceFor,
    tables: Tables,
    plan: Mapping[str, Any] | None,
) -> None:
    checkpoint("step draw")
    roller = dice("draw")
    draw = determine_arena(sheets, roller, tables, settings=campaign.settings)
    for what, rolls in (("arena", draw.arena_rolls), ("reward", draw.reward_rolls)):
        for lanista, die in zip(draw.rollers, rolls, strict=bool(rolls)):  # none when fixed
            campaign.record(
                "roll", {"lanista": lanista, "what": what, "dice": [die], "source": roller.source}
            )
    campaign.record(
        "combat_begun",
        {
            "lanistae": list(lanistae),
            "arena": draw.arena.code,
            "reward": draw.reward,
            "popularity": draw.popularity,
            "arena_total": draw.arena_total,
            "guests": [g.to_json() for g in guests],
            "plan": dict(plan or {}),
        },
    )


def finish_combat(
    campaign: Campaign,
    begun: int,
    dice: Dice | DiceFor,
    manager: Manager | ManagerFor,
    arena: Arena,
    tables: Tables | None = None,
    announce: Announce | None = None,
) -> CombatReport:
    """Run the steps of the combat begun at event `begun` that are not stored yet, each in
    one transaction, then end it."""
    tables = tables or load_tables()
    dice_for, manager_for = _dice_for(dice), _manager_for(manager)
    while True:
        combat = campaign.combats.get(begun)
        if combat is None:
            raise CampaignChanged(
                f"the campaign changed: the combat begun at event #{begun} was finished "
                "by another command"
            )
        step = next_step(combat)
        checkpoint(f"step {step or 'end'}")
        with campaign.unit(watch=combat.lanistae):
            if step is None:
                campaign.record("combat_ended", {"combat": begun})
            else:
                _STEPS[step.partition(":")[0]](
                    campaign, combat, step, dice_for, manager_for, arena, tables
                )
        checkpoint(f"stored {step or 'end'}")
        if announce is not None:
            announce(step or "end", combat)
        if step is None:
            break
    result = _result(combat.result or {})
    winners = campaign_winners(campaign.sheets.values(), int(campaign.settings["glory_target"]))
    return CombatReport(
        str(combat.plan["arena"]), int(combat.plan["reward"]), result, tuple(winners)
    )


def _guests(combat: CombatInProgress) -> list[Sheet]:
    return [Sheet.from_json(g) for g in combat.plan.get("guests", [])]


def _hire_step(
    campaign: Campaign,
    combat: CombatInProgress,
    step: str,
    dice: DiceFor,
    manager: ManagerFor,
    arena: Arena,
    tables: Tables,
) -> None:
    lanista = step.partition(":")[2]
    hired = _hire(campaign, lanista, manager(lanista, step), dice(step), tables)
    campaign.record(
        "combat_step",
        {
            "combat": combat.begun,
            "step": "hire",
            "lanista": lanista,
            "hired": [g.to_json() for g in hired],
        },
    )


def _hire(
    campaign: Campaign, lanista: str, manager: Manager, dice: Dice, tables: Tables
) -> list[Gladiator]:
    """ "Hiring gladiators and servitors": the manager's hires, each paid at once; a hire the
    treasury or the rules refuse is skipped (asked again of a person, as is a familia left
    short). Hired servitors join the sheet until the end of the post-arena sequence; the hired
    gladiators are returned for the combat."""

    def servitor(wish: tuple[str, int]) -> bool:
        code, stars = wish
        hire = lambda: hire_servitor(campaign.sheets[lanista], code, stars, tables)  # noqa: E731
        return attempt(campaign, manager, f"hiring the {code}", hire, dice, tables)

    until_accepted(
        manager, lambda: manager.servitor_hires(campaign.sheets[lanista], tables), servitor
    )
    hired: list[Gladiator] = []

    def gladiator(wish: tuple[str, str, str, list[str]]) -> bool:
        name, armatura, rank, upgrades = wish
        if any(g.armatura == armatura for g in hired):
            manager.refused(f"hiring {name}", CareerError(f"a {armatura} is already hired"))
            return False
        try:
            hire, payment = hire_gladiator(
                campaign.sheets[lanista], name, armatura, rank, upgrades, tables
            )
        except CareerError as error:
            manager.refused(f"hiring {name}", error)
            return False
        campaign.record(*payment)
        hired.append(hire)
        return True

    size = tables.ludus.deployed
    while True:
        until_accepted(manager, lambda: manager.hires(campaign.sheets[lanista], tables), gladiator)
        ready = sum(1 for g in campaign.sheets[lanista].gladiators if not g.convalescent)
        if ready + len(hired) >= size or not asks_again(manager):
            return hired
        manager.refused(
            "the familia",
            CareerError(
                f"{lanista} has {ready + len(hired)} ready of the {size} the arena needs: hire more"
            ),
        )


class _PerLudus:
    """The managers of a combat's ludi, for the arena's questions (each ludus's four, its
    Sacerdos cards): each asked only about his own ludus; a guest's are the defaults."""

    asks_again = False

    def __init__(self, manager: ManagerFor, lanistae: Sequence[str]) -> None:
        self._manager, self._lanistae = manager, list(lanistae)

    def familia(self, sheet: Sheet, hired: list[Gladiator], tables: Tables) -> list[str] | None:
        if sheet.lanista not in self._lanistae:
            return None
        return self._manager(sheet.lanista, "fight").familia(sheet, hired, tables)

    def prima(self, sheet: Sheet, stars: int, tables: Tables) -> list[str] | None:
        if sheet.lanista not in self._lanistae:
            return None
        return self._manager(sheet.lanista, "fight").prima(sheet, stars, tables)

    def refused(self, what: str, error: CareerError) -> None:
        raise error


def _fight_step(
    campaign: Campaign,
    combat: CombatInProgress,
    step: str,
    dice: DiceFor,
    manager: ManagerFor,
    arena: Arena,
    tables: Tables,
) -> None:
    lanistae, guests = combat.lanistae, _guests(combat)
    hired = [
        [Gladiator.from_json(g) for g in combat.marker(f"hire:{n}")["hired"]] for n in lanistae
    ]
    fighting = [*(campaign.sheets[name] for name in lanistae), *guests]
    per_ludus: Any = _PerLudus(manager, lanistae)
    result = arena(fighting, [*hired, *([] for _ in guests)], per_ludus)
    campaign.record(
        "combat",
        {
            "combat": combat.begun,
            "lanistae": lanistae,
            "arena": combat.plan["arena"],
            "reward": combat.plan["reward"],
            "winners": list(result.winners),
            "deployed": {k: list(v) for k, v in result.deployed.items()},
            "hired": {n: [g.name for g in h] for n, h in zip(lanistae, hired, strict=True) if h},
            "wounded": [list(w) for w in result.wounded],
            "bitten": [list(b) for b in result.bitten],
            "guests": {g.lanista: [x.to_json() for x in g.gladiators] for g in guests},
        },
    )


def _result(data: Mapping[str, Any]) -> ArenaResult:
    """The ArenaResult a `combat` event holds."""
    return ArenaResult(
        tuple(str(w) for w in data.get("winners", [])),
        {str(k): tuple(v) for k, v in data.get("deployed", {}).items()},
        tuple((str(a), str(b)) for a, b in data.get("wounded", [])),
        tuple(
            (str(a), str(b), None if c is None else str(c)) for a, b, c in data.get("bitten", [])
        ),
    )


def _fatum_step(
    campaign: Campaign,
    combat: CombatInProgress,
    step: str,
    dice: DiceFor,
    manager: ManagerFor,
    arena: Arena,
    tables: Tables,
) -> None:
    result = _result(combat.result or {})
    # only the campaign's gladiators face the Fatum; a guest's blow brings no Editor
    ours = [b for b in result.bitten if b[0] in campaign.sheets]
    roller = dice(step)
    events, spared = fatum(campaign.sheets, replace(result, bitten=tuple(ours)), roller, tables)
    record_all(campaign, events, roller, tables)
    campaign.record(
        "combat_step",
        {"combat": combat.begun, "step": "fatum", "spared": [list(s) for s in spared]},
    )


def _post_step(
    campaign: Campaign,
    combat: CombatInProgress,
    step: str,
    dice: DiceFor,
    manager: ManagerFor,
    arena: Arena,
    tables: Tables,
) -> None:
    lanista = step.partition(":")[2]
    spared = [(str(a), str(b)) for a, b in combat.marker("fatum")["spared"]]
    if lanista in campaign.sheets:
        with suppress(Closed):
            post_arena(
                campaign,
                lanista,
                [*combat.fighters, *_guests(combat)],
                _result(combat.result or {}),
                str(combat.plan["arena"]),
                int(combat.plan["reward"]),
                spared,
                dice(step),
                manager(lanista, step),
                tables,
            )
    campaign.record("combat_step", {"combat": combat.begun, "step": "post", "lanista": lanista})


_STEPS = {"hire": _hire_step, "fight": _fight_step, "fatum": _fatum_step, "post": _post_step}

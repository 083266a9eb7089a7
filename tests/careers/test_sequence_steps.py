"""One combat's steps in careers/sequence.py, with a scripted manager and a hand-made arena
result: pre-arena hiring ("Hiring gladiators and servitors"), step 6 sales ("Gladiator and
Servitor sales"), step 8 usury and its interest in step 2 of the next combat ("Usury",
"Rewards"), forced sales and closing ("Bankrupt"); every history replays to the same sheets.
Then invariants of long simulated campaigns that tests/careers/test_sequence.py does not check.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from colosseum.careers import sequence, simulate
from colosseum.careers.arena import ArenaResult
from colosseum.careers.campaign import APPLY, Campaign
from colosseum.careers.data import Tables, load_tables
from colosseum.careers.dice import Dice, ProgramDice, TableDice
from colosseum.careers.manager import Hire, Purchase, UsuryChoice
from colosseum.careers.sheet import CareerError, Gladiator, Sheet
from colosseum.careers.simulate import simulate_campaign
from colosseum.careers.usury import borrow
from colosseum.store import Store

from .conftest import FRED, play

MILLER = [
    ["Brutus", "secutor"],
    ["Cassius", "hoplomachus"],
    ["Decimus", "provocator"],
    ["Egnatius", "dimachaerius"],
]
DUEL = ["Fred", "Miller"]  # Fred rolls first in the pre-arena sequence


@pytest.fixture
def duel(tmp_path: Path) -> Campaign:
    """Fred and Captain Miller: four Tiro, 50 aurei and a one-star Medicus each."""
    campaign = Campaign.create(Store(f"sqlite:///{tmp_path / 'c.db'}"), "Gallia")
    campaign.record("ludus_created", {"lanista": "Fred", "gladiators": FRED, "servitor": "medicus"})
    campaign.record(
        "ludus_created", {"lanista": "Miller", "gladiators": MILLER, "servitor": "medicus"}
    )
    return campaign


class Scripted:
    """A `Manager` with fixed answers per lanista; each usury answer is used once, in order."""

    def __init__(
        self,
        hires: dict[str, list[Hire]] | None = None,
        sales: dict[str, list[str]] | None = None,
        usury: dict[str, list[UsuryChoice]] | None = None,
        servitors: dict[str, list[str]] | None = None,
    ) -> None:
        self._hires = hires or {}
        self._sales = sales or {}
        self._usury = {k: list(v) for k, v in (usury or {}).items()}
        self._servitors = servitors or {}
        self.refusals: list[str] = []

    def refused(self, what: str, error: CareerError) -> None:
        self.refusals.append(what)

    def servitor_hires(self, sheet: Sheet, tables: Tables) -> list[tuple[str, int]]:
        return []

    def hires(self, sheet: Sheet, tables: Tables) -> list[Hire]:
        return list(self._hires.get(sheet.lanista, []))

    def familia(self, sheet: Sheet, hired: list[Gladiator], tables: Tables) -> list[str] | None:
        return None

    def exemptions(self, sheet: Sheet, tables: Tables) -> list[str]:
        return []

    def pupils(self, sheet: Sheet, tables: Tables) -> list[str]:
        return []

    def upgrade(self, sheet: Sheet, name: str, tables: Tables) -> str | None:
        return None

    def purchases(self, sheet: Sheet, tables: Tables) -> list[Purchase]:
        return []

    def servitors(self, sheet: Sheet, tables: Tables) -> list[str]:
        return list(self._servitors.get(sheet.lanista, []))

    def sales(self, sheet: Sheet, tables: Tables) -> list[str]:
        return list(self._sales.get(sheet.lanista, []))

    def usury(self, sheet: Sheet, tables: Tables) -> UsuryChoice | None:
        queue = self._usury.get(sheet.lanista, [])
        return queue.pop(0) if queue else None

    def liberatio_stars(self, sheet: Sheet, stars: int) -> list[str]:
        return []


class FakeArena:
    """An `Arena` returning a hand-made result: the hired fight first, then the ludus's ready
    gladiators; what it was given is kept in `calls`."""

    def __init__(
        self,
        winners: Sequence[str],
        wounded: Sequence[tuple[str, str]] = (),
        bitten: Sequence[tuple[str, str, str | None]] = (),
    ) -> None:
        self.winners, self.wounded, self.bitten = tuple(winners), tuple(wounded), tuple(bitten)
        self.calls: list[tuple[list[dict[str, Any]], list[list[Gladiator]]]] = []

    def __call__(
        self, sheets: Sequence[Sheet], hired: Sequence[Sequence[Gladiator]], manager: object
    ) -> ArenaResult:
        self.calls.append(([s.to_json() for s in sheets], [list(h) for h in hired]))
        deployed = {
            s.lanista: tuple(
                [g.name for g in h] + [g.name for g in s.gladiators if not g.convalescent]
            )[:4]
            for s, h in zip(sheets, hired, strict=True)
        }
        return ArenaResult(self.winners, deployed, self.wounded, self.bitten)


def combat(
    campaign: Campaign, manager: Scripted, dice: Dice, arena: FakeArena
) -> list[tuple[str, dict[str, Any]]]:
    """Run one Fred-Miller combat; the events it recorded."""
    start = len(campaign.recent)
    sequence.run_combat(campaign, DUEL, dice, manager, arena)
    return [(e.kind, e.payload) for e in campaign.recent[start:]]


def assert_replays(campaign: Campaign) -> None:
    reopened = Campaign.open(campaign.store, campaign.name)
    assert {k: s.to_json() for k, s in reopened.sheets.items()} == {
        k: s.to_json() for k, s in campaign.sheets.items()
    }


def rolls(events: list[tuple[str, dict[str, Any]]]) -> list[tuple[str, str, list[int]]]:
    return [(p["lanista"], p["what"], p["dice"]) for k, p in events if k == "roll"]


def index(events: list[tuple[str, dict[str, Any]]], kind: str, **fields: object) -> int:
    """The position of the first event of `kind` whose payload has `fields`."""
    for i, (k, p) in enumerate(events):
        if k == kind and all(p.get(f) == v for f, v in fields.items()):
            return i
    raise AssertionError(f"no {kind} event with {fields}")


def gain_experience(campaign: Campaign, name: str, rank: str) -> None:
    """Fred's `name` raised to `rank` (the rank's experience threshold)."""
    points = load_tables().rank(rank).experience
    campaign.record("experience", {"lanista": "Fred", "name": name, "points": points})


# --- hiring -----------------------------------------------------------------------------


def test_a_hired_gladiator_is_paid_at_once_fights_and_never_joins_the_sheet(
    duel: Campaign,
) -> None:
    """A Palus (one upgrade of the lanista's choice) and a Tiro hired at the chart's prices
    before the fight; a Thraex is refused (Fred's ludus has one) and costs nothing. The hired
    fight, fall and are wounded, but roll no Fatum or wounds, gain no experience, cost no
    upkeep and are never on the sheet."""
    tables = load_tables()
    duel.record("earned", {"lanista": "Fred", "aurei": 500, "why": "gift"})
    manager = Scripted(
        hires={
            "Fred": [
                ("Hirtius", "scissor", "palus", ["att"]),
                ("Twin", "thraex", "tiro", []),  # Blimyx is a Thraex
                ("Tertius", "sagittarius", "tiro", []),
            ]
        }
    )
    arena = FakeArena(
        ["Fred"], wounded=[("Fred", "Hirtius")], bitten=[("Fred", "Tertius", "Miller")]
    )
    events = combat(duel, manager, ProgramDice(3), arena)

    cost = tables.rank("palus").hire + tables.rank("tiro").hire
    (sheets, hired), *_ = arena.calls
    assert sheets[0]["aurei"] == 550 - cost  # paid before the fight
    assert [g.name for g in hired[0]] == ["Hirtius", "Tertius"] and hired[1] == []
    hirtius = hired[0][0]
    assert hirtius.experience == tables.rank("palus").experience
    assert hirtius.upgrades == {"mp": 0, "att": 1, "def": 0}
    hiring = [(p["why"], p["aurei"]) for k, p in events if k == "paid" and "hiring" in p["why"]]
    assert hiring == [
        ("hiring Hirtius", tables.rank("palus").hire),
        ("hiring Tertius", tables.rank("tiro").hire),
    ]
    fight = index(events, "combat")
    assert all(i < fight for i, (k, p) in enumerate(events) if k == "paid" and "hiring" in p["why"])
    payload = events[fight][1]
    assert payload["hired"] == {"Fred": ["Hirtius", "Tertius"]}
    assert {"Hirtius", "Tertius"} <= set(payload["deployed"]["Fred"])
    after = events[fight + 1 :]
    assert not [p for _, p in after if p.get("name") in ("Hirtius", "Tertius")]
    assert not [r for r in rolls(after) if "Hirtius" in r[1] or "Tertius" in r[1]]
    assert {g.name for g in duel.sheets["Fred"].gladiators} == {n for n, _ in FRED}
    assert_replays(duel)


def test_a_hire_the_treasury_cannot_pay_is_skipped_and_costs_nothing(duel: Campaign) -> None:
    """50 aurei do not hire a Palus (100): no payment, no forced sale, nobody hired."""
    manager = Scripted(hires={"Fred": [("Hirtius", "scissor", "palus", ["att"])]})
    arena = FakeArena(["Miller"])
    events = combat(duel, manager, ProgramDice(4), arena)
    assert arena.calls[0][0][0]["aurei"] == 50 and arena.calls[0][1][0] == []
    assert events[index(events, "combat")][1]["hired"] == {}
    assert not [p for k, p in events if k == "gladiator_removed"]
    assert_replays(duel)


# --- step 6: sales ----------------------------------------------------------------------


def test_a_gladiator_sold_in_step_6_leaves_and_earns_his_ranks_price_for_the_die(
    duel: Campaign,
) -> None:
    """Blimyx, a Palus, sold after the upkeep and experience steps: a die of 4 reads the
    Palus row's fourth column (150 aurei)."""
    tables = load_tables()
    gain_experience(duel, "Blimyx", "palus")
    manager = Scripted(sales={"Fred": ["Blimyx"]})
    # arena 1+1, reward 1+1; Fred (winner): Blimyx's upkeep 2, sale 4; the Tiro roll nothing
    dice = TableDice([1, 1, 1, 1, 2, 4])
    events = combat(duel, manager, dice, FakeArena(["Fred"]))

    assert rolls(events)[-2:] == [
        ("Fred", "upkeep of Blimyx", [2]),
        ("Fred", "sale of Blimyx", [4]),
    ]
    price = tables.ranks[1].sale[4 - 1]
    assert price == 150
    sale = index(events, "gladiator_removed", name="Blimyx")
    assert events[sale][1]["why"] == "sold"
    assert events[sale + 1] == (
        "earned",
        {"lanista": "Fred", "aurei": price, "why": "sale of Blimyx"},
    )
    # step 6 comes after steps 4 and 5
    assert index(events, "paid", why="upkeep of Blimyx") < sale
    assert index(events, "experience", name="Blimyx") < sale
    fred = duel.sheets["Fred"]
    assert "Blimyx" not in {g.name for g in fred.gladiators}
    reward = tables.arena(2, 1).reward(2)
    assert fred.aurei == 50 + reward - (3 * 10 + 2 * 10) + price
    assert_replays(duel)


# --- step 8: usury ----------------------------------------------------------------------


def test_a_loan_taken_in_step_8_costs_its_interest_in_step_2_of_the_next_combat(
    duel: Campaign,
) -> None:
    """Popularity 1 allows 100 aurei; a loan die of 2 makes the interest 20, paid out of the
    next combat's reward; repaying then takes the 100 back and clears the usury space."""
    tables = load_tables()
    gain_experience(duel, "Blimyx", "palus")
    manager = Scripted(usury={"Fred": [("borrow", 100), ("repay", 100)]})
    # arena 1+1, reward 1+1; Fred: Blimyx's upkeep 3, loan interest 2
    first = combat(duel, manager, TableDice([1, 1, 1, 1, 3, 2]), FakeArena(["Fred"]))
    interest = tables.loan.of(100, 2)
    assert interest == 20
    taken = index(first, "usury_taken")
    assert first[taken - 1] == (
        "roll",
        {"lanista": "Fred", "what": "loan interest", "dice": [2], "source": "table"},
    )
    assert first[taken][1] == {"lanista": "Fred", "kind": "loan", "amount": 100, "interest": 20}
    fred = duel.sheets["Fred"]
    reward = tables.arena(2, 1).reward(2)
    assert fred.usury is not None and (fred.usury.kind, fred.usury.amount) == ("loan", 100)
    assert fred.aurei == 50 + reward - 30 - 30 + 100
    before = fred.aurei
    assert_replays(duel)

    # arena 1+1, reward 1+1; Fred: interest (no die), Blimyx's upkeep 1, repays
    second = combat(duel, manager, TableDice([1, 1, 1, 1, 1]), FakeArena(["Fred"]))
    paid = index(second, "paid", lanista="Fred", why="loan interest")
    assert second[paid][1]["aurei"] == interest
    assert index(second, "earned", lanista="Fred", why="reward") < paid
    assert paid < index(second, "paid", why="upkeep of Blimyx")  # step 2 before step 4
    assert index(second, "usury_settled", lanista="Fred") > index(second, "experience")
    fred = duel.sheets["Fred"]
    assert fred.usury is None
    assert fred.aurei == before + reward - interest - 30 - 10 - 100
    assert_replays(duel)


def test_a_sum_lent_leaves_the_treasury_and_brings_interest_until_repaid(duel: Campaign) -> None:
    tables = load_tables()
    duel.record("earned", {"lanista": "Fred", "aurei": 1000, "why": "gift"})
    manager = Scripted(usury={"Fred": [("lend", 500)]})
    reward = tables.arena(2, 0).reward(2)
    # arena 1+1, reward 1+1; Fred: lent interest 3 (Tiro upkeep rolls no die)
    first = combat(duel, manager, TableDice([1, 1, 1, 1, 3]), FakeArena(["Fred"]))
    interest = tables.lent.of(500, 3)
    assert first[index(first, "usury_taken")][1]["interest"] == interest
    fred = duel.sheets["Fred"]
    assert fred.usury is not None and (fred.usury.kind, fred.usury.amount) == ("lent", 500)
    assert fred.aurei == 1050 + reward - 40 - 500
    before = fred.aurei

    # the interest comes with the reward, then the debtor repays on a 5
    second = combat(duel, manager, TableDice([1, 1, 1, 1, 5]), FakeArena(["Fred"]))
    assert ("Fred", "debtor repays", [5]) in rolls(second)
    assert index(second, "earned", why="interest") < index(second, "usury_settled")
    assert duel.sheets["Fred"].usury is None
    assert duel.sheets["Fred"].aurei == before + reward + interest - 40 + 500
    assert_replays(duel)


@pytest.mark.parametrize(
    "choice", [("borrow", 30000), ("repay", 100), ("lend", 500)], ids=["borrow", "repay", "lend"]
)
def test_a_usury_choice_the_rules_refuse_is_skipped(
    duel: Campaign, choice: tuple[str, int]
) -> None:
    """Fred (Popularity 0, about 130 aurei, no usury) wins; his choice (borrowing beyond his
    Popularity's maximum, repaying no loan, lending more than he has) is refused: no roll, no
    usury, and Miller's post-arena sequence is still played."""
    manager = Scripted(usury={"Fred": [choice]})
    events = combat(duel, manager, ProgramDice(5), FakeArena(["Fred"]))
    assert manager.refusals == [f"usury ({choice[0]})"]
    assert not [r for r in rolls(events) if "interest" in r[1]]
    assert not [k for k, _ in events if k.startswith("usury")]
    assert duel.sheets["Fred"].usury is None
    assert {p["name"] for k, p in events if k == "experience" and p["lanista"] == "Miller"} == {
        n for n, _ in MILLER
    }
    assert_replays(duel)


# --- Bankrupt ---------------------------------------------------------------------------


def _in_debt(duel: Campaign) -> int:
    """Fred: a Secundus Palus and a Palus (Popularity 3) borrow 800 at a die of 1, then spend
    every aurei; returns the interest."""
    gain_experience(duel, "Blimyx", "secundus_palus")
    gain_experience(duel, "Asinus", "palus")
    play(duel, borrow(duel.sheets["Fred"], 800, TableDice([1])))
    duel.record("paid", {"lanista": "Fred", "aurei": duel.sheets["Fred"].aurei, "why": "games"})
    return load_tables().loan.of(800, 1)


def test_an_interest_the_treasury_cannot_pay_sells_the_lowest_ranks_first(duel: Campaign) -> None:
    """Half a reward of 120 does not pay 200 of interest: the two Tiro are sold (20 each),
    then the Palus (300); the Secundus Palus stays, and the loan runs on."""
    tables = load_tables()
    interest = _in_debt(duel)
    assert interest == 200
    # arena 1+1, reward 1+1; Miller (winner): nothing rolled; Fred: three sales at 6, then
    # Blimyx's upkeep 1
    events = combat(duel, Scripted(), TableDice([1, 1, 1, 1, 6, 6, 6, 1]), FakeArena(["Miller"]))
    fred_events = events[index(events, "earned", lanista="Fred") :]
    sold = [p["name"] for k, p in fred_events if k == "gladiator_removed"]
    assert sold == ["Minimea", "Crassus", "Asinus"]  # Tiro, Tiro, then the Palus
    assert all(p["why"] == "sold" for k, p in fred_events if k == "gladiator_removed")
    earned = [p["aurei"] for k, p in fred_events if k == "earned" and "sale" in p["why"]]
    assert earned == [tables.ranks[0].sale[5], tables.ranks[0].sale[5], tables.ranks[1].sale[5]]
    paid = index(events, "paid", lanista="Fred", why="loan interest")
    assert events[paid][1]["aurei"] == interest
    assert index(events, "gladiator_removed", name="Asinus") < paid
    assert paid < index(events, "paid", why="upkeep of Blimyx")
    fred = duel.sheets["Fred"]
    assert [g.name for g in fred.gladiators] == ["Blimyx"]
    assert fred.usury is not None and fred.usury.amount == 800
    half = tables.arena(2, 3).reward(2) // 2
    assert fred.aurei == half + 20 + 20 + 300 - interest - (1 * 25 + 100)
    assert_replays(duel)


def test_a_ludus_with_nothing_left_to_sell_closes_and_the_combat_goes_on(duel: Campaign) -> None:
    """Fred's Secundus Palus and Palus died after the loan, and a patron's 20 aurei hire two
    Tiro to make up his familia; winning 120 and selling two Tiro and his Medicus at 1s
    (0 + 0 + 50) do not pay 200: his ludus closes, the rest of his sequence is dropped, and
    Miller's sequence is played."""
    _in_debt(duel)
    for name in ("Blimyx", "Asinus"):
        duel.record("gladiator_removed", {"lanista": "Fred", "name": name, "why": "died"})
    duel.record("earned", {"lanista": "Fred", "aurei": 20, "why": "a patron"})
    hires: dict[str, list[Hire]] = {
        "Fred": [("Hired A", "secutor", "tiro", []), ("Hired B", "hoplomachus", "tiro", [])]
    }
    events = combat(duel, Scripted(hires=hires), TableDice([1] * 7), FakeArena(["Fred"]))
    closed = index(events, "ludus_closed", lanista="Fred")
    assert events[closed][1]["why"] == "loan interest"
    sales = [p["what"] for k, p in events[:closed] if k == "roll" and "sale" in p["what"]]
    assert sales == ["sale of Minimea", "sale of Crassus", "sale of the medicus"]
    assert ("servitor", {"lanista": "Fred", "code": "medicus", "stars": 0}) in events[:closed]
    assert not [
        p for k, p in events[closed + 1 :] if p.get("lanista") == "Fred" and k != "combat_step"
    ]
    assert not [e for e in events if e[0] == "paid" and e[1]["why"] == "loan interest"]
    assert "Fred" not in duel.sheets
    miller = events[closed + 1 :]
    assert {p["name"] for k, p in miller if k == "experience"} == {n for n, _ in MILLER}
    assert index(miller, "earned", lanista="Miller", why="half reward") >= 0
    assert duel.sheets["Miller"].aurei == 50 + load_tables().arena(2, 0).reward(2) // 2 - 40
    assert_replays(duel)


def test_a_servitor_the_treasury_cannot_buy_is_refused_without_forced_sales(
    duel: Campaign,
) -> None:
    """Fred wins, pays 40 of upkeep: about 130 aurei do not buy a new servitor (250); a
    voluntary purchase is refused, never paid by forced sales."""
    manager = Scripted(servitors={"Fred": ["doctor"]})
    events = combat(duel, manager, ProgramDice(6), FakeArena(["Fred"]))
    assert not [p for k, p in events if k == "gladiator_removed"]
    assert len(duel.sheets["Fred"].gladiators) == 4
    assert "doctor" not in duel.sheets["Fred"].servitors
    assert manager.refusals == ["the doctor"]


# --- whole simulated campaigns ----------------------------------------------------------


def _combats(history: list[tuple[str, dict[str, Any]]]) -> list[tuple[int, int]]:
    """(the position of each "combat" event, the position of the next one or the end)."""
    cuts = [i for i, (k, _) in enumerate(history) if k == "combat"]
    return list(zip(cuts, [*cuts[1:], len(history)], strict=True))


@pytest.mark.parametrize("seed", [5, 8])
def test_simulated_campaigns_keep_hiring_usury_and_bankruptcy_rules(
    tmp_path: Path, seed: int
) -> None:
    """Beyond test_sequence.py: hired gladiators are paid before their combat, never on a
    sheet and never heard of after it; a usury is taken only when none runs, at the chart's
    interest for the roll just before it; each running loan's interest is paid once per combat
    of that ludus; a closed ludus has no further event; winners play their sequence first."""
    tables = load_tables()
    store = Store(f"sqlite:///{tmp_path / 'c.db'}")
    done = simulate_campaign(store, ludi=4, fights=30, seed=seed)
    assert done.replay_matches
    key = Campaign.open(store, done.campaign).key
    history = [(e.kind, e.payload) for e in store.campaigns.load(key)]
    sheets: dict[str, Sheet] = {}
    closed: set[str] = set()
    hired_ever: dict[str, set[str]] = {}
    for position, (kind, payload) in enumerate(history):
        lanista = payload.get("lanista")
        assert lanista not in closed, f"event {kind} for {lanista} after the ludus closed"
        if kind == "usury_taken":
            assert sheets[lanista].usury is None
            roll = history[position - 1][1]
            assert roll["what"] == f"{payload['kind']} interest"
            procurator = tables.servitor("procurator").value(
                "usury", sheets[lanista].servitors.get("procurator", 0)
            )
            chart = tables.loan if payload["kind"] == "loan" else tables.lent
            die = min(6, roll["dice"][0] + procurator)
            assert payload["interest"] == chart.of(payload["amount"], die)
        if kind == "paid" and payload["why"] == "loan interest":
            usury = sheets[lanista].usury
            assert usury is not None and usury.kind == "loan"
            assert payload["aurei"] == usury.interest
        if kind == "gladiator_added":
            assert payload["gladiator"]["name"] not in hired_ever.get(lanista, set())
        if kind == "ludus_closed":
            closed.add(lanista)
        if kind == "combat":
            for name, names in payload["hired"].items():
                assert not {g.name for g in sheets[name].gladiators} & set(names)
                hired_ever.setdefault(name, set()).update(names)
        APPLY[kind](sheets, payload)
        for name, names in hired_ever.items():
            if name in sheets:
                assert not {g.name for g in sheets[name].gladiators} & names

    for start, end in _combats(history):
        fight, events = history[start][1], history[start:end]
        for name, names in fight["hired"].items():
            # the hiring payments come before the combat, in the pre-arena sequence
            paid_before = {
                p["why"]
                for k, p in history[:start]
                if k == "paid" and p["lanista"] == name and p["why"].startswith("hiring ")
            }
            assert {f"hiring {n}" for n in names} <= paid_before
            for k, p in events[1:]:
                if p.get("lanista") == name:
                    assert p.get("name") not in names, (k, p)
        # the winners' post-arena sequences come first
        order = [p["lanista"] for k, p in events if k == "experience"]
        firsts = list(dict.fromkeys(order))
        winners = [w for w in firsts if w in fight["winners"]]
        assert firsts[: len(winners)] == winners


def test_simulated_campaign_ties_go_to_a_final_combat(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Several lanistae at the Glory target at once play a final combat among (at most four
    of) them, and its winner wins the campaign. The engine is replaced by a hand-made result
    (the first ludus wins) and the Glory check by "everyone is at the target"."""

    def first_wins(sheets: Sequence[Sheet], hired: Any, manager: Any) -> ArenaResult:
        return FakeArena([sheets[0].lanista])(sheets, hired, manager)

    monkeypatch.setattr(simulate, "engine_arena", lambda agents, seed: first_wins)
    monkeypatch.setattr(
        sequence, "campaign_winners", lambda sheets, target: sorted(s.lanista for s in sheets)
    )
    store = Store(f"sqlite:///{tmp_path / 'c.db'}")
    done = simulate_campaign(store, ludi=4, fights=30, seed=1)
    key = Campaign.open(store, done.campaign).key
    combats = [e.payload for e in store.campaigns.load(key) if e.kind == "combat"]
    assert done.fights == len(combats) == 2
    final = combats[1]
    assert len(final["lanistae"]) == 4
    assert done.winners == (final["lanistae"][0],) == tuple(final["winners"])
    assert done.replay_matches

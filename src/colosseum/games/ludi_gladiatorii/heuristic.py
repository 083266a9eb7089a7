"""A Ludi Gladiatorii player of rules of thumb, reading only its seat's view (a part at a
time, as each decision asks: `LudiState.seat_view`).

Fight when the gladiator's combat skill matches the rival's best defender, build buildings
with victory points as soon as possible, put weak fighters to work or to build, buy strong
veterans at auction for little more than their minimum bid, defend with the strongest.
Beside the step in progress (the game's `anytime` actions): buy a Cubiculum novice only before
the Cubiculum's own start-of-turn coin, when it has no novice and room to spare (the coin pays
it back; bought in the main phase, novices lost more games than they won in heuristic
self-play); keep a veteran at the Valetudinarium, let a novice go; dismiss gladiators for
Saturnalia's coin rather than for nothing.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ...core.actions import Action
from ...core.state import State
from .data import Building, BuildingEffect
from .state import LudiState

if TYPE_CHECKING:
    from .hidden import SeatView

View = dict[str, Any]

# Actions the game offers beside the step in progress (games/ludi_gladiatorii/anytime.py).
BESIDE_THE_STEP = frozenset({"buy", "buy-combat", "drop", "saturnalia", "gallicum", "refresh"})

# How much a lanista wants each kind of building, for drafting and building.
BUILDING_VALUE: dict[BuildingEffect, int] = {
    "build_income": 3,
    "novice_income": 3,
    "auction_income": 2,
    "novice_attack_bonus": 3,
    "veteran_attack_bonus": 3,
    "defence_bonus": 3,
    "work_income": 2,
    "start_income": 3,
    "combat_discount": 3,
    "auction_ties": 2,
    "extra_auction": 1,
    "workshop": 1,
    "training": 2,
    "barracks": 2,
    "infirmary": 1,
    "champions": 1,
    "quarry": 0,
    "starting_player": 1,
    "": 1,
}


def _pick(actions: list[Action], *kinds: str) -> list[Action]:
    return [a for a in actions if a.kind in kinds]


def _worth(spec: Building) -> float:
    """How much a lanista wants a building, for drafting and building."""
    return spec.points * 5 + spec.coins + BUILDING_VALUE.get(spec.effect, 1)


def _by_kind(actions: list[Action]) -> dict[str, list[Action]]:
    """The actions of each kind, in their order: `_pick` of every kind at one pass."""
    kinds: dict[str, list[Action]] = {}
    for action in actions:
        same = kinds.get(action.kind)
        if same is None:
            kinds[action.kind] = [action]
        else:
            same.append(action)
    return kinds


class LudiHeuristic:
    """Heuristic agent for Ludi Gladiatorii (never reads hidden information)."""

    name = "heuristic"

    def choose(self, state: State, seat: int, rng: random.Random) -> Action:
        assert isinstance(state, LudiState)
        # asked of the state like `view` itself rather than made from hidden.py: the game's hook
        return _Chooser(state.seat_view(seat), seat, state.legal_actions()).choose(rng)


class _Chooser:
    """One decision, read from the seat's view a part at a time (`SeatView`): a playout's
    step reads the gladiators of a lanista or two, and the whole view would cost as much as
    the rest of the step's decision."""

    def __init__(self, view: SeatView, seat: int, actions: list[Action]) -> None:
        self.view = view
        self.seat = seat
        self.actions = actions
        self.catalog = view.catalog
        self.extra: list[Action] = []
        self._kinds: dict[str, list[Action]] | None = None  # `kind`'s index of `actions`
        self._glads: dict[str, dict[str, Any]] | None = None
        self._mine: dict[str, dict[str, Any]] | None = None

    @property
    def me(self) -> View:
        """The seat's own entry in the view's `lanistae`."""
        return self.view.lanista(self.seat)

    @property
    def glads(self) -> dict[str, dict[str, Any]]:
        """Every gladiator in play by its code (indexed at the first question)."""
        glads = self._glads
        if glads is None:
            every = [self.view.gladiators(p) for p in range(self.view.players)]
            glads = self._glads = {g["code"]: g for gs in every for g in gs}
        return glads

    @property
    def mine(self) -> dict[str, dict[str, Any]]:
        """The seat's own gladiators by code (indexed at the first question): what most
        questions ask about, without making the rivals' entries."""
        mine = self._mine
        if mine is None:
            mine = self._mine = {g["code"]: g for g in self.view.gladiators(self.seat)}
        return mine

    def combat(self) -> View:
        """The view's `combat` (the phases that ask are a combat's)."""
        combat = self.view.combat()
        assert combat is not None
        return combat

    def choose(self, rng: random.Random) -> Action:
        phase = self.view.phase
        if phase != "main":  # the main phase weighs the extra actions with the others
            step: list[Action] = []
            for action in self.actions:  # one pass, each list in the order offered
                (self.extra if action.kind in BESIDE_THE_STEP else step).append(action)
            self.actions = step
        method = getattr(self, "_" + phase, None)
        if method is not None:
            choice: Action | None = method()
            if choice is not None:
                return choice
        return self.actions[rng.randrange(len(self.actions))]

    # --- helpers ------------------------------------------------------------------------

    def kinds(self) -> dict[str, list[Action]]:
        """The actions by kind (`_by_kind`), indexed at the first question."""
        if self._kinds is None:
            self._kinds = _by_kind(self.actions)
        return self._kinds

    def kind(self, kind: str) -> list[Action]:
        """`_pick(self.actions, kind)`."""
        return self.kinds().get(kind, [])

    def building(self, code: str) -> Building:
        return self.catalog.buildings[self.catalog.building_by_code[code]]

    def attack_score(self, code: str) -> int:
        """Combat skill and what the lanista's buildings add when attacking (the view's
        `attack_bonus`) of one of his gladiators."""
        glad = self.mine[code]
        score: int = glad["combat"] + glad["attack_bonus"]  # ints: no call to int
        return score

    @staticmethod
    def defence_score(glad: dict[str, Any]) -> int:
        """Combat skill, the Defender ability and the defence building (`defence_bonus`)."""
        score: int = glad["combat"] + glad["defence_bonus"]
        return score

    def best_defence(self, seat: int) -> int:
        """The highest `defence_score` of `seat`'s unchained gladiators (-1: none)."""
        best = -1
        for g in self.view.gladiators(seat):
            if not g["chained"]:
                score: int = g["combat"] + g["defence_bonus"]  # ints: no call to int or max
                if score > best:
                    best = score
        return best

    def value(self, code: str) -> float:
        glad = self.glads.get(code)
        if glad is None:
            spec = self.catalog.gladiators[self.catalog.gladiator_by_code[code]]
            combat, work, ability = spec.combat, spec.work, spec.ability
        else:
            combat, work, ability = glad["combat"], glad["work"], glad["ability"]
        return combat * 2 + work * 0.7 + (1 if ability else 0)

    # --- phases -------------------------------------------------------------------------

    def room(self) -> int:
        """Gladiators this lanista can still keep (one per building, a barracks two)."""
        room = sum(2 if self.building(b).effect == "barracks" else 1 for b in self.me["buildings"])
        return room - len(self.me["gladiators"])

    def _start(self) -> Action | None:
        order = ["plaga_galeni", "vinalia", "refill_gladiators", "novice_income", "champion"]
        starts = {str(a.args[0]): a for a in self.kind("start")}
        buy = _pick(self.extra, "buy")
        if (
            buy
            and "novice_income" in starts
            and "refill_gladiators" not in starts
            and all(g["veteran"] for g in self.view.gladiators(self.seat))  # no novice
            and self.room() > 1
        ):
            return buy[0]  # the Cubiculum's coin then pays for the novice
        for effect in order:
            if effect in starts:
                return starts[effect]
        train = self.kind("train")
        if train and self.me["coins"] >= 4:
            return train[0]
        skip = self.kind("skip")
        return skip[0] if skip else None

    def _champion(self) -> Action | None:
        return max(self.actions, key=lambda a: self.value(str(a.args[0])))

    def _draft(self) -> Action | None:
        return max(self.actions, key=lambda a: self._building_worth(str(a.args[0])))

    def _building_worth(self, code: str) -> float:
        return _worth(self.building(code))

    def _main(self) -> Action | None:
        kinds = self.kinds()
        fights = kinds.get("fight")
        if fights:  # the rivals' defences matter only when a fight is offered
            lanistae = range(self.view.players)
            defences = [self.best_defence(r) for r in lanistae if r != self.seat]
            weakest = min(defences, default=99)
            scored = [(self.attack_score(str(a.args[0])), a) for a in fights]
            good_fights = [pair for pair in scored if pair[0] >= weakest]
            if good_fights:
                return max(good_fights, key=lambda pair: pair[0])[1]
        builds = []  # each with its card
        for action in kinds.get("build", ()):
            spec = self.building(str(action.args[0]))
            if spec.effect != "quarry":
                builds.append((action, spec))
        if builds:
            best, spec = max(builds, key=lambda pair: _worth(pair[1]))
            if spec.points or len(self.me["buildings"]) < 4:
                return best
        collect = kinds.get("collect")
        if collect:
            return collect[0]
        gallicum = kinds.get("gallicum")
        if gallicum and self.me["coins"] >= 4:
            return gallicum[0]
        buy = kinds.get("buy-combat")
        if buy and self.me["coins"] >= 4 and self.me["combat_hand"] < 2:
            return buy[0]
        works = kinds.get("work")
        if works:
            return max(works, key=lambda a: self.mine[str(a.args[0])]["work"])
        return self.kind("end")[0]

    def _use(self) -> Action | None:
        job = self.view.job()
        left = job["left"] if job else 0

        def key(action: Action) -> tuple[int, float]:
            glad = self.mine[str(action.args[0])]
            overshoot = abs(glad["construction"] - left) if glad["construction"] else 9
            return (overshoot, glad["combat"])

        return min(self.actions, key=key)

    def _quarry(self) -> Action | None:
        return min(self.actions, key=lambda a: self._building_worth(str(a.args[0])))

    def _target_by_leader(self) -> Action | None:
        return max(self.actions, key=lambda a: self.view.lanista(int(a.args[0]))["points"])

    def _chain_target(self) -> Action | None:
        """A chain's target: the lanista leading on points."""
        return self._target_by_leader()

    def _collect_target(self) -> Action | None:
        return max(self.actions, key=lambda a: self.view.lanista(int(a.args[0]))["coins"])

    def _fight_target(self) -> Action | None:
        return min(self.actions, key=lambda a: self.best_defence(int(a.args[0])))

    def _chain_pick(self) -> Action | None:
        binds = self.kind("bind")
        if not binds:
            return None
        return max(binds, key=lambda a: self.glads[str(a.args[0])]["combat"])

    def _fight_defender(self) -> Action | None:
        combat = self.combat()
        if combat["attacker"] == self.seat:  # Precision: the weakest opponent
            return min(self.actions, key=lambda a: self.glads[str(a.args[0])]["combat"])
        return max(self.actions, key=lambda a: self.defence_score(self.mine[str(a.args[0])]))

    def _reserve(self) -> Action | None:
        combat = self.combat()
        attack = self.glads[combat["attacking_gladiator"]]["combat"]
        reserves = [
            a for a in self.kind("reserve") if self.glads[str(a.args[0])]["combat"] > attack
        ]
        return reserves[0] if reserves else self.kind("pass")[0]

    def _combat_card(self) -> Action | None:
        combat = self.combat()
        attacking = combat["attacker"] == self.seat
        wanted = "Impetus" if attacking else "Defensio"
        plays = [
            a
            for a in self.kind("play")
            if self.catalog.combat[self.catalog.combat_by_code[str(a.args[0])]].name == wanted
        ]
        return plays[0] if plays else self.kind("no")[0]

    def _favor(self) -> Action | None:
        favors = self.kind("favor")
        return favors[0] if favors else None

    def _favor_apply(self) -> Action | None:
        combat = self.combat()
        card = self.catalog.combat[self.catalog.combat_by_code[combat["cards"][-1]["card"]]]
        attacking = combat["attacker"] == self.seat
        helps = card.swords if attacking else card.shields
        return self.actions[0] if helps and not card.skull else self.actions[1]

    def _discard(self) -> Action | None:
        worst = min(self.actions, key=lambda a: self.value(str(a.args[0])))
        for paid in _pick(self.extra, "saturnalia"):
            if paid.args == worst.args:
                return paid  # Saturnalia: the same discard, for a coin
        return worst

    def _infirmary(self) -> Action | None:
        doomed = str(self.actions[0].args[0])
        keep = self.glads[doomed]["veteran"] if doomed in self.glads else False
        choices = self.kind("keep") if keep else []
        return (choices or self.kind("lose"))[0]

    def _auction(self) -> Action | None:
        wants = self.me["coins"] >= 3
        return self.kind("auction" if wants else "end")[0]

    def _offer(self) -> Action | None:
        affordable = [
            a
            for a in self.actions
            if self.catalog.gladiators[self.catalog.gladiator_by_code[str(a.args[0])]].min_bid
            <= self.me["coins"]
        ]
        return max(affordable or self.actions, key=lambda a: self.value(str(a.args[0])))

    def _decimatio(self) -> Action | None:
        return max(self.actions, key=lambda a: self.value(str(a.args[0])))

    def _bid(self) -> Action | None:
        auction = self.view.auction()
        assert auction is not None  # the bid phase is an auction's
        offered = auction["offered"]
        spec = self.catalog.gladiators[self.catalog.gladiator_by_code[offered]]
        known = [b for b in auction["bids"] if isinstance(b, int)]
        high = max(known, default=0)
        limit = spec.min_bid + {3: 3, 2: 1}.get(min(spec.combat, 3), 0)
        wanted = max(spec.min_bid, high)
        bids = {int(a.args[0]): a for a in self.kind("bid")}
        if wanted <= limit and wanted in bids:
            return bids[wanted]
        return self.kind("pass")[0]


HEURISTIC = LudiHeuristic  # the game's `heuristic` hook (core/registry.py)

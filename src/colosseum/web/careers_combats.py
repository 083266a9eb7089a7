"""The combats of the careers on one server: proposed, accepted, begun, and run.

**Proposals.** A combat is proposed by one of its lanistae (his key) or by the organiser, and
waits, with nothing drawn, until every other ludus of the campaign in it has accepted: each
by its own lanista's key; a ludus the computer plays and manages in this combat by its
lanista's key or the organiser's (who may issue any ludus's key anew, so this gives him no
power he lacks). A lanista may decline, the proposer withdraw, the organiser cancel. A
proposal is kept by this server process only, lapses after `CareerLimits.proposal_days`, and
each proposer has one at a time in a campaign (a new one replaces his last). Once all have
accepted, the draw is rolled with the combat's secrets (careers_secrets.py) and the combat
begins, checked again against the campaign as it then is.

**Running.** Each combat in progress started here has a `CombatRunner` (no thread of its
own). The request that brings an answer or the last acceptance runs it until it waits; the
one worker thread of this desk takes up the combats after a start (`resume_all`), runs a
combat again when its table is over, and a failed one when its page asks after a while.

**Caps.** Combats in progress started here and proposals waiting count against
`CareerLimits.per_campaign` (one more: 409) and `CareerLimits.combats` on the server (one
more: 429 with Retry-After).
"""

from __future__ import annotations

import contextlib
import logging
import secrets
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..careers.campaign import Campaign
from ..careers.data import load_tables
from ..careers.dice import TableDice
from ..careers.fights import HUMAN, engine_players, make_plan, program_dice, virtual_guests
from ..careers.prearena import rollers
from ..careers.progress import CombatInProgress
from ..careers.sequence import Arena, begin_combat, check_familiae
from ..careers.sheet import CareerError, Sheet
from ..store import Store
from ..store.table_rows import UNFINISHED
from .careers_access import Actor, refuse
from .careers_arena import PlatformArena, TableArena, Wake
from .careers_errors import CampaignNotFound, ServerFull, TooManyCombats
from .careers_limits import CareerLimits
from .careers_runner import CombatRunner
from .careers_secrets import draw_secrets
from .service import TableService
from .tokens import new_table_id

log = logging.getLogger("colosseum.web")

LEVELS = ("random", "heuristic", "easy", "normal", "hard")  # computer players offered here
POLL = 0.5  # seconds between two looks at the tables combats are fought at
RETRY = 5.0  # seconds before a failed combat is run again when its page asks
RETRY_AFTER = 60  # seconds a client is asked to wait when the server runs all it may
ORGANISER_NAME = "the organiser"


@dataclass(slots=True)
class Proposal:
    """A combat proposed and not yet begun: what it will be, and who has accepted it."""

    id: str
    campaign: int  # the campaign's key in the store
    lanistae: list[str]
    persons: list[str]  # the lanistae asked their choices (a person plays them)
    request: dict[str, Any]  # arena, players, virtual, virtual_ranks, turn_limit, dice
    proposer: str  # a lanista, or ORGANISER_NAME
    organiser: bool  # proposed by the organiser (else by `proposer`'s key)
    accepted: list[str] = field(default_factory=list)
    created: float = field(default_factory=time.time)

    def waiting_for(self) -> list[str]:
        return [n for n in self.lanistae if n not in self.accepted]

    def view(self, status: str = "waiting") -> dict[str, Any]:
        """The proposal as anyone may see it (nothing of it is secret)."""
        return {
            "proposal": self.id,
            "status": status,
            "lanistae": list(self.lanistae),
            "persons": list(self.persons),
            "arena": self.request["arena"],
            "players": self.request["players"],
            "virtual": self.request["virtual"],
            "turn_limit": self.request["turn_limit"],
            "proposer": self.proposer,
            "by_organiser": self.organiser,
            "accepted": list(self.accepted),
            "waiting_for": self.waiting_for(),
            "combat": None,
        }


def is_web(combat: CombatInProgress) -> bool:
    """Whether the combat was begun on this server with keys (its plan has its seat key);
    one begun at the terminal, or before keys, is finished by `colosseum career resume`."""
    plan = combat.plan.get("plan") or {}
    return isinstance(plan, dict) and "seat_key" in plan


class CombatDesk:
    """Proposals, the combats begun from them, and their runners, for one store."""

    def __init__(
        self, store: Store, tables: TableService, wake: Wake, limits: CareerLimits
    ) -> None:
        self.store, self.tables, self.wake, self.limits = store, tables, wake, limits
        self._runners: dict[tuple[int, int], CombatRunner] = {}
        self._proposals: dict[str, Proposal] = {}
        self._guard = threading.Lock()
        self._nudge = threading.Event()
        self._stopped = threading.Event()
        self._worker = threading.Thread(target=self._work, name="careers", daemon=True)

    # --- proposals ----------------------------------------------------------------------------

    def propose(
        self, campaign: Campaign, actor: Actor, request: Mapping[str, Any]
    ) -> dict[str, Any]:
        """A combat proposed by `actor` (one of its lanistae, or the organiser), checked as
        `career fight` checks one, nothing drawn; begun at once if nobody else must accept."""
        checked = check_request(campaign, request)
        if actor.lanista is not None and actor.lanista in checked.names:
            proposer = actor.lanista  # a founder's account proposes as his ludus's lanista
        elif actor.organiser:
            proposer = ORGANISER_NAME
        else:
            needed = "the key of one of its lanistae (or the organiser's)"
            raise refuse(actor, needed, "proposing a combat")
        proposal = Proposal(
            secrets.token_urlsafe(9),
            campaign.key,
            checked.names,
            checked.persons,
            dict(checked.request),
            proposer,
            proposer == ORGANISER_NAME,
        )
        proposal.accepted = _acceptable(actor, proposal)
        with self._guard:
            self._lapse()
            for other in list(self._proposals.values()):
                same = (other.organiser, other.proposer) == (proposal.organiser, proposer)
                if other.campaign == campaign.key and same:
                    del self._proposals[other.id]  # one proposal a proposer: the new one
            self._check_caps(campaign)
            self._proposals[proposal.id] = proposal
        return self._begin_if_accepted(campaign, proposal)

    def accept(self, campaign: Campaign, actor: Actor, proposal_id: str) -> dict[str, Any]:
        """`actor` accepts the proposal for the ludi he may; the combat begins once all have."""
        proposal = self._proposal(campaign, proposal_id)
        mine = _acceptable(actor, proposal)
        if not mine:
            waiting = " and ".join(proposal.waiting_for())
            needed = f"the key of {waiting} (the organiser's for a ludus the computer plays)"
            raise refuse(actor, needed, "accepting this combat")
        with self._guard:
            proposal.accepted += [n for n in mine if n not in proposal.accepted]
        return self._begin_if_accepted(campaign, proposal)

    def decline(self, campaign: Campaign, actor: Actor, proposal_id: str) -> dict[str, Any]:
        """A lanista of the proposal declines it, its proposer withdraws it, or the organiser
        cancels it: it is gone, nothing drawn."""
        proposal = self._proposal(campaign, proposal_id)
        allowed = actor.organiser or (
            actor.lanista is not None and actor.lanista in proposal.lanistae
        )
        if not allowed:
            needed = "the key of one of its lanistae (or the organiser's)"
            raise refuse(actor, needed, "declining this combat")
        with self._guard:
            self._proposals.pop(proposal.id, None)
        return proposal.view("declined")

    def proposals(self, campaign: Campaign) -> list[dict[str, Any]]:
        """The campaign's proposals waiting, oldest first."""
        with self._guard:
            self._lapse()
            found = [p for p in self._proposals.values() if p.campaign == campaign.key]
        return [p.view() for p in sorted(found, key=lambda p: p.created)]

    def _proposal(self, campaign: Campaign, proposal_id: str) -> Proposal:
        with self._guard:
            self._lapse()
            found = self._proposals.get(proposal_id)
        if found is None or found.campaign != campaign.key:
            raise CampaignNotFound(
                f"{campaign.name!r} has no proposal {proposal_id!r} waiting (begun, declined, "
                "lapsed, replaced by its proposer's next, or lost when the server restarted)"
            )
        return found

    def _lapse(self) -> None:
        """Drop the proposals older than the limit (the guard held)."""
        oldest = time.time() - self.limits.proposal_days * 86400
        for proposal in list(self._proposals.values()):
            if proposal.created < oldest:
                del self._proposals[proposal.id]

    def _check_caps(self, campaign: Campaign) -> None:
        """Refuse one more combat over the campaign's cap or the server's (the guard held)."""
        running = [r for r in self._runners.values() if r.phase not in ("done",)]
        total = len(running) + len(self._proposals)
        if total >= self.limits.combats:
            raise ServerFull(
                f"this server runs {total} combats and proposals, the most it may "
                f"(COLOSSEUM_CAREERS_COMBATS={self.limits.combats}): try again later",
                RETRY_AFTER,
            )
        mine = sum(1 for c in campaign.combats.values() if is_web(c))
        mine += sum(1 for p in self._proposals.values() if p.campaign == campaign.key)
        if mine >= self.limits.per_campaign:
            raise TooManyCombats(
                f"{campaign.name!r} has {mine} combats in progress or proposed, the most it may "
                f"(COLOSSEUM_CAREERS_CAMPAIGN_COMBATS={self.limits.per_campaign}): finish or "
                "decline one first"
            )

    def _begin_if_accepted(self, campaign: Campaign, proposal: Proposal) -> dict[str, Any]:
        if proposal.waiting_for():
            return proposal.view()
        with self._guard:
            taken = self._proposals.pop(proposal.id, None)
        if taken is None:  # begun by a request of the same moment
            raise CampaignNotFound(f"the proposal {proposal.id!r} has begun already: reload")
        begun = self._begin(campaign, proposal)
        return {**proposal.view("begun"), "combat": begun}

    # --- beginning ----------------------------------------------------------------------------

    def _begin(self, campaign: Campaign, proposal: Proposal) -> int:
        """Draw the combat's secrets and its arena and reward, store `combat_begun`, and run
        the combat until it waits."""
        campaign.refresh()
        checked = check_request(campaign, proposal.request, proposal.lanistae)
        secret = draw_secrets()
        seed = int(secret["seed"])
        request = checked.request
        guests = virtual_guests(
            campaign, checked.names, request["virtual"], request["virtual_ranks"], seed
        )
        engine = request["arena"] == "engine"
        plan = make_plan(
            seed, checked.names, request["arena"], checked.specs if engine else None, auto=False
        )
        plan.update(secret)
        plan["table"] = new_table_id() if engine else None
        plan["turn_limit"] = request["turn_limit"]
        plan["accepted"] = list(proposal.accepted)
        plan["proposer"] = proposal.proposer
        dice = draw_dice(campaign, checked.names, guests, checked.persons, request["dice"], seed)
        begun = begin_combat(campaign, checked.names, dice, guests=guests, plan=plan)
        runner = self.runner(campaign, campaign.combats[begun], run=False)
        if runner is not None:
            runner.advance(phases=("starting",))  # unless the worker took it up first
        return begun

    # --- running ------------------------------------------------------------------------------

    def runner(
        self, campaign: Campaign, combat: CombatInProgress, run: bool = True
    ) -> CombatRunner | None:
        """The runner of a combat started here, made if this process has none yet (after a
        start; the worker then runs it unless `run` is False); None for one begun at the
        terminal."""
        if not is_web(combat):
            return None
        key = (campaign.key, combat.begun)
        with self._guard:
            runner = self._runners.get(key)
            if runner is None:
                runner = CombatRunner(
                    self.store,
                    campaign.name,
                    combat.begun,
                    dict(combat.plan),
                    self._arena,
                    campaign.settings.get("dice") == "table",
                    self.limits.answers,
                )
                self._runners[key] = runner
                if run:
                    self._nudge.set()
        if runner.retry(RETRY):
            self._nudge.set()
        return runner

    def restart(self, runner: CombatRunner) -> bool:
        """Run a combat stopped on an error again now (not after `RETRY` s); False if it has
        not stopped."""
        if not runner.retry(0):
            return False
        self._nudge.set()
        return True

    def _arena(self, runner: CombatRunner) -> Arena:
        if runner.plan.get("arena") == "table":
            return TableArena(runner)
        return PlatformArena(runner, self.tables, self.wake)

    def start(self) -> None:
        """Take up the unfinished combats started here, in the desk's worker thread."""
        self._worker.start()

    def resume_all(self) -> int:
        """Every unfinished combat started here gets its runner (run by the worker); how many."""
        count = 0
        for name in self.store.campaigns.names():
            if self._stopped.is_set():
                break
            try:
                campaign = Campaign.open(self.store, name, strict=False)
            except CareerError:
                continue
            for combat in list(campaign.combats.values()):
                if self.runner(campaign, combat) is not None:
                    count += 1
        return count

    def stop(self, timeout: float = 5.0) -> None:
        """The server stops: the worker ends after the run it is in (a waiting combat holds
        nothing to give up)."""
        self._stopped.set()
        self._nudge.set()
        if self._worker.is_alive():
            self._worker.join(timeout)

    def _work(self) -> None:
        """The desk's one worker: runs new and failed runners, and those whose table is over."""
        with contextlib.suppress(Exception):
            self.resume_all()
        while not self._stopped.is_set():
            self._nudge.wait(POLL)
            self._nudge.clear()
            with self._guard:
                runners = list(self._runners.items())
            for key, runner in runners:
                if self._stopped.is_set():
                    return
                try:
                    self._look_at(key, runner)
                except Exception:  # the worker goes on for the other combats
                    log.exception("the careers worker failed on combat %s#%s", *key)

    def _look_at(self, key: tuple[int, int], runner: CombatRunner) -> None:
        """Run a runner that waits for nobody: new, taken up again, or its table over."""
        if runner.phase == "starting":
            runner.advance(wait=0, phases=("starting",))
        elif runner.phase == "arena" and self._table_over(runner.table):
            runner.advance(wait=0, phases=("arena",))
        if runner.phase == "done":
            with self._guard:
                self._runners.pop(key, None)

    def _table_over(self, table: str | None) -> bool:
        try:
            row = self.store.tables.find(str(table))
        except Exception:  # the database may be down a moment: look again later
            log.warning("could not read the combat table %s", table, exc_info=True)
            return False
        return row is None or row.status not in UNFINISHED


@dataclass(frozen=True, slots=True)
class Checked:
    """A combat's request checked against the campaign: its lanistae as the campaign names
    them, one player per ludus, who plays in person, the request normalized."""

    names: list[str]
    specs: list[str]
    persons: list[str]
    request: dict[str, Any]


def check_request(
    campaign: Campaign, request: Mapping[str, Any], names: Sequence[str] | None = None
) -> Checked:
    """Every check `career fight` makes before a die is rolled, and the levels of computer
    players the server offers; CareerError (422) for the first that fails."""
    arena = str(request.get("arena") or "engine")
    virtual = bool(request.get("virtual"))
    ranks = request.get("virtual_ranks")
    turn_limit = int(request.get("turn_limit") or 0)
    players = request.get("players")
    names = [campaign.lanista(n) for n in (names or request.get("lanistae") or [])]
    guests = virtual_guests(campaign, names, virtual, ranks, 0)  # checked; rolled at the draw
    if not 2 <= len(names) + len(guests) <= 4 or len(set(names)) != len(names):
        raise CareerError("a combat is fought by 2 to 4 different lanistae")
    ludi = len(names) + len(guests)
    if arena == "engine" and players is None:
        players = [HUMAN] * len(names) + ["heuristic"] * len(guests)
    for spec in players or []:
        if spec.strip().lower() not in (HUMAN, *LEVELS):
            raise CareerError(
                f"a player here is {HUMAN} or a computer of level {', '.join(LEVELS)}, not {spec!r}"
            )
    specs = [s.strip().lower() for s in engine_players(arena, players, ludi, auto=False)]
    if any(spec == HUMAN for spec in specs[len(names) :]):
        raise CareerError("a virtual ludus is played by a computer here (e.g. heuristic)")
    if turn_limit and arena != "engine":
        raise CareerError("a turn limit is for a combat at a Jugula table, not a physical one")
    persons = list(
        make_plan(0, names, arena, specs if arena == "engine" else None, False)["humans"]
    )
    for name in names:
        busy = campaign.combat_of(name)
        if busy is not None:
            raise CareerError(f"{name} fights in {busy.describe()}, not finished")
    check_familiae([campaign.sheets[n] for n in names], load_tables())
    dice = request.get("dice")
    draw_dice(campaign, names, guests, persons, dice, 0)  # the count of the draw's dice
    normal = {
        "arena": arena,
        "players": specs if arena == "engine" else None,
        "virtual": virtual,
        "virtual_ranks": None if ranks is None else list(ranks),
        "turn_limit": turn_limit,
        "dice": None if dice is None else list(dice),
    }
    return Checked(names, specs, persons, normal)


def draw_dice(
    campaign: Campaign,
    names: list[str],
    guests: list[Sheet],
    persons: list[str],
    dice: Sequence[int] | None,
    seed: int,
) -> Callable[[str], Any]:
    """The draw's dice: the program's, or (companion mode) those typed with the request:
    each roller's arena die, then each one's reward die (none for what is fixed)."""
    if campaign.settings.get("dice") != "table":
        if dice:
            raise CareerError("this campaign's dice are rolled by the program: type none")
        return program_dice(seed)
    if not persons:
        raise CareerError(
            "this campaign's dice are rolled at the table: a person must fight in this combat"
        )
    rolling, _ = rollers([*(campaign.sheets[n] for n in names), *guests])
    who = " and ".join(s.lanista for s in rolling)
    fixed = {"arena": "fixed_arena_roll", "reward": "fixed_rewards"}
    kinds = [kind for kind, option in fixed.items() if not campaign.settings.get(option)]
    needed = len(rolling) * len(kinds)
    typed = list(dice or [])
    if len(typed) != needed or not all(
        isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in typed
    ):
        what = ", then ".join(f"{who}'s {k} dice" for k in kinds) or "no dice"
        raise CareerError(
            f"the draw needs {needed} dice from the table (1 to 6): {what}; {len(typed)} given"
        )
    return lambda step: TableDice(typed)


def _acceptable(actor: Actor, proposal: Proposal) -> list[str]:
    """The ludi of the proposal whose acceptance `actor` gives: his own; the organiser's,
    those a computer plays and manages."""
    waiting = proposal.waiting_for()
    if actor.lanista is not None and actor.lanista in waiting:
        return [actor.lanista]
    if actor.organiser:
        return [n for n in waiting if n not in proposal.persons]
    return []

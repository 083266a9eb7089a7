"""The careers on the game server: campaigns listed and shown (record sheets, standings,
history, gazette), campaigns and ludi founded with the checks of `colosseum career new`, and
combats started, run and answered. It knows nothing of HTTP; `careers.py` calls it.

A combat started here keeps in its plan (the `combat_begun` event, stored with the draw in
one transaction): who plays in person, the SHA-256 of each person's combat link (192 random
bits, compared in constant time; the token itself is shown once, to whoever starts the
combat), and for a combat at a Jugula table the id that table will have. So a restart loses
nothing: the combat resumes from its last stored step (`careers_runner.py`), each link still
opens its lanista's page, and the table, made under the reserved id, is never made twice.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import quote

from ..careers.campaign import Campaign, campaign_settings, standing_rows
from ..careers.dice import TableDice
from ..careers.fights import (
    HUMAN,
    describe_draw,
    engine_players,
    make_plan,
    program_dice,
    virtual_guests,
)
from ..careers.gazette import gazette
from ..careers.prearena import rollers
from ..careers.progress import CombatInProgress
from ..careers.sequence import Arena, begin_combat
from ..careers.sheet import CareerError
from ..careers.views import history_rows, sheet_view
from ..store import NewEvent, Store, StoredEvent
from .careers_arena import PlatformArena, TableArena, Wake
from .careers_errors import CampaignNotFound, LinkRefused, NameInUse, QuestionGone
from .careers_runner import CombatRunner
from .service import TableService
from .tokens import matches, new_table_id, new_token, token_hash

SETTLE = 5.0  # seconds an answer waits for the combat to take it and ask on
RETRY = 5.0  # seconds before a failed combat is taken up again when its page asks
NAME_LENGTH = 100  # characters of a campaign's or a lanista's name given here


def _key(name: str) -> str:
    return name.strip().casefold()


class CareerService:
    """The campaigns of one store, and the combats this server process runs."""

    def __init__(self, store: Store, tables: TableService, wake: Wake) -> None:
        self.store, self.tables, self.wake = store, tables, wake
        self._runners: dict[tuple[int, int], CombatRunner] = {}
        self._guard = threading.Lock()
        self._stopped = False

    # --- campaigns ----------------------------------------------------------------------------

    def campaigns(self) -> list[dict[str, Any]]:
        """Every campaign, oldest first: its name, settings and number of events."""
        found = []
        for name, count in self.store.campaigns.summaries():
            row = self.store.campaigns.find(name)
            settings = row.settings if row is not None else {}
            found.append(
                {
                    "name": name,
                    "events": count,
                    "mode": settings.get("mode", "free"),
                    "glory_target": settings.get("glory_target"),
                    "dice": settings.get("dice", "program"),
                    "page": campaign_page(name),
                }
            )
        return found

    def create_campaign(
        self, name: str, settings: Mapping[str, Any], ludus: Mapping[str, Any] | None
    ) -> dict[str, Any]:
        """A new campaign under `settings` (checked as `career new` checks them), with its
        first ludus if given, in one transaction."""
        name = " ".join(name.split())
        if not name:
            raise CareerError("a campaign needs a name")
        if "/" in name or len(name) > NAME_LENGTH:
            raise CareerError(
                f"a campaign's name has at most {NAME_LENGTH} characters and no '/' "
                "(it is part of the campaign's address)"
            )
        checked = campaign_settings(**{k: v for k, v in settings.items() if v is not None})
        if self.store.campaigns.find(name) is not None:
            raise NameInUse(f"a campaign named {name!r} exists already")
        first = [NewEvent("ludus_created", ludus_event(ludus))] if ludus is not None else []
        try:
            opened = Campaign.found(self.store, name, checked, first)
        except CareerError as error:
            if "exists already" in str(error):
                raise NameInUse(str(error)) from None
            raise
        return self.campaign(opened.name)

    def found_ludus(self, name: str, ludus: Mapping[str, Any]) -> dict[str, Any]:
        """A lanista's ludus founded in the campaign (`career new` on a campaign that exists)."""
        campaign = self._open(name)
        stored = campaign.record("ludus_created", ludus_event(ludus))
        return sheet_view(campaign.sheets[str(stored.payload["lanista"])])

    def campaign(self, name: str) -> dict[str, Any]:
        """Everything the campaign's page shows: settings, sheets, standings, history (even
        past an event that does not replay), gazette, combats in progress."""
        campaign = self._open(name, strict=False)
        news = gazette(campaign) if campaign.broken is None else []
        return {
            "name": campaign.name,
            "page": campaign_page(campaign.name),
            "settings": campaign.settings,
            "broken": None if campaign.broken is None else str(campaign.broken),
            "sheets": [sheet_view(s) for s in campaign.sheets.values()],
            "standings": standing_rows(campaign),
            "history": [{**r, "created": r["created"].isoformat()} for r in history_rows(campaign)],
            "gazette": [
                {"seq": e.seq, "created": e.created.isoformat(), "text": text} for e, text in news
            ],
            "combats": [self._entry(campaign, c) for c in campaign.combats.values()],
        }

    def _entry(self, campaign: Campaign, combat: CombatInProgress) -> dict[str, Any]:
        plan = dict(combat.plan.get("plan") or {})
        web = "links" in plan
        runner = self._runner(campaign, combat) if web else None
        shown = runner.snapshot(None) if runner is not None else {}
        return {
            "combat": combat.begun,
            "lanistae": combat.lanistae,
            "draw": describe_draw(combat),
            "web": web,
            "page": combat_page(campaign.name, combat.begun) if web else None,
            "phase": shown.get("phase", "in progress"),
            "waiting_for": shown.get("waiting_for"),
            "table": plan.get("table") if shown.get("table") else None,
        }

    # --- combats ------------------------------------------------------------------------------

    def start_combat(
        self,
        name: str,
        lanistae: Sequence[str],
        arena: str = "engine",
        players: Sequence[str] | None = None,
        virtual: bool = False,
        virtual_ranks: Sequence[str] | None = None,
        seed: int | None = None,
        turn_limit: int = 0,
        dice: Sequence[int] | None = None,
    ) -> dict[str, Any]:
        """Draw the arena and reward of a combat between `lanistae` (checked as `career
        fight` checks them, before any die) and start running it; a link per person."""
        campaign = self._open(name)
        names = [campaign.lanista(n) for n in lanistae]
        drawn = secrets.randbits(31) if seed is None else seed
        guests = virtual_guests(campaign, names, virtual, virtual_ranks, drawn)
        if not 2 <= len(names) + len(guests) <= 4 or len(set(names)) != len(names):
            raise CareerError("a combat is fought by 2 to 4 different lanistae")
        ludi = len(names) + len(guests)
        if arena == "engine" and players is None:
            players = [HUMAN] * len(names) + ["heuristic"] * len(guests)
        specs = engine_players(arena, players, ludi, auto=False)
        if any(spec.lower() == HUMAN for spec in specs[len(names) :]):
            raise CareerError("a virtual ludus is played by a computer here (e.g. heuristic)")
        if turn_limit and arena != "engine":
            raise CareerError("a turn limit is for a combat at a Jugula table, not a physical one")
        plan = make_plan(drawn, names, arena, specs if arena == "engine" else None, auto=False)
        humans = list(plan["humans"])
        table_dice = campaign.settings.get("dice") == "table"
        draw = self._draw_dice(campaign, names, guests, humans, dice, table_dice, drawn)
        tokens = {lanista: new_token() for lanista in humans}
        plan["links"] = {lanista: token_hash(token) for lanista, token in tokens.items()}
        plan["table"] = new_table_id() if arena == "engine" else None
        plan["turn_limit"] = turn_limit
        begun = begin_combat(campaign, names, draw, guests=guests, plan=plan)
        combat = campaign.combats[begun]
        self._runner(campaign, combat)
        page = combat_page(campaign.name, begun)
        return {
            "campaign": campaign.name,
            "combat": begun,
            "page": page,
            "draw": describe_draw(combat),
            "arena": str(combat.plan["arena"]),
            "reward": int(combat.plan["reward"]),
            "links": [
                {"lanista": lanista, "token": token, "link": f"{page}#token={token}"}
                for lanista, token in tokens.items()
            ],
        }

    def _draw_dice(
        self,
        campaign: Campaign,
        names: list[str],
        guests: list[Any],
        humans: list[str],
        dice: Sequence[int] | None,
        table_dice: bool,
        seed: int,
    ) -> Any:
        """The draw's dice: the program's, or (companion mode) those typed with the request:
        each roller's arena die, then each one's reward die (none for what is fixed)."""
        if not table_dice:
            if dice:
                raise CareerError("this campaign's dice are rolled by the program: type none")
            return program_dice(seed)
        if not humans:
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

    def combat_state(self, name: str, begun: int, token: str | None) -> dict[str, Any]:
        """A combat's page for the lanista whose link `token` is (None: anyone watching):
        where it stands, and his own question only."""
        campaign = self._open(name, strict=False)
        data = _begun(campaign, begun)
        plan = dict(data.get("plan") or {})
        lanista = _lanista_of(plan, token)
        state: dict[str, Any] = {
            "campaign": campaign.name,
            "combat": begun,
            "page": combat_page(campaign.name, begun),
            "campaign_page": campaign_page(campaign.name),
            "lanistae": [str(n) for n in data["lanistae"]],
            "humans": [str(n) for n in plan.get("humans", [])],
            "arena": str(data["arena"]),
            "reward": int(data["reward"]),
            "where": str(plan.get("arena", "engine")),
            "you": lanista,
            "phase": "done",
            "step": None,
            "waiting_for": None,
            "question": None,
            "table": None,
            "result": _result(campaign, begun),
            "error": None,
            "version": 0,
        }
        combat = campaign.combats.get(begun)
        if combat is not None:
            state["draw"] = describe_draw(combat)
            runner = self._runner(campaign, combat)
            if runner is None:
                state.update(phase="elsewhere")  # begun at the terminal: career resume
            else:
                shown = runner.snapshot(lanista)
                standing = shown.pop("table")
                state.update(shown)
                if standing:
                    state["table"] = {"id": standing, "seat": _seat(plan, data, lanista)}
        else:
            state["draw"] = f"{' v '.join(state['lanistae'])}: reward {state['reward']} aurei"
            if plan.get("table"):
                state["table"] = {"id": plan["table"], "seat": _seat(plan, data, lanista)}
        return state

    def answer(
        self, name: str, begun: int, token: str | None, question: str, answer: Any
    ) -> dict[str, Any]:
        """`token`'s lanista answers the question asked of him; his page as it then is."""
        if token is None:
            raise LinkRefused("answering needs your combat link: 'Authorization: Bearer <token>'")
        campaign = self._open(name, strict=False)
        data = _begun(campaign, begun)
        lanista = _lanista_of(dict(data.get("plan") or {}), token)
        combat = campaign.combats.get(begun)
        runner = self._runner(campaign, combat) if combat is not None else None
        if runner is None:
            raise QuestionGone("this combat asks nothing any more: reload the page")
        asked = runner.answer(str(lanista), question, answer)
        runner.settle(asked, SETTLE)
        return self.combat_state(name, begun, token)

    # --- running ------------------------------------------------------------------------------

    def _runner(self, campaign: Campaign, combat: CombatInProgress) -> CombatRunner | None:
        """The runner of a combat started here, started if this process has none (after a
        restart, or a failure a while ago); None for a combat begun at the terminal."""
        plan = dict(combat.plan.get("plan") or {})
        if "links" not in plan:
            return None
        key = (campaign.key, combat.begun)
        with self._guard:
            runner = self._runners.get(key)
            if self._stopped or (runner is not None and not runner.retry_due(RETRY)):
                return runner
            runner = CombatRunner(
                self.store,
                campaign.name,
                combat.begun,
                dict(combat.plan),
                self._arena,
                campaign.settings.get("dice") == "table",
            )
            self._runners[key] = runner
        return runner.start()

    def _arena(self, runner: CombatRunner) -> Arena:
        if runner.plan.get("arena") == "table":
            return TableArena(runner)
        return PlatformArena(runner, self.tables, self.wake)

    def resume_all(self) -> int:
        """After a start: every unfinished combat started here runs again; how many."""
        count = 0
        for name in self.store.campaigns.names():
            try:
                campaign = Campaign.open(self.store, name, strict=False)
            except CareerError:
                continue
            for combat in list(campaign.combats.values()):
                if self._runner(campaign, combat) is not None:
                    count += 1
        return count

    def stop(self, timeout: float = 5.0) -> None:
        """The server stops: every waiting question is given up, each thread ends."""
        with self._guard:
            self._stopped = True
            runners = list(self._runners.values())
        for runner in runners:
            runner.stop()
        for runner in runners:
            runner.thread.join(timeout)

    def _open(self, name: str, strict: bool = True) -> Campaign:
        if self.store.campaigns.find(name) is None:
            raise CampaignNotFound(f"no campaign named {name.strip()!r}")
        return Campaign.open(self.store, name, strict=strict)


def campaign_page(name: str) -> str:
    return f"/careers/{quote(name, safe='')}"


def combat_page(name: str, begun: int) -> str:
    return f"{campaign_page(name)}/combats/{begun}"


def ludus_event(ludus: Mapping[str, Any]) -> dict[str, Any]:
    """The `ludus_created` event of a ludus given by a page: its lanista, its four Tiro
    (name and armatura each) and first servitor; the sheet's own rules check the rest."""
    lanista = " ".join(str(ludus.get("lanista") or "").split())
    if len(lanista) > NAME_LENGTH:
        raise CareerError(f"a lanista's name has at most {NAME_LENGTH} characters")
    pairs = []
    for gladiator in ludus.get("gladiators") or []:
        name = " ".join(str(gladiator.get("name") or "").split())
        armatura = str(gladiator.get("armatura") or "").strip().lower()
        if not name or not armatura:
            raise CareerError("each gladiator has a name and an armatura")
        pairs.append([name, armatura])
    servitor = str(ludus.get("servitor") or "").strip().lower()
    return {"lanista": lanista, "gladiators": pairs, "servitor": servitor}


def _begun(campaign: Campaign, begun: int) -> dict[str, Any]:
    """The `combat_begun` event's data of combat `begun`."""
    event: StoredEvent | None = next((e for e in campaign.history if e.seq == begun), None)
    if event is None or event.kind != "combat_begun":
        raise CampaignNotFound(f"{campaign.name!r} has no combat begun at event #{begun}")
    return dict(event.payload)


def _lanista_of(plan: Mapping[str, Any], token: str | None) -> str | None:
    """The lanista whose combat link `token` is (every hash compared, in constant time)."""
    if token is None:
        return None
    found = None
    for lanista, stored in dict(plan.get("links") or {}).items():
        if matches(str(stored), token):
            found = str(lanista)
    if found is None:
        raise LinkRefused("this link is no lanista's of this combat")
    return found


def _seat(plan: Mapping[str, Any], data: Mapping[str, Any], lanista: str | None) -> int | None:
    """The seat at the Jugula table of a lanista who plays in person."""
    if lanista is None or lanista not in plan.get("humans", []):
        return None
    return [str(n) for n in data["lanistae"]].index(lanista)


def _result(campaign: Campaign, begun: int) -> dict[str, Any] | None:
    """The combat's result once fought: winners, who was sent, wounded and fallen."""
    for event in campaign.history:
        if event.kind == "combat" and event.payload.get("combat") == begun:
            data = event.payload
            return {
                "winners": list(data["winners"]),
                "deployed": dict(data["deployed"]),
                "wounded": [list(w) for w in data["wounded"]],
                "bitten": [list(b) for b in data["bitten"]],
            }
    return None

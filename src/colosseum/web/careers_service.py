"""The careers on the game server: campaigns listed and shown (record sheets, standings,
history, gazette), campaigns and ludi founded with the checks of `colosseum career new`, the
keys that say who acts (careers_access.py), and combats proposed, accepted, run and answered
(careers_combats.py). It knows nothing of HTTP; `careers.py` calls it with the request's
`Actor`, and every check of who may do what is made here.

A combat begun here keeps in its plan (the `combat_begun` event, stored with the draw in one
transaction) who plays in person, its secrets (careers_secrets.py: seed, salt, the key of its
seat tokens; shown to nobody before its end but the commitment), the turn limit, and for a
combat at a Jugula table the id that table will have. So a restart loses nothing stored: the
combat resumes from its last stored step, each lanista's key still opens his page, and the
table, made under the reserved id, is never made twice.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import quote

from ..careers.campaign import Campaign, campaign_settings, standing_rows
from ..careers.fights import describe_draw
from ..careers.gazette import GazettePage, gazette_page
from ..careers.sheet import CareerError
from ..careers.views import (
    KEY_EVENT,
    PAGE,
    HistoryPage,
    ended,
    fight_of,
    history_page,
    sheet_view,
)
from ..store import AccountRow, NewEvent, Store, StoredEvent
from .careers_access import (
    FOUNDER,
    LANISTA,
    ORGANISER,
    OWNER_EVENT,
    Actor,
    Owner,
    founder,
    identify,
    key_link,
    new_key,
    owned_by,
    owners,
    refuse,
    require_organiser,
)
from .careers_arena import Wake
from .careers_combats import CombatDesk, is_web
from .careers_errors import (
    AccountNotFound,
    CampaignNotFound,
    NameInUse,
    NotAllowed,
    NotStopped,
    OwnsALudus,
    QuestionGone,
)
from .careers_limits import CareerLimits
from .careers_secrets import revealed, seat_token
from .service import TableService

SETTLE = 5.0  # seconds an answer waits while the combat takes another one
NAME_LENGTH = 100  # characters of a campaign's or a lanista's name given here


class CareerService:
    """The campaigns of one store, and the combats this server process runs."""

    def __init__(
        self,
        store: Store,
        tables: TableService,
        wake: Wake,
        limits: CareerLimits | None = None,
    ) -> None:
        self.store, self.tables = store, tables
        self.desk = CombatDesk(store, tables, wake, limits or CareerLimits())

    def start(self) -> None:
        """Take up the unfinished combats started here (in the background)."""
        self.desk.start()

    def stop(self) -> None:
        self.desk.stop()

    # --- who acts -----------------------------------------------------------------------------

    def actor(self, name: str, key: str | None, account: AccountRow | None = None) -> Actor:
        """Who the request's key (or, without one, its signed-in `account`) makes its sender
        in the campaign `name`."""
        return identify(self._open(name, strict=False), key, _id(account))

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
        self,
        name: str,
        settings: Mapping[str, Any],
        ludus: Mapping[str, Any] | None,
        account: AccountRow | None = None,
    ) -> dict[str, Any]:
        """A new campaign under `settings` (checked as `career new` checks them), with its
        first ludus if given, in one transaction; the organiser's key and the first ludus's,
        each shown this once. Founded by a signed-in `account`, that account organises too
        and owns the first ludus (which then has no key)."""
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
        organiser, organiser_hash = new_key()
        checked[ORGANISER] = organiser_hash
        if account is not None:
            checked[FOUNDER] = account.id
        first = []
        ludus_key = None
        if ludus is not None:
            owner, ludus_key = _new_owner(account)
            first.append(NewEvent("ludus_created", {**ludus_event(ludus), **owner}))
        try:
            opened = Campaign.found(self.store, name, checked, first)
        except CareerError as error:
            if "exists already" in str(error):
                raise NameInUse(str(error)) from None
            raise
        page = campaign_page(opened.name)
        keys = [_key_view("organiser", None, organiser, page)]
        if ludus_key is not None:
            keys.append(_key_view("lanista", next(iter(opened.sheets)), ludus_key, page))
        return {**self.campaign(opened.name), "keys": keys}

    def found_ludus(
        self, name: str, ludus: Mapping[str, Any], account: AccountRow | None = None
    ) -> dict[str, Any]:
        """A lanista's ludus founded in the campaign (`career new` on a campaign that exists),
        by anyone with the campaign's address; its key shown this once, or, founded by a
        signed-in `account`, owned by that account (no key)."""
        campaign = self._open(name)
        if account is not None:
            self._one_each(campaign, account)
        owner, key = _new_owner(account)
        stored = campaign.record("ludus_created", {**ludus_event(ludus), **owner})
        lanista = str(stored.payload["lanista"])
        page = campaign_page(campaign.name)
        shown = (
            _key_view("lanista", lanista, key, page)
            if key is not None
            else {"role": "lanista", "key": None, "link": None}
        )
        owned = None if account is None else account.name
        return {**sheet_view(campaign.sheets[lanista]), **shown, "owner": owned}

    def claim(self, name: str, actor: Actor, lanista: str, account: AccountRow) -> dict[str, Any]:
        """The holder of a guest's ludus's key gives it to his signed-in `account`: from
        then on the account acts for it and the key opens nothing."""
        campaign = self._open(name)
        found = campaign.lanista(lanista)
        if actor.account is not None or actor.role != LANISTA or actor.lanista != found:
            raise refuse(actor, f"{found}'s key", f"claiming {found}'s ludus")
        return self._give(campaign, found, account)

    def set_owner(self, name: str, actor: Actor, lanista: str, account_name: str) -> dict[str, Any]:
        """The organiser gives a ludus to the account named `account_name` (its owner is
        gone, or changes): from then on that account acts for it, and nobody else."""
        campaign = self._open(name)
        require_organiser(actor, "giving a ludus to an account")
        found = campaign.lanista(lanista)
        account = self.store.accounts.by_name(account_name)
        if account is None or not account.usable:
            raise AccountNotFound(f"no account named {account_name.strip()!r} may act here")
        return self._give(campaign, found, account)

    def _give(self, campaign: Campaign, lanista: str, account: AccountRow) -> dict[str, Any]:
        """`lanista`'s ludus given to `account` (an event), unless it is its already."""
        if owners(campaign).get(lanista, _NOBODY).account != account.id:
            self._one_each(campaign, account)
            campaign.record(OWNER_EVENT, {"lanista": lanista, "account": account.id})
        return {"lanista": lanista, "owner": account.name}

    def _one_each(self, campaign: Campaign, account: AccountRow) -> None:
        """OwnsALudus if `account` owns a ludus of the campaign already."""
        mine = owned_by(campaign, account.id)
        if mine is not None:
            raise OwnsALudus(
                f"the account {account.name!r} owns {mine}'s ludus in {campaign.name!r} "
                "already: an account owns one ludus of a campaign"
            )

    def account_name(self, account: int | None) -> str | None:
        """The name an account id shows ("deleted player N" once deleted), or None."""
        if account is None:
            return None
        row = self.store.accounts.get(account)
        return None if row is None else row.name

    def issue_key(self, name: str, actor: Actor, lanista: str) -> dict[str, Any]:
        """The organiser issues a ludus's key anew (its lanista lost his): the key before it
        opens nothing any more; the new one is shown this once."""
        campaign = self._open(name)
        require_organiser(actor, "issuing a ludus's key anew")
        found = campaign.lanista(lanista)
        key, digest = new_key()
        campaign.record(KEY_EVENT, {"lanista": found, "key": digest})
        return _key_view("lanista", found, key, campaign_page(campaign.name))

    def campaign(
        self,
        name: str,
        before: int | None = None,
        season: str | None = None,
        gazette_before: int | None = None,
    ) -> dict[str, Any]:
        """Everything the campaign's page shows: settings, sheets, standings, a page of the
        history (even past an event that does not replay; the newest unless `before`), a page
        of the gazette (the newest season's unless `season`), proposals and combats in
        progress."""
        campaign = self._open(name, strict=False)
        owned = owners(campaign)
        ids = [o.account for o in owned.values() if o.account is not None]
        names = {i: row.name for i, row in self.store.accounts.by_ids([*ids]).items()}
        first = founder(campaign)
        account = {n: names.get(o.account) for n, o in owned.items() if o.account is not None}
        history = _history_view(campaign, history_page(campaign, before))
        news = _gazette_view(campaign, _news(campaign, season, gazette_before, PAGE))
        return {
            "name": campaign.name,
            "page": campaign_page(campaign.name),
            "settings": {
                k: v for k, v in campaign.settings.items() if k not in (ORGANISER, FOUNDER)
            },
            "organised": ORGANISER in campaign.settings or first is not None,
            "founder": self.account_name(first),
            "broken": None if campaign.broken is None else str(campaign.broken),
            "sheets": [
                {
                    **sheet_view(s),
                    "keyed": owned.get(s.lanista, _NOBODY).key is not None,
                    "owner": account.get(s.lanista),
                }
                for s in campaign.sheets.values()
            ],
            "standings": [
                {**row, "account": account.get(row["lanista"])} for row in standing_rows(campaign)
            ],
            "events": history["events"],
            "history": history["history"],
            "history_before": history["before"],
            "gazette": news["gazette"],
            "gazette_season": news["season"],
            "gazette_seasons": news["seasons"],
            "gazette_before": news["before"],
            "proposals": [self._proposal_view(campaign, p) for p in self.desk.proposals(campaign)],
            "combats": [self._entry(campaign, c) for c in campaign.combats.values()],
        }

    def history(self, name: str, before: int | None = None, limit: int = PAGE) -> dict[str, Any]:
        """A page of the campaign's history, newest first: at most `limit` of the events
        numbered below `before` (None: the newest), even past one that does not replay."""
        campaign = self._open(name, strict=False)
        return _history_view(campaign, history_page(campaign, before, limit))

    def gazette(
        self, name: str, season: str | None = None, before: int | None = None, limit: int = PAGE
    ) -> dict[str, Any]:
        """A page of the gazette of `season` (None: the newest), newest first: at most
        `limit` lines told by events numbered below `before`."""
        campaign = self._open(name, strict=False)
        return _gazette_view(campaign, _news(campaign, season, before, limit))

    def _entry(self, campaign: Campaign, combat: Any) -> dict[str, Any]:
        plan = dict(combat.plan.get("plan") or {})
        runner = self.desk.runner(campaign, combat)
        shown = runner.snapshot(None) if runner is not None else {}
        return {
            "combat": combat.begun,
            "lanistae": combat.lanistae,
            "draw": describe_draw(combat),
            "web": runner is not None,
            "page": combat_page(campaign.name, combat.begun) if runner is not None else None,
            "phase": shown.get("phase", "in progress"),
            "waiting_for": shown.get("waiting_for"),
            "table": plan.get("table") if shown.get("table") else None,
            "commitment": plan.get("commitment"),
        }

    # --- combats ------------------------------------------------------------------------------

    def propose(self, name: str, actor: Actor, request: Mapping[str, Any]) -> dict[str, Any]:
        """A combat proposed by one of its lanistae (or the organiser); it waits for the
        others' acceptance, nothing drawn."""
        campaign = self._open(name)
        return self._proposal_view(campaign, self.desk.propose(campaign, actor, request))

    def accept(self, name: str, actor: Actor, proposal: str) -> dict[str, Any]:
        campaign = self._open(name)
        return self._proposal_view(campaign, self.desk.accept(campaign, actor, proposal))

    def decline(self, name: str, actor: Actor, proposal: str) -> dict[str, Any]:
        campaign = self._open(name, strict=False)
        return self._proposal_view(campaign, self.desk.decline(campaign, actor, proposal))

    def _proposal_view(self, campaign: Campaign, view: dict[str, Any]) -> dict[str, Any]:
        begun = view.get("combat")
        return {
            **view,
            "campaign": campaign.name,
            "page": None if begun is None else combat_page(campaign.name, int(begun)),
        }

    def combat_state(self, name: str, begun: int, actor: Actor) -> dict[str, Any]:
        """A combat's page for `actor`: where it stands, and his own question and seat only
        if he is one of its lanistae."""
        campaign = self._open(name, strict=False)
        data = _begun(campaign, begun)
        plan = dict(data.get("plan") or {})
        lanistae = [str(n) for n in data["lanistae"]]
        lanista = actor.lanista if actor.lanista in lanistae else None
        combat = campaign.combats.get(begun)
        state: dict[str, Any] = {
            "campaign": campaign.name,
            "combat": begun,
            "page": combat_page(campaign.name, begun),
            "campaign_page": campaign_page(campaign.name),
            "lanistae": lanistae,
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
            **revealed(plan, ended=ended(campaign, begun)),
        }
        table = plan.get("table")
        if combat is not None:
            state["draw"] = describe_draw(combat)
            runner = self.desk.runner(campaign, combat)
            if runner is None:
                state.update(phase="elsewhere")  # begun at the terminal: career resume
                table = None
            else:
                shown = runner.snapshot(lanista)
                if not shown.pop("table"):
                    table = None
                state.update(shown)
        else:
            state["draw"] = f"{' v '.join(lanistae)}: reward {state['reward']} aurei"
        if table:
            state["table"] = _table_ref(plan, lanistae, str(table), lanista)
        return state

    def answer(
        self, name: str, begun: int, actor: Actor, question: str, answer: Any
    ) -> dict[str, Any]:
        """`actor`'s lanista answers the question asked of him; his page as it then is."""
        if actor.lanista is None:
            raise refuse(actor, "the key of the lanista asked", "answering")
        campaign = self._open(name, strict=False)
        data = _begun(campaign, begun)
        if actor.lanista not in [str(n) for n in data["lanistae"]]:
            raise NotAllowed(f"{actor.lanista} does not fight in this combat: nothing to answer")
        combat = campaign.combats.get(begun)
        runner = self.desk.runner(campaign, combat) if combat is not None else None
        if runner is None:
            raise QuestionGone("this combat asks nothing any more: reload the page")
        runner.answer(actor.lanista, question, answer, SETTLE)
        return self.combat_state(name, begun, actor)

    def restart(self, name: str, begun: int, actor: Actor) -> dict[str, Any]:
        """The organiser runs a combat stopped on an error again at once (it would be, a few
        seconds after its page next asks); NotStopped if it has not stopped."""
        campaign = self._open(name, strict=False)
        require_organiser(actor, "restarting a combat")
        combat = campaign.combats.get(begun)
        runner = self.desk.runner(campaign, combat) if combat is not None else None
        if runner is None:
            raise CampaignNotFound(
                f"{campaign.name!r} has no combat in progress here begun at event #{begun}"
            )
        if not self.desk.restart(runner):
            raise NotStopped(f"the combat has not stopped (it is {runner.phase}): nothing to do")
        return self.combat_state(name, begun, actor)

    def _open(self, name: str, strict: bool = True) -> Campaign:
        if self.store.campaigns.find(name) is None:
            raise CampaignNotFound(f"no campaign named {name.strip()!r}")
        return Campaign.open(self.store, name, strict=strict)


_NOBODY = Owner()


def _id(account: AccountRow | None) -> int | None:
    return None if account is None else account.id


def _new_owner(account: AccountRow | None) -> tuple[dict[str, Any], str | None]:
    """What a new ludus's `ludus_created` event says of its owner, and its key: the
    signed-in account's id (no key), or a new key's hash (the key returned, shown once)."""
    if account is not None:
        return {"account": account.id}, None
    key, digest = new_key()
    return {"key": digest}, key


def campaign_page(name: str) -> str:
    return f"/careers/{quote(name, safe='')}"


def combat_page(name: str, begun: int) -> str:
    return f"{campaign_page(name)}/combats/{begun}"


def _key_view(role: str, lanista: str | None, key: str, page: str) -> dict[str, Any]:
    """A key as it is shown, once: whose, the key, and the link that hands it to a browser."""
    return {"role": role, "lanista": lanista, "key": key, "link": key_link(page, key)}


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


def _history_view(campaign: Campaign, page: HistoryPage) -> dict[str, Any]:
    return {
        "campaign": campaign.name,
        "events": page.events,
        "history": [{**r, "created": r["created"].isoformat()} for r in page.rows],
        "before": page.before,
    }


def _news(campaign: Campaign, season: str | None, before: int | None, limit: int) -> GazettePage:
    """A page of the gazette; none of a campaign with an event that does not replay (its
    news might be told from that event's broken data)."""
    if campaign.broken is not None:
        return GazettePage(None, [], [], None)
    return gazette_page(campaign, season, before, limit)


def _gazette_view(campaign: Campaign, page: GazettePage) -> dict[str, Any]:
    return {
        "campaign": campaign.name,
        "season": page.season,
        "seasons": page.seasons,
        "gazette": [
            {"seq": e.seq, "created": e.created.isoformat(), "text": text} for e, text in page.lines
        ],
        "before": page.before,
    }


def _begun(campaign: Campaign, begun: int) -> dict[str, Any]:
    """The `combat_begun` event's data of combat `begun`."""
    event: StoredEvent | None = campaign.store.campaigns.event(campaign.key, begun)
    if event is None or event.kind != "combat_begun":
        raise CampaignNotFound(f"{campaign.name!r} has no combat begun at event #{begun}")
    return dict(event.payload)


def _table_ref(
    plan: Mapping[str, Any], lanistae: list[str], table: str, lanista: str | None
) -> dict[str, Any]:
    """The combat's table, and for a lanista who plays there in person his seat and its
    token (to him alone)."""
    if lanista is None or lanista not in plan.get("humans", []) or "seat_key" not in plan:
        return {"id": table, "seat": None, "token": None}
    return {"id": table, "seat": lanistae.index(lanista), "token": seat_token(plan, lanista)}


def _result(campaign: Campaign, begun: int) -> dict[str, Any] | None:
    """The combat's result once fought: winners, who was sent, wounded and fallen."""
    data = fight_of(campaign, begun)
    if data is not None:
        return {
            "winners": list(data["winners"]),
            "deployed": dict(data["deployed"]),
            "wounded": [list(w) for w in data["wounded"]],
            "bitten": [list(b) for b in data["bitten"]],
        }
    return None


__all__ = ["CareerService", "campaign_page", "combat_page", "is_web", "ludus_event"]

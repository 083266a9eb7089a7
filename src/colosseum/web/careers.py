"""The careers area of the server (docs/web.md, "Careers on the web"): one router holding the
JSON API under `/api/careers`, the pages under `/careers` and the how-to page at
`/howto/careers`. Its lifespan makes the careers service once the table service stands, which
takes up every unfinished combat started here in its one worker, stopped with the server.
Who sends a request is decided once, by the `actor` dependency (the Bearer key, else the
sign-in cookie's account, else nobody);
handlers parse, call `CareerService` (which knows nothing of HTTP) with that actor, and answer.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated, Any
from urllib.parse import urlencode

from fastapi import APIRouter, Depends, FastAPI, Query, Request
from fastapi.responses import HTMLResponse

from ..careers.data import load_tables
from ..careers.views import MOST, PAGE
from ..games.jugula.data import load_catalog
from .api import bearer
from .careers_access import ANYONE, Actor
from .careers_combats import LEVELS
from .careers_limits import CareerLimits
from .careers_models import (
    ActorView,
    Answer,
    CampaignEntry,
    CampaignView,
    CombatState,
    FoundedCampaign,
    FoundedLudus,
    GazetteView,
    HistoryView,
    KeyView,
    NewCampaign,
    NewLudus,
    NewOwner,
    OwnerView,
    ProposalView,
    ProposeCombat,
)
from .careers_service import CareerService
from .live import LiveTable
from .pages import howto_html, templates
from .signin import AccountDep, SignedInDep

SEAT_KINDS = ["human", *LEVELS]


@asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    hub = app.state.hub
    loop = asyncio.get_running_loop()

    def wake(live: LiveTable) -> None:
        with contextlib.suppress(RuntimeError):  # the loop closed: the server stopped
            loop.call_soon_threadsafe(hub.wake, live)

    limits = CareerLimits.from_environment()
    service = CareerService(hub.service.store, hub.service, wake, limits)
    app.state.careers = service
    service.start()
    try:
        yield
    finally:
        await asyncio.to_thread(service.stop)


careers = APIRouter(lifespan=lifespan)
api = APIRouter(prefix="/api/careers", tags=["careers"])
pages = APIRouter(include_in_schema=False)


def _service(request: Request) -> CareerService:
    found: CareerService = request.app.state.careers
    return found


ServiceDep = Annotated[CareerService, Depends(_service)]
TokenDep = Annotated[str | None, Depends(bearer)]


def actor(name: str, careers: ServiceDep, key: TokenDep, account: AccountDep) -> Actor:
    """Who sends the request in campaign `name`: by its key, the organiser or a lanista (401
    for a key of nobody there); without one, by its sign-in, the account's ludus's lanista
    and, for the founder's account, the organiser; else a guest. The one place a request's
    key and account are read."""
    return careers.actor(name, key, account)


ActorDep = Annotated[Actor, Depends(actor)]

# A page of the history or the gazette: its bounds (careers/views.py); a value outside them is
# refused (422) before anything is read.
SEQ_MOST = 2**31 - 1  # an event's number is a 32-bit integer in the store
BeforeQuery = Annotated[
    int | None,
    Query(ge=1, le=SEQ_MOST, description="the events numbered below it; default the newest"),
]
LimitQuery = Annotated[int, Query(ge=1, le=MOST, description=f"entries on the page, 1 to {MOST}")]
SeasonQuery = Annotated[
    str | None,
    Query(
        pattern=r"^[0-9]{4}-[0-9]{2}$",
        description="a season: a calendar month (UTC) written YYYY-MM; default the newest",
        examples=["2026-03"],
    ),
]


# --- the API ----------------------------------------------------------------------------------


@api.get("", response_model=list[CampaignEntry])
def list_campaigns(careers: ServiceDep) -> list[dict[str, Any]]:
    """Every campaign, oldest first."""
    return careers.campaigns()


@api.post("", response_model=FoundedCampaign, status_code=201)
def create_campaign(
    request: NewCampaign, careers: ServiceDep, account: AccountDep
) -> dict[str, Any]:
    """A new campaign under its settings, with its first ludus if given (`career new`); the
    organiser's key (and a guest's first ludus's), shown this once. Signed in, the account
    organises it too and owns its first ludus."""
    settings = request.model_dump(exclude={"name", "ludus"})
    ludus = request.ludus.model_dump() if request.ludus is not None else None
    return careers.create_campaign(request.name, settings, ludus, account)


@api.get("/{name}", response_model=CampaignView)
def show_campaign(name: str, careers: ServiceDep) -> dict[str, Any]:
    """The record sheets, standings, the newest page of the history and of the gazette (the
    older ones: `/history`, `/gazette`), proposals and combats in progress."""
    return careers.campaign(name)


@api.get("/{name}/history", response_model=HistoryView)
def campaign_history(
    name: str, careers: ServiceDep, before: BeforeQuery = None, limit: LimitQuery = PAGE
) -> dict[str, Any]:
    """A page of the history, newest first: at most `limit` of the events numbered below
    `before`; the answer's `before` asks the next, older page."""
    return careers.history(name, before, limit)


@api.get("/{name}/gazette", response_model=GazetteView)
def campaign_gazette(
    name: str,
    careers: ServiceDep,
    season: SeasonQuery = None,
    before: BeforeQuery = None,
    limit: LimitQuery = PAGE,
) -> dict[str, Any]:
    """A page of the gazette of a season (a calendar month, UTC, of the campaign's play),
    newest first; `seasons` lists them all; the answer's `before` asks the season's next,
    older page. A season the campaign has not played is refused (422)."""
    return careers.gazette(name, season, before, limit)


@api.get("/{name}/actor", response_model=ActorView, response_model_exclude_defaults=True)
def who_acts(who: ActorDep, account: AccountDep) -> dict[str, Any]:
    """Who the request acts as: by its key, the organiser or a lanista; by its sign-in, its
    account's ludus's lanista, the organiser (founder), or an account owning nothing here;
    else a guest."""
    named = account.name if account is not None and who.account is not None else None
    return {
        "role": who.role,
        "lanista": who.lanista,
        "organiser": who.organiser,
        "account": named,
    }


@api.post("/{name}/ludi", response_model=FoundedLudus, status_code=201)
def found_ludus(
    name: str, request: NewLudus, careers: ServiceDep, account: AccountDep
) -> dict[str, Any]:
    """A lanista's new ludus: four Tiro of different armaturae, one servitor; his key,
    shown this once, or, signed in, owned by the account (no key; one ludus an account)."""
    return careers.found_ludus(name, request.model_dump(), account)


@api.post("/{name}/ludi/{lanista}/claim", response_model=OwnerView)
def claim_ludus(
    name: str, lanista: str, careers: ServiceDep, who: ActorDep, account: SignedInDep
) -> dict[str, Any]:
    """The holder of a guest's ludus's key (sent as Bearer), signed in, gives the ludus to
    his account: from then on his sign-in acts for it and the key opens nothing."""
    return careers.claim(name, who, lanista, account)


@api.post("/{name}/ludi/{lanista}/owner", response_model=OwnerView)
def set_owner(
    name: str, lanista: str, request: NewOwner, careers: ServiceDep, who: ActorDep
) -> dict[str, Any]:
    """The organiser gives a ludus to an account by its name (its owner is gone): that
    account acts for it from then on, and nobody else."""
    return careers.set_owner(name, who, lanista, request.account)


@api.post("/{name}/ludi/{lanista}/key", response_model=KeyView, status_code=201)
def issue_key(name: str, lanista: str, careers: ServiceDep, who: ActorDep) -> dict[str, Any]:
    """The organiser issues a ludus's key anew; the one before it opens nothing any more."""
    return careers.issue_key(name, who, lanista)


@api.post("/{name}/combats", response_model=ProposalView, status_code=201)
def propose_combat(
    name: str, request: ProposeCombat, careers: ServiceDep, who: ActorDep
) -> dict[str, Any]:
    """A combat proposed with one of its lanistae's keys (or the organiser's); it begins,
    drawn then, once every other lanista has accepted it with his key."""
    return careers.propose(name, who, request.model_dump())


@api.post("/{name}/proposals/{proposal}/accept", response_model=ProposalView)
def accept_combat(name: str, proposal: str, careers: ServiceDep, who: ActorDep) -> dict[str, Any]:
    """The key's lanista accepts the proposed combat (the organiser for a computer's ludus)."""
    return careers.accept(name, who, proposal)


@api.post("/{name}/proposals/{proposal}/decline", response_model=ProposalView)
def decline_combat(name: str, proposal: str, careers: ServiceDep, who: ActorDep) -> dict[str, Any]:
    """One of its lanistae declines the proposed combat (or the organiser cancels it)."""
    return careers.decline(name, who, proposal)


@api.get("/{name}/combats/{combat}", response_model=CombatState)
def combat_state(name: str, combat: int, careers: ServiceDep, who: ActorDep) -> dict[str, Any]:
    """Where the combat stands; with a lanista's key, the question asked of him."""
    return careers.combat_state(name, combat, who)


@api.post("/{name}/combats/{combat}/answers", response_model=CombatState)
def answer(
    name: str, combat: int, request: Answer, careers: ServiceDep, who: ActorDep
) -> dict[str, Any]:
    """The key's lanista answers the question asked of him."""
    return careers.answer(name, combat, who, request.question, request.answer)


@api.post("/{name}/combats/{combat}/restart", response_model=CombatState)
def restart_combat(name: str, combat: int, careers: ServiceDep, who: ActorDep) -> dict[str, Any]:
    """The organiser runs a combat stopped on an error again, at once; 409 if it has not
    stopped."""
    return careers.restart(name, combat, who)


# --- the pages --------------------------------------------------------------------------------


def _catalogue() -> dict[str, Any]:
    """What the pages' forms offer: armaturae, servitors, campaign modes, seat kinds."""
    catalog, tables = load_catalog(), load_tables()
    return {
        "armaturae": [a.code for a in catalog.armaturae],
        "servitors": [s.code for s in tables.servitors],
        "seat_kinds": SEAT_KINDS,
    }


@pages.get("/careers", response_class=HTMLResponse)
def careers_page(request: Request, careers: ServiceDep) -> HTMLResponse:
    context = {"title": "Careers", "campaigns": careers.campaigns(), **_catalogue()}
    return templates.TemplateResponse(request, "careers.html", context)


def _you(careers: CareerService, name: str, account: Any) -> dict[str, Any]:
    """What the signed-in account is in campaign `name`, for its pages (its ludus, whether it
    organises); nothing signed out. The pages' scripts act for it by the cookie, no key."""
    if account is None:
        return {"account": None, "lanista": None, "organiser": False}
    who = careers.actor(name, None, account)
    return {"account": account.name, "lanista": who.lanista, "organiser": who.organiser}


def _links(
    campaign: dict[str, Any], before: int | None, season: str | None, gazette_before: int | None
) -> dict[str, Any]:
    """The campaign page's links to its other pages of history and gazette, plain links
    (`?before=N#history`, `?season=YYYY-MM#gazette`...), each keeping the other part's page."""

    def here(fragment: str, **query: Any) -> str:
        shown = {k: v for k, v in query.items() if v is not None}
        return f"{campaign['page']}{'?' + urlencode(shown) if shown else ''}#{fragment}"

    shown = campaign["gazette_season"]
    kept = {"season": season, "gazette_before": gazette_before}
    older = campaign["history_before"]
    news = campaign["gazette_before"]
    return {
        "older": None if older is None else here("history-title", before=older, **kept),
        "newest": None if before is None else here("history-title", **kept),
        "older_news": None
        if news is None
        else here("gazette-title", before=before, season=shown, gazette_before=news),
        "newest_news": None
        if gazette_before is None
        else here("gazette-title", before=before, season=shown),
        "seasons": [
            {
                "season": s,
                "link": here("gazette-title", before=before, season=s),
                "shown": s == shown,
            }
            for s in campaign["gazette_seasons"]
        ],
    }


@pages.get("/careers/{name}", response_class=HTMLResponse)
def campaign_page(
    request: Request,
    name: str,
    careers: ServiceDep,
    account: AccountDep,
    before: BeforeQuery = None,
    season: SeasonQuery = None,
    gazette_before: BeforeQuery = None,
) -> HTMLResponse:
    """The campaign: a page of its history (`before`) and of its gazette (`season`,
    `gazette_before`), with plain links to the others (no script needed)."""
    campaign = careers.campaign(name, before, season, gazette_before)
    context = {
        "title": f"Careers: {campaign['name']}",
        "campaign": campaign,
        "links": _links(campaign, before, season, gazette_before),
        "you": _you(careers, name, account),
        **_catalogue(),
    }
    return templates.TemplateResponse(request, "campaign.html", context)


@pages.get("/careers/{name}/combats/{combat}", response_class=HTMLResponse)
def combat_page(
    request: Request, name: str, combat: int, careers: ServiceDep, account: AccountDep
) -> HTMLResponse:
    state = careers.combat_state(name, combat, ANYONE)
    context = {
        "title": f"Combat: {' v '.join(state['lanistae'])}",
        "combat": state,
        "you": _you(careers, name, account),
    }
    return templates.TemplateResponse(request, "combat.html", context)


@pages.get("/howto/careers", response_class=HTMLResponse)
def howto_careers(request: Request) -> HTMLResponse:
    context = {"title": "How to play the Jugula Careers", "body": howto_html("careers")}
    return templates.TemplateResponse(request, "howto.html", context)


careers.include_router(api)
careers.include_router(pages)

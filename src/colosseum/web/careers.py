"""The careers area of the server (docs/web.md, "Careers on the web"): one router holding the
JSON API under `/api/careers`, the pages under `/careers` and the how-to page at
`/howto/careers`. Its lifespan makes the careers service once the table service stands, which
takes up every unfinished combat started here in its one worker, stopped with the server.
Who sends a request is decided once, by the `actor` dependency (the Bearer key, or none);
handlers parse, call `CareerService` (which knows nothing of HTTP) with that actor, and answer.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated, Any

from fastapi import APIRouter, Depends, FastAPI, Request
from fastapi.responses import HTMLResponse

from ..careers.data import load_tables
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
    KeyView,
    NewCampaign,
    NewLudus,
    ProposalView,
    ProposeCombat,
)
from .careers_service import CareerService
from .live import LiveTable
from .pages import howto_html, templates

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


def actor(name: str, careers: ServiceDep, key: TokenDep) -> Actor:
    """Who sends the request in campaign `name`: the organiser, a lanista, or a guest (no
    key); 401 for a key of nobody there. The one place a request's key is read."""
    return careers.actor(name, key)


ActorDep = Annotated[Actor, Depends(actor)]


# --- the API ----------------------------------------------------------------------------------


@api.get("", response_model=list[CampaignEntry])
def list_campaigns(careers: ServiceDep) -> list[dict[str, Any]]:
    """Every campaign, oldest first."""
    return careers.campaigns()


@api.post("", response_model=FoundedCampaign, status_code=201)
def create_campaign(request: NewCampaign, careers: ServiceDep) -> dict[str, Any]:
    """A new campaign under its settings, with its first ludus if given (`career new`); the
    organiser's key (and the first ludus's), shown this once."""
    settings = request.model_dump(exclude={"name", "ludus"})
    ludus = request.ludus.model_dump() if request.ludus is not None else None
    return careers.create_campaign(request.name, settings, ludus)


@api.get("/{name}", response_model=CampaignView)
def show_campaign(name: str, careers: ServiceDep) -> dict[str, Any]:
    """The record sheets, standings, history, gazette and combats in progress."""
    return careers.campaign(name)


@api.get("/{name}/actor", response_model=ActorView)
def who_acts(who: ActorDep) -> dict[str, Any]:
    """Whose key the request sends: the organiser's, a lanista's, or none (guest)."""
    return {"role": who.role, "lanista": who.lanista}


@api.post("/{name}/ludi", response_model=FoundedLudus, status_code=201)
def found_ludus(name: str, request: NewLudus, careers: ServiceDep) -> dict[str, Any]:
    """A lanista's new ludus: four Tiro of different armaturae, one servitor; his key,
    shown this once."""
    return careers.found_ludus(name, request.model_dump())


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


@pages.get("/careers/{name}", response_class=HTMLResponse)
def campaign_page(request: Request, name: str, careers: ServiceDep) -> HTMLResponse:
    campaign = careers.campaign(name)
    context = {"title": f"Careers: {campaign['name']}", "campaign": campaign, **_catalogue()}
    return templates.TemplateResponse(request, "campaign.html", context)


@pages.get("/careers/{name}/combats/{combat}", response_class=HTMLResponse)
def combat_page(request: Request, name: str, combat: int, careers: ServiceDep) -> HTMLResponse:
    state = careers.combat_state(name, combat, ANYONE)
    context = {"title": f"Combat: {' v '.join(state['lanistae'])}", "combat": state}
    return templates.TemplateResponse(request, "combat.html", context)


@pages.get("/howto/careers", response_class=HTMLResponse)
def howto_careers(request: Request) -> HTMLResponse:
    context = {"title": "How to play the Jugula Careers", "body": howto_html("careers")}
    return templates.TemplateResponse(request, "howto.html", context)


careers.include_router(api)
careers.include_router(pages)

"""The careers area of the server (docs/web.md, "Careers on the web"): one router holding the
JSON API under `/api/careers`, the pages under `/careers` and the how-to page at
`/howto/careers`. Its lifespan makes the careers service once the table service stands, takes
up every unfinished combat started here, and stops their threads when the server stops.
Handlers parse, call `CareerService` (which knows nothing of HTTP), and answer.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated, Any

from fastapi import APIRouter, Depends, FastAPI, Request
from fastapi.responses import HTMLResponse

from ..careers.data import load_tables
from ..games.jugula.data import load_catalog
from .api import bearer
from .careers_models import (
    Answer,
    CampaignEntry,
    CampaignView,
    CombatState,
    NewCampaign,
    NewLudus,
    SheetView,
    StartCombat,
    StartedCombat,
)
from .careers_service import CareerService
from .live import LiveTable
from .pages import howto_html, templates

SEAT_KINDS = ["human", "random", "heuristic", "easy", "normal", "hard"]


@asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    hub = app.state.hub
    loop = asyncio.get_running_loop()

    def wake(live: LiveTable) -> None:
        with contextlib.suppress(RuntimeError):  # the loop closed: the server stopped
            loop.call_soon_threadsafe(hub.wake, live)

    service = CareerService(hub.service.store, hub.service, wake)
    app.state.careers = service
    threading.Thread(target=service.resume_all, name="careers resume", daemon=True).start()
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


# --- the API ----------------------------------------------------------------------------------


@api.get("", response_model=list[CampaignEntry])
def list_campaigns(careers: ServiceDep) -> list[dict[str, Any]]:
    """Every campaign, oldest first."""
    return careers.campaigns()


@api.post("", response_model=CampaignView, status_code=201)
def create_campaign(request: NewCampaign, careers: ServiceDep) -> dict[str, Any]:
    """A new campaign under its settings, with its first ludus if given (`career new`)."""
    settings = request.model_dump(exclude={"name", "ludus"})
    ludus = request.ludus.model_dump() if request.ludus is not None else None
    return careers.create_campaign(request.name, settings, ludus)


@api.get("/{name}", response_model=CampaignView)
def show_campaign(name: str, careers: ServiceDep) -> dict[str, Any]:
    """The record sheets, standings, history, gazette and combats in progress."""
    return careers.campaign(name)


@api.post("/{name}/ludi", response_model=SheetView, status_code=201)
def found_ludus(name: str, request: NewLudus, careers: ServiceDep) -> dict[str, Any]:
    """A lanista's new ludus: four Tiro of different armaturae, one servitor."""
    return careers.found_ludus(name, request.model_dump())


@api.post("/{name}/combats", response_model=StartedCombat, status_code=201)
def start_combat(name: str, request: StartCombat, careers: ServiceDep) -> dict[str, Any]:
    """Draw the arena and reward and start the combat; one secret link per person."""
    return careers.start_combat(name, **request.model_dump())


@api.get("/{name}/combats/{combat}", response_model=CombatState)
def combat_state(name: str, combat: int, careers: ServiceDep, token: TokenDep) -> dict[str, Any]:
    """Where the combat stands; with a lanista's token, the question asked of him."""
    return careers.combat_state(name, combat, token)


@api.post("/{name}/combats/{combat}/answers", response_model=CombatState)
def answer(
    name: str, combat: int, request: Answer, careers: ServiceDep, token: TokenDep
) -> dict[str, Any]:
    """The token's lanista answers the question asked of him."""
    return careers.answer(name, combat, token, request.question, request.answer)


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
    state = careers.combat_state(name, combat, None)
    context = {"title": f"Combat: {' v '.join(state['lanistae'])}", "combat": state}
    return templates.TemplateResponse(request, "combat.html", context)


@pages.get("/howto/careers", response_class=HTMLResponse)
def howto_careers(request: Request) -> HTMLResponse:
    context = {"title": "How to play the Jugula Careers", "body": howto_html("careers")}
    return templates.TemplateResponse(request, "howto.html", context)


careers.include_router(api)
careers.include_router(pages)

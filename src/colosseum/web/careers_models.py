"""Pydantic models of the careers API (`/api/careers/...`), so the OpenAPI page documents
it. Request models refuse unknown fields and bound every size."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, Field

from .models import Request

Text = Annotated[str, Field(max_length=200)]

# --- requests ---------------------------------------------------------------------------------


class NewGladiator(Request):
    name: str = Field(max_length=200, examples=["Blimyx"])
    armatura: str = Field(max_length=60, examples=["thraex"])


class NewLudus(Request):
    lanista: str = Field(max_length=200, examples=["Fred"])
    gladiators: list[NewGladiator] = Field(
        max_length=12, description="four Tiro of different armaturae"
    )
    servitor: str = Field(max_length=60, description="the first servitor, one star")


class NewCampaign(Request):
    name: str = Field(max_length=200, examples=["Gallia"])
    glory_target: int | None = Field(default=None, description="Glory to win (default 10)")
    dice: str | None = Field(
        default=None, max_length=20, description="'program' (default) or 'table' (typed in)"
    )
    mode: str | None = Field(
        default=None, max_length=20, description="free (default), tournament, two-player"
    )
    starting_aurei: int | None = Field(default=None, description="tournament: each ludus's")
    fixed_rewards: bool = Field(default=False, description="tournament: set reward by arena")
    fixed_arena_roll: bool = Field(default=False, description="tournament: arena roll always 7")
    rounds: int | None = Field(default=None, description="tournament: Swiss rounds")
    ludus: NewLudus | None = Field(default=None, description="the first ludus, if any")


class ProposeCombat(Request):
    lanistae: list[Text] = Field(
        min_length=1, max_length=4, description="2 to 4 lanistae (1 with virtual)"
    )
    arena: str = Field(
        default="engine",
        max_length=20,
        description="'engine': a Jugula table here; 'table': a physical table, result typed in",
    )
    players: list[Text] | None = Field(
        default=None,
        max_length=4,
        description="engine: per ludus 'human' (asked with his own key) or a computer level "
        "(random, heuristic, easy, normal, hard), whose ludus the thrifty manager runs; "
        "default every lanista human",
    )
    virtual: bool = Field(default=False, description="against a virtual ludus (two-player)")
    virtual_ranks: list[Text] | None = Field(default=None, max_length=4)
    turn_limit: int = Field(
        default=0, ge=0, le=1000, description="engine: the judges stop the fight after it"
    )
    dice: list[int] | None = Field(
        default=None,
        max_length=8,
        description="dice rolled at the table: the draw's (each roller's arena die, then reward)",
    )


class Answer(Request):
    question: str = Field(max_length=40, description="the id of the question answered")
    answer: dict[str, Any] = Field(
        max_length=20, description="one key per field of the question's form"
    )


# --- answers ----------------------------------------------------------------------------------


class CampaignEntry(BaseModel):
    name: str
    events: int
    mode: str
    glory_target: int | None
    dice: str
    page: str


class ServitorRow(BaseModel):
    code: str
    stars: int
    hired: bool


class GladiatorRow(BaseModel):
    name: str
    armatura: str
    rank: str
    experience: int
    upgrades: dict[str, int]
    talents: list[str]
    state: str = Field(description="ready, wounded or convalescent")


class SheetView(BaseModel):
    lanista: str
    glory: int
    aurei: int
    popularity: int
    servitors: list[ServitorRow]
    servitors_text: str
    usury: dict[str, Any] | None
    usury_text: str
    criteria: list[str]
    gladiators: list[GladiatorRow]


class KeyView(BaseModel):
    role: str = Field(description="organiser or lanista")
    lanista: str | None = Field(description="the ludus it opens (lanista); null: organiser")
    key: str = Field(description="the secret, shown this once; send it as 'Bearer <key>'")
    link: str = Field(description="the campaign's page, the key in the fragment")


class FoundedLudus(SheetView):
    """The new record sheet, with its lanista's key (shown this once), or, founded signed
    in, its owner account (no key)."""

    role: str = Field(description="lanista")
    key: str | None = Field(
        description="his secret, shown this once; send it as 'Bearer <key>'; null when the "
        "ludus belongs to the signed-in account that founded it"
    )
    link: str | None = Field(description="the campaign's page, the key in the fragment")
    owner: str | None = Field(default=None, description="the account that owns the ludus")


class CampaignSheet(SheetView):
    keyed: bool = Field(description="its ludus has a key (a guest's, founded here)")
    owner: str | None = Field(description="the name of the account that owns the ludus")


class ActorView(BaseModel):
    role: str = Field(description="organiser, lanista, account (owning nothing here) or guest")
    lanista: str | None
    organiser: bool = Field(
        default=False,
        description="organises the campaign (its key, or the founder's account); given when true",
    )
    account: str | None = Field(
        default=None, description="the signed-in account, when no key was sent; given when so"
    )


class NewOwner(Request):
    account: str = Field(max_length=200, description="the account's name", examples=["bob"])


class OwnerView(BaseModel):
    lanista: str
    owner: str = Field(description="the name of the account that owns the ludus now")


class Standing(BaseModel):
    lanista: str
    glory: int
    aurei: int
    aurei_after_debts: int
    popularity: int
    gladiators: int
    account: str | None = Field(description="the account of its lanista, if an account owns it")


class HistoryRow(BaseModel):
    seq: int
    created: str
    kind: str
    details: str
    broken: bool


class GazetteLine(BaseModel):
    seq: int
    created: str
    text: str


class ProposalView(BaseModel):
    proposal: str = Field(description="its id")
    campaign: str
    status: str = Field(description="waiting, begun (see `combat`) or declined")
    lanistae: list[str]
    persons: list[str] = Field(description="the lanistae who make their choices in person")
    arena: str
    players: list[str] | None
    virtual: bool
    turn_limit: int
    proposer: str
    by_organiser: bool
    accepted: list[str]
    waiting_for: list[str] = Field(description="the lanistae who have not accepted yet")
    combat: int | None = Field(description="the combat, once begun")
    page: str | None = Field(description="its page, once begun")


class CombatEntry(BaseModel):
    combat: int = Field(description="the number of its combat_begun event")
    lanistae: list[str]
    draw: str
    web: bool = Field(description="started here (else at the terminal: career resume)")
    page: str | None
    phase: str
    waiting_for: str | None = Field(description="the lanista whose answer is awaited")
    table: str | None = Field(description="the Jugula table it is fought at")
    commitment: str | None = Field(description="SHA-256 of '<salt>:<seed>' (begun here)")


OLDER = "the `before` that asks the next, older page; null: this page reaches the first"


class HistoryView(BaseModel):
    """A page of a campaign's history, newest first."""

    campaign: str
    events: int = Field(description="the number of its last stored event")
    history: list[HistoryRow] = Field(description="the events of the page, newest first")
    before: int | None = Field(description=OLDER + " event")


class GazetteView(BaseModel):
    """A page of one season's news (a season: a calendar month, UTC, of the campaign's play)."""

    campaign: str
    season: str | None = Field(description="YYYY-MM; null: nothing stored yet")
    seasons: list[str] = Field(description="every season of the campaign, newest first")
    gazette: list[GazetteLine] = Field(description="the season's news of the page, newest first")
    before: int | None = Field(description=OLDER + " news of the season")


class CampaignView(BaseModel):
    name: str
    page: str
    settings: dict[str, Any]
    organised: bool = Field(description="it has an organiser (founded here)")
    founder: str | None = Field(description="the account that founded it, signed in")
    broken: str | None
    sheets: list[CampaignSheet]
    standings: list[Standing]
    events: int = Field(description="the number of its last stored event")
    history: list[HistoryRow] = Field(
        description="the newest page of the history, newest first (older ones: /history)"
    )
    history_before: int | None = Field(description=OLDER + " event")
    gazette: list[GazetteLine] = Field(
        description="the newest season's news, newest first, its first page (others: /gazette)"
    )
    gazette_season: str | None = Field(description="the season of `gazette` (YYYY-MM)")
    gazette_seasons: list[str] = Field(description="every season of the campaign, newest first")
    gazette_before: int | None = Field(description=OLDER + " news of the season")
    proposals: list[ProposalView] = Field(description="combats waiting to be accepted")
    combats: list[CombatEntry]


class FoundedCampaign(CampaignView):
    keys: list[KeyView] = Field(
        description="the organiser's key and the first ludus's, each shown this once"
    )


class QuestionView(BaseModel):
    id: str
    kind: str
    step: str
    text: str
    fields: list[dict[str, Any]] = Field(description="names, rows, select, number or dice")
    notes: list[str] = Field(description="why the previous answer was refused")


class TableRef(BaseModel):
    id: str
    seat: int | None = Field(description="your seat there (to you alone)")
    token: str | None = Field(description="the token of your seat there (to you alone)")


class CombatResult(BaseModel):
    winners: list[str]
    deployed: dict[str, list[str]]
    wounded: list[list[str]]
    bitten: list[list[str | None]]


class CombatState(BaseModel):
    campaign: str
    combat: int
    page: str
    campaign_page: str
    lanistae: list[str]
    humans: list[str]
    arena: str
    reward: int
    where: str = Field(description="engine (a Jugula table here) or table (physical)")
    draw: str
    you: str | None = Field(description="the lanista of your key; null: watching")
    phase: str = Field(description="starting, asking, working, arena, done, failed, elsewhere")
    step: str | None
    waiting_for: str | None
    question: QuestionView | None = Field(description="only the one asked of you")
    table: TableRef | None
    result: CombatResult | None
    error: str | None
    version: int
    commitment: str | None = Field(description="SHA-256 of '<salt>:<seed>', from its start")
    seed: int | None = Field(description="the combat's seed, once it has ended")
    salt: str | None = Field(description="the commitment's salt, once it has ended")
    check: str | None = Field(
        description="'<salt>:<seed>', whose SHA-256 is the commitment, once it has ended"
    )

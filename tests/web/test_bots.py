"""Computer players nobody can starve (issue 43, findings 3 and 8): agent specs from the
network are bounded, every search stops in time, the computer players of all tables share
one lane of the worker pool in turn, a table whose computer player fails is marked and its
clients told, and hints run in a bounded lane of their own, rate-limited per seat."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import random
import threading
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import httpx
import pytest

import colosseum

pytest.importorskip("fastapi", reason="the web extra is not installed")

from fastapi.testclient import TestClient

from colosseum.agents.ismcts import ISMCTSAgent
from colosseum.agents.registry import make_agent
from colosseum.web import bots as bots_module
from colosseum.web.app import create_app
from colosseum.web.budgets import (
    DECISION_SECONDS,
    MAX_ITERATIONS,
    MAX_SECONDS,
    MAX_SPEC,
    check_agent,
)
from colosseum.web.errors import BadRequest
from colosseum.web.scheduler import KeyBusy, Lane, QueueFull, TooSlow, WorkerLost
from colosseum.web.settings import ServerSettings

from .conftest import UNLIMITED, bearer, create
from .server import LiveServer
from .test_api import receive

GAME = "ludus-gladiatorius"
LEVELS = ("random", "heuristic", "easy", "normal", "hard", "master")
WAIT = 15.0  # seconds a computer seat may take before a test gives up


def first_seat(seat: int) -> int:
    """A seed at which seat `seat` of a two-seat Ludus table decides first."""
    for seed in range(100):
        if colosseum.new_game(GAME, 2, seed).current_player == seat:
            return seed
    raise AssertionError(f"no seed in 100 where seat {seat} starts")


def refusal(client: TestClient, players: list[str]) -> str:
    response = client.post("/api/tables", json={"game": GAME, "players": players})
    assert response.status_code == 422, response.text
    detail: str = response.json()["detail"]
    return detail


def tables_stored(client: TestClient) -> int:
    count: int = client.app.state.hub.service.store.tables.count()  # type: ignore[attr-defined]
    return count


# --- finding 3: bounded agent specs --------------------------------------------------------


def test_finding_3_agent_spec_over_the_limit_is_refused(client: TestClient) -> None:
    """`ismcts:iterations=1000000000` was accepted (201) and held a worker for hours: now 422
    naming the bound, and no table is made. So for every knob that costs time."""
    detail = refusal(client, ["human", "ismcts:iterations=1000000000"])
    assert detail == f"iterations may be at most {MAX_ITERATIONS}, got 1000000000"
    for spec, words in (
        ("ismcts:seconds=3600", f"seconds may be at most {MAX_SECONDS:g}, got 3600"),
        ("ismcts:seconds=nan", "seconds is a number above 0"),
        ("ismcts:seconds=inf", "seconds is a number above 0"),
        ("ismcts:iterations=100,seconds=60", "seconds may be at most"),
        ("ismcts:rollout=100000", "rollout may be at most 500, got 100000"),
        ("ismcts:c=1e300", "c may be at most 10, got 1e300"),
        ("ismcts:c=nan", "c is a number from 0 to 10"),
        ("ismcts:" + ",".join(["c=1"] * 30), f"at most {MAX_SPEC} characters"),
    ):
        assert words in refusal(client, ["human", spec]), spec
    assert tables_stored(client) == 0


def test_finding_3_the_named_levels_and_specs_within_the_bounds_pass(client: TestClient) -> None:
    """Every level a person picks passes unchanged, and a spec within the bounds passes
    normalized (lower case, no spaces)."""
    for level in LEVELS:
        created = create(client, ["human", level])
        assert created["seats"][1]["kind"] == level
    spaced = f" ISMCTS: iterations = {MAX_ITERATIONS} , seconds={MAX_SECONDS:g} "
    created = create(client, ["human", spaced])
    assert created["seats"][1]["kind"] == f"ismcts:iterations={MAX_ITERATIONS},seconds=5"


def test_finding_3_check_agent_is_the_call_for_every_spec_from_the_network() -> None:
    """What careers seats use too: the normalized spec, or BadRequest naming the bound."""
    assert check_agent("jugula", "Hard") == "hard"
    assert check_agent("jugula", "ismcts:level=hard, c=1.5") == "ismcts:level=hard,c=1.5"
    for spec, words in (
        ("ismcts:iterations=20001", "iterations may be at most"),
        ("minimax", "unknown agent 'minimax'"),
        ("ismcts:depth=3", "ismcts has no parameter 'depth'"),
        ("hard:c=1", "takes no parameters"),
    ):
        with pytest.raises(BadRequest, match=words):
            check_agent("jugula", spec)
    with pytest.raises(BadRequest, match="unknown game"):
        check_agent("chess", "random")


def test_finding_3_every_search_stops_after_the_decision_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A spec that slipped past the bounds (stored before them, or a careers seat) still
    stops: the worker's search has a hard time bound, whatever its iterations."""
    monkeypatch.setattr(bots_module, "DECISION_SECONDS", 0.3)
    bots_module._agent.cache_clear()
    try:
        state = colosseum.new_game(GAME, 2, 3)
        seat = state.current_player
        assert seat is not None
        started = time.monotonic()
        notation = bots_module.decide(state, seat, "ismcts:iterations=1000000000", 3, 0)
        assert time.monotonic() - started < 5.0
        assert notation in {str(a) for a in state.legal_actions()}
    finally:
        bots_module._agent.cache_clear()


def test_finding_3_the_hard_bound_changes_no_choice_it_does_not_reach() -> None:
    """A search that ends within `time_limit` chooses exactly as without it (the choices at
    a given number of iterations stay those of tests/agents/test_choice_trace.py)."""
    rng = random.Random(5)
    state = colosseum.new_game("jugula", 2, 11)
    for _ in range(30):
        seat = state.current_player
        assert seat is not None
        plain = make_agent("ismcts:iterations=60", "jugula")
        bounded = make_agent("ismcts:iterations=60", "jugula")
        assert isinstance(bounded, ISMCTSAgent)
        bounded.time_limit = DECISION_SECONDS
        seed = rng.random()
        first = plain.choose(state, seat, random.Random(seed))
        second = bounded.choose(state, seat, random.Random(seed))
        assert str(first) == str(second)
        state.apply(first)


# --- finding 3: one lane, served in turn ---------------------------------------------------


def run_lane(jobs: Any) -> Any:
    """Run the coroutine function `jobs(lane)` on a lane of one thread slot (0.3 s bound)."""

    async def main() -> Any:
        with ThreadPoolExecutor(max_workers=4) as executor:
            lane = Lane("test", executor, slots=1, timeout=0.3, queue=6)
            return await jobs(lane)

    return asyncio.run(main())


def test_finding_3_tables_are_served_in_turn_one_decision_each() -> None:
    """A table whose computer seats decide one after the other (A) goes to the back of the
    queue after each decision: the tables that asked meanwhile (B, C) decide before its
    next one, so no table holds the pool."""
    order: list[str] = []

    def work(key: str) -> str:
        order.append(key)
        time.sleep(0.05)
        return key

    async def jobs(lane: Lane) -> None:
        async def table_a() -> None:
            for _ in range(4):
                await lane.run("A", work, "A")

        async def other(key: str) -> None:
            await asyncio.sleep(0.01)  # they ask while A's first decision runs
            await lane.run(key, work, key)

        await asyncio.gather(table_a(), other("B"), other("C"))

    run_lane(jobs)
    assert order == ["A", "B", "C", "A", "A", "A"]


def test_finding_3_a_table_has_one_decision_in_flight_and_the_queue_is_bounded() -> None:
    """A second job of a key is refused at once (KeyBusy), and so is a job past the queue's
    length (QueueFull); both leave the lane as it was."""
    release = threading.Event()

    def work() -> None:
        release.wait(5)

    async def jobs(lane: Lane) -> list[str]:
        running = [asyncio.create_task(lane.run(f"t{n}", work)) for n in range(6)]
        await asyncio.sleep(0.05)
        refused = []
        for key in ("t0", "t7"):
            try:
                await lane.run(key, work)
            except (KeyBusy, QueueFull) as error:
                refused.append(type(error).__name__)
        release.set()
        await asyncio.gather(*running, return_exceptions=True)
        return refused

    assert run_lane(jobs) == ["KeyBusy", "QueueFull"]


def test_finding_3_a_job_past_the_time_bound_is_given_up_and_keeps_its_slot() -> None:
    """A job that runs past the bound is given up (TooSlow) at the bound; as its thread
    cannot be stopped, the next job waits for the slot: never more jobs than slots."""
    started: dict[str, float] = {}
    ended: dict[str, float] = {}

    def work(key: str, seconds: float) -> None:
        started[key] = time.monotonic()
        time.sleep(seconds)
        ended[key] = time.monotonic()

    async def jobs(lane: Lane) -> Any:
        slow = asyncio.create_task(lane.run("slow", work, "slow", 0.8))
        await asyncio.sleep(0.05)
        quick = asyncio.create_task(lane.run("quick", work, "quick", 0.0))
        return await asyncio.gather(slow, quick, return_exceptions=True)

    slow, quick = run_lane(jobs)
    assert isinstance(slow, TooSlow) and "0.3 s" in str(slow)
    assert quick is None
    assert started["quick"] >= ended["slow"]


def die() -> None:
    """A worker process killed while it works (run in a worker)."""
    os._exit(1)


def test_finding_3_a_pool_that_lost_a_worker_process_is_renewed() -> None:
    """A worker process that dies breaks its pool for every later job: the lane renews the
    pool, the job that found it broken is refused (WorkerLost, asked again by BotPool) and
    the next job runs; no table is marked failed for another's lost worker."""
    context = multiprocessing.get_context("spawn")

    def pool() -> ProcessPoolExecutor:
        return ProcessPoolExecutor(max_workers=1, mp_context=context)

    async def main() -> tuple[str, int]:
        lane = Lane("test", pool(), slots=1, timeout=60, renew=pool)
        try:
            try:
                await lane.run("a", die)
            except WorkerLost as error:
                lost = type(error).__name__
            return lost, await lane.run("b", os.getpid)
        finally:
            lane.executor.shutdown()

    lost, pid = asyncio.run(main())
    assert lost == "WorkerLost" and pid != os.getpid()


# --- finding 3: failures are marked and told; start-up in the background ---------------------


def computer_first_table(client: TestClient, kind: str = "random") -> str:
    created = create(client, [kind, "human"], seed=first_seat(0), practice=True)
    table: str = created["id"]
    return table


def test_finding_3_a_failing_computer_player_marks_its_table_and_tells_its_clients(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The agent raises: the table is marked failed (shown in its summary and state, not
    woken at start-up), its clients get `{"type": "failed", "reason": ...}` naming the seat
    and the kind of error only, then the state showing the failure."""
    watching = threading.Event()

    def broken(*args: Any) -> str:
        watching.wait(WAIT)
        raise RuntimeError("the hidden card was the Retiarius")

    monkeypatch.setattr(bots_module, "decide", broken)
    table = computer_first_table(client)
    with client.websocket_connect(f"/ws/tables/{table}") as socket:
        socket.send_json({"type": "hello", "token": None, "version": 0})
        assert receive(socket)["type"] == "state"
        watching.set()
        messages = [receive(socket, WAIT) for _ in range(3)]
    kinds = [m["type"] for m in messages]
    assert "failed" in kinds, messages
    failed = messages[kinds.index("failed")]
    assert failed["reason"] == "computer seat 0 (random) failed (RuntimeError)"
    assert messages[-1]["type"] == "state" and messages[-1]["failure"] == failed["reason"]
    summary = client.get(f"/api/tables/{table}").json()
    assert summary["failure"] == failed["reason"] and summary["version"] == 0
    service = client.app.state.hub.service  # type: ignore[attr-defined]
    assert table not in service.awaiting_computer()


def test_finding_3_a_computer_player_past_its_bound_is_given_up_and_others_play_on(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A decision that runs past the lane's bound (its worker cannot be stopped) marks its
    table failed; another table's computer seat still plays meanwhile."""
    release = threading.Event()
    real = bots_module.decide

    def stuck(state: Any, seat: int, spec: str, seed: int, version: int) -> str:
        if spec == "heuristic":
            release.wait(WAIT)
        return real(state, seat, spec, seed, version)

    monkeypatch.setattr(bots_module, "decide", stuck)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    monkeypatch.setattr(hub.bots.decisions, "timeout", 0.5)
    try:
        slow = computer_first_table(client, "heuristic")
        quick = computer_first_table(client, "random")
        deadline = time.monotonic() + WAIT
        while client.get(f"/api/tables/{quick}").json()["version"] == 0:
            assert time.monotonic() < deadline, "the other table's computer seat never played"
            time.sleep(0.05)
        while client.get(f"/api/tables/{slow}").json()["failure"] is None:
            assert time.monotonic() < deadline, "the stuck table was never marked"
            time.sleep(0.05)
        failure = client.get(f"/api/tables/{slow}").json()["failure"]
        assert failure == "computer seat 0 (heuristic) took longer than 0.5 s to decide"
    finally:
        release.set()


def test_finding_3_start_up_wakes_tables_in_the_background(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server answers at once even while the tables waiting for a computer seat are
    still being listed and loaded (here held for 10 s)."""
    from colosseum.web.service import TableService

    release = threading.Event()
    listed = TableService.awaiting_computer

    def slow_list(self: TableService) -> Any:
        release.wait(10)
        return listed(self)

    def slow_all(self: TableService) -> Any:  # what start-up replayed before
        release.wait(10)
        return []

    monkeypatch.setattr(TableService, "awaiting_computer", slow_list)
    monkeypatch.setattr(TableService, "unfinished", slow_all, raising=False)
    started = time.monotonic()
    try:
        with TestClient(create_app(database, workers=0, settings=UNLIMITED)) as client:
            assert client.get("/api/games").status_code == 200
            assert time.monotonic() - started < 5.0
            release.set()
    finally:
        release.set()


def test_finding_3_a_table_that_no_longer_replays_is_marked_not_retried(database: str) -> None:
    """A stored table whose record does not replay, waiting for a computer seat: start-up
    marks it failed instead of trying it again at every start."""
    with TestClient(create_app(database, workers=0, settings=UNLIMITED)) as client:
        service = client.app.state.hub.service  # type: ignore[attr-defined]
        row, _tokens = service.create(GAME, ["human", "random"], seed=first_seat(0), practice=True)
        service.store.tables.append(row.id, 0, 0, "no such move", "playing", "computer")
    with TestClient(create_app(database, workers=0, settings=UNLIMITED)) as client:
        deadline = time.monotonic() + WAIT
        service = client.app.state.hub.service  # type: ignore[attr-defined]
        while service.store.tables.find(row.id).failure is None:
            assert time.monotonic() < deadline, "the table was not marked failed"
            time.sleep(0.05)
        assert "cannot be reloaded" in service.store.tables.find(row.id).failure
        assert row.id not in service.awaiting_computer()


# --- finding 8: hints apart, bounded and rate-limited ----------------------------------------


def deciding_token(created: dict[str, Any], http: Any) -> str:
    """The token of the seat that decides now at a table of people."""
    current = http.get(f"/api/tables/{created['id']}").json()["current"]
    token: str = created["seats"][current]["token"]
    return token


def test_finding_8_thirty_hints_never_delay_another_tables_computer_player(
    server: LiveServer,
) -> None:
    """30 simultaneous hint requests (30 tables) on a real server, then another table's
    computer seat must move: its move arrives within 4 s (it waited ~15 s behind the hints
    before); the hints past the hints' lane's queue are refused at once, 429 with
    Retry-After."""
    with httpx.Client(base_url=server.url, timeout=60) as http:
        asked = []
        for _ in range(30):
            body = {"game": GAME, "players": ["human", "human"], "hints": True}
            created = http.post("/api/tables", json=body).json()
            asked.append((created["id"], deciding_token(created, http)))
        body = {"game": GAME, "players": ["human", "random"], "seed": first_seat(0)}
        duel = http.post("/api/tables", json={**body, "practice": True}).json()
        token = duel["seats"][0]["token"]
        with ThreadPoolExecutor(max_workers=30) as pool:
            hints = [
                pool.submit(http.get, f"/api/tables/{table}/hint", headers=bearer(seat))
                for table, seat in asked
            ]
            time.sleep(0.5)  # the hints are asked for (and, before, queued in the pool)
            seen = http.get(f"/api/tables/{duel['id']}/state", headers=bearer(token)).json()
            while seen["current"] == 0:
                action = {"action": seen["legal"][0]["notation"], "version": seen["version"]}
                answer = http.post(
                    f"/api/tables/{duel['id']}/actions", json=action, headers=bearer(token)
                )
                assert answer.status_code == 200, answer.text
                seen = answer.json()
            asked_at, waiting = time.monotonic(), seen["version"]
            while http.get(f"/api/tables/{duel['id']}").json()["version"] == waiting:
                assert time.monotonic() - asked_at < 4.0, "the hints starved the computer seat"
                time.sleep(0.05)
            answers = [future.result() for future in hints]
    statuses = [answer.status_code for answer in answers]
    assert set(statuses) <= {200, 429} and 200 in statuses, statuses
    for answer in answers:
        if answer.status_code == 429:
            assert int(answer.headers["Retry-After"]) >= 1
            assert "busy with other hints" in answer.json()["detail"]


def test_finding_8_hints_are_rate_limited_per_seat(database: str) -> None:
    """Past the "hint" limit a seat gets 429 with Retry-After; another seat still gets its
    hints (the limit counts per seat, not per server)."""
    settings = ServerSettings(rate_limits={"hint": "2/minute"})
    with TestClient(create_app(database, workers=0, settings=settings)) as client:
        first = create(client, ["human", "human"], hints=True)
        second = create(client, ["human", "human"], hints=True)
        mine = deciding_token(first, client)
        for _ in range(2):
            assert client.get(f"/api/tables/{first['id']}/hint", headers=bearer(mine)).is_success
        refused = client.get(f"/api/tables/{first['id']}/hint", headers=bearer(mine))
        assert refused.status_code == 429, refused.text
        assert int(refused.headers["Retry-After"]) >= 1
        assert "too many hints" in refused.json()["detail"]
        theirs = deciding_token(second, client)
        assert client.get(f"/api/tables/{second['id']}/hint", headers=bearer(theirs)).is_success

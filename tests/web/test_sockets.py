"""WebSocket clients that cannot stall a table (issue 43, findings 4 and 9): a client that
never reads blocks neither the acting seat's answers nor the other clients' pushes, and is
closed (1013) when it falls behind; bad frames close with the code that says why and a
reason; messages are rate-limited per address; the page reconnects after 1013, later."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import socket
import struct
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

import uvicorn
from fastapi.testclient import TestClient
from websockets.sync.client import connect

from colosseum.web import clients as clients_module
from colosseum.web.app import create_app
from colosseum.web.clients import Client
from colosseum.web.settings import ServerSettings
from colosseum.web.wsprotocol import WebSocketProtocol

from .conftest import UNLIMITED, bearer, create
from .server import LiveServer, free_port

GAME = "ludus-gladiatorius"
LIMIT = 16 * 1024
TEXT, BINARY, CLOSE = 1, 2, 8


class RawSocket:
    """A WebSocket client written by hand over TCP (no compression offered): it completes
    the handshake, sends the frames it is told to, and reads only when asked."""

    def __init__(self, port: int, path: str, receive_buffer: int | None = None) -> None:
        self.sock = socket.socket()
        if receive_buffer is not None:
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
        self.sock.settimeout(30)
        self.sock.connect(("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        request = (
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        self.sock.sendall(request.encode())
        head = b""
        while not head.endswith(b"\r\n\r\n"):
            head += self.sock.recv(1)
        assert head.startswith(b"HTTP/1.1 101"), head
        self.buffer = b""

    def send(self, opcode: int, payload: bytes) -> None:
        mask = os.urandom(4)
        size = len(payload)
        if size < 126:
            header = struct.pack("!BB", 0x80 | opcode, 0x80 | size)
        elif size < 65536:
            header = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, size)
        else:
            header = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, size)
        masked = bytes(byte ^ mask[i % 4] for i, byte in enumerate(payload))
        self.sock.sendall(header + mask + masked)

    def send_json(self, message: Any) -> None:
        self.send(TEXT, json.dumps(message).encode())

    def read(self) -> tuple[int, bytes]:
        """The next frame (opcode, payload); EOFError when the server closed the TCP link."""
        first, second = self._take(2)
        size = second & 0x7F
        if size == 126:
            size = struct.unpack("!H", self._take(2))[0]
        elif size == 127:
            size = struct.unpack("!Q", self._take(8))[0]
        return first & 0x0F, self._take(size)

    def closed_with(self) -> tuple[int, str] | None:
        """Read to the end: the close frame's code and reason (None: no close frame)."""
        try:
            while True:
                opcode, payload = self.read()
                if opcode == CLOSE:
                    return struct.unpack("!H", payload[:2])[0], payload[2:].decode()
        except (EOFError, ConnectionError):
            return None

    def _take(self, size: int) -> bytes:
        while len(self.buffer) < size:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise EOFError("the server closed the connection")
            self.buffer += chunk
        taken, self.buffer = self.buffer[:size], self.buffer[size:]
        return taken

    def close(self) -> None:
        self.sock.close()


# --- finding 4: a client that never reads ----------------------------------------------------


def test_finding_4_a_client_that_never_reads_stalls_nobody(server: LiveServer) -> None:
    """A client with a tiny receive buffer says hello (boards on) and never reads again,
    while the seats play 200 actions over HTTP: every answer comes within 5 s (the POST
    hung for good before) and the other seat's WebSocket gets every push; the silent client
    is dropped."""
    with httpx.Client(base_url=server.url, timeout=30) as http:
        created = http.post("/api/tables", json={"game": GAME, "players": ["human", "human"]})
        table = created.json()["id"]
        tokens = [seat["token"] for seat in created.json()["seats"]]
        for token in tokens:  # both seats sit down
            http.get(f"/api/tables/{table}/state", headers=bearer(token)).raise_for_status()
        silent = RawSocket(server.port, f"/ws/tables/{table}", receive_buffer=1024)
        silent.send_json({"type": "hello", "token": None, "version": 0})
        pushes: list[int] = []
        with connect(f"ws://127.0.0.1:{server.port}/ws/tables/{table}") as other:
            other.send(json.dumps({"type": "hello", "token": tokens[1], "version": 0}))

            def follow() -> None:
                for text in other:
                    message = json.loads(text)
                    if message["type"] == "state":
                        pushes.append(message["version"])

            reader = threading.Thread(target=follow, daemon=True)
            reader.start()
            current = http.get(f"/api/tables/{table}").json()["current"]
            seen = http.get(f"/api/tables/{table}/state", headers=bearer(tokens[current])).json()
            for _ in range(200):
                token = tokens[seen["current"]]
                action = {"action": seen["legal"][0]["notation"], "version": seen["version"]}
                started = time.monotonic()
                answer = http.post(
                    f"/api/tables/{table}/actions", json=action, headers=bearer(token)
                )
                assert time.monotonic() - started < 5.0, "an answer waited for the silent client"
                assert answer.status_code == 200, answer.text
                seen = answer.json()
                if seen["current"] != seen["seat"]:  # the other seat's turn: its own view
                    other_token = bearer(tokens[seen["current"]])
                    seen = http.get(f"/api/tables/{table}/state", headers=other_token).json()
            deadline = time.monotonic() + 10
            while not pushes or pushes[-1] < seen["version"]:
                assert time.monotonic() < deadline, f"the other seat got {pushes[-3:]} only"
                time.sleep(0.05)
        closed = silent.closed_with()  # the server dropped it: the link ends
        silent.close()
    assert closed is None or closed[0] == 1013, closed


def test_finding_4_a_client_that_does_not_keep_up_is_closed_1013(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A client whose send does not finish within the send timeout, and one whose outbox
    fills, are ended with 1013 and a reason, then closed with them (the close itself gives
    up on a client that does not read)."""
    monkeypatch.setattr(clients_module, "SEND_TIMEOUT", 0.2)
    monkeypatch.setattr(clients_module, "CLOSE_TIMEOUT", 0.2)

    class Stuck:
        """A socket whose peer never reads: every send waits for ever."""

        def __init__(self) -> None:
            self.closes: list[tuple[int, str]] = []

        async def send_text(self, text: str) -> None:
            await asyncio.Event().wait()

        async def close(self, code: int, reason: str) -> None:
            self.closes.append((code, reason))
            await asyncio.Event().wait()

    async def main() -> tuple[Client, Client]:
        slow = Client(Stuck(), "t", None)  # type: ignore[arg-type]
        slow.start()
        slow.push("{}")
        await asyncio.wait_for(slow.ended.wait(), 5)
        await asyncio.wait_for(slow.close(), 5)
        full = Client(Stuck(), "t", None)  # type: ignore[arg-type]
        for _ in range(clients_module.OUTBOX + 1):  # no writer: nothing leaves the outbox
            full.push("{}")
        await asyncio.wait_for(full.close(), 5)
        return slow, full

    slow, full = asyncio.run(main())
    assert slow.close_code == 1013 and "too slow" in slow.close_reason
    assert slow.socket.closes == [(1013, slow.close_reason)]  # type: ignore[attr-defined]
    assert full.close_code == 1013 and f"{clients_module.OUTBOX} updates" in full.close_reason
    assert full.socket.closes == [(1013, full.close_reason)]  # type: ignore[attr-defined]


# --- finding 9: bad frames -----------------------------------------------------------------


def closing(socket: Any, timeout: float = 5.0) -> tuple[int, str]:
    """The close the server sent the test client's socket, skipping other messages."""
    import anyio

    async def bounded() -> dict[str, Any]:
        with anyio.fail_after(timeout):
            while True:
                message: dict[str, Any] = await socket._send_rx.receive()
                if message["type"] == "websocket.close":
                    return message

    message = socket.portal.call(bounded)
    return message.get("code"), message.get("reason") or ""


DEEP = '{"a": ' + "[" * 40 + "]" * 40 + "}"
VERY_DEEP = '{"a": ' + "[" * 100_000 + "]" * 100_000 + "}"
BAD_FRAMES: list[tuple[str, Any, int, str]] = [
    ("binary", b'{"type": "hello"}', 1003, "binary frames are not accepted"),
    ("not JSON", "hello?", 1007, "strict JSON"),
    ("NaN", '{"type": "hello", "version": NaN}', 1007, "strict JSON"),
    ("lone surrogate", '{"type": "hello", "token": "\\ud800"}', 1007, "strict JSON"),
    ("too deep", DEEP, 1008, "nests deeper than 32"),
    ("far too deep", VERY_DEEP, 1009, "at most 16384 bytes"),
    ("deep within the size", '{"a": ' + "[" * 2000 + "]" * 2000 + "}", 1008, "nest"),
    ("not an object", "[1, 2]", 1008, "a JSON object"),
    ("a NUL", '{"type": "hello", "token": "a\\u0000b"}', 1008, "NUL"),
    ("too large", '"' + "x" * LIMIT + '"', 1009, "at most 16384 bytes"),
]


@pytest.mark.parametrize("after_hello", [False, True], ids=["as hello", "after hello"])
@pytest.mark.parametrize(
    ("frame", "code", "words"),
    [pytest.param(frame, code, words, id=name) for name, frame, code, words in BAD_FRAMES],
)
def test_finding_9_a_bad_frame_closes_with_its_code_and_a_reason(
    client: TestClient, after_hello: bool, frame: Any, code: int, words: str
) -> None:
    """Each bad frame closes the connection with the code that says why and a reason (the
    connection dropped without either before), as the first message or later."""
    table = create(client, ["human", "human"])["id"]
    with client.websocket_connect(f"/ws/tables/{table}") as socket:
        if after_hello:
            socket.send_json({"type": "hello", "token": None, "version": 0})
        if isinstance(frame, bytes):
            socket.send_bytes(frame)
        else:
            socket.send_text(frame)
        found, reason = closing(socket)
    assert found == code and words in reason, (found, reason)


def test_finding_9_a_hello_that_never_comes_is_closed(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from colosseum.web import watch

    monkeypatch.setattr(watch, "HELLO_TIMEOUT", 0.2)
    table = create(client, ["human", "human"])["id"]
    with client.websocket_connect(f"/ws/tables/{table}") as socket:
        assert closing(socket) == (1008, "no hello within 0.2 s")


@pytest.fixture
def uvicorn_server(database: str) -> Iterator[int]:
    """The app served by uvicorn in this process with the server's WebSocket protocol."""
    port = free_port()
    app = create_app(database, workers=0, settings=UNLIMITED)
    config = uvicorn.Config(app, port=port, ws=WebSocketProtocol, log_level="warning")
    served = uvicorn.Server(config)
    thread = threading.Thread(target=served.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not served.started:
        assert time.monotonic() < deadline and thread.is_alive(), "uvicorn did not start"
        time.sleep(0.05)
    yield port
    served.should_exit = True
    thread.join(10)


def test_finding_9_invalid_utf8_closes_1007_with_a_reason(
    uvicorn_server: int, caplog: pytest.LogCaptureFixture
) -> None:
    """A text frame that is not UTF-8 never reaches the application: the protocol closes it
    with 1007 and a reason (uvicorn's own closes without one and logs a traceback)."""
    port = uvicorn_server
    with httpx.Client(base_url=f"http://127.0.0.1:{port}") as http:
        table = http.post("/api/tables", json={"game": GAME, "players": ["human"] * 2}).json()
    for hello_first in (False, True):
        raw = RawSocket(port, f"/ws/tables/{table['id']}")
        if hello_first:
            raw.send_json({"type": "hello", "token": None, "version": 0})
        raw.send(TEXT, b'{"type": "\xff\xfe"}')
        assert raw.closed_with() == (1007, "a text frame must be valid UTF-8: send JSON as text")
        raw.close()
    assert "Traceback" not in caplog.text


def test_messages_are_compressed_and_arrive_whole(uvicorn_server: int) -> None:
    """permessage-deflate is agreed with a client that offers it (the protocol makes its own
    connection, at zlib's fastest level), and a state with its board arrives intact."""
    port = uvicorn_server
    with httpx.Client(base_url=f"http://127.0.0.1:{port}") as http:
        table = http.post("/api/tables", json={"game": GAME, "players": ["human"] * 2}).json()
        plain = http.get(f"/api/tables/{table['id']}/state").json()
    with connect(f"ws://127.0.0.1:{port}/ws/tables/{table['id']}") as socket:
        assert socket.response is not None
        agreed = socket.response.headers["Sec-WebSocket-Extensions"]
        assert agreed.startswith("permessage-deflate"), agreed
        socket.send(json.dumps({"type": "hello", "token": None, "version": 0}))
        pushed = json.loads(socket.recv(timeout=10))
    assert pushed["type"] == "state" and pushed["board"] == plain["board"]


def test_finding_9_websocket_messages_are_rate_limited_per_address(database: str) -> None:
    """Past the "socket" limit each message is answered with an error (429, retry_after)
    and changes nothing; ten in a row close the connection with 1008 and a reason."""
    settings = ServerSettings(rate_limits={"socket": "3/minute"})
    with TestClient(create_app(database, workers=0, settings=settings)) as client:
        table = create(client, ["human", "human"])["id"]
        with client.websocket_connect(f"/ws/tables/{table}") as socket:
            socket.send_json({"type": "hello", "token": None, "version": 0})
            assert socket.receive_json()["type"] == "state"
            for _ in range(3):
                socket.send_json({"type": "chat"})
                assert socket.receive_json()["status"] == 422
            for _ in range(9):
                socket.send_json({"type": "chat"})
                refused = socket.receive_json()
                assert refused["type"] == "error" and refused["status"] == 429, refused
                assert refused["retry_after"] >= 1 and "too many messages" in refused["message"]
            socket.send_json({"type": "chat"})
            code, reason = closing(socket)
    assert code == 1008 and "too many messages" in reason


# --- the page's socket.js --------------------------------------------------------------------


@pytest.mark.browser
def test_finding_4_the_page_reconnects_after_1013_later_and_not_after_a_refusal(
    server: LiveServer,
) -> None:
    """A table page whose socket the server closes with 1013 (too slow) shows that it is
    reconnecting and comes back after a longer back-off (at least 1.5 s, not the 250 ms of
    a restart), then lives; one closed with 1003 (a frame the server cannot read) stays
    refused and does not come back."""
    playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is missing")
    from .browser import CHROMIUM, TIMEOUT, launch

    if CHROMIUM is None:
        pytest.skip("Debian's chromium is not installed")
    with httpx.Client(base_url=server.url) as http:
        table = http.post("/api/tables", json={"game": GAME, "players": ["human"] * 2}).json()
    with playwright_api.sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            for code, then in ((1013, "live"), (1003, "refused")):
                page = browser.new_page()
                opened: list[float] = []

                def route(socket: Any, code: int = code, opened: list[float] = opened) -> None:
                    opened.append(time.monotonic())
                    if len(opened) == 1:  # the first connection: closed by "the server"
                        socket.on_message(lambda _hello: socket.close(code=code, reason="test"))
                    else:
                        socket.connect_to_server()

                page.route_web_socket(lambda url: "/ws/tables/" in url, route)
                page.goto(f"{server.url}/tables/{table['id']}")
                status = page.locator("#connection")
                if code == 1013:
                    playwright_api.expect(status).to_have_text("reconnecting", timeout=TIMEOUT)
                    deadline = time.monotonic() + TIMEOUT / 1000
                    while len(opened) < 2:
                        assert time.monotonic() < deadline, "the page did not reconnect"
                        page.wait_for_timeout(50)
                    assert opened[1] - opened[0] >= 1.5, opened
                playwright_api.expect(status).to_have_text(then, timeout=TIMEOUT)
                if code == 1003:
                    page.wait_for_timeout(3000)
                    assert len(opened) == 1 and status.inner_text() == "refused"
                page.close()
        finally:
            browser.close()

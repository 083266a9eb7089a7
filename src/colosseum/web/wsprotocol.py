"""The server's WebSocket protocol for uvicorn (`uvicorn.Config(ws=WebSocketProtocol)`):
uvicorn's own (websockets' sans-I/O protocol), except that a text frame that is not valid
UTF-8 is closed with 1007 and a reason a person can act on, and without writing a traceback
to the log for every such frame (a client could fill the log with them); and messages are
compressed (permessage-deflate, as uvicorn offers it) at zlib's fastest level, not its
default: a state with its board deflates in about half the time, 20% larger (measured in
docs/performance.md, "The game server under load").

Every other refusal of a frame is the application's (web/clients.py) or websockets' own (a
frame over the size limit: 1009 with its reason).
"""

from __future__ import annotations

from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
from websockets.server import ServerProtocol

DEFLATE = {"memLevel": 5, "level": 1}  # uvicorn's memory level; the fastest compression
INVALID = 1007
NOT_UTF8 = "a text frame must be valid UTF-8: send JSON as text"


class WebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol, with invalid UTF-8 closed 1007 with a reason."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # uvicorn makes its connection here, before any byte is read: made again, with ours
        if self.config.ws_per_message_deflate:
            factory = ServerPerMessageDeflateFactory(
                server_max_window_bits=12,
                client_max_window_bits=12,
                compress_settings=DEFLATE,
            )
            self.conn = ServerProtocol(
                extensions=[factory], max_size=self.config.ws_max_size, logger=self.logger
            )

    def send_receive_event_to_app(self) -> None:
        if self.curr_msg_data_type == "text" and not self.close_sent:
            try:
                b"".join(self.frames).decode()
            except UnicodeDecodeError:
                self.frames = []
                self.conn.send_close(INVALID, NOT_UTF8)
                self.handle_parser_exception()
                return
        super().send_receive_event_to_app()

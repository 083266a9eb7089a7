"""The server's WebSocket protocol for uvicorn (`uvicorn.Config(ws=WebSocketProtocol)`):
uvicorn's own (websockets' sans-I/O protocol), except that a text frame that is not valid
UTF-8 is closed with 1007 and a reason a person can act on, and without writing a traceback
to the log for every such frame (a client could fill the log with them).

Every other refusal of a frame is the application's (web/clients.py) or websockets' own (a
frame over the size limit: 1009 with its reason).
"""

from __future__ import annotations

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

INVALID = 1007
NOT_UTF8 = "a text frame must be valid UTF-8: send JSON as text"


class WebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol, with invalid UTF-8 closed 1007 with a reason."""

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

"""A studio served by uvicorn in a thread of the test's process, on 127.0.0.1 and a free
port, and WebSocket clients that speak to its tables as pages do (the Origin of the
studio's own page; an invite token, or the studio's token for the host)."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

from websockets.sync.client import connect


class Server:
    def __init__(self, root: Path, token: str = "owner-token-for-tests"):
        import uvicorn

        from interpreter.studio.app import create_app
        from interpreter.studio.serve import allowed_hosts, bind
        self.sock = bind("127.0.0.1", 0)
        self.port = self.sock.getsockname()[1]
        self.token = token
        self.app = create_app(root, token, allowed_hosts("127.0.0.1"), [self.port])
        self.server = uvicorn.Server(uvicorn.Config(self.app, log_level="warning", lifespan="off",
                                                    ws="websockets-sansio"))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)
        self.thread.start()
        for _ in range(400):
            if self.server.started:
                break
            time.sleep(0.01)
        self.base = f"http://127.0.0.1:{self.port}"
        self.hub = self.app.hub

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)
        self.sock.close()

    def ws(self, path: str, owner: bool = False, origin: str | None = None, **kw) -> Page:
        headers = {"X-Studio-Token": self.token} if owner else {}
        opening = connect(f"ws://127.0.0.1:{self.port}{path}", origin=origin or self.base,
                          additional_headers=headers, open_timeout=20, **kw)
        return Page(opening.__enter__())

    def lobby(self) -> Page:
        return self.ws("/tables/ws", owner=True)

    def open_table(self, seats: list[dict], **settings) -> dict:
        """A table opened from the lobby: its listing (with the invite paths)."""
        with self.lobby() as lobby:
            lobby.send({"type": "open", "table": {"seats": seats, **settings}})
            opened = lobby.expect("opened")
        return next(t for t in opened["tables"] if t["id"] == opened["id"])


class Page:
    """One page's WebSocket: messages sent as JSON, the views kept as they arrive."""

    def __init__(self, socket):
        self.socket = socket
        self.view: dict | None = None
        self.errors: list[dict] = []

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self) -> None:
        self.socket.close()

    def send(self, message) -> None:
        self.socket.send(message if isinstance(message, (str, bytes)) else json.dumps(message))

    def receive(self, timeout: float = 60) -> dict:
        message = json.loads(self.socket.recv(timeout))
        if message.get("type") == "view":
            self.view = message
        if message.get("type") == "error":
            self.errors.append(message)
        return message

    def expect(self, kind: str, timeout: float = 60) -> dict:
        deadline = time.monotonic() + timeout
        while True:
            message = self.receive(max(0.01, deadline - time.monotonic()))
            if message.get("type") == kind:
                return message
            if message.get("type") == "error" and kind != "error":
                raise AssertionError(f"expected {kind}, got the error {message}")

    def until(self, test, timeout: float = 60) -> dict:
        """Views until one passes `test` (the last view kept is checked first)."""
        deadline = time.monotonic() + timeout
        while self.view is None or not test(self.view):
            self.receive(max(0.01, deadline - time.monotonic()))
        return self.view


def invite_path(listing: dict, place: int) -> str:
    return listing["places"][place]["invite"].replace("/table/", "/table/", 1)


def ws_path(invite: str) -> str:
    """The WebSocket path of an invite link's page: /table/ID/ws?invite=TOKEN."""
    path, _, query = invite.partition("?")
    return f"{path}/ws?{query}"

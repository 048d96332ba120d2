"""What keeps the studio safe on a shared machine.

Every request, HTTP or WebSocket, must carry the access token printed at start (in the
`token` query parameter, the `X-Studio-Token` header, or the cookie the page sets), else
403.  The Host header must name the address the studio listens on (a page of another site
reached through DNS rebinding names its own host), and a WebSocket's Origin must be the
studio's own page: a page of another site cannot drive the studio even if it guessed the
port.  Paths from the browser are kept inside the opened folder: no `..`, no absolute
path, no link that leads out of it.
"""

from __future__ import annotations

import secrets
from pathlib import Path, PurePosixPath
from urllib.parse import parse_qs

from starlette.responses import PlainTextResponse

TOKEN_HEADER = b"x-studio-token"


def new_token() -> str:
    return secrets.token_urlsafe(24)


def cookie_name(port: int) -> str:
    """Cookies do not tell ports apart: two studios on one machine keep two cookies."""
    return f"wonders_studio_{port}"


class Outside(ValueError):
    """A path the browser sent that would leave the opened folder."""


def inside(root: Path, relative: str) -> Path:
    """The file `relative` (a POSIX path from the browser) names in `root`, refused when it
    would leave the folder: `..`, absolute, or a link that resolves outside."""
    if not relative or "\x00" in relative or "\\" in relative:
        raise Outside(f"not a path of the folder: {relative!r}")
    parts = PurePosixPath(relative).parts
    if PurePosixPath(relative).is_absolute() or any(p in ("..", ".") for p in parts):
        raise Outside(f"not a path inside the folder: {relative}")
    path = root.joinpath(*parts)
    real_root = root.resolve()
    if not path.resolve().is_relative_to(real_root):
        raise Outside(f"{relative} leads outside the folder")
    return path


class Guard:
    """ASGI middleware: the token, Host and Origin checks for every request."""

    def __init__(self, app, token: str, hosts: set[str] | None, port_box: list[int]):
        self.app, self.token = app, token
        self.hosts = hosts              # host names the studio answers to (None: any, when bound to all)
        self.port_box = port_box        # the port, known once the socket is bound

    async def __call__(self, scope, receive, send):
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        refusal = self.refusal(scope)
        if refusal is None:
            return await self.app(scope, receive, send)
        if scope["type"] == "websocket":
            await receive()                                     # websocket.connect
            await send({"type": "websocket.close", "code": 1008})   # before accept: HTTP 403
            return
        await PlainTextResponse(f"403 Forbidden: {refusal}\n", status_code=403)(scope, receive, send)

    def refusal(self, scope) -> str | None:
        headers = {k.lower(): v for k, v in scope["headers"]}
        port = self.port_box[0]
        host = headers.get(b"host", b"").decode("latin-1")
        if self.hosts is not None and host not in {f"{h}:{port}" for h in self.hosts}:
            return "this studio does not answer to that host name"
        if scope["type"] == "websocket":
            origin = headers.get(b"origin", b"").decode("latin-1")
            if not host or origin != f"http://{host}":
                return "a WebSocket from another page"
        if not self.has_token(scope, headers, port):
            return "the access token is missing or wrong: open the address `wonders studio` printed"
        return None

    def has_token(self, scope, headers, port: int) -> bool:
        given = [headers.get(TOKEN_HEADER, b"").decode("latin-1")]
        given += parse_qs(scope.get("query_string", b"").decode("latin-1")).get("token", [])
        cookie = headers.get(b"cookie", b"").decode("latin-1")
        for part in cookie.split(";"):
            name, _, value = part.strip().partition("=")
            if name == cookie_name(port):
                given.append(value)
        return any(secrets.compare_digest(g.encode(), self.token.encode()) for g in given if g)

"""What keeps the studio safe on a shared machine: one ASGI middleware in front of every
route, so a route added later (a WebSocket of a multiplayer table, say) is guarded with
no line of its own.

- Every request, HTTP or WebSocket, must carry the access token printed at start (in the
  `token` query parameter, the `X-Studio-Token` header, or the cookie the page sets), else
  403.  The browser the studio opens gets a one-time code instead (`/?code=...`), which is
  exchanged once, within CODE_SECONDS, for the cookie: the token itself is never on the
  browser's command line, which every local user can read with `ps`.
- The Host header must name the address the studio listens on (a page of another site
  reached through DNS rebinding names its own host).
- Only the studio's own page may act.  Cookies do not tell the ports of 127.0.0.1 apart,
  so a page on another port carries the studio's cookie: a WebSocket's Origin must be the
  studio's own; a request that changes something (any method but GET and HEAD) must not
  come from another origin (its `Origin` and `Sec-Fetch-Site` say so) and must carry a
  header no form and no no-cors fetch can send (a JSON content type, or an `X-` header);
  and no page of another origin may make the studio work with a GET either, but for
  opening the page itself.
- Paths from the browser are kept inside the opened folder: no `..`, no absolute path, no
  link that leads out of it.
"""

from __future__ import annotations

import secrets
import threading
import time
from pathlib import Path, PurePosixPath
from urllib.parse import parse_qs

from starlette.responses import PlainTextResponse, RedirectResponse
from ..errors import WondersError

TOKEN_HEADER = b"x-studio-token"
CODE_SECONDS = 120           # how long the browser has to open the address it was given
SAFE_METHODS = ("GET", "HEAD")
FORM_TYPES = ("", "text/plain", "application/x-www-form-urlencoded", "multipart/form-data")


def new_token() -> str:
    return secrets.token_urlsafe(24)


def set_cookie(response, port: int, token: str) -> None:
    response.set_cookie(cookie_name(port), token, httponly=True, samesite="strict")


def cookie_name(port: int) -> str:
    """Cookies do not tell ports apart: two studios on one machine keep two cookies."""
    return f"wonders_studio_{port}"


class Outside(ValueError, WondersError):
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
    """ASGI middleware: the token, Host, Origin and one-time code checks for every request."""

    def __init__(self, app, token: str, hosts: set[str] | None, port_box: list[int]):
        self.app, self.token = app, token
        self.hosts = hosts              # host names the studio answers to (None: any, when bound to all)
        self.port_box = port_box        # the port, known once the socket is bound
        self.codes: dict[str, float] = {}           # one-time code -> when it stops working
        self.codes_lock = threading.Lock()

    def one_time_code(self) -> str:
        """A code that opens the studio once, within CODE_SECONDS: `/?code=CODE`."""
        code = secrets.token_urlsafe(24)
        with self.codes_lock:
            self.codes[code] = time.monotonic() + CODE_SECONDS
        return code

    def _spend(self, code: str) -> bool:
        with self.codes_lock:
            until = self.codes.pop(code, None)
        return until is not None and time.monotonic() < until

    async def __call__(self, scope, receive, send):
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        headers = {k.lower(): v.decode("latin-1") for k, v in scope["headers"]}
        refusal = self.host_refusal(headers)
        if refusal is None and scope["type"] == "http" and scope["path"] == "/" and scope["method"] == "GET":
            code = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("code")
            if code:                    # the browser the studio opened: the code for the cookie, once
                if not self._spend(code[0]):
                    refusal = ("this one-time address was used already or has expired: open the address "
                               "`wonders studio` printed")
                else:
                    response = RedirectResponse("/", status_code=303, headers={"Cache-Control": "no-store"})
                    set_cookie(response, self.port_box[0], self.token)
                    return await response(scope, receive, send)
        refusal = refusal or self.origin_refusal(scope, headers)
        if refusal is None and not self.has_token(scope, headers, self.port_box[0]):
            refusal = "the access token is missing or wrong: open the address `wonders studio` printed"
        if refusal is None:
            return await self.app(scope, receive, send)
        if scope["type"] == "websocket":
            await receive()                                     # websocket.connect
            await send({"type": "websocket.close", "code": 1008})   # before accept: HTTP 403
            return
        await PlainTextResponse(f"403 Forbidden: {refusal}\n", status_code=403)(scope, receive, send)

    def host_refusal(self, headers: dict[bytes, str]) -> str | None:
        host = headers.get(b"host", "")
        if self.hosts is not None and host not in {f"{h}:{self.port_box[0]}" for h in self.hosts}:
            return "this studio does not answer to that host name"
        return None

    def is_page(self, path: str) -> bool:
        """A page a person may open by following a link from anywhere (a chat, a mail): it
        changes nothing, and every request it then makes is its own origin's."""
        return path == "/"

    def origin_refusal(self, scope, headers: dict[bytes, str]) -> str | None:
        """Why a request is not the studio's own page's (None: it is, or it is no browser's)."""
        own = f"http://{headers.get(b'host', '')}"
        origin, site = headers.get(b"origin"), headers.get(b"sec-fetch-site")
        if scope["type"] == "websocket":
            return None if headers.get(b"host") and origin == own else "a WebSocket from another page"
        if scope["method"] in SAFE_METHODS:
            opening = self.is_page(scope["path"]) and headers.get(b"sec-fetch-mode") == "navigate"
            if site in ("same-site", "cross-site") and not opening:
                return "a request from a page of another origin"
            return None
        if origin is not None and origin != own:
            return f"a request from another page ({origin})"
        if site is not None and site != "same-origin":
            return f"a request from a page of another origin (Sec-Fetch-Site: {site})"
        kind = headers.get(b"content-type", "").split(";")[0].strip().lower()
        if kind in FORM_TYPES and not any(name.startswith(b"x-") for name in headers):
            return ("a request a form could send: the studio's page sends JSON "
                    "(Content-Type: application/json) or an X- header")
        return None

    def has_token(self, scope, headers, port: int) -> bool:
        given = [headers.get(TOKEN_HEADER, "")]
        given += parse_qs(scope.get("query_string", b"").decode("latin-1")).get("token", [])
        cookie = headers.get(b"cookie", "")
        for part in cookie.split(";"):
            name, _, value = part.strip().partition("=")
            if name == cookie_name(port):
                given.append(value)
        return any(secrets.compare_digest(g.encode(), self.token.encode()) for g in given if g)

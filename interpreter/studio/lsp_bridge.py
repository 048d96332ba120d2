"""The editor's language features: the browser's LSP messages relayed, over a WebSocket,
to `wonders lsp` (interpreter/lsp/server.py) running as a subprocess, one per page.

So the studio has no second implementation of diagnostics, hover, completion, definitions,
rename or formatting: the page speaks LSP (CodeMirror's @codemirror/lsp-client) and the
editors' own language server answers.  A subprocess rather than a server in this process:
its checks use a core of their own and never hold up the studio's other requests, and each
page gets a server with its own open documents.

Every message from the browser is looked at before it is passed on: a document URI (or
root URI) outside the opened folder is refused, so the page cannot make the server read
anything else.

One server is started ahead of need and made ready for the next page: initialized, and the
folder's first file opened in it, so the folder is parsed and checked before any page asks.
The page's own `initialize` is then answered with that server's answer (and its
`initialized` passed over); the diagnostics the server published meanwhile reach the page
first thing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sys
from pathlib import Path
from urllib.parse import unquote, urlparse

from starlette.websockets import WebSocket, WebSocketDisconnect

PACKAGE_PARENT = Path(__file__).resolve().parent.parent.parent
URI_KEYS = ("uri", "rootUri", "targetUri")


def server_command(root: Path) -> list[str]:
    """`wonders lsp`, confined to the folder (a link in it that leads out is never read)."""
    return [sys.executable, "-c", "import sys; from pathlib import Path; from interpreter.lsp.server import server, run; "
            "server.analyzer.confine = Path(sys.argv[1]).resolve(); run()", str(root)]


async def start_server(root: Path) -> asyncio.subprocess.Process:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(PACKAGE_PARENT) + os.pathsep + env.get("PYTHONPATH", "")
    return await asyncio.create_subprocess_exec(*server_command(root), stdin=asyncio.subprocess.PIPE,
                                                stdout=asyncio.subprocess.PIPE,
                                                stderr=asyncio.subprocess.DEVNULL, env=env)


def uris(value):
    """Every URI a message names (in its params, at any depth)."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key in URI_KEYS and isinstance(item, str):
                yield item
            else:
                yield from uris(item)
            if key == "rootPath" and isinstance(item, str):
                yield "file://" + item
    elif isinstance(value, list):
        for item in value:
            yield from uris(item)


def uri_inside(uri: str, root: Path) -> bool:
    parsed = urlparse(uri)
    if parsed.scheme != "file" or parsed.netloc not in ("", "localhost"):
        return False
    path = Path(unquote(parsed.path))
    return ".." not in path.parts and path.resolve().is_relative_to(root.resolve())


WARM_ID = "studio-warm"


def _send(process: asyncio.subprocess.Process, message: dict | str) -> None:
    body = (message if isinstance(message, str) else json.dumps(message)).encode("utf-8")
    process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)


async def read_message(reader: asyncio.StreamReader) -> bytes:
    """The body of the server's next message (its LSP framing taken off)."""
    while True:
        length = None
        while True:
            line = await reader.readuntil(b"\r\n")
            if line == b"\r\n":
                break
            name, _, value = line.decode("ascii", errors="replace").partition(":")
            if name.strip().lower() == "content-length":
                length = int(value.strip())
        if length is not None:
            return await reader.readexactly(length)


async def ready_server(root: Path, first: dict | None, running: set | None = None) -> tuple[asyncio.subprocess.Process, dict]:
    """A server initialized (its answer kept for the page) with `first` (a file as
    files.read gives it) open, so the folder is checked before a page asks; kept in
    `running` until it stops."""
    process = await start_server(root)
    if running is not None:
        running.add(process)
        asyncio.ensure_future(_forget_when_ended(process, running))
    _send(process, {"jsonrpc": "2.0", "id": WARM_ID, "method": "initialize",
                    "params": {"processId": None, "rootUri": root.as_uri(), "capabilities": {}}})
    await process.stdin.drain()
    while True:
        answer = json.loads(await read_message(process.stdout))
        if answer.get("id") == WARM_ID:
            break
    _send(process, {"jsonrpc": "2.0", "method": "initialized", "params": {}})
    if first is not None:
        _send(process, {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": (root / first["path"]).as_uri(), "languageId": "wonders", "version": 0, "text": first["text"]}}})
    await process.stdin.drain()
    return process, answer


class Bridge:
    """The pages' language servers: one each, taken from the spare readied ahead (one spare
    at most, each handed to one page only), and every one stopped with its page or with
    the studio."""

    def __init__(self, root: Path, first_file=lambda: None):
        self.root = root
        self.first_file = first_file       # the file a page opens first, as files.read gives it
        self.spare: asyncio.Task | None = None
        self.running: set[asyncio.subprocess.Process] = set()

    def warm(self) -> None:
        """Start a server now, for the next page."""
        if self.spare is None:
            self.spare = asyncio.ensure_future(self._ready())

    async def _ready(self):
        first = await asyncio.to_thread(self.first_file)
        return await ready_server(self.root, first, self.running)

    async def take(self) -> tuple[asyncio.subprocess.Process, dict]:
        """The spare for this page alone (taken before waiting, so two pages opened together
        never share one), and a new spare started for the next."""
        mine, self.spare = self.spare, None
        if mine is None:
            mine = asyncio.ensure_future(self._ready())
        self.warm()
        try:
            return await asyncio.shield(mine)
        except asyncio.CancelledError:     # the page went away while its server was readied
            mine.add_done_callback(_stop_when_ready)
            raise

    async def close(self) -> None:
        if self.spare is not None:
            self.spare.cancel()
            with contextlib.suppress(BaseException):       # its own cancellation, or its failure
                await self.spare
            self.spare = None
        for process in list(self.running):
            await stop(process)

    def refusal(self, message: dict) -> str | None:
        try:
            outside = [u for u in uris(message.get("params")) if not uri_inside(u, self.root)]
        except RecursionError:
            return "refused: a message nested too deeply to read"
        return f"refused: {outside[0]} is outside the studio's folder" if outside else None

    async def serve(self, socket: WebSocket) -> None:
        await socket.accept()
        process, initialized = await self.take()
        relay = asyncio.ensure_future(_to_browser(process, socket))
        try:
            while True:
                text = await socket.receive_text()
                try:
                    message = json.loads(text)
                except (ValueError, RecursionError):
                    continue
                refused = self.refusal(message) if isinstance(message, dict) else "not a message"
                if refused:
                    if isinstance(message, dict) and "id" in message:
                        await socket.send_text(json.dumps({"jsonrpc": "2.0", "id": message["id"],
                                                           "error": {"code": -32600, "message": refused}}))
                    continue
                if message.get("method") == "initialize":          # answered when the server was readied
                    await socket.send_text(json.dumps({**initialized, "id": message.get("id")}))
                    continue
                if message.get("method") == "initialized":
                    continue
                _send(process, text)
                await process.stdin.drain()
        except (WebSocketDisconnect, ConnectionError, RuntimeError, KeyError):
            pass
        finally:
            relay.cancel()
            await stop(process)


def _stop_when_ready(task: asyncio.Task) -> None:
    if not task.cancelled() and task.exception() is None:
        asyncio.ensure_future(stop(task.result()[0]))


async def _to_browser(process: asyncio.subprocess.Process, socket: WebSocket) -> None:
    """Each message of the server, unframed, to the page."""
    with contextlib.suppress(asyncio.IncompleteReadError, ConnectionError, RuntimeError, WebSocketDisconnect):
        while True:
            await socket.send_text((await read_message(process.stdout)).decode("utf-8"))


async def _forget_when_ended(process: asyncio.subprocess.Process, running: set) -> None:
    with contextlib.suppress(Exception):
        await process.wait()
    running.discard(process)


async def stop(process: asyncio.subprocess.Process) -> None:
    if process.returncode is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        process.terminate()
    try:
        await asyncio.wait_for(process.wait(), 3)
    except asyncio.TimeoutError:
        with contextlib.suppress(ProcessLookupError):
            process.kill()
        await process.wait()

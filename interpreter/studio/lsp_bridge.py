"""The editor's language features: the browser's LSP messages relayed, over a WebSocket,
to `wonders lsp` (interpreter/lsp/server.py) running as a subprocess, one per page.

So the studio has no second implementation of diagnostics, hover, completion, definitions,
rename or formatting: the page speaks LSP (CodeMirror's @codemirror/lsp-client) and the
editors' own language server answers.  A subprocess rather than a server in this process:
its checks use a core of their own and never hold up the studio's other requests, and each
page gets a server with its own open documents.

Every message from the browser is looked at before it is passed on: a document URI (or
root URI) outside the opened folder is refused, so the page cannot make the server read
anything else.  One server is started ahead of need, so a page that opens finds one ready.
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


class Bridge:
    def __init__(self, root: Path):
        self.root = root
        self.spare: asyncio.Task | None = None

    def warm(self) -> None:
        """Start a server now, for the next page."""
        if self.spare is None:
            self.spare = asyncio.ensure_future(start_server(self.root))

    async def take(self) -> asyncio.subprocess.Process:
        self.warm()
        process, self.spare = await self.spare, None
        self.warm()
        return process

    async def close(self) -> None:
        if self.spare is not None:
            process = await self.spare
            await stop(process)
            self.spare = None

    def refusal(self, message: dict) -> str | None:
        outside = [u for u in uris(message.get("params")) if not uri_inside(u, self.root)]
        return f"refused: {outside[0]} is outside the studio's folder" if outside else None

    async def serve(self, socket: WebSocket) -> None:
        await socket.accept()
        process = await self.take()
        relay = asyncio.ensure_future(_to_browser(process, socket))
        try:
            while True:
                text = await socket.receive_text()
                try:
                    message = json.loads(text)
                except ValueError:
                    continue
                refused = self.refusal(message) if isinstance(message, dict) else "not a message"
                if refused:
                    if isinstance(message, dict) and "id" in message:
                        await socket.send_text(json.dumps({"jsonrpc": "2.0", "id": message["id"],
                                                           "error": {"code": -32600, "message": refused}}))
                    continue
                body = text.encode("utf-8")
                process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
                await process.stdin.drain()
        except (WebSocketDisconnect, ConnectionError, RuntimeError):
            pass
        finally:
            relay.cancel()
            await stop(process)


async def _to_browser(process: asyncio.subprocess.Process, socket: WebSocket) -> None:
    """Each message of the server, unframed, to the page."""
    reader = process.stdout
    with contextlib.suppress(asyncio.IncompleteReadError, ConnectionError, RuntimeError, WebSocketDisconnect):
        while True:
            length = None
            while True:
                line = await reader.readuntil(b"\r\n")
                if line == b"\r\n":
                    break
                name, _, value = line.decode("ascii", errors="replace").partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value.strip())
            if length is None:
                continue
            body = await reader.readexactly(length)
            await socket.send_text(body.decode("utf-8"))


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

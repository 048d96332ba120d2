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

The servers are forked from one process that has imported them once (interpreter/lsp/forks.py,
`Forker` below), so a page's server is ready in under a third of the time of a new
process; where the system cannot (not Linux), or that process has gone, each is a process
of its own (`start_server`).

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
import signal
import socket
import sys
import threading
from pathlib import Path
from urllib.parse import unquote, urlparse

from starlette.websockets import WebSocket, WebSocketDisconnect

PACKAGE_PARENT = Path(__file__).resolve().parent.parent.parent
URI_KEYS = ("uri", "rootUri", "targetUri")


def server_command(root: Path) -> list[str]:
    """`wonders lsp`, confined to the folder (a link in it that leads out is never read)."""
    return [sys.executable, "-c", "import sys; from pathlib import Path; from interpreter.lsp.server import server, run; "
            "server.analyzer.confine = Path(sys.argv[1]).resolve(); run()", str(root)]


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(PACKAGE_PARENT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


async def start_server(root: Path) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(*server_command(root), stdin=asyncio.subprocess.PIPE,
                                                stdout=asyncio.subprocess.PIPE,
                                                stderr=asyncio.subprocess.DEVNULL, env=_env())


def can_fork() -> bool:
    """Whether this system can fork servers (interpreter/lsp/forks.py): Linux's fork, pidfds
    and descriptors passed over a Unix socket."""
    return sys.platform.startswith("linux") and hasattr(os, "fork") and hasattr(os, "pidfd_open") \
        and hasattr(socket, "send_fds") and hasattr(signal, "pidfd_send_signal")


class ForkedServer:
    """A server forked by `Forker`: what the bridge uses of a subprocess (its streams,
    `terminate`, `kill`, `wait`, `returncode`), its end told by its pidfd."""

    def __init__(self, pid: int, pidfd: int, reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
        self.pid, self._pidfd = pid, pidfd
        self.stdout, self.stdin = reader, writer
        self.returncode: int | None = None
        self._loop = asyncio.get_running_loop()
        self._ended = self._loop.create_future()
        self._loop.add_reader(pidfd, self._on_end)

    def _on_end(self) -> None:
        self._loop.remove_reader(self._pidfd)
        self.returncode = 0           # (its status goes to the process that forked it)
        self.stdin.close()
        os.close(self._pidfd)
        if not self._ended.done():
            self._ended.set_result(None)

    def _signal(self, number: int) -> None:
        if self.returncode is not None:
            raise ProcessLookupError(self.pid)
        signal.pidfd_send_signal(self._pidfd, number)

    def terminate(self) -> None:
        self._signal(signal.SIGTERM)

    def kill(self) -> None:
        self._signal(signal.SIGKILL)

    async def wait(self) -> int:
        await asyncio.shield(self._ended)
        return 0


Server = asyncio.subprocess.Process | ForkedServer     # a page's language server, either way
ASK_SECONDS = 30        # a forking process that has not answered by then is taken as gone


class Forker:
    """The studio's forking process (interpreter/lsp/forks.py), started with the first
    server asked of it, stopped with the studio; `None` from `server` when it cannot be
    had (the bridge then starts a process of its own)."""

    def __init__(self, root: Path):
        self.root = root
        self.process: asyncio.subprocess.Process | None = None
        self.control: socket.socket | None = None
        self.broken = not can_fork()
        self._lock = asyncio.Lock()
        self._asking = threading.Lock()

    async def server(self) -> ForkedServer | None:
        async with self._lock:
            if self.broken:
                return None
            try:
                if self.process is None:
                    await self._start()
                ours, theirs = socket.socketpair()
                try:
                    pid, pidfd = await asyncio.to_thread(self._ask, theirs)
                finally:
                    theirs.close()
            except OSError:
                self.broken = True        # gone, or never started: processes of their own from now on
                await self.close()
                return None
            reader, writer = await asyncio.open_unix_connection(sock=ours)
            return ForkedServer(pid, pidfd, reader, writer)

    async def _start(self) -> None:
        self.control, theirs = socket.socketpair()
        try:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable, "-c", "import sys; from interpreter.lsp.forks import serve; "
                "serve(int(sys.argv[1]), sys.argv[2])", str(theirs.fileno()), str(self.root),
                pass_fds=(theirs.fileno(),), stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL, env=_env())
        finally:
            theirs.close()
        self.control.settimeout(ASK_SECONDS)

    def _ask(self, theirs: socket.socket) -> tuple[int, int]:
        """A server forked on `theirs`: its pid and pidfd (OSError if no answer came)."""
        with self._asking:
            if self.control is None:
                raise OSError("the language servers' forking process is stopped")
            socket.send_fds(self.control, [b"fork"], [theirs.fileno()])
            answer, fds, _flags, _address = socket.recv_fds(self.control, 64, 1)
            if not answer.isdigit() or len(fds) != 1:
                for fd in fds:
                    os.close(fd)
                raise OSError("the language servers' forking process gave no server")
            return int(answer), fds[0]

    async def close(self) -> None:
        """Stop the forking process; it stops the servers it forked that still run (a
        server asked after this is a process of its own)."""
        self.broken = True
        if self.control is not None:
            self.control.close()
            self.control = None
        if self.process is not None and self.process.returncode is None:
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self.process.wait(), 3)      # it ends when it reads the close
            await stop(self.process)


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


def _send(process: Server, message: dict | str) -> None:
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


async def ready_server(root: Path, first: dict | None, running: set | None = None,
                       forker: Forker | None = None) -> tuple[Server, dict]:
    """A server (forked by `forker` when it can) initialized (its answer kept for the page)
    with `first` (a file as files.read gives it) open, so the folder is checked before a
    page asks; kept in `running` until it stops."""
    process = (await forker.server() if forker is not None else None) or await start_server(root)
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
        self.running: set[Server] = set()
        self.forker = Forker(root)

    def warm(self) -> None:
        """Start a server now, for the next page."""
        if self.spare is None:
            self.spare = asyncio.ensure_future(self._ready())

    async def _ready(self):
        first = await asyncio.to_thread(self.first_file)
        return await ready_server(self.root, first, self.running, self.forker)

    async def take(self) -> tuple[Server, dict]:
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
        await self.forker.close()

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


async def _to_browser(process: Server, socket: WebSocket) -> None:
    """Each message of the server, unframed, to the page."""
    with contextlib.suppress(asyncio.IncompleteReadError, ConnectionError, RuntimeError, WebSocketDisconnect):
        while True:
            await socket.send_text((await read_message(process.stdout)).decode("utf-8"))


async def _forget_when_ended(process: Server, running: set) -> None:
    with contextlib.suppress(Exception):
        await process.wait()
    running.discard(process)


async def stop(process: Server) -> None:
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

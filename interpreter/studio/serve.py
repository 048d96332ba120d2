"""Start the studio: bind the socket (the loopback address unless asked), print the address
with its access token, open the browser (at an address with a one-time code, never the
token: a browser's command line is every local user's to read), and stop cleanly on
Ctrl-C, SIGTERM or SIGHUP (uvicorn's own handling: the open connections are closed and the
language servers and comparisons end)."""

from __future__ import annotations

import contextlib
import ipaddress
import signal
import socket
import threading
import webbrowser
from pathlib import Path

from ..i18n import _

LOOPBACK = "127.0.0.1"


def is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def bind(host: str, port: int) -> socket.socket:
    """The listening socket (port 0: any free port); OSError says why not."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def allowed_hosts(host: str) -> set[str] | None:
    """The Host headers the studio answers to; None (any) when bound to every address."""
    if host in ("0.0.0.0", "::"):
        return None
    names = {host, f"[{host}]"} if ":" in host else {host}
    return names | ({"127.0.0.1", "localhost"} if is_loopback(host) else set())


def serve(root: Path, host: str, port: int, open_browser: bool, echo) -> None:
    import uvicorn

    from .app import create_app
    from .guard import new_token
    sock = bind(host, port)
    port_box = [sock.getsockname()[1]]
    token = new_token()
    shown_host = f"[{host}]" if ":" in host else host
    base = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else shown_host}:{port_box[0]}"
    url = f"{base}/?token={token}"
    app = create_app(root, token, allowed_hosts(host), port_box)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on", ws="websockets-sansio",
                                           timeout_graceful_shutdown=3))
    echo(f"wonders studio: {root}")
    echo(_("open {url}").format(url=url))
    echo(_("(the address holds the access token: share it only with whom may edit this folder; Ctrl-C stops)"))
    if open_browser:
        opening = f"{base}/?code={app.one_time_code()}"
        threading.Thread(target=_open_when_ready, args=(server, opening), daemon=True).start()
    try:
        with _hang_up_stops(server):
            server.run(sockets=[sock])
    finally:                        # uvicorn raises Ctrl-C again once it has shut down (status 130)
        echo(_("studio stopped"))


@contextlib.contextmanager
def _hang_up_stops(server):
    """SIGHUP (the terminal closed) shuts the studio down as Ctrl-C and SIGTERM do in
    uvicorn, then is raised again, so the command ends with its status (129) and no
    traceback; a SIGHUP the caller ignores (`nohup`) stays ignored."""
    if not hasattr(signal, "SIGHUP") or signal.getsignal(signal.SIGHUP) is signal.SIG_IGN:
        yield
        return
    hung_up = []

    def hang_up(signum, frame):
        hung_up.append(signum)
        if not server.should_exit:
            server.handle_exit(signum, frame)
    previous = signal.signal(signal.SIGHUP, hang_up)
    try:
        yield
    finally:
        signal.signal(signal.SIGHUP, previous)
    if hung_up:
        signal.raise_signal(signal.SIGHUP)


def _open_when_ready(server, url: str) -> None:
    import time
    for _ in range(200):
        if server.started:
            webbrowser.open(url)
            return
        time.sleep(0.05)

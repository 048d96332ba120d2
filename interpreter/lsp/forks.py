"""Language servers forked from one process that has already imported them: the studio's
way to give each page a server of its own without each paying the imports.

A page's server used to be a new Python process (`python -c ... run()`), and about four
fifths of its start was importing pygls, lsprotocol and the checker (0.85 of 1.0 s of
processor time before its first diagnostics).  `serve` imports all that once, then waits
on a Unix socket (`control`) shared with the studio.  Each request carries one end of a
socket pair; the process forks, and the child serves LSP on that socket as its standard
input and output, confined to the studio's folder, exactly as `wonders lsp` would.  The
answer is the child's pid and a pidfd of it (Linux: `os.pidfd_open`), so the studio can
wait for it and signal it with no race against a reused pid.

Why fork is safe here: this process starts no thread and no event loop before it forks
(the child starts pygls' own), and it never writes to its standard output, so no buffer is
copied into a child.  It ignores Ctrl-C (the terminal sends it to the whole group): the
studio stops it by closing `control`, and then it stops the servers it forked.  A child
also ends when its socket closes, as a server does at the end of its standard input, so
nothing outlives a studio that was killed outright.  Where fork, pidfds or passing file
descriptors are missing (not Linux), the studio starts servers as processes of their own
(studio/lsp_bridge.py `start_server`).
"""

from __future__ import annotations

import os
import select
import signal
import socket
import sys
from pathlib import Path

from .server import run, server

REQUEST = b"fork"


def serve(control_fd: int, root: str) -> None:
    """Fork a server for each request on `control_fd` until the studio closes it; then stop
    the servers still running."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _stopped)              # the servers still stopped (`finally`)
    control = socket.socket(fileno=control_fd)
    confine = Path(root).resolve()
    running: list[tuple[int, int]] = []                  # (pid, pidfd) of the servers forked
    try:
        while True:
            try:
                message, fds, _flags, _address = socket.recv_fds(control, 64, 1)
            except (OSError, ValueError):
                break
            if not message:
                break                                    # the studio closed its end (or is gone)
            if message != REQUEST or len(fds) != 1:
                for fd in fds:
                    os.close(fd)
                break                                    # not the studio speaking: stop
            running = [child for child in running if not _reaped(*child)]
            pid, pidfd = _fork(fds[0], control, confine, [fd for _pid, fd in running])
            running.append((pid, pidfd))
            socket.send_fds(control, [b"%d" % pid], [pidfd])
    finally:
        for pid, pidfd in running:
            try:
                signal.pidfd_send_signal(pidfd, signal.SIGTERM)
            except OSError:
                pass                                     # ended already
            os.close(pidfd)


def _stopped(_number: int, _frame: object) -> None:
    raise SystemExit(0)


def _fork(fd: int, control: socket.socket, confine: Path, others: list[int]) -> tuple[int, int]:
    """A server on the socket `fd`: its pid and a pidfd of it (made before the child can
    be reaped: until `_reaped`, an ended child stays a zombie, so the pid is its own).  The
    child keeps none of this process's other descriptors (`control`, the `others` pidfds)."""
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:                                         # the server
        try:
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            control.close()
            for other in others:
                os.close(other)
            os.dup2(fd, 0)
            os.dup2(fd, 1)
            os.close(fd)
            server.analyzer.confine = confine
            run()
        finally:
            os._exit(0)
    os.close(fd)
    return pid, os.pidfd_open(pid)


def _reaped(pid: int, pidfd: int) -> bool:
    """Whether the server has ended (its pidfd is readable then): then it is reaped and its
    pidfd closed."""
    readable, _w, _x = select.select([pidfd], [], [], 0)
    if not readable:
        return False
    try:
        os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        pass
    os.close(pidfd)
    return True

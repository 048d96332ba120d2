"""`wonders studio` started as a user starts it (a subprocess, --no-browser, any free port),
its address read from what it prints, and stopped with Ctrl-C (SIGINT) at the end."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from conftest import ROOT, default_signals

ADDRESS = re.compile(r"open (http://[^/\s]+)/\?token=(\S+)")


class Studio:
    def __init__(self, folder: Path | None, *extra: str, cwd: Path = ROOT, env: dict | None = None,
                 browser: bool = False):
        """`browser`: open one (the BROWSER of `env` says which), as `wonders studio` does
        unless told --no-browser."""
        env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8", **(env or {}))
        env.pop("WONDERS_DEBUG", None)
        args = [sys.executable, "-u", "-c", "import cli; cli.run()", "studio", *([] if browser else ["--no-browser"]),
                *extra]
        if folder is not None:
            args.insert(5, str(folder))
        self.process = subprocess.Popen(args, cwd=str(cwd), env=env, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True, encoding="utf-8",
                                        preexec_fn=default_signals)     # stop() is a Ctrl-C
        self.lines: list[str] = []
        found = threading.Event()

        def read():
            for line in self.process.stdout:
                self.lines.append(line)
                if "Ctrl-C stops" in line:           # the last line printed at start
                    found.set()
            found.set()
        self.reader = threading.Thread(target=read, daemon=True)
        self.reader.start()
        if not found.wait(60) or not any(ADDRESS.search(x) for x in self.lines):
            self.process.kill()
            raise AssertionError("the studio printed no address:\n" + "".join(self.lines)
                                 + self.process.stderr.read())
        match = next(ADDRESS.search(x) for x in self.lines if ADDRESS.search(x))
        self.base, self.token = match.group(1), match.group(2)
        self.url = f"{self.base}/?token={self.token}"

    def stop(self) -> int:
        """Ctrl-C, as at a terminal; the exit status."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.reader.join(10)
        return self.process.returncode

    def output(self) -> str:
        return "".join(self.lines)

    def children(self) -> list[int]:
        """The studio's processes, its children's too: the language servers' forking
        process and the servers it forked, a comparison's workers."""
        found, todo = [], [self.process.pid]
        while todo:
            pid = todo.pop()
            path = Path(f"/proc/{pid}/task/{pid}/children")
            try:
                kids = [int(p) for p in path.read_text().split()]
            except OSError:
                kids = []
            found += kids
            todo += kids
        return found


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    """A scratch copy of the shipped content (the first edition and its variants), with a
    file beside it, outside the folder, and a link to that file inside it."""
    target = tmp_path_factory.mktemp("studio") / "content"
    shutil.copytree(ROOT / "content", target, ignore=shutil.ignore_patterns("second-edition"))
    secret = target.parent / "secret.wonders"
    secret.write_text('card "Secret" { age I color brown }\n', encoding="utf-8")
    (target / "leak.wonders").symlink_to(secret)
    return target


@pytest.fixture(scope="module")
def studio(folder):
    """The studio on `folder`, for a test module (import both fixtures into it)."""
    cache = folder.parent / "fit-cache"          # the studio's own fits: never the user's, nor another run's
    cache.mkdir(exist_ok=True)
    server = Studio(folder, env={"WONDERS_CACHE_DIR": str(cache)})
    yield server
    server.stop()

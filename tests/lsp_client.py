"""A small LSP client for the tests: `wonders lsp` in a subprocess, JSON-RPC messages with
Content-Length framing over its stdin and stdout, as an editor talks to it."""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def uri(path: Path) -> str:
    return path.resolve().as_uri()


class Client:
    def __init__(self, root: Path, args=(), locale: str | None = None, environ: dict | None = None):
        """`wonders lsp ARGS`, initialized for the folder `root` by an editor whose language
        is `locale` (none sent when None), in the environment plus `environ`."""
        env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8", **(environ or {}))
        env.pop("WONDERS_DEBUG", None)
        self.process = subprocess.Popen([sys.executable, "-c", "import cli; cli.run()", "lsp", *args], cwd=str(ROOT),
                                        env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE)
        self.messages: queue.Queue = queue.Queue()
        self.notifications: list[dict] = []
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()
        self.request("initialize", {"processId": os.getpid(), "rootUri": uri(root),
                                    "capabilities": {"textDocument": {"hover": {"contentFormat": ["markdown"]}}},
                                    **({"locale": locale} if locale else {})})
        self.notify("initialized", {})

    # ---------------------------------------------------------------- framing
    def _read(self) -> None:
        stream = self.process.stdout
        while True:
            headers = {}
            while True:
                line = stream.readline()
                if not line:
                    return
                line = line.decode("ascii").strip()
                if not line:
                    break
                key, _, value = line.partition(":")
                headers[key.strip().lower()] = value.strip()
            body = stream.read(int(headers["content-length"]))
            self.messages.put(json.loads(body))

    def _send(self, message: dict) -> None:
        body = json.dumps(message).encode("utf-8")
        self.process.stdin.write(f"Content-Length: {len(body)}\r\n\r\n".encode("ascii") + body)
        self.process.stdin.flush()

    def _next(self, deadline: float) -> dict:
        message = self.messages.get(timeout=max(0.01, deadline - time.monotonic()))
        if "id" in message and "method" in message:        # a request from the server: answer it
            self._send({"jsonrpc": "2.0", "id": message["id"], "result": None})
        elif "method" in message:
            self.notifications.append(message)
        return message

    # ---------------------------------------------------------------- messages
    def request(self, method: str, params: dict, timeout: float = 60):
        self.next_id += 1
        ident = self.next_id
        self._send({"jsonrpc": "2.0", "id": ident, "method": method, "params": params})
        deadline = time.monotonic() + timeout
        while True:
            message = self._next(deadline)
            if message.get("id") == ident and "method" not in message:
                if "error" in message:
                    raise RuntimeError(message["error"])
                return message.get("result")

    def notify(self, method: str, params: dict) -> None:
        self._send({"jsonrpc": "2.0", "method": method, "params": params})

    def diagnostics(self, file_uri: str, timeout: float = 60) -> list[dict]:
        """The next diagnostics published for a file (older ones are dropped)."""
        deadline = time.monotonic() + timeout
        while True:
            for i, n in enumerate(self.notifications):
                if n["method"] == "textDocument/publishDiagnostics" and n["params"]["uri"] == file_uri:
                    del self.notifications[: i + 1]
                    return n["params"]["diagnostics"]
            self._next(deadline)

    # ---------------------------------------------------------------- documents
    def open(self, path: Path, text: str | None = None) -> str:
        self.versions = getattr(self, "versions", {})
        file_uri = uri(path)
        self.versions[file_uri] = 1
        self.notify("textDocument/didOpen", {"textDocument": {
            "uri": file_uri, "languageId": "wonders", "version": 1,
            "text": path.read_text(encoding="utf-8") if text is None else text}})
        return file_uri

    def change(self, file_uri: str, text: str, start=None, end=None) -> None:
        """Replace the whole text, or the range (line, character) start..end with `text`."""
        self.versions[file_uri] += 1
        change = {"text": text}
        if start is not None:
            change["range"] = {"start": {"line": start[0], "character": start[1]},
                               "end": {"line": end[0], "character": end[1]}}
        self.notify("textDocument/didChange", {"textDocument": {"uri": file_uri, "version": self.versions[file_uri]},
                                               "contentChanges": [change]})

    def at(self, method: str, file_uri: str, line: int, character: int, **extra):
        return self.request(method, {"textDocument": {"uri": file_uri},
                                     "position": {"line": line, "character": character}, **extra})

    def close(self) -> None:
        try:
            self.request("shutdown", None, timeout=10)
            self.notify("exit", None)
            self.process.wait(timeout=10)
        except Exception:  # noqa: BLE001 - a test already failed; do not hide it
            self.process.kill()
            self.process.wait(timeout=10)
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            stream.close()


def position_of(text: str, needle: str, nth: int = 0, offset: int = 0) -> tuple[int, int]:
    """(line, character), 0-based, of the `nth` occurrence of `needle` (plus `offset` characters)."""
    index = -1
    for _ in range(nth + 1):
        index = text.index(needle, index + 1)
    index += offset
    line = text.count("\n", 0, index)
    return line, index - (text.rfind("\n", 0, index) + 1)

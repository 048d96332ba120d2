"""The studio's language servers forked from one process (interpreter/lsp/forks.py, the
`Forker` of studio/lsp_bridge.py): a forked server answers as a process of its own does,
is confined to the folder, ends with the forking process, and a forking process that is
gone leaves the pages with servers of their own."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import signal

import pytest

from conftest import ROOT
from test_studio import _running as _alive

pytest.importorskip("pygls")
pytest.importorskip("starlette")
from interpreter.studio.lsp_bridge import ForkedServer, Forker, _send, can_fork, read_message, ready_server, stop  # noqa: E402

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not can_fork(), reason="forking servers needs Linux (fork, pidfds)")]

BROKEN = 'card "Broken" {\n    age I  color red  copies 3+\n    produces unobtainium\n}\n'


@pytest.fixture
def folder(tmp_path):
    target = tmp_path / "content"
    shutil.copytree(ROOT / "content", target, ignore=shutil.ignore_patterns("second-edition", "expansions"))
    (target / "broken.wonders").write_text(BROKEN, encoding="utf-8")
    (tmp_path / "outside.wonders").write_text(BROKEN, encoding="utf-8")
    return target


async def _answers(server, folder, name: str) -> tuple[dict, list]:
    """The server's hover at the start of `name` once opened, and its diagnostics of it."""
    path = folder / name
    _send(server, {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": path.as_uri(), "languageId": "wonders", "version": 1, "text": path.read_text(encoding="utf-8")}}})
    _send(server, {"jsonrpc": "2.0", "id": "h", "method": "textDocument/hover", "params": {
        "textDocument": {"uri": path.as_uri()}, "position": {"line": 0, "character": 1}}})
    await server.stdin.drain()
    diagnostics, hover, answered = None, None, False
    while diagnostics is None or not answered:
        message = json.loads(await asyncio.wait_for(read_message(server.stdout), 60))
        if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == path.as_uri():
            diagnostics = sorted((d["code"], d["range"]["start"]["line"]) for d in message["params"]["diagnostics"])
        if message.get("id") == "h":
            hover, answered = message.get("result"), True
    return hover, diagnostics


def test_a_forked_server_answers_as_a_process_of_its_own(folder):
    async def both():
        forker = Forker(folder)
        try:
            forked, forked_init = await ready_server(folder, None, None, forker)
            own, own_init = await ready_server(folder, None)
            assert isinstance(forked, ForkedServer) and not isinstance(own, ForkedServer)
            assert forked_init["result"] == own_init["result"]
            assert await _answers(forked, folder, "broken.wonders") == await _answers(own, folder, "broken.wonders")
            hover, diagnostics = await _answers(forked, folder, "broken.wonders")
            assert diagnostics, "the broken file has errors"
            for server in (forked, own):
                await stop(server)
            assert forked.returncode is not None
        finally:
            await forker.close()
    asyncio.run(both())


def test_a_forked_server_reads_nothing_outside_the_folder(folder):
    (folder / "link.wonders").symlink_to(folder.parent / "outside.wonders")

    async def confined():
        forker = Forker(folder)
        try:
            server, _init = await ready_server(folder, None, None, forker)
            _hover, diagnostics = await _answers(server, folder, "age1.wonders")
            published = set()
            _send(server, {"jsonrpc": "2.0", "id": "s", "method": "shutdown"})
            await server.stdin.drain()
            while True:                   # every file the folder's check published, until shutdown's answer
                message = json.loads(await asyncio.wait_for(read_message(server.stdout), 60))
                if message.get("method") == "textDocument/publishDiagnostics":
                    published.add(message["params"]["uri"])
                if message.get("id") == "s":
                    break
            assert not any("link.wonders" in uri or "outside" in uri for uri in published), published
            await stop(server)
        finally:
            await forker.close()
    asyncio.run(confined())


def test_the_servers_end_with_the_forking_process(folder):
    async def ended():
        forker = Forker(folder)
        servers = [(await ready_server(folder, None, None, forker))[0] for _ in range(2)]
        pids = [s.pid for s in servers]
        assert all(_alive(pid) for pid in pids)
        await forker.close()                           # as the studio does when it stops
        for server in servers:
            await asyncio.wait_for(server.wait(), 20)
        return pids
    for pid in asyncio.run(ended()):
        assert not _alive(pid)


def test_a_forking_process_gone_leaves_pages_with_servers_of_their_own(folder):
    async def gone():
        forker = Forker(folder)
        try:
            first, _init = await ready_server(folder, None, None, forker)
            assert isinstance(first, ForkedServer)
            os.kill(forker.process.pid, signal.SIGKILL)
            await forker.process.wait()
            second, _init = await ready_server(folder, None, None, forker)
            assert not isinstance(second, ForkedServer) and forker.broken
            hover, diagnostics = await _answers(second, folder, "broken.wonders")
            assert diagnostics
            for server in (first, second):
                await stop(server)
        finally:
            await forker.close()
    asyncio.run(gone())


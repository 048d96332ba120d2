"""The third hostile round against `wonders studio` (issue 36), each clause from its
reproduction: no code but the installed bots, nothing but the studio's own page may act,
the token never on a command line, every byte of a file kept, the work of the pages
bounded, no link out of the folder read, and no traceback on the studio's terminal.
The Chromium test from a second local origin is at the end."""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import http.server
import json
import os
import shutil
import signal
import threading
import time
import urllib.parse
from pathlib import Path

import pytest

from conftest import ROOT
from studio_server import Studio
from test_studio import api, get

pytest.importorskip("starlette")
websockets = pytest.importorskip("websockets")

HELPER = '''"""A bot from a file of the folder: importing it leaves a mark."""
from pathlib import Path
Path(__file__).with_name("imported").write_text("imported", encoding="utf-8")


class Bot:
    def __init__(self, seed=0):
        pass

    def choose(self, view, options):
        return 0
'''
GAME = {"edition": ".", "variants": [], "players": 3, "seat": 0, "bots": ["greedy"], "sides": "A", "seed": 3}


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    """The shipped content with a bot's file in it, and links that lead out of it: a file
    that does not check, and a folder's only file, which holds a `rules` block."""
    target = tmp_path_factory.mktemp("hostile") / "content"
    shutil.copytree(ROOT / "content", target, ignore=shutil.ignore_patterns("second-edition"))
    (target / "helper.py").write_text(HELPER, encoding="utf-8")
    outside = target.parent / "outside"
    outside.mkdir()
    (outside / "broken.wonders").write_text("card { this is not a card\n", encoding="utf-8")
    (outside / "rules.wonders").write_text((target / "base.wonders").read_text(encoding="utf-8"), encoding="utf-8")
    (target / "far.wonders").symlink_to(outside / "broken.wonders")
    (target / "linked-rules").mkdir()
    (target / "linked-rules" / "rules.wonders").symlink_to(outside / "rules.wonders")
    return target


@pytest.fixture(scope="module")
def studio(folder):
    """The studio started in its folder, as a designer would (`cd content; wonders studio .`)."""
    server = Studio(folder, cwd=folder)
    yield server
    server.stop()


def port_of(studio) -> int:
    return int(studio.base.rsplit(":", 1)[1])


def ready_game(studio, **given) -> dict:
    status, game = api(studio, "/api/play/new", {**GAME, **given})
    assert status == 200, game
    while game["status"] == "preparing":
        status, game = api(studio, f"/api/play/position?id={game['id']}&wait=1")
    assert game["status"] == "ready", game
    return game


def weigh_messages(studio, start, until=("done", "error"), extra=None) -> list[dict]:
    """What the Weigh socket answers to `start` (any JSON text), up to a message of a type in `until`."""
    async def talk():
        url = studio.base.replace("http:", "ws:") + f"/weigh?token={studio.token}"
        async with websockets.connect(url, origin=studio.base, open_timeout=30, max_size=None) as socket:
            await socket.send(start if isinstance(start, str) else json.dumps(start))
            seen = []
            while not seen or seen[-1].get("type") not in until:
                seen.append(json.loads(await asyncio.wait_for(socket.recv(), 120)))
            return seen
    return asyncio.run(talk())


# ---------------------------------------------------------------- 1. installed bots only
@pytest.mark.parametrize("spec", ["helper.py:Bot", "./helper.py:Bot", "helper.py:Bot:seed=1", "helper.py : Bot"])
def test_a_page_asking_for_a_bot_from_a_file_is_refused_in_words_with_nothing_imported(studio, folder, spec):
    status, answer = api(studio, "/api/play/new", {**GAME, "bots": [spec]})
    assert status == 400, answer
    assert "installed bots" in answer["error"] and "greedy" in answer["error"]
    assert not (folder / "imported").exists()


def test_a_bot_that_is_not_installed_is_refused_by_name(studio):
    status, answer = api(studio, "/api/play/new", {**GAME, "bots": ["nosuchbot"]})
    assert status == 400 and "nosuchbot" in answer["error"]


def test_a_saved_position_naming_a_bot_from_a_file_is_refused_with_nothing_imported(studio, folder):
    game = ready_game(studio)
    status, saved = api(studio, "/api/play/save", {"id": game["id"], "path": "with-helper.json"})
    assert status == 200, saved
    path = folder / "with-helper.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["options"]["bots"] = ["human", "helper.py:Bot", "helper.py:Bot"]
    path.write_text(json.dumps(data), encoding="utf-8")
    status, answer = api(studio, "/api/play/load", {"path": "with-helper.json", "seat": 0, "bots": ["greedy"]})
    assert status == 400, answer
    assert "helper.py:Bot" in answer["error"] and "installed bots" in answer["error"]
    assert not (folder / "imported").exists()


def test_a_comparison_asking_for_a_bot_from_a_file_is_refused_with_nothing_imported(studio, folder):
    seen = weigh_messages(studio, {"start": {"variant": "variants/cheap-trade.wonders", "games": 2,
                                             "bots": ["helper.py:Bot"]}})
    assert seen[-1]["type"] == "error" and "installed bots" in seen[-1]["text"]
    assert not (folder / "imported").exists()


# ---------------------------------------------------------------- 2. only the studio's own page acts
def own_headers(studio) -> dict:
    return {"Cookie": f"wonders_studio_{port_of(studio)}={studio.token}", "Origin": studio.base,
            "Sec-Fetch-Site": "same-origin", "Content-Type": "application/json"}


FOREIGN = [{"Origin": "http://127.0.0.1:1"},                             # a page on another port
           {"Origin": "http://localhost:1"}, {"Origin": "null"},          # another site; a sandboxed frame
           {"Sec-Fetch-Site": "same-site", "Origin": None},                # what Chromium says of another port
           {"Sec-Fetch-Site": "cross-site", "Origin": None},
           {"Content-Type": "text/plain", "Origin": None, "Sec-Fetch-Site": None},   # a form, a no-cors fetch
           {"Content-Type": "application/x-www-form-urlencoded"},
           {"Content-Type": "multipart/form-data; boundary=x"},
           {"Content-Type": None, "Origin": None, "Sec-Fetch-Site": None}]            # a no-cors fetch, no header


@pytest.mark.parametrize("change", FOREIGN, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()))
def test_a_state_changing_request_not_from_the_studios_page_is_refused(studio, folder, change):
    headers = {k: v for k, v in {**own_headers(studio), **change}.items() if v is not None}
    for method, path, body in [("POST", "/api/variant", {"folder": "", "name": "Pwned"}),
                               ("PUT", "/api/file", {"path": "pwned.wonders", "text": "# pwned\n", "base": None}),
                               ("POST", "/api/play/new", GAME)]:
        status, text = get(studio.base + path, headers, json.dumps(body).encode(), method)
        assert status == 403, (path, text)
        assert "403" in text
    assert not (folder / "variants" / "pwned.wonders").exists() and not (folder / "pwned.wonders").exists()


def test_the_studios_own_page_may_act(studio, folder):
    status, text = get(studio.base + "/api/variant", own_headers(studio),
                       json.dumps({"folder": "", "name": "Allowed"}).encode(), "POST")
    assert status == 200, text
    (folder / "variants" / "allowed.wonders").unlink()


def test_another_sites_page_cannot_make_the_studio_work_with_a_get(studio):
    headers = {**own_headers(studio), "Sec-Fetch-Site": "same-site", "Sec-Fetch-Mode": "no-cors"}
    del headers["Origin"], headers["Content-Type"]
    for path in ["/api/play/setup", "/api/tree", "/api/file?path=age1.wonders", "/api/info"]:
        status, text = get(studio.base + path, headers)
        assert status == 403, (path, text)


def _request(base: str, path: str, headers: dict | None = None):
    """(status, headers, body) of a GET that is not followed if it redirects."""
    host, port = urllib.parse.urlsplit(base).netloc.split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=30)
    connection.request("GET", path, headers=headers or {})
    response = connection.getresponse()
    answer = response.status, {k.lower(): v for k, v in response.getheaders()}, response.read().decode("utf-8")
    connection.close()
    return answer


@pytest.mark.slow
def test_the_browser_gets_a_one_time_code_never_the_token_on_its_command_line(folder, tmp_path):
    record = tmp_path / "argv"
    browser = tmp_path / "browser.sh"
    browser.write_text(f'#!/bin/sh\nprintf "%s\\n" "$@" >> "{record}"\n', encoding="utf-8")
    browser.chmod(0o755)
    server = Studio(folder, env={"BROWSER": str(browser)}, browser=True)
    try:
        for _ in range(600):
            if record.exists() and record.read_text(encoding="utf-8").strip():
                break
            time.sleep(0.05)
        argv = record.read_text(encoding="utf-8")
        assert server.token not in argv                       # what `ps` shows every local user
        url = urllib.parse.urlsplit(argv.split()[-1])
        assert url.netloc == server.base.split("//")[1] and "code=" in url.query
        status, headers, _ = _request(server.base, f"/?{url.query}")
        assert status == 303 and headers["location"] == "/"
        cookie = headers["set-cookie"]
        assert cookie.startswith(f"wonders_studio_{port_of(server)}={server.token};")
        assert "httponly" in cookie.lower() and "samesite=strict" in cookie.lower()
        status, _, page = _request(server.base, "/", {"Cookie": cookie.split(";")[0]})
        assert status == 200 and "<html" in page.lower()
        status, _, text = _request(server.base, f"/?{url.query}")      # once only
        assert status == 403 and "printed" in text
        status, _, _ = _request(server.base, "/?code=guessed")
        assert status == 403
    finally:
        server.stop()


# ---------------------------------------------------------------- 5. every byte kept
def test_a_file_that_is_not_utf8_is_not_edited_and_keeps_its_bytes(studio, folder):
    path = folder / "latin.wonders"
    data = b"# caf\xe9 cr\xe8me\n"
    path.write_bytes(data)
    try:
        status, read = api(studio, "/api/file?path=latin.wonders")
        assert status == 200 and read["writable"] is False and "UTF-8" in read["readonly"]
        for force in (False, True):
            status, answer = api(studio, "/api/file", {"path": "latin.wonders", "text": read["text"],
                                                       "base": read["version"], "force": force}, "PUT")
            assert status == 422, answer
            assert "UTF-8" in answer["error"]
        assert path.read_bytes() == data
    finally:
        path.unlink()


def test_a_save_larger_than_the_studio_reads_is_refused_at_the_same_bound(studio, folder):
    from interpreter.inputs import MAX_FILE_BYTES
    headers = {"X-Studio-Token": studio.token, "Content-Type": "application/json"}
    for text in ["# " + "x" * (3 * 1024 * 1024) + "\n", "# " + "é" * (MAX_FILE_BYTES // 2) + "\n"]:
        body = json.dumps({"path": "big.wonders", "text": text, "base": None}, ensure_ascii=False).encode()
        status, answer = get(studio.base + "/api/file", headers, body, "PUT")     # as a browser sends it
        answer = json.loads(answer)
        assert status == 413, answer
        assert f"{MAX_FILE_BYTES:,}" in answer["error"]
        assert not (folder / "big.wonders").exists()
    at_bound = "#" + "x" * (MAX_FILE_BYTES - 2) + "\n"
    status, answer = api(studio, "/api/file", {"path": "big.wonders", "text": at_bound, "base": None}, "PUT")
    try:
        assert status == 200, answer
        status, read = api(studio, "/api/file?path=big.wonders")
        assert status == 200 and read["text"] == at_bound
        status, tree = api(studio, "/api/tree")
        assert "big.wonders" in {f["path"] for f in tree["files"]}
    finally:
        (folder / "big.wonders").unlink()


def test_a_read_only_file_is_refused_in_words_not_replaced(studio, folder):
    path = folder / "locked.wonders"
    path.write_text("# locked\n", encoding="utf-8")
    path.chmod(0o444)
    try:
        status, read = api(studio, "/api/file?path=locked.wonders")
        assert status == 200 and read["writable"] is False and "read-only" in read["readonly"]
        for force in (False, True):
            status, answer = api(studio, "/api/file", {"path": "locked.wonders", "text": "# mine\n",
                                                       "base": read["version"], "force": force}, "PUT")
            assert status == 403 and "read-only" in answer["error"], answer
        assert path.read_text(encoding="utf-8") == "# locked\n" and path.stat().st_mode & 0o777 == 0o444
    finally:
        path.chmod(0o644)
        path.unlink()


def test_a_read_only_position_is_refused_not_replaced(studio, folder):
    game = ready_game(studio)
    assert api(studio, "/api/play/save", {"id": game["id"], "path": "locked.json"})[0] == 200
    path = folder / "locked.json"
    before = path.read_bytes()
    path.chmod(0o444)
    try:
        api(studio, "/api/play/choose", {"id": game["id"], "option": 0})
        status, answer = api(studio, "/api/play/save", {"id": game["id"], "path": "locked.json", "replace": True})
        assert status == 403 and "read-only" in answer["error"], answer
        assert path.read_bytes() == before
    finally:
        path.chmod(0o644)
        path.unlink()


def test_a_save_keeps_the_files_mode_and_its_line_endings(tmp_path):
    from interpreter.studio import files
    path = tmp_path / "crlf.wonders"
    path.write_bytes(b"# one\r\n# two\r\n")
    path.chmod(0o640)
    read = files.read(tmp_path, "crlf.wonders")
    files.save(tmp_path, "crlf.wonders", "# one\n# two\n# three\n", read["version"])   # as the editor sends it
    assert path.read_bytes() == b"# one\r\n# two\r\n# three\r\n"
    assert path.stat().st_mode & 0o777 == 0o640


def test_a_write_by_another_program_during_a_save_is_never_lost(tmp_path, monkeypatch):
    """The other program writes just after the studio looked at the file for its check: the
    save is refused (409), or comes first and the other program's text is on disk after."""
    from interpreter.studio import files
    path = tmp_path / "a.wonders"
    path.write_text("# one\n", encoding="utf-8")
    base = files.read(tmp_path, "a.wonders")["version"]
    real, wrote = files.read_regular, []

    def then_another_program_writes(where, limit):
        data = real(where, limit)
        if not wrote:
            wrote.append(True)
            Path(where).write_text("# theirs\n", encoding="utf-8")
        return data
    monkeypatch.setattr(files, "read_regular", then_another_program_writes)
    try:
        files.save(tmp_path, "a.wonders", "# mine\n", base)
    except files.Conflict as conflict:
        assert conflict.text == "# theirs\n"
    assert wrote and path.read_text(encoding="utf-8") == "# theirs\n"
    assert [p.name for p in tmp_path.iterdir()] == ["a.wonders"]          # no temporary left


def test_two_saves_from_the_same_version_never_both_win(tmp_path):
    from interpreter.studio import files
    path = tmp_path / "a.wonders"
    for round_ in range(30):
        path.write_text(f"# round {round_}\n", encoding="utf-8")
        base = files.read(tmp_path, "a.wonders")["version"]
        barrier, won = threading.Barrier(2), []

        def save(text):
            barrier.wait()
            try:
                files.save(tmp_path, "a.wonders", text, base)
                won.append(text)
            except files.Conflict:
                pass
        threads = [threading.Thread(target=save, args=(f"# page {n}\n",)) for n in (1, 2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert len(won) == 1 and path.read_text(encoding="utf-8") == won[0], round_


# ---------------------------------------------------------------- 5. the language servers
def language_servers(studio) -> list[int]:
    """The pages' servers running: each forked by the studio's forking process (whose
    command line a fork keeps), or a process of its own."""
    found = []
    for pid in studio.children():
        try:
            line = Path(f"/proc/{pid}/cmdline").read_bytes()
            parent = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1]
            forked = b"interpreter.lsp.forks" in line and \
                b"interpreter.lsp.forks" in Path(f"/proc/{parent}/cmdline").read_bytes()
            if forked or b"interpreter.lsp.server" in line:
                found.append(pid)
        except OSError:
            pass
    return found


def wait_for(condition, seconds: float = 30) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return condition()


@pytest.mark.slow
def test_pages_opened_together_each_get_their_own_answers_and_no_spare_outlives_them(studio, folder):
    uri = (folder / "age1.wonders").as_uri()
    during = []

    async def page(n: int, opened: asyncio.Barrier):
        url = studio.base.replace("http:", "ws:") + f"/lsp?token={studio.token}"
        async with websockets.connect(url, origin=studio.base, open_timeout=60) as socket:
            asked = {f"page{n}-{i}" for i in range(4)}
            for ident in sorted(asked):
                await socket.send(json.dumps({"jsonrpc": "2.0", "id": ident, "method": "textDocument/hover",
                                              "params": {"textDocument": {"uri": uri},
                                                         "position": {"line": 0, "character": 1}}}))
            answered = set()
            with contextlib.suppress(asyncio.TimeoutError):     # an answer gone to another page never comes
                while not asked <= answered:
                    message = json.loads(await asyncio.wait_for(socket.recv(), 30))
                    if "id" in message:
                        answered.add(message["id"])
            await opened.wait()
            during.append(len(language_servers(studio)))
            await opened.wait()
            return asked, answered

    async def together():
        opened = asyncio.Barrier(3)
        return await asyncio.gather(*(page(n, opened) for n in range(3)))
    for asked, answered in asyncio.run(together()):
        assert answered == asked                                   # its own answers, every one
    assert max(during) <= 4                                       # three pages and one spare
    assert wait_for(lambda: len(language_servers(studio)) == 1), language_servers(studio)


# ---------------------------------------------------------------- 5. the pages' work bounded
def comparison_workers(studio) -> list[int]:
    found = []
    for pid in studio.children():
        try:
            if b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes():
                found.append(pid)
        except OSError:
            pass
    return found


@pytest.mark.slow
def test_comparisons_from_pages_wait_their_turn_at_most_one_per_core(studio):
    cores = len(os.sched_getaffinity(0))
    counts = []

    async def page(socket_list, n):
        url = studio.base.replace("http:", "ws:") + f"/weigh?token={studio.token}"
        socket = await websockets.connect(url, origin=studio.base, open_timeout=30, max_size=None)
        socket_list.append(socket)
        await socket.send(json.dumps({"start": {"variant": "variants/cheap-trade.wonders", "games": 100000,
                                                     "bots": ["greedy"]}}))
        seen = []
        while not any(m["type"] == "figures" for m in seen) and not any("waiting" in m.get("text", "") for m in seen):
            seen.append(json.loads(await asyncio.wait_for(socket.recv(), 120)))
        return seen

    async def pages():
        sockets = []
        try:
            answers = await asyncio.gather(*(page(sockets, n) for n in range(cores + 1)))
            for _ in range(20):
                counts.append(len(comparison_workers(studio)))
                await asyncio.sleep(0.1)
            return answers
        finally:
            for socket in sockets:
                await socket.close()
    answers = asyncio.run(pages())
    waiting = [seen for seen in answers if any("waiting" in m.get("text", "") for m in seen)]
    assert len(waiting) >= 1
    assert 1 <= max(counts) <= cores
    assert wait_for(lambda: not comparison_workers(studio), 60)


def test_a_fit_started_from_a_page_waits_for_the_cores(tmp_path, monkeypatch):
    from interpreter.studio import play
    from interpreter.studio.play_games import Games
    from interpreter.studio.work import Cores
    cores = Cores(1)
    taken = cores.take(1)
    prepared = []
    monkeypatch.setattr(play.Session, "_fitting_note", lambda self, players: "the adaptive bot is fitting")
    monkeypatch.setattr("interpreter.bots.registry.prepare_bots", lambda *args: prepared.append(args))
    root = tmp_path / "content"
    shutil.copytree(ROOT / "content", root, ignore=shutil.ignore_patterns("second-edition", "expansions"))
    session = Games(root.resolve(), cores).new(dict(GAME))
    time.sleep(0.5)
    assert session.status == "preparing" and "waiting" in session.view()["note"] and not prepared
    taken.release()
    assert session.started.wait(60) and session.status == "ready" and prepared


def test_the_queue_of_the_cores_is_first_come_first_served_and_bounded():
    from interpreter.studio.work import Busy, Cores
    cores = Cores(2, waiting=2)
    first, second = cores.take(1), cores.take(1)
    order = []

    def wait(name, weight):
        ticket = cores.take(weight)
        order.append(name)
        ticket.release()
    whole = threading.Thread(target=wait, args=("whole", 2))
    whole.start()
    assert wait_for(lambda: cores.waiting() == 1, 5)
    one = threading.Thread(target=wait, args=("one", 1))
    one.start()
    assert wait_for(lambda: cores.waiting() == 2, 5)
    with pytest.raises(Busy):
        cores.take(1)
    first.release()
    time.sleep(0.3)
    assert order == []                      # a core is free, but the first in the queue needs both
    second.release()
    whole.join(5)
    one.join(5)
    assert order == ["whole", "one"]
    held = cores.take(2)
    stop = threading.Event()
    threading.Timer(0.2, stop.set).start()
    assert cores.take(1, stop) is None and cores.waiting() == 0     # the page went away while waiting
    held.release()


# ---------------------------------------------------------------- 5. no link out of the folder
def test_play_never_reads_through_a_link_out_of_the_folder(studio):
    status, setup = api(studio, "/api/play/setup")
    assert status == 200
    editions = {e["folder"]: e for e in setup["editions"]}
    assert "linked-rules" not in editions                        # its only rules are outside
    assert "problem" not in editions["."], editions["."]          # far.wonders (outside, broken) is passed over
    ready_game(studio)


@pytest.mark.slow
def test_weigh_never_reads_through_a_link_out_of_the_folder(studio):
    seen = weigh_messages(studio, {"start": {"variant": "variants/cheap-trade.wonders", "games": 2,
                                             "bots": ["greedy"]}})
    assert seen[-1]["type"] == "done", seen[-1]


# ---------------------------------------------------------------- 5. no traceback
@pytest.mark.slow
def test_malformed_requests_are_answered_in_words_with_no_traceback(folder):
    server = Studio(folder)
    try:
        nested = ("[" * 100000 + "]" * 100000).encode()
        headers = {"X-Studio-Token": server.token, "Content-Type": "application/json"}
        for path in ["/api/play/new", "/api/preview", "/api/variant", "/api/gallery"]:
            status, text = get(server.base + path, headers, nested, "POST")
            assert status == 400 and "JSON" in text, (path, text)
            status, text = get(server.base + path, headers, b"[1, 2]", "POST")
            assert status == 400 and "JSON object" in text, (path, text)
        status, text = get(server.base + "/api/file", headers, b'{"path": ' + nested + b"}", "PUT")
        assert status == 400
        for start in ["[]", "[1]", nested.decode(), '{"start": []}', '{"start": {"variant": 5}}', "7", "not json"]:
            [answer] = weigh_messages(server, start)
            assert answer["type"] == "error" and answer["text"], (start[:20], answer)

        async def lsp():
            url = server.base.replace("http:", "ws:") + f"/lsp?token={server.token}"
            async with websockets.connect(url, origin=server.base, open_timeout=60, max_size=None) as socket:
                await socket.send(nested.decode())
                await socket.send('{"jsonrpc": "2.0", "id": 1, "params": ' + nested.decode() + "}")
                await socket.send(json.dumps({"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover",
                                              "params": {"textDocument": {"uri": (folder / "age1.wonders").as_uri()},
                                                         "position": {"line": 0, "character": 0}}}))
                while True:
                    message = json.loads(await asyncio.wait_for(socket.recv(), 60))
                    if message.get("id") == 2:
                        return message
        assert "error" not in asyncio.run(lsp())                   # still answering
    finally:
        status = server.stop()
    errors = server.process.stderr.read()
    assert status == 130 and "Traceback" not in errors, errors


@pytest.mark.slow
def test_sighup_stops_the_studio_and_its_comparison_with_no_traceback(folder):
    server = Studio(folder)

    async def start_then_hang_up():
        url = server.base.replace("http:", "ws:") + f"/weigh?token={server.token}"
        async with websockets.connect(url, origin=server.base, open_timeout=30, max_size=None) as weigh:
            await weigh.send(json.dumps({"start": {"variant": "variants/cheap-trade.wonders", "games": 100000,
                                                     "bots": ["greedy"]}}))
            while json.loads(await asyncio.wait_for(weigh.recv(), 120))["type"] != "figures":
                pass
            workers = comparison_workers(server)
            server.process.send_signal(signal.SIGHUP)
            return workers
    workers = asyncio.run(start_then_hang_up())
    assert workers
    assert server.process.wait(30) == 129
    errors = server.process.stderr.read()
    assert "Traceback" not in errors, errors
    assert wait_for(lambda: not any(Path(f"/proc/{pid}").exists() for pid in workers), 15)


@pytest.mark.slow
def test_a_comparison_worker_ends_with_the_studio_even_when_it_is_killed(folder):
    server = Studio(folder)
    try:
        seen = []

        async def start():
            url = server.base.replace("http:", "ws:") + f"/weigh?token={server.token}"
            socket = await websockets.connect(url, origin=server.base, open_timeout=30, max_size=None)
            await socket.send(json.dumps({"start": {"variant": "variants/cheap-trade.wonders", "games": 100000,
                                                     "bots": ["greedy"]}}))
            while not seen or seen[-1]["type"] != "figures":
                seen.append(json.loads(await asyncio.wait_for(socket.recv(), 120)))
            return comparison_workers(server)
        workers = asyncio.run(start())
        assert workers
        server.process.kill()
        server.process.wait(10)
        assert wait_for(lambda: not any(Path(f"/proc/{pid}").exists() and b"spawn_main" in
                                        Path(f"/proc/{pid}/cmdline").read_bytes() for pid in workers), 15)
    finally:
        server.stop()


# ---------------------------------------------------------------- 2. in Chromium, from a second local origin
ATTACK = """<!doctype html><html><body>
<form id="form" method="POST" enctype="text/plain" action="STUDIO/api/variant" target="sink">
<input name='{"folder": "", "name": "Pwned form", "x": "' value='"}'></form>
<iframe name="sink" id="sink"></iframe>
<script>
window.attack = async () => {
  const tries = []
  const body = JSON.stringify({folder: "", name: "Pwned fetch"})
  for (const init of [{mode: "no-cors", headers: {"Content-Type": "text/plain"}}, {mode: "no-cors"},
                      {headers: {"Content-Type": "application/json"}}]) {
    try { await fetch("STUDIO/api/variant", {method: "POST", credentials: "include", body, ...init}); tries.push("sent") }
    catch (e) { tries.push("blocked") }
  }
  await new Promise(done => { document.getElementById("sink").onload = done; document.getElementById("form").submit() })
  return tries
}
</script></body></html>"""


@pytest.mark.slow
def test_a_page_on_another_port_of_127_0_0_1_cannot_act_in_chromium(studio, folder):
    from browser import chromium, new_context
    server = studio                     # the module's: no studio of its own to start (its spare server too)
    page_text = ATTACK.replace("STUDIO", server.base).encode()

    class Attacker(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(page_text)

        def log_message(self, *args):
            pass
    attacker = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Attacker)
    threading.Thread(target=attacker.serve_forever, daemon=True).start()
    try:
        with chromium() as browser:
            context = new_context(browser)
            studio_page = context.new_page()
            studio_page.goto(server.url)                       # the designer's page: the cookie is set
            studio_page.wait_for_selector("#file-name")
            evil = context.new_page()
            evil.goto(f"http://127.0.0.1:{attacker.server_address[1]}/")
            tries = evil.evaluate("window.attack()")
            assert "sent" in tries                                    # the requests did leave the page
            made = sorted(p.name for p in (folder / "variants").glob("pwned*"))
            assert made == []
            answer = studio_page.evaluate("""async () => {
                const r = await fetch("/api/variant", {method: "POST", headers: {"Content-Type": "application/json"},
                                                      body: JSON.stringify({folder: "", name: "From the studio"})})
                return r.status }""")
            assert answer == 200                                     # the studio's own page still acts
            (folder / "variants" / "from-the-studio.wonders").unlink()
            context.close()
    finally:
        attacker.shutdown()

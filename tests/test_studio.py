"""`wonders studio` as a server: started as a user starts it, then spoken to over HTTP and
WebSocket as a page (or a hostile page) would.  The browser tests are in test_studio_browser.py."""

from __future__ import annotations

import asyncio
import json
import os
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from conftest import ROOT, run_cli
from studio_server import Studio, folder, studio  # noqa: F401  (module fixtures)

pytest.importorskip("starlette")
websockets = pytest.importorskip("websockets")


def get(url: str, headers: dict | None = None, data: bytes | None = None, method: str | None = None):
    request = urllib.request.Request(url, data=data, headers=headers or {}, method=method)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, response.read().decode("utf-8")
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode("utf-8")


def api(studio, path: str, body: dict | None = None, method: str | None = None):
    headers = {"X-Studio-Token": studio.token, "Content-Type": "application/json"}
    data = None if body is None else json.dumps(body).encode()
    status, text = get(studio.base + path, headers, data, method)
    return status, json.loads(text) if text.startswith(("{", "[")) else text


# ---------------------------------------------------------------- start, address, stop
def test_prints_a_loopback_address_with_a_token_and_listens_on_loopback_only(studio):
    assert studio.base.startswith("http://127.0.0.1:")
    assert len(studio.token) >= 24
    port = int(studio.base.rsplit(":", 1)[1])
    listening = [line.split() for line in Path("/proc/net/tcp").read_text().splitlines()[1:]
                 if line.split()[3] == "0A"] if Path("/proc/net/tcp").exists() else None
    if listening is None:
        pytest.skip("no /proc/net/tcp on this system")
    addresses = {local.split(":")[0] for local, *_ in (row[1:] for row in listening)
                 if int(local.split(":")[1], 16) == port}
    assert addresses == {"0100007F"}                 # 127.0.0.1, nothing else


@pytest.mark.slow
def test_another_address_only_when_asked_and_with_a_warning(folder):
    server = Studio(folder, "--host", "0.0.0.0")
    try:
        status, _ = get(server.url.replace("/?", "/api/info?"))
        assert status == 200
    finally:
        server.stop()
    assert "warning: listening on 0.0.0.0" in server.process.stderr.read()


@pytest.mark.slow
def test_ctrl_c_stops_the_studio_its_language_servers_and_a_comparison_under_way(folder):
    server = Studio(folder)

    async def busy_then_ctrl_c():
        base = server.base.replace("http:", "ws:")
        async with websockets.connect(f"{base}/lsp?token={server.token}", origin=server.base) as lsp, \
                websockets.connect(f"{base}/weigh?token={server.token}", origin=server.base, max_size=None) as weigh:
            await weigh.send(json.dumps({"start": {"variant": "variants/cheap-trade.wonders", "games": 100000,
                                                  "bots": ["greedy"]}}))
            while json.loads(await asyncio.wait_for(weigh.recv(), 60))["type"] != "figures":
                pass                                    # games are being played
            children = server.children()                # language servers and the comparison's worker
            assert len(children) >= 2
            assert server.stop() == 130                 # Ctrl-C, as everywhere in `wonders`
            del lsp
            return children
    children = asyncio.run(busy_then_ctrl_c())
    assert "studio stopped" in server.output()
    # a child ends when it reads the end of its pipe from the studio: on a loaded machine that
    # can take a moment after the studio's exit, so wait for that (never for a fixed time)
    deadline = time.monotonic() + 20
    alive = list(children)
    while alive and time.monotonic() < deadline:
        alive = [pid for pid in alive if _running(pid)]
        time.sleep(0.05)
    assert not alive, f"processes {alive} outlived the studio"


def _running(pid: int) -> bool:
    status = Path(f"/proc/{pid}/status")
    try:
        return "zombie" not in status.read_text()
    except OSError:
        return False


def test_a_folder_that_is_not_content_is_a_usage_error(tmp_path):
    result = run_cli("studio", str(tmp_path), "--no-browser")
    assert result.returncode == 2
    assert "holds no .wonders file" in result.stderr
    result = run_cli("studio", str(tmp_path / "missing"), "--no-browser")
    assert result.returncode == 2 and "no such folder" in result.stderr


# ---------------------------------------------------------------- the token, Host and Origin
@pytest.mark.parametrize("path", ["/", "/api/info", "/api/tree", "/api/file?path=age1.wonders",
                                  "/static/studio.js", "/static/index.html"])
def test_every_request_without_the_token_is_refused(studio, path):
    assert get(studio.base + path)[0] == 403
    assert get(studio.base + path, {"X-Studio-Token": "wrong" + studio.token})[0] == 403
    sep = "&" if "?" in path else "?"
    assert get(f"{studio.base}{path}{sep}token={studio.token}")[0] == 200


def test_the_page_sets_a_cookie_that_carries_the_token(studio):
    request = urllib.request.Request(studio.url)
    with urllib.request.urlopen(request, timeout=30) as response:
        cookie = response.headers["Set-Cookie"].split(";")[0]
        assert "HttpOnly" in response.headers["Set-Cookie"] and "SameSite=strict" in response.headers["Set-Cookie"]
    assert get(studio.base + "/api/info", {"Cookie": cookie})[0] == 200


def test_a_request_for_another_host_name_is_refused(studio):
    # a page of another site reached through DNS rebinding names its own host
    status, text = get(studio.url.replace("/?", "/api/info?"), {"Host": "evil.example:80"})
    assert status == 403 and "host name" in text


def _ws(studio, path: str, token: str | None, origin: str | None):
    async def connect():
        url = studio.base.replace("http:", "ws:") + path + (f"?token={token}" if token else "")
        headers = {"Origin": origin} if origin else None
        try:
            async with websockets.connect(url, origin=None, additional_headers=headers, open_timeout=30) as socket:
                await socket.send(json.dumps({"start": {"variant": "nothing"}}))
                return "open", await asyncio.wait_for(socket.recv(), 30)
        except websockets.exceptions.InvalidStatus as err:
            return err.response.status_code, None
    return asyncio.run(connect())


@pytest.mark.parametrize("path", ["/lsp", "/weigh"])
def test_websockets_need_the_token_and_their_own_origin(studio, path):
    own = studio.base
    assert _ws(studio, path, None, own)[0] == 403
    assert _ws(studio, path, "wrong", own)[0] == 403
    assert _ws(studio, path, studio.token, "http://evil.example")[0] == 403      # a page of another site
    assert _ws(studio, path, studio.token, None)[0] == 403                       # no Origin at all
    if path == "/weigh":
        status, message = _ws(studio, path, studio.token, own)
        assert status == "open" and "error" in message


# ---------------------------------------------------------------- paths stay inside the folder
@pytest.mark.parametrize("path", ["../secret.wonders", "/etc/passwd", "variants/../../secret.wonders",
                                  "leak.wonders", "age1.wonders/../../secret.wonders", ""])
def test_reads_and_writes_stay_inside_the_folder(studio, folder, path):
    status, answer = api(studio, "/api/file?path=" + urllib.request.quote(path))
    assert status == 403, answer
    status, answer = api(studio, "/api/file", {"path": path, "text": "x", "base": None}, "PUT")
    assert status == 403, answer
    assert (folder.parent / "secret.wonders").read_text(encoding="utf-8").startswith('card "Secret"')


def test_the_tree_lists_content_and_variants_but_not_links_out(studio):
    status, answer = api(studio, "/api/tree")
    paths = {f["path"]: f for f in answer["files"]}
    assert status == 200 and "age1.wonders" in paths and "variants/cheap-trade.wonders" in paths
    assert paths["variants/cheap-trade.wonders"]["variant"] is True
    assert "leak.wonders" not in paths


def test_the_language_server_never_reads_a_link_out_of_the_folder(folder):
    from interpreter.lsp.analysis import Analyzer
    confined = Analyzer(confine=folder).content_files(folder, {})
    assert folder / "age1.wonders" in confined and folder / "leak.wonders" not in confined
    assert folder / "leak.wonders" in Analyzer().content_files(folder, {})     # `wonders lsp` in an editor reads it


def test_a_page_finds_its_language_server_ready_with_the_folder_checked(studio):
    async def talk():
        url = studio.base.replace("http:", "ws:") + f"/lsp?token={studio.token}"
        async with websockets.connect(url, origin=studio.base, open_timeout=30) as socket:
            await socket.send(json.dumps({"jsonrpc": "2.0", "id": 7, "method": "initialize",
                                          "params": {"processId": None, "capabilities": {}}}))
            seen = []
            while not any(m.get("id") == 7 for m in seen) or \
                    not any(m.get("method") == "textDocument/publishDiagnostics" for m in seen):
                seen.append(json.loads(await asyncio.wait_for(socket.recv(), 60)))
            return seen
    seen = asyncio.run(talk())
    [answer] = [m for m in seen if m.get("id") == 7]
    assert "hoverProvider" in answer["result"]["capabilities"]
    published = [m["params"]["uri"] for m in seen if m.get("method") == "textDocument/publishDiagnostics"]
    assert published and all(uri.endswith(".wonders") for uri in published)     # before the page opened a file


@pytest.mark.slow
def test_the_language_server_bridge_refuses_documents_outside_the_folder(studio, folder):
    async def talk():
        url = studio.base.replace("http:", "ws:") + f"/lsp?token={studio.token}"
        async with websockets.connect(url, origin=studio.base, open_timeout=30) as socket:
            outside = (folder.parent / "secret.wonders").as_uri()
            await socket.send(json.dumps({"jsonrpc": "2.0", "id": 1, "method": "textDocument/hover",
                                          "params": {"textDocument": {"uri": outside},
                                                     "position": {"line": 0, "character": 7}}}))
            while True:                     # the diagnostics of the readied server may come first
                message = json.loads(await asyncio.wait_for(socket.recv(), 30))
                if message.get("id") == 1:
                    return message
    answer = asyncio.run(talk())
    assert answer["id"] == 1 and "outside the studio's folder" in answer["error"]["message"]


# ---------------------------------------------------------------- saving
def test_saving_is_refused_when_the_file_changed_on_disk(studio, folder):
    target = folder / "variants" / "cheap-trade.wonders"
    status, opened = api(studio, "/api/file?path=variants/cheap-trade.wonders")
    assert status == 200
    target.write_text(opened["text"] + "# changed by another program\n", encoding="utf-8")
    status, answer = api(studio, "/api/file", {"path": "variants/cheap-trade.wonders", "text": "mine\n",
                                               "base": opened["version"]}, "PUT")
    assert status == 409 and answer["text"].endswith("# changed by another program\n")
    assert target.read_text(encoding="utf-8").endswith("# changed by another program\n")
    status, answer = api(studio, "/api/file", {"path": "variants/cheap-trade.wonders", "text": opened["text"],
                                               "base": answer["version"]}, "PUT")
    assert status == 200 and target.read_text(encoding="utf-8") == opened["text"]
    assert not [p for p in target.parent.iterdir() if p.name.startswith(".")]       # no temporary left


def test_a_new_file_is_made_but_never_one_that_exists(studio, folder):
    body = {"path": "variants/new-rule.wonders", "text": "# new\n", "base": None}
    assert api(studio, "/api/file", body, "PUT")[0] == 200
    assert api(studio, "/api/file", body, "PUT")[0] == 409
    assert api(studio, "/api/file", {**body, "path": "notes.txt"}, "PUT")[0] == 400
    os.unlink(folder / "variants" / "new-rule.wonders")


def test_a_request_too_large_is_refused_without_reading_it_all(studio):
    body = {"path": "age1.wonders", "text": "#" * (5 * 1024 * 1024), "line": 1}
    status, answer = api(studio, "/api/preview", body, "POST")
    assert status == 400 and "larger than" in answer["error"]


def test_bad_requests_get_a_clear_answer(studio):
    status, answer = api(studio, "/api/preview", {"path": "age1.wonders"}, "POST")
    assert status == 400 and "'text'" in answer["error"]
    status, answer = api(studio, "/api/file?path=nothing.wonders")
    assert status == 404


@pytest.mark.slow
def test_a_port_already_taken_is_a_usage_error(folder):
    import socket
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        result = run_cli("studio", str(folder), "--no-browser", "--port", str(port))
    assert result.returncode == 2
    assert f"cannot listen on 127.0.0.1:{port}" in result.stderr


# ---------------------------------------------------------------- docs/studio.md
STUDIO_MD = Path(__file__).resolve().parent.parent / "docs" / "studio.md"


def _text_blocks() -> list[str]:
    import re
    return re.findall(r"```text\n(.*?)```", STUDIO_MD.read_text(encoding="utf-8"), re.S)


def test_the_docs_name_every_option_of_the_command():
    from interpreter.commands.studio import studio as command
    text = STUDIO_MD.read_text(encoding="utf-8")
    for param in command.params:
        shown = param.opts[0] if param.param_type_name == "option" else param.name.upper()
        assert f"`{shown}" in text, shown


def test_the_docs_start_example_is_what_the_studio_prints(studio):
    import re
    shown = _text_blocks()[0].splitlines()
    printed = studio.output().splitlines()
    assert shown[0].startswith("$ wonders studio")
    assert len(printed) == len(shown) - 1
    assert re.fullmatch(r"wonders studio: /\S+", printed[0])
    assert re.fullmatch(r"open http://127\.0\.0\.1:\d+/\?token=[\w-]{32}", printed[1]) and printed[1].startswith("open ")
    assert re.fullmatch(r"open http://127\.0\.0\.1:\d+/\?token=[\w-]{32}", shown[2])
    assert printed[2] == shown[3]


def test_the_docs_usage_error_example_is_what_the_command_prints(tmp_path):
    block = _text_blocks()[1]
    command, expected = block.split("\n", 1)
    (tmp_path / "empty-folder").mkdir()
    result = run_cli(*command.removeprefix("$ wonders ").split(), "--no-browser", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == expected


# ---------------------------------------------------------------- weigh
def _weigh(studio, start: dict) -> list[dict]:
    async def run():
        url = studio.base.replace("http:", "ws:") + f"/weigh?token={studio.token}"
        async with websockets.connect(url, origin=studio.base, max_size=None, open_timeout=30) as socket:
            await socket.send(json.dumps({"start": start}))
            seen = []
            while not seen or seen[-1]["type"] not in ("done", "error"):
                seen.append(json.loads(await asyncio.wait_for(socket.recv(), 300)))
            return seen
    return asyncio.run(run())


@pytest.mark.slow
def test_weigh_one_variant_against_another(studio):
    seen = _weigh(studio, {"variant": "variants/cheap-trade.wonders", "against": "variants/age-stipend.wonders",
                           "players": 3, "games": 4, "bots": ["random"]})
    done = seen[-1]
    assert done["type"] == "done" and done["pairs"] == 4 and not done["stopped"]
    assert (done["name_a"], done["name_b"]) == ("age-stipend", "cheap-trade")
    assert done["report"].lstrip().lower().startswith("<!doctype html")


@pytest.mark.slow
def test_weigh_fits_adaptive_players_first_on_the_progress_bar_and_says_how_they_were_fitted(studio):
    """Issue 38: the panel's default players are adaptive; their first fit runs before the
    games (every core), told to the page generation by generation, and the figures say
    which players played and how they were fitted.  A tiny fit, of a seed no other test
    fits, so that this one makes it."""
    bot = "adaptive:generations=1,games=2,fit_seed=3838"
    seen = _weigh(studio, {"variant": "variants/cheap-trade.wonders", "players": 3, "games": 2, "bots": [bot]})
    fits = [m for m in seen if m["type"] == "fit"]
    assert fits and fits[-1]["done"] == fits[-1]["total"] == 1, seen
    assert "fitting adaptive to 7 Wonders, first edition + Cheap trade, 3 players" in {m["text"] for m in fits}
    done = seen[-1]
    assert done["type"] == "done" and done["pairs"] == 2, done
    assert done["players"][0].startswith("Fitted players (adaptive, seed 3838)")
    assert any("7 Wonders, first edition + Cheap trade: 1 generation of 2 games a candidate" in line
               for line in done["players"])


@pytest.mark.parametrize("start, said", [
    ({"variant": "variants/cheap-trade.wonders", "against": "variants/cheap-trade.wonders"}, "same rules"),
    ({"variant": "age1.wonders"}, "not a file of a variants/ folder"),
    ({"variant": "variants/cheap-trade.wonders", "bots": ["nobody"]}, "unknown bot 'nobody'"),
    ({"variant": "variants/cheap-trade.wonders", "games": 0}, "games: from 1"),
    ({"variant": "../secret.wonders"}, "not a path inside the folder"),
    ({"variant": "variants/cheap-trade.wonders", "players": 12, "games": 2}, "not 12"),
])
def test_weigh_says_what_is_wrong_with_what_was_asked(studio, start, said):
    seen = _weigh(studio, start)
    assert seen[-1]["type"] == "error" and said in seen[-1]["text"], seen[-1]


@pytest.mark.slow
@pytest.mark.parametrize("missing", ["uvicorn", "starlette", "pygls"])
def test_without_the_studio_extra_the_command_says_what_to_install(missing):
    """`pip install .` alone leaves the extra out: a usage error naming it, never an internal error."""
    import subprocess
    import sys
    result = subprocess.run([sys.executable, "-c", f"import sys; sys.modules[{missing!r}] = None; "
                             "import cli; cli.run()", "studio", "--no-browser"],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 2, result.stderr
    assert f"the studio needs the `studio` extra ({missing} is missing)" in result.stderr
    assert "pip install 'wonders[studio]'" in result.stderr and "internal error" not in result.stderr


@pytest.mark.slow
def test_weigh_the_skill_tiers_pair_by_pair_with_the_report_of_compare_skill(studio):
    seen = _weigh(studio, {"variant": "variants/cheap-trade.wonders", "players": 3, "games": 3, "skill": True,
                           "tiers": ["random", "greedy", "heuristic"]})
    done = seen[-1]
    assert done["type"] == "done" and done["games"] == 9 and done["done"] == 9 and done["pairs"] == 9, done
    changes = done["skill"]["changes"]
    assert [(c["stronger"], c["weaker"]) for c in changes] == [("greedy", "random"), ("heuristic", "random"),
                                                              ("heuristic", "greedy")]
    assert all(c["games"] == 3 and 0 <= c["a"] <= 1 and 0 <= c["b"] <= 1 for c in changes)
    assert "Skill tiers: cheap-trade against base rules" in done["report"]
    assert all("skill" in m for m in seen if m["type"] == "figures")     # never the usual figures


@pytest.mark.slow
def test_weigh_with_the_arc_shows_how_the_variant_moves_it(studio):
    seen = _weigh(studio, {"variant": "variants/cheap-trade.wonders", "players": 3, "games": 2, "bots": ["greedy"],
                           "arc": 1})
    done = seen[-1]
    assert done["type"] == "done" and done["pairs"] == 2, done
    arc = [f["figure"] for f in done["figures"] if f["section"] == "arc"]
    assert arc == ["lead changes per game", "turn after which the winner no longer trails",
                   "win rate of the city last after the first age"]
    plain = _weigh(studio, {"variant": "variants/cheap-trade.wonders", "players": 3, "games": 1, "bots": ["greedy"]})
    assert not [f for f in plain[-1]["figures"] if f["section"] == "arc"]       # asked for, never paid by default


@pytest.mark.parametrize("start, said", [
    ({"variant": "variants/cheap-trade.wonders", "arc": 100}, "arc: from 0 to 64"),
    ({"variant": "variants/cheap-trade.wonders", "skill": True, "tiers": ["greedy"]}, "at least two different"),
    ({"variant": "variants/cheap-trade.wonders", "skill": True, "tiers": ["greedy", "nobody"]}, "unknown bot"),
    ({"variant": "variants/cheap-trade.wonders", "skill": "yes"}, "'skill' is missing or not a bool"),
])
def test_weigh_skill_says_what_is_wrong_with_the_tiers(studio, start, said):
    seen = _weigh(studio, start)
    assert seen[-1]["type"] == "error" and said in seen[-1]["text"], seen[-1]

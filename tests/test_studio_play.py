"""The studio's Play routes spoken to over HTTP, as the page (or a hostile page) would: a
game kept on the server, moves, steps, branches, saves that `wonders play --load` reads,
and the refusals (no token, a path out of the folder, a file that is not a position).
The browser test is in test_studio_play_browser.py."""

from __future__ import annotations

import json
import shutil

import pytest

from conftest import ROOT, call_cli
from studio_server import Studio, folder, studio  # noqa: F401  (module fixtures)
from test_studio import api, get

pytest.importorskip("starlette")

HOSTILE = '<img src=x onerror=window.pwned=1><script>window.pwned=2</script>'


def new_game(studio, **given):  # noqa: F811
    settings = {"edition": ".", "variants": [], "players": 3, "seat": 0, "bots": ["greedy"], "sides": "A", "seed": 3}
    status, game = api(studio, "/api/play/new", {**settings, **given})
    assert status == 200, game
    while game["status"] == "preparing":
        status, game = api(studio, f"/api/play/position?id={game['id']}&wait=1")
    assert game["status"] == "ready", game
    return game


def choose(studio, game, option=0):  # noqa: F811
    status, answer = api(studio, "/api/play/choose", {"id": game["id"], "option": option})
    assert status == 200, answer
    return answer


@pytest.mark.slow
def test_every_play_route_refuses_a_request_without_the_token(studio):  # noqa: F811
    game = new_game(studio)
    for path, body in [("/api/play/setup", None), ("/api/play/new", {"players": 3}),
                       (f"/api/play/position?id={game['id']}", None),
                       ("/api/play/choose", {"id": game["id"], "option": 0}), ("/api/play/go", {"id": game["id"], "to": "back"}),
                       ("/api/play/save", {"id": game["id"], "path": "stolen.json"}), ("/api/play/load", {"path": "x.json"})]:
        data = None if body is None else json.dumps(body).encode()
        status, text = get(studio.base + path, {"Content-Type": "application/json", "X-Studio-Token": "wrong"}, data)
        assert status == 403, (path, text)
        status, _ = get(studio.base + path, {"Content-Type": "application/json"}, data)
        assert status == 403, path
    status, again = api(studio, f"/api/play/position?id={game['id']}")
    assert again["node"] == game["node"]                          # nothing was played by the refused requests


def test_the_form_offers_the_folders_rule_sets_variants_sides_and_bots(studio):  # noqa: F811
    status, setup = api(studio, "/api/play/setup")
    assert status == 200
    first = setup["editions"][0]
    assert first["folder"] == "." and first["name"] == "7 Wonders, first edition"
    assert first["sides"] == ["A", "B"] and 3 in first["players"]
    assert "variants/cheap-trade.wonders" in first["variants"]
    assert {"greedy", "adaptive", "mcts"} <= set(setup["bots"])


def test_a_game_waits_at_the_seats_decision_with_its_hand_drawn_and_every_move_priced(studio):  # noqa: F811
    game = new_game(studio)
    d = game["decision"]
    assert game["age"] == "I" and game["turn"] == 1 and d["kind"] == "turn"
    assert len(d["cards"]) == 7 and all(c["svg"].startswith("<svg") for c in d["cards"])
    kinds = {m["kind"] for m in d["moves"]}
    assert {"build", "sell"} <= kinds and all(isinstance(m["left"] + m["right"], int) for m in d["moves"])
    sells = [m for m in d["moves"] if m["kind"] == "sell"]
    assert len(sells) == 7 and all(m["label"].startswith("sell ") for m in sells)
    assert {m["card"] for m in d["moves"]} <= {c["index"] for c in d["cards"]}
    assert [c["where"] for c in game["cities"]] == ["you", "left", "right"]
    assert all(c["coins"] == 3 and c["shields"] == 0 for c in game["cities"])


def test_a_whole_game_step_back_branch_and_the_old_line_is_kept(studio):  # noqa: F811
    game = new_game(studio)
    while not game["finished"]:
        game = choose(studio, game)
    assert game["scores"]["winners"] and len(game["line"]) == 19            # 18 turns of the seat and the end
    status, back = api(studio, "/api/play/go", {"id": game["id"], "to": game["line"][2]["node"]})
    assert status == 200 and back["turn"] == 3 and back["forward"]
    other = len(back["decision"]["moves"]) - 1                  # another move than the first
    branched = choose(studio, back, other)
    assert branched["turn"] == 4 and not branched["forward"]
    status, point = api(studio, "/api/play/go", {"id": game["id"], "to": "back"})
    assert [line["followed"] for line in point["lines"]] == [False, True]   # the old line kept beside the new
    again = choose(studio, point, 0)                            # the first move again follows the old line
    assert again["node"] == game["line"][3]["node"] and again["forward"]


@pytest.mark.slow
def test_a_saved_position_is_read_by_wonders_play_load_and_by_the_studio(studio, folder, tmp_path):  # noqa: F811
    game = new_game(studio, variants=["variants/cheap-trade.wonders"])
    for _ in range(3):
        game = choose(studio, game)
    status, saved = api(studio, "/api/play/save", {"id": game["id"], "path": "positions-turn4.json"})
    assert status == 200 and saved["path"] == "positions-turn4.json" and saved["path"] in saved["positions"]
    data = json.loads((folder / "positions-turn4.json").read_text(encoding="utf-8"))
    assert data["format"].startswith("wonders-save/") and data["options"]["variants"][0].endswith("cheap-trade.wonders")
    (folder / "leak.wonders").rename(folder.parent / "leak.wonders")     # the studio never reads through it:
    try:                                                                # the terminal plays the same files
        result = call_cli("play", "--load", str(folder / "positions-turn4.json"), "--content", str(folder))
    finally:
        (folder.parent / "leak.wonders").rename(folder / "leak.wonders")
    assert result.returncode == 0, result.stderr
    assert "Age I\n  Turn 1" in result.stdout and "Final scores" in result.stdout
    status, loaded = api(studio, "/api/play/load", {"path": "positions-turn4.json"})
    while loaded["status"] == "preparing":
        status, loaded = api(studio, f"/api/play/position?id={loaded['id']}&wait=1")
    assert loaded["turn"] == 4 and loaded["variants"] == ["variants/cheap-trade.wonders"]
    assert loaded["cities"] == game["cities"] and loaded["decision"] == game["decision"]


def test_saves_stay_inside_the_folder_and_bad_positions_are_refused_in_words(studio, folder):  # noqa: F811
    game = new_game(studio)
    for path in ["../out.json", "/tmp/out.json", "leak.wonders", "missing-folder/p.json", "variants/../../x.json"]:
        status, answer = api(studio, "/api/play/save", {"id": game["id"], "path": path})
        assert status in (400, 403) and answer["error"], path
    assert not (folder.parent / "out.json").exists()
    # a position saved before is replaced only when asked; another JSON file never
    assert api(studio, "/api/play/save", {"id": game["id"], "path": "twice.json"})[0] == 200
    status, answer = api(studio, "/api/play/save", {"id": game["id"], "path": "twice.json"})
    assert status == 409 and answer["exists"] and "replace it?" in answer["error"]
    assert api(studio, "/api/play/save", {"id": game["id"], "path": "twice.json", "replace": True})[0] == 200
    (folder / "data.json").write_text('{"mine": true}', encoding="utf-8")
    status, answer = api(studio, "/api/play/save", {"id": game["id"], "path": "data.json", "replace": True})
    assert status == 400 and "is not a saved position" in answer["error"]
    assert (folder / "data.json").read_text(encoding="utf-8") == '{"mine": true}'
    (folder / "not-json.json").write_text("{ nope", encoding="utf-8")
    (folder / "other.json").write_text('{"format": "wonders-log/1"}', encoding="utf-8")
    (folder / "broken.json").write_text(json.dumps({"format": "wonders-save/2", "content": "0"}), encoding="utf-8")
    expected = {"not-json.json": "is not a saved position: it is not JSON",
                "other.json": "is not a saved position",
                "broken.json": "cannot be played here: it was made with other rules",
                "nothing.json": "no such file", "../secret.json": "not a path inside the folder"}
    for path, words in expected.items():
        status, answer = api(studio, "/api/play/load", {"path": path})
        assert status in (400, 403) and words in answer["error"], (path, answer)
    status, answer = api(studio, "/api/play/choose", {"id": "no-such-game", "option": 0})
    assert status == 400 and "no such game" in answer["error"]
    status, answer = api(studio, "/api/play/choose", {"id": game["id"], "option": 999})
    assert status == 400 and "no move 999" in answer["error"]


def test_bad_settings_are_refused_in_words(studio):  # noqa: F811
    cases = [({"players": 99}, "players"), ({"sides": "Z"}, "'Z' is not a side"), ({"bots": ["nobody"]}, "nobody"),
             ({"edition": "../x"}, ""), ({"variants": ["variants/none.wonders"]}, "not a variant"),
             ({"bots": ["/tmp/evil.py:Bot"]}, "installed bots only"),
             ({"bots": ["human", "human", "greedy"]}, "one seat is played in the page")]
    for given, words in cases:
        settings = {"edition": ".", "variants": [], "players": 3, "seat": 0, "bots": ["greedy"], **given}
        status, answer = api(studio, "/api/play/new", settings)
        assert status in (400, 403) and words in answer["error"], (given, answer)


def test_two_players_play_the_neutral_city_and_a_bot_per_seat(studio):  # noqa: F811
    game = new_game(studio, players=2, seat=1, bots=["heuristic", "human"])
    assert [c["neutral"] for c in game["cities"]] == [False, False, True]
    kinds = set()
    while not game["finished"]:
        kinds.add(game["decision"]["kind"] + (" (neutral)" if game["decision"]["neutral"] else ""))
        game = choose(studio, game)
    assert "neutral turn (neutral)" in kinds and game["bots"] == ["heuristic", "human"]


@pytest.mark.slow
def test_the_games_kept_are_bounded(studio):  # noqa: F811
    from interpreter.studio.play_games import MAX_GAMES
    first = new_game(studio)
    for _ in range(MAX_GAMES):
        new_game(studio)
    status, answer = api(studio, f"/api/play/position?id={first['id']}")
    assert status == 400 and "no such game" in answer["error"]


@pytest.fixture(scope="module")
def hostile(tmp_path_factory):
    target = tmp_path_factory.mktemp("hostile") / "content"
    shutil.copytree(ROOT / "content", target, ignore=shutil.ignore_patterns("second-edition"))
    for name in ("age1.wonders", "age2.wonders", "age3.wonders", "guilds.wonders"):
        path = target / name
        text = path.read_text(encoding="utf-8").replace('"Lumber Yard"', f'"{HOSTILE}"')
        path.write_text(text, encoding="utf-8")
    server = Studio(target)
    yield server
    server.stop()


@pytest.mark.slow
def test_names_from_content_arrive_as_data_not_markup(hostile):
    game = new_game(hostile, players=7, seed=1)
    names = {c["name"] for c in game["decision"]["cards"]}
    while HOSTILE not in names and not game["finished"]:
        game = choose(hostile, game)
        names = {c["name"] for c in (game.get("decision") or {}).get("cards", [])} | \
            {b["name"] for c in game["cities"] for b in c["built"]}
    assert HOSTILE in names                                    # sent as a JSON string, shown by the page as text


@pytest.mark.slow
def test_the_adaptive_bot_fits_itself_first_and_the_page_is_told(folder, tmp_path, monkeypatch):  # noqa: F811
    monkeypatch.setenv("WONDERS_CACHE_DIR", str(tmp_path / "cache"))      # no fit kept yet
    server = Studio(folder)
    try:
        settings = {"edition": ".", "variants": [], "players": 3, "seat": 0, "sides": "A", "seed": 1,
                    "bots": ["adaptive:budget=2,generations=1,games=2"]}
        status, game = api(server, "/api/play/new", settings)
        assert status == 200 and "adaptive bot is fitting itself" in game["note"], game
        while game["status"] == "preparing":
            status, game = api(server, f"/api/play/position?id={game['id']}&wait=1")
        assert game["status"] == "ready" and game["decision"]["kind"] == "turn"
        assert choose(server, game)["turn"] == 2
        assert list((tmp_path / "cache").rglob("*.json"))                # the fit is kept for the next games
        status, again = api(server, "/api/play/new", settings)
        assert again["note"] is None
    finally:
        server.stop()


@pytest.mark.slow
def test_a_damaged_save_is_refused_in_words_never_a_failure(studio, folder):  # noqa: F811
    game = new_game(studio)
    api(studio, "/api/play/save", {"id": game["id"], "path": "whole.json", "replace": True})
    whole = json.loads((folder / "whole.json").read_text(encoding="utf-8"))
    damages = {"hands": None, "cities": 5, "rng": "x", "turn": "x", "discard": ["Nothing@1"], "options": []}
    for key, value in damages.items():
        (folder / "damaged.json").write_text(json.dumps({**whole, key: value}), encoding="utf-8")
        status, answer = api(studio, "/api/play/load", {"path": "damaged.json"})
        assert status == 400 and "damaged.json" in answer["error"], (key, answer)

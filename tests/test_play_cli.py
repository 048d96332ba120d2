"""`wonders play`, `replay`, `moves` and `score` as a user runs them."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from conftest import ROOT, call_cli, call_json

pytestmark = pytest.mark.slow       # (pyproject.toml: what `slow` means)

ALEXANDRIA = {"name": "Ann", "wonder": "Alexandria", "side": "A", "stages": 3, "coins": 14,
              "military": [1, 3, 5, -1, -1, -1],
              "cards": ["Altar", "Aqueduct", "Town Hall", "Scriptorium", "Library", "University",
                        "Workshop", "Laboratory", "Apothecary", "Chamber of Commerce", "Loom", "Glassworks"]}
BOB = {"name": "Bob", "wonder": "Gizah", "side": "B", "stages": 4, "coins": 2, "military": [-1, -1],
       "cards": ["Spies Guild", "Barracks"]}
CAROL = {"name": "Cid", "wonder": "Olympia", "side": "B", "stages": 3, "coins": 0, "military": [], "cards": []}


def test_play_prints_a_log_and_the_score_pad_and_is_deterministic():
    first = call_cli("play", "--players", "4", "--seed", "3")
    second = call_cli("play", "--players", "4", "--seed", "3")
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    for text in ("Age I", "Age III", "End of age II", "Final scores", "military", "guilds", "Winner"):
        assert text in first.stdout
    assert call_cli("play", "--players", "4", "--seed", "4").stdout != first.stdout


def test_play_json_gives_the_same_as_data():
    result, data = call_json("play", "--players", "3", "--seed", "1", "--sides", "B", "--bots", "greedy,random")
    assert result.returncode == 0
    assert [p["city"]["side"] for p in data["players"]] == ["B", "B", "B"]
    for p in data["players"]:
        assert p["total"] == sum(p[k] for k in ("military", "treasury", "wonder", "civilian", "science",
                                                "commercial", "guilds"))
    assert data["winners"] and data["options"]["bots"] == ["greedy", "random"]


def test_play_chosen_wonders_and_bad_options():
    result, data = call_json("play", "--players", "3", "--wonders", "Rhodos,Gizah", "--sides", "A")
    assert [p["city"]["wonder"] for p in data["players"]][:2] == ["Rhodos", "Gizah"]
    for args, words in ((["--players", "9"], "not 9"), (["--players", "3", "--bots", "clever"], "unknown bot"),
                        (["--players", "3", "--wonders", "Rhodes"], "did you mean 'Rhodos'"),
                        (["--players", "3", "--human", "4"], "between 1 and 3")):
        bad = call_cli("play", *args)
        assert bad.returncode == 2 and words in bad.stderr and "Traceback" not in bad.stderr


def test_log_replays_and_a_tampered_log_is_caught(tmp_path):
    log = tmp_path / "game.json"
    assert call_cli("play", "--players", "5", "--seed", "8", "--log", str(log)).returncode == 0
    replayed = call_cli("replay", str(log))
    assert replayed.returncode == 0 and "Replay checked" in replayed.stdout
    data = json.loads(log.read_text())
    data["choices"][7]["action"] = "build Palace (III)"
    log.write_text(json.dumps(data))
    bad = call_cli("replay", str(log))
    assert bad.returncode == 1 and "step 8" in bad.stderr and "Traceback" not in bad.stderr


def test_replay_stops_saves_and_moves_lists_the_actions(tmp_path):
    log, position = tmp_path / "game.json", tmp_path / "position.json"
    call_cli("play", "--players", "3", "--seed", "2", "--log", str(log))
    stopped = call_cli("replay", str(log), "--to", "8", "--save", str(position))
    assert stopped.returncode == 0 and "State before age II, turn 3" in stopped.stdout
    moves = call_cli("moves", str(position))
    assert moves.returncode == 0 and moves.stdout.startswith("Age II, turn 3")
    result, data = call_json("moves", str(position))
    assert len(data["players"]) == 3
    for player in data["players"]:
        kinds = {a["kind"] for a in player["actions"]}
        assert "sell" in kinds
        assert all({"kind", "card", "pay_left", "pay_right", "free", "label"} <= set(a) for a in player["actions"])


def test_score_reproduces_the_rulebook_score_pad(tmp_path):
    table = tmp_path / "table.json"
    table.write_text(json.dumps({"players": [ALEXANDRIA, BOB, CAROL]}))
    result, data = call_json("score", str(table))
    assert result.returncode == 0, result.stderr
    ann = data["players"][0]
    assert (ann["military"], ann["treasury"], ann["wonder"], ann["civilian"], ann["science"],
            ann["commercial"]) == (6, 4, 10, 13, 21, 4)
    carol = data["players"][2]
    assert carol["guilds"] == 1       # Olympia B copies Bob's Spies Guild: Bob's Barracks is beside her
    assert data["players"][1]["guilds"] == 0                    # Bob's own guild: no red card beside him
    assert data["winners"] == ["Ann"]
    text = call_cli("score", str(table))
    assert "Winner: Ann" in text.stdout and "civilian" in text.stdout


def test_score_names_the_player_and_field_of_every_problem(tmp_path):
    table = tmp_path / "table.json"
    bad = dict(ALEXANDRIA, cards=["Altar", "Altar", "Aqueduc"], stages=4)
    table.write_text(json.dumps({"players": [bad, {k: v for k, v in BOB.items() if k != "coins"}]}))
    result = call_cli("score", str(table))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "players[0] (Ann).stages" in result.stderr
    assert 'players[1] (Bob): missing field "coins"' in result.stderr
    bad = dict(ALEXANDRIA, cards=["Altar", "Altar", "Aqueduc"])
    table.write_text(json.dumps({"players": [bad, BOB]}))
    result = call_cli("score", str(table))
    assert "'Altar' is listed twice" in result.stderr and "did you mean 'Aqueduct'" in result.stderr
    table.write_text("{not json")
    result = call_cli("score", str(table))
    assert result.returncode == 1 and "not valid JSON" in result.stderr


def _play_human(stdin: str):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-c", "import cli; cli.run()", "play", "--players", "3",
                           "--seed", "5", "--human", "2"], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, env=env, timeout=120)


def test_a_person_plays_a_seat_and_bad_input_is_asked_again():
    result = _play_human("nonsense\n0\n999\n" + "1\n" * 200)
    assert result.returncode == 0, result.stderr
    assert "Please type a number from 1 to" in result.stdout
    assert "Hand:" in result.stdout and "Left:" in result.stdout and "Final scores" in result.stdout


def test_a_person_leaving_mid_game_gets_no_traceback():
    result = _play_human("1\n1\n")
    assert result.returncode != 0 and "Traceback" not in result.stderr + result.stdout


def test_replay_stops_at_any_decision_point_inside_a_turn_and_play_goes_on_from_it(tmp_path):
    log, position = tmp_path / "game.json", tmp_path / "position.json"
    assert call_cli("play", "--players", "3", "--seed", "2", "--log", str(log)).returncode == 0
    stopped = call_cli("replay", str(log), "--to-choice", "5", "--save", str(position))
    assert stopped.returncode == 0, stopped.stderr
    assert stopped.stdout.startswith("State at a decision in age I, turn 2:\n  waiting for: P3's turn\n")
    saved = json.loads(position.read_text())
    assert saved["format"] == "wonders-save/2" and saved["flow"]["waiting"] == [[2, "turn"]]
    assert len([e for e in saved["log"] if e["event"] == "choice"]) == 5
    went_on = call_cli("play", "--load", str(position))
    assert went_on.returncode == 0 and "Winner" in went_on.stdout, went_on.stderr
    both = call_cli("replay", str(log), "--to-choice", "5", "--to", "2")
    assert both.returncode == 2 and "not both" in both.stderr
    whole = call_cli("replay", str(log), "--to-choice", "100000")
    assert whole.returncode == 0 and "Replay checked" in whole.stdout

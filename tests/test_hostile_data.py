"""Logs, saves and tables edited by hand, and content that computes huge numbers: always a
message and exit 1, never a traceback (exit 70).  Found by exploratory testing."""

from __future__ import annotations

import json

import pytest

from conftest import ROOT, call_cli

pytestmark = pytest.mark.slow       # (pyproject.toml: what `slow` means)


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    folder = tmp_path_factory.mktemp("game")
    log, position = folder / "g.json", folder / "pos.json"
    assert call_cli("play", "--players", "3", "--seed", "7", "--names", "Ann,Bob,Cid", "--log", str(log)).returncode == 0
    assert call_cli("replay", str(log), "--to", "5", "--save", str(position)).returncode == 0
    return log, position


def test_a_game_with_names_replays(made):
    log, _ = made
    result = call_cli("replay", str(log))
    assert result.returncode == 0 and "Replay checked" in result.stdout and "Ann" in result.stdout


def _edited(path, tmp_path, edit):
    data = json.loads(path.read_text())
    edit(data)
    out = tmp_path / "edited.json"
    out.write_text(json.dumps(data))
    return out


SAVE_EDITS = {
    "options null": lambda d: d.update(options=None),
    "age_index text": lambda d: d.update(age_index="x"),
    "age_index 9": lambda d: d.update(age_index=9),
    "holders text": lambda d: d.update(holders="x"),
    "hands empty": lambda d: d.update(hands=[]),
    "coins text": lambda d: d["cities"][0].update(coins="x"),
    "stages -5": lambda d: d["cities"][0].update(stages=-5),
    "a city too many": lambda d: d["cities"].append(d["cities"][0]),
    "two of one name": lambda d: d["cities"][0]["built"].append(d["cities"][0]["built"][0]),
    "negative coins": lambda d: d["cities"][0].update(coins=-5),
    "later age built": lambda d: d["cities"][0]["built"].append("Palace@3"),
    "turn text": lambda d: d.update(turn="x"),
    "city name a list": lambda d: d["cities"][2].update(name=[]),     # found by test_hardening_fuzz
}


@pytest.mark.parametrize("name", SAVE_EDITS)
def test_hand_edited_saves_are_refused_with_a_message(made, tmp_path, name):
    _, position = made
    result = call_cli("moves", str(_edited(position, tmp_path, SAVE_EDITS[name])))
    assert result.returncode == 1, (name, result.stdout[-300:], result.stderr[-300:])
    assert result.stderr.startswith("error:") and "Traceback" not in result.stderr


LOG_EDITS = {
    "options null": lambda d: d.update(options=None),
    "choices text": lambda d: d.update(choices="x"),
    "result text": lambda d: d.update(result="x"),
    "seat null": lambda d: d["choices"][0].update(seat=None),
    "choice text": lambda d: d["choices"].__setitem__(0, "x"),
    "turn changed": lambda d: d["choices"][0].update(turn=3),
    "seed text": lambda d: d["options"].update(seed="zz"),
}


@pytest.mark.parametrize("name", LOG_EDITS)
def test_hand_edited_logs_are_refused_with_a_message(made, tmp_path, name):
    log, _ = made
    result = call_cli("replay", str(_edited(log, tmp_path, LOG_EDITS[name])))
    assert result.returncode == 1, (name, result.stdout[-300:], result.stderr[-300:])
    assert result.stderr.startswith("error:") and "Traceback" not in result.stderr


def test_a_person_playing_with_json_output_keeps_stdout_json():
    import os
    import subprocess
    import sys
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    result = subprocess.run([sys.executable, "-c", "import cli; cli.run()", "play", "--players", "3",
                             "--seed", "1", "--human", "2", "--format", "json"], input="1\n" * 300,
                            capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)
    assert result.returncode == 0
    assert json.loads(result.stdout)["winners"]
    assert "your turn decision" in result.stderr


def test_content_computing_huge_numbers_plays(tmp_path):
    square = tmp_path / "square.wonders"
    square.write_text('variant "Square" {\n    changes "7 Wonders, first edition"\n'
                      '    add trigger "sq" on turn end: gain (coins * coins) coins\n}\n')
    result = call_cli("play", "--players", "3", "--seed", "1", "--variant", str(square), "--format", "json")
    assert result.returncode == 0, result.stderr[-500:]


def test_huge_numbers_and_deep_nesting_in_a_score_table(tmp_path):
    table = json.loads((ROOT / "docs" / "examples" / "table.json").read_text())
    table["players"][0]["coins"] = 10 ** 12
    path = tmp_path / "t.json"
    path.write_text(json.dumps(table))
    result = call_cli("score", str(path))
    assert result.returncode == 1 and "coins" in result.stderr
    path.write_text(json.dumps(table).replace(str(10 ** 12), "9" * 5000))
    assert call_cli("score", str(path)).returncode == 1
    path.write_text("[" * 100000)
    deep = call_cli("score", str(path))
    assert deep.returncode == 1 and "Traceback" not in deep.stderr


@pytest.mark.parametrize("category", ["name", "total"])
def test_score_categories_cannot_take_the_score_pads_own_field_names(content_copy, category):
    base = content_copy / "base.wonders"
    text = base.read_text()
    base.write_text(text.replace("commercial, guilds\n", f"commercial, guilds, {category}\n"))
    result = call_cli("check", str(content_copy))
    assert result.returncode == 1 and "E1210" in result.stdout


@pytest.mark.parametrize("edit, words", [
    (lambda t: t["players"][1].update(wonder="Alexandria", side="A", stages=3), "is already players[0]'s"),
    (lambda t: [p.update(name="Ann") for p in t["players"]], "a name of their own"),
    (lambda t: t["players"].extend(dict(p, name=f"X{i}", wonder=w, stages=0) for i, (p, w) in enumerate(
        zip([t["players"][2]] * 5, ["Rhodos", "Ephesos", "Babylon", "Halikarnassus", "Olympia"]))), "cities, but games have"),
])
def test_impossible_score_tables_are_refused(tmp_path, edit, words):
    table = json.loads((ROOT / "docs" / "examples" / "table.json").read_text())
    edit(table)
    path = tmp_path / "t.json"
    path.write_text(json.dumps(table))
    result = call_cli("score", str(path))
    assert result.returncode == 1 and words in result.stderr, result.stderr


@pytest.mark.parametrize("command", [("replay",), ("moves",), ("score",), ("play", "--load")])
def test_a_huge_json_input_is_refused_before_it_is_read(tmp_path, command):
    """A sparse file claims 65 MiB: refused by its size, with the bound named, not read into memory."""
    huge = tmp_path / "huge.json"
    with open(huge, "wb") as handle:
        handle.truncate(65 << 20)
    result = call_cli(*command, str(huge))
    assert result.returncode == 1, result.stderr
    assert f"{huge}: the " in result.stderr and "is too large to read" in result.stderr, result.stderr
    assert "Traceback" not in result.stderr

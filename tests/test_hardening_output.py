"""No terminal injection: names from content, score tables, logs and saves are printed with
their control characters escaped (ESC, BEL, other C0 and C1 codes), in tables, game logs,
positions and diagnostics alike."""

from __future__ import annotations

import json
import re

import pytest

from conftest import ROOT, call_cli
from interpreter.printable import printable

pytestmark = pytest.mark.slow       # (pyproject.toml: what `slow` means)

RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
EVIL = "Evil\x1b]0;owned\x07\x1b[2J\x9b31m"


def _clean(*texts: str) -> None:
    for text in texts:
        assert not RAW.search(text), repr(RAW.search(text).group())


def test_printable_escapes_control_characters_and_keeps_the_rest():
    assert printable("Café ², 三") == "Café ², 三"
    assert printable("a\x1b[2Jb\x07\x9b\x00") == "a\\x1b[2Jb\\x07\\x9b\\x00"
    assert printable("line\nnext\ttab\r", keep_newlines=True) == "line\nnext\ttab\\x0d"
    assert printable("line\nnext\ttab") == "line\\x0anext\\x09tab"
    assert printable("\u202eevil") == "\\u202eevil"


@pytest.fixture
def evil_content(content_copy):
    """The shipped content with a card renamed to a name full of escape sequences."""
    path = content_copy / "age1.wonders"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('card "Clay Pool"', f'card "{EVIL}"', 1), encoding="utf-8")
    return content_copy


def test_card_tables_and_game_logs_escape_content_names(evil_content):
    listed = call_cli("cards", "--content", str(evil_content), "--age", "I")
    assert listed.returncode == 0, listed.stderr
    assert "Evil\\x1b]0;owned\\x07" in listed.stdout
    played = call_cli("play", "--players", "7", "--seed", "3", "--content", str(evil_content))
    assert played.returncode == 0, played.stderr
    _clean(listed.stdout, played.stdout, played.stderr)


def test_diagnostics_escape_names_and_source_lines(evil_content):
    path = evil_content / "age1.wonders"
    path.write_text(path.read_text(encoding="utf-8") + f'\ncard "{EVIL}" {{ age I color blue }}\n', encoding="utf-8")
    result = call_cli("check", str(evil_content))
    assert result.returncode == 1 and "E1101" in result.stdout
    _clean(result.stdout, result.stderr)
    lines = result.stdout.splitlines()
    source = next(i for i, line in enumerate(lines) if line.endswith('{ age I color blue }'))
    caret = lines[source + 1]
    assert caret.index("^") == lines[source].index('"Evil')     # carets still under the name


def test_score_tables_logs_and_saves_escape_player_names(tmp_path):
    table = json.loads((ROOT / "docs" / "examples" / "table.json").read_text(encoding="utf-8"))
    table["players"][0]["name"] = EVIL
    path = tmp_path / "table.json"
    path.write_text(json.dumps(table))
    scored = call_cli("score", str(path))
    assert scored.returncode == 0 and "Evil\\x1b" in scored.stdout
    table["players"][1]["cards"] = [EVIL]
    path.write_text(json.dumps(table))
    refused = call_cli("score", str(path))
    assert refused.returncode == 1

    log = tmp_path / "game.json"
    assert call_cli("play", "--players", "3", "--log", str(log)).returncode == 0
    data = json.loads(log.read_text())
    data["options"]["names"] = [EVIL, "B", "C"]
    data["result"]["winners"] = [EVIL if w == "P1" else w for w in data["result"]["winners"]]
    log.write_text(json.dumps(data))
    replayed = call_cli("replay", str(log))
    save = tmp_path / "position.json"
    stopped = call_cli("replay", str(log), "--to", "3", "--save", str(save))
    moves = call_cli("moves", str(save))
    assert stopped.returncode == 0 and moves.returncode == 0, stopped.stderr + moves.stderr
    assert "Evil\\x1b" in stopped.stdout + moves.stdout
    data["choices"][0]["action"] = EVIL
    log.write_text(json.dumps(data))
    broken = call_cli("replay", str(log))
    assert broken.returncode == 1
    _clean(scored.stdout, refused.stderr, replayed.stdout, replayed.stderr, stopped.stdout, moves.stdout,
           broken.stderr)

"""`wonders score` on huge tables: refused at once, and alike problems summarised."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import call_cli

EXAMPLE = Path(__file__).resolve().parent.parent / "docs" / "examples" / "table.json"


def table(tmp_path: Path, change) -> Path:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / "table.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_hundred_thousand_cards_are_refused_in_one_line(tmp_path):
    """Found by hostile testing: each of 100,000 cards was looked up and reported."""
    def many(data):
        data["players"][0]["cards"] = [f"Card {i}" for i in range(100_000)]
    result = call_cli("score", str(table(tmp_path, many)))
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1
    assert "100,000 cards, but a city holds at most one of each of the" in result.stderr


@pytest.mark.slow
def test_a_hundred_thousand_players_are_refused_at_once(tmp_path):
    def crowd(data):
        data["players"] = data["players"] * 30_000
    result = call_cli("score", str(table(tmp_path, crowd)))
    assert result.returncode == 1
    assert "cities, but games have" in result.stderr and result.stderr.count("\n") == 1


def test_alike_problems_are_shown_five_times_then_counted(tmp_path):
    def unknown(data):
        for player in data["players"]:
            player["cards"] = [f"Nope {i}" for i in range(20)]
    result = call_cli("score", str(table(tmp_path, unknown)))
    lines = result.stderr.splitlines()
    players = len(json.loads(EXAMPLE.read_text(encoding="utf-8"))["players"])
    assert result.returncode == 1
    assert lines[:5] == [f"error: {tmp_path / 'table.json'}: players[0] (Ann).cards: unknown card 'Nope {i}'"
                         for i in range(5)]
    assert lines[5].endswith(f"... and {20 * players - 5} more like this") and len(lines) == 6

"""`wonders compare --records FILE`: recorded games (people's, or any `simulate --out` file)
beside bots playing the same deals under the same rules."""

from __future__ import annotations

import json

import pytest

from conftest import call_cli

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def recorded(tmp_path_factory):
    path = tmp_path_factory.mktemp("records") / "people.jsonl"
    result = call_cli("simulate", "--quiet", "--players", "3", "--games", "6", "--bots", "random", "--workers", "1",
                     "--out", str(path))
    assert result.returncode == 0, result.stderr
    return path


def test_the_same_bots_on_the_same_deals_play_the_same_games(recorded):
    result = call_cli("compare", "--workers", "1", "--quiet", "--records", str(recorded), "--players", "3", "--bots", "random",
                     "--format", "json")
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout)["figures"]
    assert figures and all(f["difference"] == 0 for f in figures)


def test_other_bots_on_the_same_deals(recorded):
    result = call_cli("compare", "--workers", "1", "--quiet", "--records", str(recorded), "--players", "3", "--bots", "greedy",
                     "--format", "json")
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)
    assert answer["options"]["games"] == 6 and any(f["difference"] != 0 for f in answer["figures"])
    seats = [f for f in answer["figures"] if f["section"] == "seat"]
    assert seats and {f["n_a"] for f in seats} == {6}


def test_records_of_other_rules_or_players_are_refused(recorded, tmp_path):
    other = call_cli("compare", "--workers", "1", "--records", str(recorded), "--players", "3", "--bots", "greedy",
                    "--variant", "colosseum")
    assert other.returncode == 2 and "played with other rules" in other.stderr and "Traceback" not in other.stderr
    players = call_cli("compare", "--workers", "1", "--bots", "random", "--records", str(recorded), "--players", "4")
    assert players.returncode == 2 and "games of 3 players, not 4" in players.stderr
    missing = call_cli("compare", "--workers", "1", "--bots", "random", "--records", str(tmp_path / "none.jsonl"), "--players", "3")
    assert missing.returncode == 2 and "No such file" in missing.stderr
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not records\n")
    damaged = call_cli("compare", "--workers", "1", "--bots", "random", "--records", str(bad), "--players", "3")
    assert damaged.returncode == 2 and "not a file of `wonders simulate`" in damaged.stderr

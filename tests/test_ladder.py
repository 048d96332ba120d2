"""`wonders ladder`: mixed tables rated with OpenSkill, win rates by player count."""

from __future__ import annotations

import json

import pytest

from interpreter.commands.ladder import tables_of
from tests.conftest import call_cli


def test_seatings_rotate_the_bots_round_the_table():
    assert tables_of(("a", "b", "c"), 2) == [("a", "b"), ("b", "c"), ("c", "a")]
    assert tables_of(("a", "b"), 3) == [("a", "b", "a"), ("b", "a", "b")]


def test_the_ladder_rates_bots_and_gives_win_rates_by_player_count():
    result = call_cli("ladder", "--bots", "random,greedy", "--games", "8", "--players", "3,4",
                     "--workers", "1", "--quiet", "--format", "json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["games"] == 8 and data["model"] == "openskill PlackettLuce"
    greedy, random_ = data["bots"]                   # ranked by mu - 3 sigma
    assert greedy["bot"] == "greedy" and random_["bot"] == "random"
    assert greedy["mu"] > random_["mu"] and greedy["sigma"] > 0
    assert set(greedy["wins"]) == {"3", "4"}
    seats = sum(b["wins"][n]["seats"] for b in data["bots"] for n in ("3", "4"))
    assert seats == 4 * 3 + 4 * 4                     # every seat of every game counted once
    assert greedy["wins"]["4"]["rate"] > random_["wins"]["4"]["rate"]


def test_the_text_table_shows_rating_uncertainty_and_wins():
    result = call_cli("ladder", "--bots", "random,greedy", "--games", "4", "--workers", "1", "--quiet")
    assert result.returncode == 0, result.stderr
    assert "rated with OpenSkill" in result.stdout and "± (sigma)" in result.stdout
    assert "wins at 4" in result.stdout and "greedy" in result.stdout


@pytest.mark.slow
def test_bad_ladder_options_are_usage_errors():
    one = call_cli("ladder", "--bots", "greedy", "--games", "2")
    assert one.returncode == 2 and "at least two different bots" in one.stderr
    bad = call_cli("ladder", "--bots", "random,greedy", "--players", "four")
    assert bad.returncode == 2 and "'four' is not a player count" in bad.stderr
    unknown = call_cli("ladder", "--bots", "random,gredy", "--games", "2")
    assert unknown.returncode == 2 and "did you mean 'greedy'" in unknown.stderr

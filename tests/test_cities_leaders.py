"""The Cities leaders (content/expansions/cities/leaders.wonders): a variant of the Cities
pack that `requires "Leaders"`, so they join the leader deck only when both packs are on;
a scenario for each leader written, and `requires` itself (E1410).  The facts are
docs/expansions.md's ("The Cities leaders")."""

from __future__ import annotations

import json
from functools import lru_cache

import pytest

from interpreter.check.load import check_paths
from interpreter.compile import compile_rules
from interpreter.engine.game import Game

from conftest import check_variant, run_cli
from scenario import Script

CITIES_LEADERS = ("Darius", "Aspasia", "Diocletian")


@lru_cache(maxsize=2)
def tables(rules="first-edition+leaders+cities"):
    result = check_paths(None, (), rules)
    assert result.ruleset is not None, [d.message for d in result.diagnostics if d.is_error]
    return compile_rules(result.ruleset)


def new_game(wonders=("Gizah", "Babylon", "Ephesos")) -> Game:
    """A game at age I's first turn (the draft and recruiting done by selling), no coins."""
    game = Game(tables(), len(wonders), 0, "A", list(wonders))
    while (decision := game.decision()) is not None and decision.kind != "turn":
        decision.choose(next((i for i, o in enumerate(decision.options) if o.kind == "sell"), 0))
    for city in game.cities:
        city.coins = 0
    return game


def hand(game, seat, *names):
    game.hands[seat] = [tables().card_index(n) for n in names]


def give(game, seat, *names):
    for name in names:
        game.cities[seat].add_card(tables().cards[tables().card_index(name)])


def play(game, *wanted):
    game.step([Script(*wanted)] + [Script() for _ in game.cities[1:]])


@pytest.mark.parametrize("rules", ["first-edition+leaders+cities", "first-edition+cities+leaders"])
def test_the_cities_leaders_join_the_leader_deck_with_both_packs_in_either_order(rules):
    t = tables(rules)
    leaders = {c.name for c in t.cards if c.deck == "leaders"}
    assert set(CITIES_LEADERS) <= leaders and len(leaders) == 36 + len(CITIES_LEADERS)


def test_without_the_leaders_pack_they_are_left_out_without_a_word():
    result = check_paths(None, (), "first-edition+cities")
    assert result.ruleset is not None and not result.diagnostics
    assert not set(CITIES_LEADERS) & {c.name for c in result.ruleset.cards}


def test_darius_scores_a_point_per_black_card():
    game = new_game()
    give(game, 0, "Darius", "Militia", "Hideout", "Lair")
    assert game.scores()[0]["leaders"] == 3


def test_aspasia_scores_2_and_gives_a_diplomacy_token_when_recruited():
    game = new_game()
    game.cities[0].coins = 3
    hand(game, 0, "Aspasia", "Altar")
    play(game, "build Aspasia")
    assert game.cities[0].coins == 0 and game.cities[0].kept == {"diplomacy": 1}
    assert game.scores()[0]["leaders"] == 2


def test_diocletian_gives_2_coins_for_each_black_card_built_after_him():
    game = new_game()
    give(game, 0, "Diocletian")
    hand(game, 0, "Gambling Den", "Altar")
    play(game, "build Gambling Den")
    assert game.cities[0].coins == 6 + 2
    hand(game, 0, "Altar", "Baths")
    play(game, "build Altar")
    assert game.cities[0].coins == 6 + 2


def test_a_variant_that_requires_one_not_applied_is_an_error(tmp_path):
    result = check_variant(tmp_path, 'requires "Leaders"', "set sell for 2 coins")
    assert result.returncode == 1
    assert "E1410" in result.stdout and 'requires the variant "Leaders", which is not applied' in result.stdout
    result = check_variant(tmp_path, 'requires "Leaders"', "set sell for 2 coins", options=("--expansion", "leaders"))
    assert result.returncode == 0, result.stdout


def test_wonders_check_with_both_packs_is_clean():
    """Clean but for the names the Dutch translation files leave English (one W1602 for the
    rule set's file and one for each pack's: docs/localisation.md)."""
    result = run_cli("check", "--expansion", "leaders", "--expansion", "cities", "--format", "json")
    assert result.returncode == 0, result.stdout + result.stderr
    diagnostics = json.loads(result.stdout)["diagnostics"]
    assert sorted(d["file"] for d in diagnostics) == ["content/expansions/cities/locales/nl.po",
                                                      "content/expansions/leaders/locales/nl.po",
                                                      "content/locales/nl.po"]
    assert {d["code"] for d in diagnostics} == {"W1602"}


def test_a_full_game_with_both_packs_repeats():
    args = ("play", "--expansion", "leaders", "--expansion", "cities", "--players", "4", "--seed", "3",
            "--bots", "heuristic,greedy", "--format", "json")
    first, second = run_cli(*args), run_cli(*args)
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    assert json.loads(first.stdout)["log"][-1]["event"] == "end"

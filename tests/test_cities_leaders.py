"""The Cities leaders (content/expansions/cities/leaders.wonders): a variant of the Cities
pack that `requires "Leaders"`, so they join the leader deck only when both packs are on;
a scenario for each leader written, and `requires` itself (E1410).  The facts are
docs/expansions.md's ("The Cities leaders")."""

from __future__ import annotations

import json
import pytest

from interpreter.check.load import check_paths

from conftest import call_variant, call_cli
from scenario import Script, at_first_turn, compiled, give, labels, play_turn, set_hand

CITIES_LEADERS = ("Berenice", "Darius", "Caligula", "Aspasia", "Diocletian", "Semiramis")


def tables(rules="first-edition+leaders+cities"):
    return compiled(rules)


def new_game(wonders=("Gizah", "Babylon", "Ephesos")):
    """A game at age I's first turn (the draft and recruiting done by selling), no coins."""
    return at_first_turn(tables(), wonders)


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
    set_hand(game, 0, "Aspasia", "Altar")
    play_turn(game, "build Aspasia")
    assert game.cities[0].coins == 0 and game.cities[0].kept == {"diplomacy": 1}
    assert game.scores()[0]["leaders"] == 2


def test_diocletian_gives_2_coins_for_each_black_card_built_after_him():
    game = new_game()
    give(game, 0, "Diocletian")
    set_hand(game, 0, "Gambling Den", "Altar")
    play_turn(game, "build Gambling Den")
    assert game.cities[0].coins == 6 + 2
    set_hand(game, 0, "Altar", "Baths")
    play_turn(game, "build Altar")
    assert game.cities[0].coins == 6 + 2


def test_a_variant_that_requires_one_not_applied_is_an_error(tmp_path):
    result = call_variant(tmp_path, 'requires "Leaders"', "set sell for 2 coins")
    assert result.returncode == 1
    assert "E1410" in result.stdout and 'requires the variant "Leaders", which is not applied' in result.stdout
    result = call_variant(tmp_path, 'requires "Leaders"', "set sell for 2 coins", options=("--expansion", "leaders"))
    assert result.returncode == 0, result.stdout


@pytest.mark.slow
def test_wonders_check_with_both_packs_is_clean():
    """Clean but for the names the Dutch translation files leave English (one W1602 for the
    rule set's file and one for each pack's: docs/localisation.md)."""
    result = call_cli("check", "--expansion", "leaders", "--expansion", "cities", "--format", "json")
    assert result.returncode == 0, result.stdout + result.stderr
    diagnostics = json.loads(result.stdout)["diagnostics"]
    assert sorted(d["file"] for d in diagnostics) == ["content/expansions/cities/locales/nl.po",
                                                      "content/expansions/leaders/locales/nl.po",
                                                      "content/locales/nl.po"]
    assert {d["code"] for d in diagnostics} == {"W1602"}


@pytest.mark.slow
def test_a_full_game_with_both_packs_repeats():
    args = ("play", "--expansion", "leaders", "--expansion", "cities", "--players", "4", "--seed", "3",
            "--bots", "heuristic,greedy", "--format", "json")
    first, second = call_cli(*args), call_cli(*args)
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    assert json.loads(first.stdout)["log"][-1]["event"] == "end"


def test_berenice_takes_one_more_coin_from_the_bank_once_a_turn():
    game = new_game()
    give(game, 0, "Berenice")
    set_hand(game, 0, "Altar", "Baths")
    play_turn(game, "sell Altar")                      # 3 from the bank, and Berenice's 1
    assert game.cities[0].coins == 3 + 1
    set_hand(game, 0, "Tavern", "Baths")
    play_turn(game, "build Tavern")                    # 5 from the bank, and 1 more: once only
    assert game.cities[0].coins == 4 + 5 + 1


def test_berenice_gives_nothing_for_coins_paid_by_a_neighbour():
    game = new_game()
    give(game, 0, "Berenice")
    game.cities[1].coins = 2
    set_hand(game, 0, "Altar", "Lumber Yard")
    set_hand(game, 1, "Baths", "Lumber Yard")         # Babylon buys Gizah's stone for 2 coins
    game.step([Script("build Altar"), Script("build Baths"), Script()])
    assert game.cities[1].coins == 0 and game.cities[0].coins == 2


def test_gaining_coins_on_coins_taken_from_the_bank_without_a_limit_causes_itself(tmp_path):
    result = call_variant(tmp_path, 'add trigger "bonus" on coins taken from the bank: gain 1 coin')
    assert result.returncode == 1 and "E1502" in result.stdout, result.stdout
    result = call_variant(tmp_path, 'add trigger "bonus" on coins taken from the bank once per turn: gain 1 coin')
    assert result.returncode == 0, result.stdout


def test_caligula_builds_one_black_card_an_age_for_free_and_no_other_colour():
    game = new_game()
    give(game, 0, "Caligula")
    set_hand(game, 0, "Militia", "Altar", "Baths")
    assert "build Militia (I) free by power (black)" in labels(game, 0)
    assert not any("Baths free" in label for label in labels(game, 0))
    play_turn(game, "build Militia (I) free by power (black)")
    assert game.cities[0].coins == 0 and "Militia" in game.cities[0].names
    set_hand(game, 0, "Hideout", "Residence")
    assert not any("free by power" in label for label in labels(game, 0))


def caligula_beside_olympia():
    """Caligula in Olympia A with its second stage (a card of any colour, once an age), a
    black card in hand."""
    game = new_game(("Olympia", "Babylon", "Ephesos"))
    give(game, 0, "Caligula")
    game.cities[0].add_stage()
    game.cities[0].add_stage()
    set_hand(game, 0, "Militia", "Altar", "Baths")
    return game


def test_caligulas_use_is_his_own_beside_olympias():
    game = caligula_beside_olympia()
    assert {"build Militia (I) free by power", "build Militia (I) free by power (black)"} <= set(labels(game, 0))
    play_turn(game, "build Militia (I) free by power (black)")
    set_hand(game, 0, "Baths", "Altar")
    play_turn(game, "build Baths (I) free by power")
    assert game.cities[0].coins == 0 and {"Militia", "Baths"} <= game.cities[0].names
    set_hand(game, 0, "Altar", "Hideout")
    assert not any("free by power" in label for label in labels(game, 0))


def test_a_save_keeps_which_free_builds_are_used_and_reads_the_old_true_or_false():
    from interpreter.engine.saves import game_from_data, game_to_data
    game = caligula_beside_olympia()
    play_turn(game, "build Militia (I) free by power (black)")
    data = game_to_data(game)
    assert data["cities"][0]["free_build_used"] == ["black"]
    assert game_from_data(tables(), data).cities[0].free_build_used == ("black",)
    data["cities"][0]["free_build_used"] = True              # a save from before colours
    assert game_from_data(tables(), data).cities[0].free_build_used == ("",)


def test_a_free_build_of_an_undeclared_colour_is_an_error(tmp_path):
    result = call_variant(tmp_path, 'add card "Patron" { age I  color blue  copies 3+; '
                                     'may build a blakc card for free once per age }')
    assert result.returncode == 1 and "E1002" in result.stdout and "unknown colour `blakc`" in result.stdout


# Semiramis (2 coins): every defeat token the owner holds, taken before she was recruited
# or after, counts as a shield in the conflicts that follow (docs/expansions.md decides
# between the sources: 2 coins and all tokens, two groups against one).
def age_end(game):
    """The age's last turn, every city selling; then its military is compared."""
    game.turn = game.age.turns
    for seat in range(len(game.cities)):
        set_hand(game, seat, "Altar", "Baths")
    game.step([Script() for _ in game.cities])


def test_semiramis_costs_2_coins():
    semiramis = tables().cards[tables().card_index("Semiramis")]
    assert semiramis.deck == "leaders" and semiramis.color == "white"
    game = new_game()
    game.cities[0].coins = 2
    set_hand(game, 0, "Semiramis", "Altar")
    play_turn(game, "build Semiramis")
    assert game.cities[0].coins == 0 and "Semiramis" in game.cities[0].names


def test_semiramis_counts_the_defeat_tokens_taken_before_her_as_shields():
    game = new_game()
    game.cities[0].tokens = [-1, -1]
    give(game, 0, "Semiramis")                    # no shield card: her 2 defeat tokens are 2 shields
    give(game, 1, "Stockade")
    give(game, 2, "Barracks")
    assert game.cities[0].shields == 2
    age_end(game)
    assert sorted(game.cities[0].tokens) == [-1, -1, 1, 1]
    assert -1 in game.cities[1].tokens and -1 in game.cities[2].tokens


def test_semiramis_counts_a_defeat_token_from_the_next_conflict_on_not_in_its_own():
    """The conflicts of an age's end happen at once: the token lost to one neighbour does
    not make the city stronger against the other in the same age's end."""
    game = new_game()
    give(game, 0, "Semiramis")
    give(game, 1, "Stockade")
    give(game, 2, "Barracks")
    age_end(game)
    assert game.cities[0].tokens == [-1, -1]
    assert game.cities[0].shields == 2


def test_without_semiramis_defeat_tokens_are_no_shields():
    game = new_game()
    game.cities[0].tokens = [-1, -1]
    give(game, 0, "Darius")
    assert game.cities[0].shields == 0

"""7 Wonders: Armada as content (content/expansions/armada/, docs/armada.md): the pack checks
clean, plays full games at every player count the rules seat, and does what its rulebook
facts say where the language can say them: building a card of a ship's colour offers to
move that ship one space for the track's price (a priced choice), each space reached pays
its reward (`on KIND token taken`), the naval conflicts rank every city's naval strength
at each age's end (ties share the better place, the weakest take a defeat), and an island
space draws island cards of its level, one of which the city builds."""

from __future__ import annotations

import json
import shutil
from functools import lru_cache
from pathlib import Path

import pytest

from interpreter.check.load import check_paths
from interpreter.compile import compile_rules
from interpreter.engine.game import Game
from interpreter.engine.invariants import expected_cards, where_cards_are
from interpreter.engine.saves import game_from_data, game_to_data
from interpreter.bots.seats import make_deciders

from conftest import call_cli
from scenario import Script
from test_triggers import hand, last_turn, started

WONDERS = ("Ephesos", "Olympia", "Babylon", "Rhodos")     # papyrus, wood, clay, ore


@lru_cache(maxsize=1)
def tables():
    result = check_paths(None, (), "first-edition+armada")
    assert result.ruleset is not None and result.errors == 0, [str(d) for d in result.diagnostics]
    return compile_rules(result.ruleset)


def game_of(players=3, seed=0) -> Game:
    return started(Game(tables(), players, seed, "A", list(WONDERS[:players])))


def turn(game, *wanted):
    """Every seat plays the option whose label starts with its word (`build Stockade`, `sell`)."""
    for seat, word in enumerate(wanted):
        options = game.options_for(seat, "turn")
        game.choose(next(o for o in options if o.label(tables()).startswith(word)), seat)


def test_the_pack_adds_tracks_naval_conflicts_and_three_island_decks():
    rules = tables().ruleset.rules
    names = {t.name.text for t in rules.triggers if t.name is not None}
    for colour in ("red", "yellow", "blue", "green"):
        assert {f"{colour} ship {step}" for step in range(1, 7)} <= names
    assert {"naval first", "naval second", "naval third", "naval last"} <= names
    decks = {}
    for card in tables().cards:
        if card.deck and card.deck.startswith("islands"):
            decks[card.deck] = decks.get(card.deck, 0) + len(card.copies)
    assert decks == {"islands I": 9, "islands II": 9, "islands III": 9}      # 27 islands, 9 a level
    assert "naval" in rules.score_pad


# ---------------------------------------------------------------- the shipyard
def test_building_a_red_card_offers_to_move_the_red_ship_for_its_price():
    game = game_of()
    game.cities[0].coins = 10
    for seat in range(3):
        hand(game, seat, "Stockade", "Baths", "Lumber Yard")
    turn(game, "build Stockade", "sell", "sell")
    decision = game.decision()
    assert (decision.seat, decision.kind) == (0, "offer")
    labels = [o.label(tables()) for o in decision.options]
    assert labels == ["decline", "pay the price paying 2 to left"]  # the first space's wood, bought
    decision.choose(1)
    city = game.cities[0]
    assert city.kept["red_ship"] == 1 and city.kept["naval"] == 1


def test_declining_leaves_the_ship_and_a_brown_card_offers_nothing():
    game = game_of()
    game.cities[0].coins = 10
    for seat in range(3):
        hand(game, seat, "Stockade", "Lumber Yard", "Baths")
    turn(game, "build Stockade", "build Lumber Yard", "sell")
    decision = game.decision()
    assert (decision.seat, decision.kind) == (0, "offer")    # only the red card's builder is asked
    decision.choose(0)
    assert "red_ship" not in game.cities[0].kept and game.decision().kind == "turn"


def test_each_space_asks_its_own_price_and_a_ship_stops_at_the_sixth():
    game = game_of()
    city = game.cities[0]
    city.coins = 30
    city.kept["yellow_ship"] = 2                                # the third space: 2 coins
    for seat in range(3):
        hand(game, seat, "Tavern", "Baths", "Lumber Yard")
    turn(game, "build Tavern", "sell", "sell")
    decision = game.decision()
    assert [o.label(tables()) for o in decision.options] == ["decline", "pay the price paying 2 to the bank"]
    decision.choose(1)
    assert city.kept["yellow_ship"] == 3 and city.coins == 30 + 5 - 2 + 3   # Tavern 5, the space 3
    end = game_of()
    end.cities[0].kept["yellow_ship"] = 6
    for seat in range(3):
        hand(end, seat, "Tavern", "Baths", "Lumber Yard")
    turn(end, "build Tavern", "sell", "sell")
    assert end.decision().kind == "turn" and end.cities[0].kept["yellow_ship"] == 6


def test_every_city_is_dealt_a_shipyard_and_has_it_from_the_start_of_age_i():
    game = Game(tables(), 4, 3)
    game.play(make_deciders(["random"], 4, 3, None))
    boards = [[tables().cards[i].name for i in c.built if tables().cards[i].color == "shipyard"] for c in game.cities]
    assert [len(b) for b in boards] == [1, 1, 1, 1] and len({b[0] for b in boards}) == 4
    assert sum(1 for c in tables().cards if c.deck == "shipyards") == 8           # the box's 8 boards


def test_a_wonder_stage_offers_to_move_the_ship_of_the_boards_marked_track():
    game = game_of()
    board = tables().card_index("Shipyard C (placeholder, yellow track marked)")
    for card in (board, tables().card_index("Stone Pit"), tables().card_index("Excavation")):
        game.cities[0].add_card(tables().cards[card])          # the board, and the stage's 2 stone
    game.cities[0].coins = 10
    game.cities[0].kept["yellow_ship"] = 1                       # the second space: 2 coins
    for seat in range(3):
        hand(game, seat, "Baths", "Altar", "Lumber Yard")
    give_stage = next(o for o in game.options_for(0, "turn") if o.kind == "stage")
    game.choose(give_stage, 0)
    turn_rest = [next(o for o in game.options_for(s, "turn") if o.kind == "sell") for s in (1, 2)]
    for seat, option in zip((1, 2), turn_rest):
        game.choose(option, seat)
    decision = game.decision()
    assert (decision.seat, decision.kind) == (0, "offer")
    assert [o.label(tables()) for o in decision.options] == ["decline", "pay the price paying 2 to the bank"]
    decision.choose(1)
    assert game.cities[0].kept["yellow_ship"] == 2


def test_a_tax_space_takes_coins_from_the_cities_behind_on_the_yellow_track():
    game = game_of()
    for seat, level in enumerate((2, 1, 3)):                   # the owner reaches 3: seat 1 is behind, seat 2 ahead
        game.cities[seat].kept["yellow_ship"] = level
        game.cities[seat].coins = 10
    for seat in range(3):
        hand(game, seat, "Tavern", "Baths", "Lumber Yard")
    turn(game, "build Tavern", "sell", "sell")
    game.decision().choose(1)                                   # 2 coins for the third space
    coins = [c.coins for c in game.cities]
    assert coins == [10 + 5 - 2 + 3, 10 + 3 - 1, 10 + 3]          # Tavern 5, the space 3; the tax 1


def test_the_blue_ships_points_score_with_the_civilian_buildings():
    game = game_of()
    game.cities[0].kept.update({"blue_ship": 3, "fleet_points": 5})
    assert game.scores()[0]["civilian"] == 5


# ---------------------------------------------------------------- naval conflicts
def _age_end(game):
    """The age's last turn, every city selling, then its end."""
    last_turn(game, ("Lumber Yard", "Ore Vein"))
    game.step([Script() for _ in game.cities])


def test_naval_places_are_ranked_over_all_cities_ties_share_the_better_place():
    game = game_of(4)
    for seat, strength in enumerate((3, 1, 3, 2)):             # seats 0 and 2 are not neighbours of 1 alone
        game.cities[seat].kept["naval"] = strength
    _age_end(game)
    won = [c.kept.get("naval_victory", 0) for c in game.cities]
    lost = [c.kept.get("naval_defeat", 0) for c in game.cities]
    # age I: both tied first take 3, nobody is second, the city with 2 is third (none in age I),
    # the weakest takes the defeat
    assert won == [3, 0, 3, 0] and lost == [0, 1, 0, 0]
    assert game.scores()[0]["naval"] == 3 and game.scores()[1]["naval"] == -1


def test_later_ages_pay_more_and_the_third_place():
    game = game_of(4)
    game.age_index = 2
    for seat, strength in enumerate((4, 3, 2, 1)):
        game.cities[seat].kept["naval"] = strength
    _age_end(game)
    assert [c.kept.get("naval_victory", 0) for c in game.cities] == [7, 5, 3, 0]
    assert [c.kept.get("naval_defeat", 0) for c in game.cities] == [0, 0, 0, 3]


def test_without_naval_strength_nobody_places_and_nobody_loses():
    game = game_of(3)
    _age_end(game)
    assert all("naval_victory" not in c.kept and "naval_defeat" not in c.kept for c in game.cities)


# ---------------------------------------------------------------- islands
def test_an_island_space_draws_islands_of_its_level_and_builds_one():
    game = game_of()
    city = game.cities[0]
    city.coins = 10
    city.kept["green_ship"] = 1                                 # the next space is level I's island
    for seat in range(3):
        hand(game, seat, "Scriptorium", "Baths", "Lumber Yard")
    turn(game, "build Scriptorium", "sell", "sell")
    offer = game.decision()
    assert offer.kind == "offer"
    offer.choose(len(offer.options) - 1)
    assert len(game.zones["islands I"][0]) == 2
    pick = game.decision()
    assert (pick.seat, pick.kind) == (0, "zone")
    copy = game_from_data(tables(), game_to_data(game))         # saved while choosing
    pick.choose(0)
    islands = [tables().cards[i] for i in city.built if tables().cards[i].color == "isle"]
    assert len(islands) == 1 and islands[0].deck == "islands I" and len(game.zones["islands I"][0]) == 1
    copy.decision().choose(0)
    assert game_to_data(copy) == game_to_data(game)


# ---------------------------------------------------------------- full games
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_full_games_at_every_count_with_random_and_heuristic_bots(players):
    for seed, bots in ((1, ["random"]), (2, ["heuristic", "random"])):
        game = Game(tables(), players, seed)
        game.play(make_deciders(bots, players, seed, None))
        assert game.finished and game.log[-1]["event"] == "end"
        assert where_cards_are(game) == expected_cards(game)          # every card in one place
        assert all("naval" in pad for pad in game.scores())


def _pack_copy(tmp_path) -> Path:
    folder = tmp_path / "armada"
    shutil.copytree(Path(__file__).parent.parent / "content" / "expansions" / "armada", folder)
    return folder


def test_check_verifies_the_shipyard_deck_deals_one_board_a_city(tmp_path):
    folder = _pack_copy(tmp_path)
    boards = folder / "shipyards.wonders"
    text = boards.read_text(encoding="utf-8")
    boards.write_text(text[:text.index('card "Shipyard C')], encoding="utf-8")      # two boards left
    found = [d for d in check_paths(None, (), "first-edition+" + str(folder)).diagnostics if d.code == "E1705"]
    assert len(found) == 1 and '"shipyards"' in found[0].message


def _red_moves(pack: str, games: int = 6) -> float:
    result = check_paths(None, (), "first-edition+" + pack)
    assert result.errors == 0, [str(d) for d in result.diagnostics]
    played = compile_rules(result.ruleset)
    moved = 0
    for seed in range(games):
        game = Game(played, 4, seed)
        game.play(make_deciders(["heuristic"], 4, seed, None))
        moved += sum(c.kept.get("red_ship", 0) for c in game.cities)
    return moved / (4 * games)


@pytest.mark.slow          # plays whole games under two rule sets: seconds
def test_the_heuristic_bots_race_on_the_red_track_only_when_the_places_pay(tmp_path):
    calm = _pack_copy(tmp_path)
    rules = calm / "rules.wonders"
    text = rules.read_text(encoding="utf-8").replace(" and naval tokens > 0", " and naval tokens > 100")
    text = text.replace("rank of fewest naval tokens = 1 and rank of naval tokens != 1",
                        "rank of fewest naval tokens = 1 and naval tokens > 100")
    rules.write_text(text, encoding="utf-8")
    assert _red_moves(str(calm)) == 0                          # no place within reach: no red ship moves
    assert _red_moves("armada") >= 1                           # the places pay: about 2 a city


@pytest.mark.slow
def test_check_and_play_take_the_pack():
    checked = call_cli("check", "--expansion", "armada")
    assert checked.returncode == 0 and "0 error(s)" in checked.stdout, checked.stdout + checked.stderr
    played = call_cli("play", "--expansion", "armada", "--players", "4", "--seed", "3",
                     "--bots", "heuristic,greedy,random", "--format", "json")
    assert played.returncode == 0, played.stderr
    assert json.loads(played.stdout)["log"][-1]["event"] == "end"

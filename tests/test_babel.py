"""7 Wonders: Babel as content (content/expansions/babel/, docs/babel.md): the pack checks
clean and its decks hold enough; rule scenarios from the rulebook (a tile placed in place
of a card sets its law for every city, a covered tile stops, chains from a neighbour's
buildings, resources paid in coins, joining a project costs its
price and takes a pawn, a built project rewards its pawns, an unbuilt one punishes those
without); full games at every player count the pack seats, with every kind of bot."""

from __future__ import annotations

import json
from functools import lru_cache

import pytest

from interpreter.check.load import check_paths
from interpreter.compile import compile_rules
from interpreter.engine import laws
from interpreter.engine.actions import legal_actions
from interpreter.engine.game import Game
from interpreter.engine.placed import put_card, shown
from interpreter.engine.scoring import score_city
from interpreter.bots.seats import make_deciders

from conftest import call_cli
from scenario import Script, give, set_hand, to_first_turn


@lru_cache(maxsize=None)
def babel(rules: str = "first-edition+babel"):
    result = check_paths(None, (), rules)
    assert result.errors == 0, [f"{d.code} {d.message}" for d in result.diagnostics if d.severity == "error"]
    return compile_rules(result.ruleset)


def index(name: str) -> int:
    return babel().card_index(name)


def start(players: int = 3, seed: int = 1) -> Game:
    """A game at age I's first turn (every player kept the first tile offered), its tower
    empty, each city with no tile in hand and 0 coins."""
    game = to_first_turn(Game(babel(), players, seed))
    for seat in range(players):
        game.zones["babel tiles"][seat].clear()
        game.cities[seat].coins = 0
    laws.refresh(game)
    return game


def project(game: Game, name: str) -> None:
    """The age's project is `name` (in place of the one drawn)."""
    piles = game.zones["project"]
    for pile in piles:
        pile.clear()
    game.stacked["project"][:] = []
    put_card(game, None, "project", index(name))
    laws.refresh(game)


def tower(game: Game, seat: int, *tiles: str) -> None:
    for tile in tiles:
        put_card(game, seat, "tower", index(tile))
    laws.refresh(game)


def raw_price(game: Game, seat: int) -> int:
    return game.cities[seat].prices["left"][game.tables.resource_index["wood"]]


def sellers(game: Game, *first: Script) -> list[Script]:
    return list(first) + [Script() for _ in game.cities[len(first):]]


# ---------------------------------------------------------------- the pack
def test_the_pack_checks_clean_with_24_tiles_and_15_projects():
    decks = [c.deck for c in babel().cards if c.deck]
    assert decks.count("babel") == 24
    assert [decks.count(f"projects {a}") for a in ("I", "II", "III")] == [5, 5, 5]


def test_check_verifies_the_tiles_deck_holds_three_for_every_player(tmp_path):
    """Seven players draw 21 tiles of the 24: four tiles fewer is E1705."""
    tiles = [c.name for c in babel().cards if c.deck == "babel"]
    removed = "\n".join(f'    remove card "{name}"' for name in tiles[:4])
    path = tmp_path / "fewer.wonders"
    path.write_text(f'variant "Fewer tiles" {{\n    changes "7 Wonders, first edition"\n{removed}\n}}\n')
    result = check_paths(None, [str(path)], "first-edition+babel")
    assert [d.code for d in result.diagnostics if d.severity == "error"] == ["E1705"]


# ---------------------------------------------------------------- the Tower of Babel
def test_a_tile_placed_in_place_of_a_card_sets_its_law_for_every_city():
    """The rulebook's fourth use of the turn's card: it goes to the discard pile, no coin
    is gained, a tile of the player's is built onto the tower (`use a card for "a tile"`):
    no sale, so a trigger on a card sold does not hear it."""
    game = start()
    game.zones["babel tiles"][0][:] = [index("Tile 12 Stone Toll"), index("Tile 02 Free Arms")]
    set_hand(game, 0, "Lumber Yard", "Stone Pit", "Clay Pool", "Ore Vein", "Loom", "Press", "Glassworks")
    assert {raw_price(game, s) for s in range(3)} == {2}
    me = Script("use Lumber Yard", "put Tile 12 Stone Toll")
    game.step(sellers(game, me))
    assert "use Lumber Yard (I) for a tile" in me.asked[0][1] and not any(k == "offer" for k, _ in me.asked)
    assert me.asked[-1] == ("put", ["put Tile 12 Stone Toll (babel)", "put Tile 02 Free Arms (babel)"])
    assert game.zones["babel tiles"][0] == [index("Tile 02 Free Arms")]
    assert {raw_price(game, s) for s in range(3)} == {3}
    assert game.cities[0].coins == 0                       # no coin for the card
    assert index("Lumber Yard") in game.discard
    assert len(game.zones["babel tiles"][0]) == 1 and len(game.stacked["tower"]) == 1
    assert any(e.get("event") == "put" and e["seat"] == 0 for e in game.log)
    assert score_city(babel(), game.cities[0], *game.neighbours(0))["babel"] == 2


def test_a_city_without_a_tile_cannot_use_its_card_for_one():
    game = start()
    set_hand(game, 0, "Lumber Yard", "Stone Pit", "Clay Pool", "Ore Vein", "Loom", "Press", "Glassworks")
    assert not any(a.kind == "use" for a in legal_actions(game, 0))
    game.zones["babel tiles"][0][:] = [index("Tile 12 Stone Toll")]
    assert sum(1 for a in legal_actions(game, 0) if a.kind == "use") == 7


def test_open_chains_let_a_city_chain_from_its_neighbours_buildings():
    """Tile 07: the Aqueduct (free with the Baths) is free for a city whose neighbour built
    the Baths; beside tile 14 a chain brings the age's number in coins."""
    game = start()
    left = game.neighbours(0)[0].seat
    give(game, left, "Baths")
    set_hand(game, 0, "Aqueduct", "Altar", "Theater", "Lumber Yard", "Stone Pit", "Loom", "Press")
    assert not any(a.free for a in legal_actions(game, 0) if a.kind == "build" and a.card == index("Aqueduct"))
    tower(game, 1, "Tile 07 Open Chains", "Tile 14 Chain Grant")
    me = Script("build Aqueduct (II) free by chain from Baths (left neighbour)")
    game.step(sellers(game, me))
    assert index("Aqueduct") in game.cities[0].built
    assert game.cities[0].coins == 1                       # the age's number, by tile 14


def test_civic_and_guild_coinage_pay_resources_in_coins():
    """Tiles 08 and 23: a blue card's and a guild's resources are paid to the bank, a coin a
    unit, even by a city that makes them; a city without the coins cannot build it."""
    game = start()
    give(game, 0, "Stone Pit")
    set_hand(game, 0, "Baths", "Workers Guild", "Altar", "Lumber Yard", "Ore Vein", "Loom", "Press")
    assert any(a.card == index("Baths") and not a.bank for a in legal_actions(game, 0) if a.kind == "build")
    tower(game, 2, "Tile 08 Civic Coinage", "Tile 23 Guild Coinage")
    assert not any(a.card in (index("Baths"), index("Workers Guild")) for a in legal_actions(game, 0)
                   if a.kind == "build")
    game.cities[0].coins = 5
    builds = [a for a in legal_actions(game, 0) if a.kind == "build"]
    assert [(a.left, a.right, a.bank) for a in builds if a.card == index("Baths")] == [(0, 0, 1)]
    assert [(a.left, a.right, a.bank) for a in builds if a.card == index("Workers Guild")] == [(0, 0, 5)]
    me = Script("build Baths (I) paying 1 to the bank")
    game.step(sellers(game, me))
    assert game.cities[0].coins == 4 and index("Baths") in game.cities[0].built


def test_the_tiles_law_is_in_force_and_a_covered_tile_stops_three_deep_at_three_players():
    game = start(3)
    tower(game, 1, "Tile 12 Stone Toll")
    assert {raw_price(game, s) for s in range(3)} == {3}
    tower(game, 2, "Tile 03 Plain Quarries", "Tile 05 Civic Grant")
    assert {raw_price(game, s) for s in range(3)} == {3}    # two tiles above it: still shown
    tower(game, 0, "Tile 09 Glass Road")                      # the fourth covers the first
    assert {raw_price(game, s) for s in range(3)} == {2}
    assert [seat for seat, _card, _depth in shown(game, "tower", 3)] == [0, 2, 2]


def test_four_tiles_are_shown_from_five_players_on():
    game = start(5)
    tower(game, 1, "Tile 12 Stone Toll", "Tile 05 Civic Grant", "Tile 06 Civic Levy", "Tile 14 Chain Grant")
    assert {raw_price(game, s) for s in range(5)} == {3}
    tower(game, 3, "Tile 16 Stage Levy")
    assert {raw_price(game, s) for s in range(5)} == {2}


def test_a_tiles_trigger_acts_in_every_city_that_builds():
    game = start()
    tower(game, 2, "Tile 05 Civic Grant")                     # a blue card built: the age's number in coins
    set_hand(game, 1, "Altar", "Theater", "Baths", "Lumber Yard", "Stone Pit", "Loom", "Press")
    game.step(sellers(game, Script(), Script("build Altar")))
    assert [c.coins for c in game.cities] == [3, 1, 3]


def test_bitter_defeats_give_a_second_defeat_token():
    game = start()
    tower(game, 1, "Tile 22 Bitter Defeats")
    give(game, 1, "Guard Tower")
    give(game, 2, "Guard Tower")
    for _turn in range(6):
        game.step(sellers(game))
    assert sorted(game.cities[0].tokens) == [-1, -1, -1, -1]
    assert sorted(game.cities[1].tokens) == [1] and sorted(game.cities[2].tokens) == [1]


# ---------------------------------------------------------------- the Great Projects
def test_joining_a_project_pays_its_price_and_takes_a_pawn():
    game = start()
    project(game, "Rampart Road")                             # yellow: 1 coin and 1 stone
    give(game, 0, "Stone Pit")
    game.cities[0].coins = 1
    set_hand(game, 0, "Tavern", "Altar", "Theater", "Lumber Yard", "Ore Vein", "Loom", "Press")
    me = Script("build Tavern", "pay the price")
    game.step(sellers(game, me))
    assert ("offer", ["decline", "pay the price paying 1 to the bank"]) in me.asked   # its own stone
    assert game.cities[0].coins == 1 + 5 - 1
    assert game.cities[0].kept.get("pawn_i") == 1


def test_a_city_that_cannot_pay_is_not_asked():
    game = start()
    project(game, "Belvedere")                                # blue: 1 coin and 1 clay
    set_hand(game, 0, "Altar", "Tavern", "Theater", "Lumber Yard", "Ore Vein", "Loom", "Press")
    me = Script("build Altar")                                # free, and the city has no coin
    game.step(sellers(game, me))
    assert [kind for kind, _ in me.asked] == ["turn"]
    assert not game.cities[0].kept


def _age_played(game: Game) -> None:
    for _turn in range(6):
        game.step(sellers(game))


def test_a_built_project_rewards_each_pawn():
    game = start()
    project(game, "Rampart Road")                             # 4 coins per pawn
    for seat, pawns in enumerate((2, 1, 0)):                  # 3 pawns at 3 players: built
        if pawns:
            game.cities[seat].kept["pawn_i"] = pawns
    _age_played(game)
    assert [c.coins for c in game.cities] == [18 + 8, 18 + 4, 18]


def test_an_unbuilt_project_punishes_the_cities_without_a_pawn():
    game = start()
    project(game, "Rampart Road")                             # penalty: every coin lost
    game.cities[0].kept["pawn_i"] = 2                         # 2 pawns of 3: not built
    _age_played(game)
    assert [c.coins for c in game.cities] == [18, 0, 0]


def test_an_unbuilt_project_makes_a_city_discard_a_card_of_its_colour():
    game = start()
    project(game, "Belvedere")                                # penalty: discard a red card
    give(game, 1, "Stockade")
    give(game, 2, "Altar")
    _age_played(game)
    assert [babel().cards[i].name for i in game.cities[1].built] == []
    assert [babel().cards[i].name for i in game.cities[2].built] == ["Altar"]
    assert index("Stockade") in game.discard


def test_obelisk_gives_a_lasting_shield_for_each_pawn():
    game = start()
    project(game, "Obelisk")
    game.cities[0].kept["pawn_ii"] = 2                        # 3 pawns at 3 players: built
    game.cities[1].kept["pawn_ii"] = 1
    _age_played(game)
    assert [c.shields for c in game.cities] == [2, 1, 0]
    assert [c.gained_shields for c in game.cities] == [2, 1, 0]


def test_triumphal_arches_give_two_shields_a_pawn_or_cost_two_victory_tokens():
    game = start()
    project(game, "Triumphal Arches")
    game.cities[0].kept["pawn_iii"] = 2
    game.cities[1].kept["pawn_iii"] = 1
    _age_played(game)
    assert [c.shields for c in game.cities] == [4, 2, 0]
    game = start()
    project(game, "Triumphal Arches")
    game.cities[0].kept["pawn_iii"] = 1                       # 1 pawn of 3: not built
    for city, tokens in zip(game.cities, ([1, 3], [1, 3, 5], [3])):
        city.tokens[:] = tokens
    _age_played(game)
    assert [sorted(c.tokens) for c in game.cities] == [[1, 3], [5], []]   # the least first; all if fewer


def test_hollow_victories_make_the_conflicts_victory_tokens_worth_two_less():
    game = start()
    project(game, "Rampart Road")                             # its penalty takes coins, not the red card
    tower(game, 1, "Tile 19 Hollow Victories")
    give(game, 0, "Guard Tower")
    _age_played(game)
    assert game.cities[0].tokens == []                        # age I's 1 is worth none: not taken
    assert game.cities[1].tokens == [-1] and game.cities[2].tokens == [-1]
    _age_played(game)                                         # age II: 3 is worth 1
    assert game.cities[0].tokens == [1, 1]


# ---------------------------------------------------------------- whole games
@pytest.mark.parametrize("players", range(2, 8))
def test_full_games_at_every_player_count(players):
    """Random, greedy and heuristic bots; the same seed plays the same game; over the
    games, tiles are placed and projects joined."""
    placed = joined = 0
    for bots in (["random"], ["heuristic", "greedy", "random"]):
        logs = []
        for _ in range(2):
            game = Game(babel(), players, players)
            game.play(make_deciders(bots, players, players, None))
            assert game.finished and game.log[-1]["event"] == "end"
            logs.append(json.dumps(game.log))
        assert logs[0] == logs[1]
        placed += sum(1 for e in game.log if e.get("event") == "put")
        joined += sum(1 for e in game.log if e.get("event") == "kept" and e["kind"].startswith("pawn"))
        assert sum(1 for e in game.log if e.get("event") == "reveal") == 3
    assert placed and joined


# The adaptive bot fits itself to Babel's rules on first use: at its defaults a minute's fit
# (more on a busy machine); a fit of one generation of two games a candidate plays the same
# moves through a whole game, which is what the test proves.  Both searches take seconds: slow.
@pytest.mark.slow
@pytest.mark.parametrize("bot", ["mcts:iterations=8", "adaptive:generations=1,games=2"])
def test_the_search_and_adaptive_bots_play_babel(bot):
    game = Game(babel(), 4, 3)
    game.play(make_deciders([bot, "random"], 4, 3, None))
    assert game.finished


def test_babel_plays_beside_cities_at_eight_players():
    tables = babel("first-edition+cities+babel")
    game = Game(tables, 8, 1)
    game.play(make_deciders(["random"], 8, 1, None))
    assert game.finished and sum(len(p) for p in game.zones["babel tiles"]) + len(game.stacked["tower"]) == 24


@pytest.mark.slow
def test_wonders_check_and_play_take_the_pack():
    checked = call_cli("check", "--expansion", "babel")
    assert checked.returncode == 0 and "0 error(s)" in checked.stdout, checked.stdout + checked.stderr
    played = call_cli("play", "--expansion", "babel", "--players", "4", "--seed", "2", "--bots", "heuristic,random",
                     "--format", "json")
    assert played.returncode == 0, played.stderr
    assert json.loads(played.stdout)["log"][-1]["event"] == "end"

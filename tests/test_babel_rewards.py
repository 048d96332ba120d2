"""Babel's rewards spent later (docs/babel.md, "The Great Projects"): Cranes and Sewer
Network give a token to build a card for free later, Belvedere one to build a wonder stage
for free later, Factory a joker to join a later project with a card of any colour, the
joker paid with the project's price; rule scenarios from the rulebook, on the pack's
content."""

from __future__ import annotations

from interpreter.engine import laws
from interpreter.engine.actions import legal_actions

from scenario import Script, give, set_hand
from test_babel import _age_played, babel, project, sellers, start


def _labels(game, seat=0):
    return [a.label(game.tables) for a in legal_actions(game, seat)]


def test_a_built_cranes_gives_a_token_for_each_pawn_that_builds_a_card_for_free():
    game = start()
    project(game, "Cranes")
    for seat, pawns in enumerate((2, 1, 0)):                  # 3 pawns at 3 players: built
        if pawns:
            game.cities[seat].kept["pawn_i"] = pawns
    _age_played(game)
    assert [c.kept.get("free_card", 0) for c in game.cities] == [2, 1, 0]


def test_a_free_card_token_builds_a_card_on_the_holder_s_turn():
    game = start()
    game.cities[0].kept["free_card"] = 1
    laws.refresh(game)
    set_hand(game, 0, "Apothecary", "Altar", "Theater", "Lumber Yard", "Ore Vein", "Loom", "Press")
    assert "build Apothecary (I) free by token (free_card)" in _labels(game)
    assert not any("free by token" in x for x in _labels(game, 1))               # a city without one
    game.step(sellers(game, Script("build Apothecary (I) free by token (free_card)")))
    city = game.cities[0]
    assert "Apothecary" in [babel().cards[i].name for i in city.built]
    assert "free_card" not in city.kept and city.coins == 0


def test_a_built_belvedere_gives_tokens_that_build_a_wonder_stage_for_free():
    game = start()
    project(game, "Belvedere")
    for seat in range(3):
        game.cities[seat].kept["pawn_i"] = 1
    _age_played(game)
    assert [c.kept.get("free_stage", 0) for c in game.cities] == [1, 1, 1]
    assert all(c.stages == 0 for c in game.cities)
    laws.refresh(game)
    stage = next(x for x in _labels(game) if x.startswith("wonder stage with") and "free by token (free_stage)" in x)
    coins = game.cities[0].coins
    game.step(sellers(game, Script(stage)))
    assert game.cities[0].stages == 1 and game.cities[0].coins == coins and "free_stage" not in game.cities[0].kept


def test_a_built_factory_gives_jokers():
    game = start()
    project(game, "Factory")
    game.cities[1].kept["pawn_i"] = 3
    _age_played(game)
    assert [c.kept.get("joker", 0) for c in game.cities] == [0, 3, 0]


def test_a_joker_not_spent_on_the_next_project_is_lost_when_age_ii_ends():
    """The rulebook: the joker joins the *next* project (age II's) with a card of another
    colour; one its holder did not spend there is gone at the end of age II (`discard all
    joker tokens`), so no joker reaches age III's project."""
    game = start()
    project(game, "Factory")
    game.cities[1].kept["pawn_i"] = 3
    _age_played(game)
    assert game.cities[1].kept.get("joker") == 3
    while game.age.number == 1:                                    # the phases before age II
        game.step(sellers(game))
    assert game.age.number == 2 and game.cities[1].kept.get("joker") == 3   # kept for age II's project
    while game.age.number == 2 and not game.finished:
        game.step(sellers(game))
    assert game.age.number == 3 and "joker" not in game.cities[1].kept


def test_a_joker_joins_the_project_with_a_card_of_another_colour_and_is_spent():
    """Obelisk (blue: 1 coin and 1 papyrus): a city holding a joker builds a red card and
    may pay the price and the joker to take a pawn."""
    game = start()
    project(game, "Obelisk")
    give(game, 0, "Press")                                    # its papyrus
    game.cities[0].coins = 1
    game.cities[0].kept["joker"] = 1
    laws.refresh(game)
    set_hand(game, 0, "Stockade", "Altar", "Theater", "Lumber Yard", "Ore Vein", "Loom", "Glassworks")
    give(game, 0, "Lumber Yard")                              # Stockade's wood
    me = Script("build Stockade", "pay the price")
    game.step(sellers(game, me))
    assert ("offer", ["decline", "pay the price paying 1 to the bank"]) in me.asked
    city = game.cities[0]
    assert city.kept.get("pawn_ii") == 1 and "joker" not in city.kept
    assert any(e["event"] == "gives up" and e["kind"] == "joker" for e in game.log)


def test_without_a_joker_a_card_of_another_colour_joins_nothing():
    game = start()
    project(game, "Obelisk")
    give(game, 0, "Press", "Lumber Yard")
    game.cities[0].coins = 1
    laws.refresh(game)
    set_hand(game, 0, "Stockade", "Altar", "Theater", "Lumber Yard", "Ore Vein", "Loom", "Glassworks")
    me = Script("build Stockade")
    game.step(sellers(game, me))
    assert [kind for kind, _ in me.asked] == ["turn"] and "pawn_ii" not in game.cities[0].kept


def test_a_joker_holder_joining_with_the_project_s_colour_keeps_its_joker():
    game = start()
    project(game, "Obelisk")
    give(game, 0, "Press")
    game.cities[0].coins = 1
    game.cities[0].kept["joker"] = 1
    laws.refresh(game)
    set_hand(game, 0, "Altar", "Theater", "Stockade", "Lumber Yard", "Ore Vein", "Loom", "Glassworks")
    me = Script("build Altar", "pay the price")
    game.step(sellers(game, me))
    assert [kind for kind, _ in me.asked].count("offer") == 1              # the colour's own offer alone
    assert game.cities[0].kept == {"pawn_ii": 1, "joker": 1}

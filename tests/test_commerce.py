"""Commerce and building, from the first-edition rulebook (commerce examples A, B, C) and
its clarifications: what can be bought, from whom, at what price, and when coins arrive."""

from __future__ import annotations

from scenario import Script, card, give, labels, make_game, set_hand


def builds(game, seat, name):
    return [text for text in labels(game, seat) if text.startswith(f"build {name} ")]


def test_example_a_buys_one_resource_from_each_neighbour():
    # University: 2 wood, glass, papyrus.  She makes 1 wood and 1 glass; the left
    # neighbour makes wood, the right one papyrus: she pays 2 coins to each.
    game = make_game(["Alexandria", "Rhodos", "Babylon"])
    give(game, 0, "Lumber Yard")
    give(game, 1, "Lumber Yard")
    give(game, 2, "Press")
    set_hand(game, 0, "University")
    game.cities[0].coins = 4
    assert builds(game, 0, "University") == ["build University (III) paying 2 to left and 2 to right"]
    game.cities[0].coins = 3
    assert builds(game, 0, "University") == []


def test_example_b_selling_does_not_stop_own_use():
    # Both neighbours buy her 2 stones (8 coins in all); the same turn she builds the
    # Library (2 stone, loom) with those very stones.
    game = make_game(["Rhodos", "Halikarnassus", "Ephesos", "Babylon"])
    give(game, 0, "Quarry", "Loom")
    give(game, 3, "Loom")
    for seat in range(4):
        game.cities[seat].coins = 5
    set_hand(game, 0, "Library", "Altar")
    set_hand(game, 1, "Library", "Altar")
    set_hand(game, 2, "Altar", "Baths")
    set_hand(game, 3, "Library", "Altar")
    game.turn = 1
    deciders = [Script("build Library (II)"), Script("build Library (II) paying 4 to right"),
                Script("build Altar"), Script("build Library (II) paying 4 to left")]
    game.step(deciders)
    assert game.cities[0].coins == 5 + 8
    assert all("Library" in game.cities[s].names for s in (0, 1, 3))
    assert game.cities[1].coins == 1 and game.cities[3].coins == 1


def test_example_c_coins_earned_this_turn_cannot_be_spent_this_turn():
    # Forum: 2 clay.  She makes 1 clay and has 1 coin; her neighbour sells clay.  Even
    # if a neighbour buys from her this turn, she cannot build the Forum this turn.
    game = make_game(["Gizah", "Babylon", "Rhodos"])
    give(game, 0, "Clay Pool")
    game.cities[0].coins = 1
    set_hand(game, 0, "Forum", "Altar")
    set_hand(game, 1, "Altar", "Theater")
    set_hand(game, 2, "Baths", "Altar")            # the right neighbour buys her stone
    game.cities[2].coins = 3
    assert builds(game, 0, "Forum") == []
    game.step([Script("sell Altar"), Script("sell Altar"), Script("build Baths (I) paying 2 to left")])
    assert game.cities[0].coins == 1 + 3 + 2      # the sale and the trade arrive after the turn


def test_payment_options_cheapest_first_without_dominated_ones():
    # West Trading Post: raw materials from the left neighbour at 1 coin.
    game = make_game(["Gizah", "Babylon", "Rhodos"])
    give(game, 0, "West Trading Post")
    give(game, 1, "Lumber Yard")
    give(game, 2, "Lumber Yard")
    set_hand(game, 0, "Stockade")                  # cost: 1 wood
    assert builds(game, 0, "Stockade") == ["build Stockade (I) paying 1 to left",
                                           "build Stockade (I) paying 2 to right"]


def test_a_neighbours_choice_card_sells_either_resource():
    game = make_game(["Gizah", "Babylon", "Rhodos"])
    give(game, 1, "Timber Yard")                   # wood or stone, whatever its owner uses
    set_hand(game, 0, "Stockade", "Walls")
    assert builds(game, 0, "Stockade") == ["build Stockade (I) paying 2 to left"]


def test_private_production_cannot_be_bought():
    game = make_game(["Gizah", "Babylon", "Alexandria"])
    give(game, 1, "Caravansery")                   # yellow: its resources are its owner's
    game.cities[2].add_stage()
    game.cities[2].add_stage()                     # Alexandria A's stage 2: any raw, private
    set_hand(game, 0, "Stockade")
    assert builds(game, 0, "Stockade") == []
    set_hand(game, 2, "Stockade")
    assert builds(game, 2, "Stockade") == ["build Stockade (I)"]


def test_own_choice_production_covers_either_need():
    game = make_game(["Gizah", "Babylon", "Rhodos"])
    give(game, 0, "Timber Yard")
    set_hand(game, 0, "Stockade", "Barracks")      # wood; ore (Rhodos sells ore)
    assert builds(game, 0, "Stockade") == ["build Stockade (I)"]
    assert builds(game, 0, "Barracks") == ["build Barracks (I) paying 2 to right"]


def test_chain_builds_free_and_no_two_buildings_of_one_name():
    game = make_game(["Gizah", "Babylon", "Rhodos"])
    give(game, 0, "Scriptorium", "Loom")
    game.cities[0].coins = 0
    set_hand(game, 0, "Library", "Loom")
    assert builds(game, 0, "Library") == ["build Library (II) free by chain"]
    assert not [t for t in labels(game, 0) if t.startswith("build Loom")]   # Loom (I) already built


def test_selling_is_always_possible():
    game = make_game(["Gizah", "Babylon", "Rhodos"])
    game.cities[0].coins = 0
    set_hand(game, 0, "Palace", "Senate")
    texts = labels(game, 0)
    assert "sell Palace (III)" in texts and "sell Senate (III)" in texts


def test_coin_costs_go_to_the_bank():
    game = make_game(["Gizah", "Babylon", "Rhodos"])
    set_hand(game, 0, "Clay Pit", "Altar")
    game.turn = 1
    game.step([Script("build Clay Pit"), Script("sell"), Script("sell")])
    assert game.cities[0].coins == 2 and "Clay Pit" in game.cities[0].names
    assert card("Clay Pit").cost_coins == 1

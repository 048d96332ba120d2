"""Every wonder power, both sides, with the first-edition rulebook's clarifications."""

from __future__ import annotations

from scenario import Script, card, give, labels, make_game, set_hand


def last_turn(game, hands):
    """Put the game on its age's last turn with these two-card hands."""
    game.turn = game.age.turns
    for seat, names in enumerate(hands):
        set_hand(game, seat, *names)


def test_olympia_a_builds_one_card_free_per_age():
    game = make_game(["Olympia", "Babylon", "Rhodos"], side="A")
    for _ in range(2):
        game.cities[0].add_stage()
    game.cities[0].coins = 0
    set_hand(game, 0, "Palace", "Senate", "Altar")
    set_hand(game, 1, "Baths", "Theater", "Altar")
    set_hand(game, 2, "Baths", "Theater", "Altar")
    game.turn = 1
    assert "build Palace (III) free by power" in labels(game, 0)
    assert not [t for t in labels(game, 0) if t.startswith("build Altar") and "power" in t]   # free anyway
    game.step([Script("build Palace (III) free by power"), Script("sell"), Script("sell")])
    assert "Palace" in game.cities[0].names and game.cities[0].coins == 0
    assert not [t for t in labels(game, 0) if "free by power" in t]            # used for this age
    game.age_index += 1
    game.deal_age()
    game.do("start_age")
    assert [t for t in labels(game, 0) if "free by power" in t]                # a new age, a new use


def test_olympia_a_power_never_builds_a_second_building_of_one_name():
    game = make_game(["Olympia", "Babylon", "Rhodos"], side="A")
    for _ in range(2):
        game.cities[0].add_stage()
    give(game, 0, "Palace")
    set_hand(game, 0, "Palace")
    assert not [t for t in labels(game, 0) if t.startswith("build Palace")]


def test_olympia_b_buys_raw_materials_at_one_coin_from_both_sides():
    game = make_game(["Olympia", "Babylon", "Rhodos"], side="B")
    game.cities[0].add_stage()
    give(game, 1, "Stone Pit")
    give(game, 2, "Stone Pit")
    set_hand(game, 0, "Baths")
    assert [t for t in labels(game, 0) if t.startswith("build Baths")] == [
        "build Baths (I) paying 1 to right", "build Baths (I) paying 1 to left"]   # equal: less to the left first


def test_olympia_b_copies_the_best_neighbour_guild_once():
    game = make_game(["Olympia", "Babylon", "Rhodos"], side="B")
    for _ in range(3):
        game.cities[0].add_stage()
    give(game, 1, "Spies Guild", "Barracks", "Stockade")        # left: 2 red cards
    give(game, 2, "Workers Guild", "Lumber Yard")               # right: 1 brown card
    give(game, 0, "Lumber Yard", "Ore Vein", "Clay Pool")       # Olympia: 3 brown cards
    scores = game.scores()
    # Workers Guild copied: 1 point per brown card of her neighbours (Rhodos has 1) ...
    # Spies Guild copied: 1 point per red card of her neighbours (Babylon has 2): better.
    assert scores[0]["guilds"] == 2
    assert scores[1]["guilds"] == 0 and scores[2]["guilds"] == 3   # owners are unaffected


def test_halikarnassus_builds_from_the_discard_pile_including_this_turns_discards():
    game = make_game(["Halikarnassus", "Babylon", "Rhodos"], side="A")
    game.cities[0].add_stage()
    give(game, 0, "Foundry", "Ore Vein")                          # 3 ore for stage 2
    set_hand(game, 0, "Altar", "Baths")
    set_hand(game, 1, "Temple", "Baths")
    set_hand(game, 2, "Theater", "Baths")
    game.turn = 1
    hali = Script("wonder stage with Altar", "build Temple")
    game.step([hali, Script("sell Temple"), Script("sell Theater")])
    kind, options = hali.asked[-1]
    assert kind == "discard" and set(options) == {"build Temple (II) free by power", "build Theater (I) free by power"}
    assert "Temple" in game.cities[0].names and "Temple" not in [card(n).name for n in []]
    assert game.tables.card_index("Temple") not in game.discard


def test_halikarnassus_on_the_last_turn_takes_the_last_cards_before_military():
    game = make_game(["Halikarnassus", "Babylon", "Rhodos"], side="B")
    give(game, 0, "Ore Vein", "Foundry")                          # side B stage 1: 2 ore
    last_turn(game, [["Altar", "Baths"], ["Stockade", "Theater"], ["Pawnshop", "Guard Tower"]])
    hali = Script("wonder stage with Altar", "build Stockade")
    game.step([hali, Script("build Theater"), Script("build Pawnshop")])
    kind, options = hali.asked[-1]
    assert kind == "discard" and "build Stockade (I) free by power" in options   # a 7th card, just discarded
    assert "Stockade" in game.cities[0].names
    assert game.cities[0].tokens == [1, 1]                         # its shield counted in age I's military


def test_babylon_a_chooses_its_science_symbol_at_the_end():
    game = make_game(["Babylon", "Olympia", "Rhodos"], side="A")
    game.cities[0].add_stage()
    game.cities[0].add_stage()
    give(game, 0, "Scriptorium", "Library", "Workshop")          # tablet, tablet, gear
    # compass: 4 + 1 + 1 + 7 = 13 beats tablet: 9 + 1 = 10
    assert game.scores()[0]["science"] == 13


def test_babylon_b_plays_the_seventh_card_even_when_the_stage_is_built_on_the_sixth_turn():
    game = make_game(["Babylon", "Olympia", "Rhodos"], side="B")
    game.cities[0].add_stage()
    give(game, 0, "Lumber Yard", "Glassworks", "Sawmill")        # stage 2: 2 wood, glass
    last_turn(game, [["Altar", "Baths"], ["Theater", "Baths"], ["Pawnshop", "Baths"]])
    babylon = Script("wonder stage with Altar", "sell Baths")
    game.step([babylon, Script("build Theater"), Script("build Pawnshop")])
    assert babylon.asked[-1][0] == "last card"
    assert game.cities[0].stages == 2
    assert game.tables.card_index("Baths") in game.discard
    assert game.cities[0].coins == 3 + 3                          # sold the seventh card


def test_ephesus_a_coins_are_taken_once_when_built():
    game = make_game(["Ephesos", "Olympia", "Rhodos"], side="A")
    game.cities[0].add_stage()
    give(game, 0, "Lumber Yard", "Sawmill")
    set_hand(game, 0, "Altar", "Baths")
    set_hand(game, 1, "Theater", "Baths")
    set_hand(game, 2, "Pawnshop", "Baths")
    game.turn = 1
    game.step([Script("wonder stage with Altar"), Script("build Theater"), Script("build Pawnshop")])
    assert game.cities[0].coins == 3 + 9


def test_rhodes_shields_count_in_military():
    game = make_game(["Rhodos", "Olympia", "Babylon"], side="A")
    game.cities[0].add_stage()
    game.cities[0].add_stage()
    assert game.cities[0].shields == 2
    last_turn(game, [["Altar", "Baths"], ["Theater", "Baths"], ["Pawnshop", "Baths"]])
    game.step([Script("build Altar"), Script("build Theater"), Script("build Pawnshop")])
    assert game.cities[0].tokens == [1, 1] and game.cities[1].tokens == [-1]


def test_gizah_b_has_four_stages_worth_twenty_points():
    game = make_game(["Gizah", "Olympia", "Babylon"], side="B")
    for _ in range(4):
        game.cities[0].add_stage()
    assert game.cities[0].next_stage() is None
    assert game.scores()[0]["wonder"] == 20


def test_alexandria_b_choice_resources_are_its_own():
    game = make_game(["Alexandria", "Olympia", "Babylon"], side="B")
    game.cities[0].add_stage()
    game.cities[0].add_stage()
    set_hand(game, 0, "Stockade", "Scriptorium")
    assert "build Stockade (I)" in labels(game, 0) and "build Scriptorium (I)" in labels(game, 0)
    set_hand(game, 1, "Stockade", "Scriptorium")
    assert not [t for t in labels(game, 1) if t.startswith("build Scriptorium")]

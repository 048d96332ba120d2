"""7 Wonders: Leaders as content (`--expansion leaders`): a scenario for every leader, the
Leaders guilds and Roma, each placing the cards in a city as the expansion's facts say
(docs/expansions.md) and checking what the power does; then the misuse of the constructs
the leaders are written with (docs/language.md)."""

from __future__ import annotations

import pytest

from interpreter.check.load import check_paths
from interpreter.engine.actions import legal_actions
from interpreter.engine.game import Game

from scenario import Script, at_first_turn, compiled, give, labels, play_turn, set_hand

RULES = "first-edition+leaders"


def tables():
    return compiled(RULES)


def new_game(wonders=("Gizah", "Babylon", "Ephesos"), side="A", seed=0) -> Game:
    """A game at age I's first turn (the leader draft and recruiting done by selling) whose
    cities hold nothing: no coin, no leader."""
    return at_first_turn(tables(), wonders, side, seed)


def card(name: str):
    return tables().cards[tables().card_index(name)]


def leaders_line(game: Game, seat: int = 0) -> int:
    return game.scores()[seat]["leaders"]


def last_turn_of_age(game: Game) -> None:
    """Play the age's last turn, every city selling (its military is then compared)."""
    game.turn = game.age.turns
    for seat in range(len(game.cities)):
        set_hand(game, seat, "Altar", "Baths")
    game.step([Script() for _ in game.cities])


# ---------------------------------------------------------------- points at the end
SCORED = [   # leader, cards given to the city (besides the leader), coins, stages, tokens, leaders line
    ("Alexander", (), 0, 0, (1, 3, -1), 2),
    ("Amytis", (), 0, 2, (), 4),
    ("Aristotle", ("Apothecary", "Workshop", "Scriptorium", "Laboratory"), 0, 0, (), 3),
    ("Cleopatra", (), 0, 0, (), 5),
    ("Hiram", ("Workers Guild", "Traders Guild"), 0, 0, (), 4),
    ("Hypatia", ("Apothecary", "Workshop"), 0, 0, (), 2),
    ("Justinian", ("Altar", "Baths", "Stockade", "Workshop", "Barracks"), 0, 0, (), 3),
    ("Midas", (), 11, 0, (), 3),
    ("Nebuchadnezzar", ("Altar", "Baths"), 0, 0, (), 2),
    ("Nefertiti", (), 0, 0, (), 4),
    ("Pericles", ("Stockade", "Barracks", "Guard Tower"), 0, 0, (), 6),
    ("Phidias", ("Lumber Yard", "Stone Pit"), 0, 0, (), 2),
    ("Plato", ("Lumber Yard", "Loom", "Altar", "Tavern", "Workshop", "Stockade", "Workers Guild"), 0, 0, (), 7),
    ("Praxiteles", ("Loom", "Glassworks"), 0, 0, (), 4),
    ("Sappho", (), 0, 0, (), 2),
    ("Varro", ("Tavern", "Marketplace"), 0, 0, (), 2),
    ("Zenobia", (), 0, 0, (), 3),
]


@pytest.mark.parametrize("leader, cards, coins, stages, tokens, points", SCORED, ids=[s[0] for s in SCORED])
def test_a_scoring_leader(leader, cards, coins, stages, tokens, points):
    game = new_game()
    give(game, 0, *cards)
    city = game.cities[0]
    city.coins = coins
    for _ in range(stages):
        city.add_stage()
    city.tokens += tokens
    assert leaders_line(game) == 0
    give(game, 0, leader)
    assert leaders_line(game) == points


def test_plato_needs_a_card_of_every_colour():
    game = new_game()
    give(game, 0, "Plato", "Lumber Yard", "Loom", "Altar", "Tavern", "Workshop", "Stockade")
    assert leaders_line(game) == 0                  # no purple card: no set


def test_aristotle_counts_sets_made_with_a_symbol_of_ones_choice():
    game = new_game()
    give(game, 0, "Aristotle", "Apothecary", "Workshop", "Scientists Guild")
    assert leaders_line(game) == 3 and game.scores()[0]["science"] == 1 + 1 + 1 + 7


@pytest.mark.parametrize("leader, symbol", [("Euclid", "compass"), ("Ptolemy", "tablet"), ("Pythagoras", "gear")])
def test_a_science_leader(leader, symbol):
    game = new_game()
    give(game, 0, leader)
    assert game.cities[0].symbols[tables().symbol_index[symbol]] == 1
    assert game.scores()[0]["science"] == 1


@pytest.mark.parametrize("leader, shields", [("Caesar", 2), ("Hannibal", 1)])
def test_a_military_leader(leader, shields):
    game = new_game()
    give(game, 0, leader)
    assert game.cities[0].shields == shields
    last_turn_of_age(game)
    assert game.cities[0].tokens == [1, 1]


# ---------------------------------------------------------------- cheaper buildings
@pytest.mark.parametrize("leader, card_name", [("Archimedes", "Workshop"), ("Hammurabi", "Baths"),
                                               ("Leonidas", "Barracks")])
def test_a_leader_waives_one_resource_of_a_colour(leader, card_name):
    game = new_game(("Babylon", "Olympia", "Ephesos"))     # no glass, stone or ore to make or buy
    set_hand(game, 0, card_name, "Altar")
    assert not any(s.startswith(f"build {card_name}") for s in labels(game, 0))
    give(game, 0, leader)
    assert f"build {card_name} (I)" in labels(game, 0)
    play_turn(game, f"build {card_name} (I)")
    assert card_name in game.cities[0].names and game.cities[0].coins == 0


def test_a_resource_discount_waives_the_unit_the_builder_would_buy():
    game = new_game(("Babylon", "Halikarnassus", "Ephesos"))   # own clay; loom from the left
    game.age_index = 1
    game.cities[0].coins = 5
    give(game, 0, "Clay Pool")
    set_hand(game, 0, "Courthouse", "Altar")                   # 2 clay, loom
    assert "build Courthouse (II) paying 2 to left" in labels(game, 0)
    give(game, 0, "Hammurabi")
    assert [s for s in labels(game, 0) if s.startswith("build Courthouse")] == ["build Courthouse (II)"]
    set_hand(game, 0, "Aqueduct", "Altar")                     # 3 stone: one waived, two bought
    assert not any(s.startswith("build Aqueduct") for s in labels(game, 0))


def test_imhotep_waives_a_resource_of_the_wonder_stages():
    game = new_game(("Gizah", "Babylon", "Ephesos"))       # Gizah A stage 1: 2 stone, one produced
    set_hand(game, 0, "Altar")
    assert not any(s.startswith("wonder stage") for s in labels(game, 0))
    give(game, 0, "Imhotep")
    assert "wonder stage with Altar (I)" in labels(game, 0)


def test_ramses_builds_guilds_without_their_resources():
    game = new_game(("Olympia", "Ephesos", "Halikarnassus"))
    game.age_index = 2
    set_hand(game, 0, "Spies Guild", "Palace")
    assert not any(s.startswith("build Spies Guild") for s in labels(game, 0))
    give(game, 0, "Ramses")
    assert "build Spies Guild (III)" in labels(game, 0)
    assert not any(s.startswith("build Palace") for s in labels(game, 0))    # other colours are paid


@pytest.mark.parametrize("wonder, side", [(None, None), ("Roma", "A")])
def test_leaders_are_recruited_free_with_maecenas_or_roma_a(wonder, side):
    game = new_game(("Roma", "Babylon", "Gizah") if wonder else ("Gizah", "Babylon", "Ephesos"), side or "A")
    set_hand(game, 0, "Caesar", "Altar")
    if wonder is None:
        assert not any(s.startswith("build Caesar") for s in labels(game, 0))     # 5 coins, none held
        give(game, 0, "Maecenas")
    play_turn(game, "build Caesar")
    assert "Caesar" in game.cities[0].names and game.cities[0].coins == 0


def test_roma_b_lowers_the_leaders_of_its_owner_by_2_and_of_its_neighbours_by_1():
    game = new_game(("Roma", "Babylon", "Gizah"), "B")
    for seat in range(3):
        game.cities[seat].coins = 5
        set_hand(game, seat, "Caesar", "Altar") if seat == 0 else set_hand(game, seat, "Cleopatra" if seat == 1 else "Plato",
                                                                      "Baths")
    game.step([Script("build Caesar"), Script("build Cleopatra"), Script("build Plato")])
    assert [c.coins for c in game.cities] == [5 - 3, 5 - 3, 5 - 3]     # 5-2, 4-1, 4-1


def test_a_coin_discount_never_pays_below_nothing():
    game = new_game(("Roma", "Babylon", "Gizah"), "B")
    set_hand(game, 0, "Sappho", "Altar")                       # 1 coin, 2 off
    play_turn(game, "build Sappho")
    assert game.cities[0].coins == 0


# ---------------------------------------------------------------- coins on events
def test_croesus_gives_6_coins_when_recruited():
    game = new_game()
    game.cities[0].coins = 1
    set_hand(game, 0, "Croesus", "Altar")
    play_turn(game, "build Croesus")
    assert game.cities[0].coins == 6


def test_hatshepsut_gives_a_coin_per_neighbour_bought_from():
    game = new_game(("Babylon", "Gizah", "Ephesos"))       # stone from the left neighbour (Gizah)
    give(game, 0, "Hatshepsut")
    game.cities[0].coins = 4
    set_hand(game, 0, "Baths", "Altar")                       # Baths: 1 stone
    play_turn(game, "build Baths (I) paying 2 to left")
    assert game.cities[0].coins == 4 - 2 + 1
    give(game, 0, "Stone Pit")
    set_hand(game, 0, "Altar", "Baths")                        # nothing bought: nothing gained
    play_turn(game, "build Altar")
    assert game.cities[0].coins == 3


def test_hatshepsut_counts_both_neighbours_once_each():
    game = new_game(("Babylon", "Gizah", "Rhodos"))
    give(game, 1, "Stone Pit")
    give(game, 2, "Stone Pit")
    give(game, 0, "Hatshepsut")
    game.age_index = 1
    game.cities[0].coins = 8
    set_hand(game, 0, "Aqueduct", "Altar")                   # 3 stone: bought from both sides
    shown = [s for s in labels(game, 0) if s.startswith("build Aqueduct")]
    both = next(s for s in shown if "to left" in s and "to right" in s)
    play_turn(game, both)
    assert game.cities[0].coins == 8 - 6 + 2


def test_nero_gives_2_coins_per_victory_token():
    game = new_game()
    give(game, 0, "Nero", "Stockade")
    last_turn_of_age(game)
    assert game.cities[0].tokens == [1, 1]
    nero = [e["change"] for e in game.log if e.get("event") == "coins" and e.get("trigger") == "victory token taken"]
    assert nero == [2, 2]


def test_tomyris_hands_the_defeat_token_to_the_winner():
    game = new_game()
    give(game, 0, "Tomyris")
    give(game, 1, "Stockade")
    give(game, 2, "Barracks")
    last_turn_of_age(game)
    assert game.cities[0].tokens == []
    assert sorted(game.cities[1].tokens) == [-1, 1] and sorted(game.cities[2].tokens) == [-1, 1]


def test_vitruvius_gives_2_coins_for_a_building_built_by_chain():
    game = new_game()
    give(game, 0, "Vitruvius", "Altar")
    game.age_index = 1
    set_hand(game, 0, "Temple", "Courthouse")
    play_turn(game, "build Temple (II) free by chain")
    assert game.cities[0].coins == 2


def test_xenophon_gives_2_coins_for_every_yellow_card():
    game = new_game()
    give(game, 0, "Xenophon")
    set_hand(game, 0, "Tavern", "Altar")
    play_turn(game, "build Tavern")
    assert game.cities[0].coins == 5 + 2
    set_hand(game, 0, "Altar", "Baths")
    play_turn(game, "build Altar")
    assert game.cities[0].coins == 7


def test_solomon_builds_a_card_of_the_discard_pile_for_free():
    game = new_game()
    game.cities[0].coins = 3
    game.discard = [tables().card_index("Palace")]
    set_hand(game, 0, "Solomon", "Altar")
    play_turn(game, "build Solomon", "build Palace")
    assert {"Solomon", "Palace"} <= game.cities[0].names and game.cities[0].coins == 0


def test_the_fourth_leader_goes_to_the_discard_pile_after_the_third_recruiting_turn():
    """At the start of age III, once every player has played a leader, the one left in
    each hand is discarded: Solomon (or Halikarnassus) may then build it from the pile."""
    game = Game(tables(), 3, 4, "A", ["Gizah", "Babylon", "Ephesos"])
    kept = {}
    while (decision := game.decision()) is not None and not (decision.kind == "turn" and game.age.number == 3):
        if decision.kind == "zone" and game.age.number == 3:
            kept[decision.seat] = [i for i in game.zones["leaders"][decision.seat]]
        if decision.kind == "zone" and game.age.number < 3:
            assert len(game.zones["leaders"][decision.seat]) == 5 - game.age.number
        decision.choose(next((i for i, o in enumerate(decision.options) if o.kind == "sell"), 0))
    assert sorted(kept) == [0, 1, 2] and all(len(held) == 2 for held in kept.values())
    assert all(game.zones["leaders"][seat] == [] for seat in range(3))
    events = [e for e in game.log if e.get("event") == "discard" and e.get("zone") == "leaders"]
    assert [e["seat"] for e in events] == [0, 1, 2] and all(len(e["cards"]) == 1 for e in events)
    for event in events:
        assert tables().card_index(event["cards"][0]) in game.discard
        assert tables().card_index(event["cards"][0]) in kept[event["seat"]]


def test_the_score_pad_is_the_booklets():
    """The Leaders score booklet: military, coins, wonder, civilian, commercial, guilds,
    science, then the leaders (docs/expansions.md, "score booklet")."""
    assert tables().rules.score_pad == ("military", "treasury", "wonder", "civilian", "commercial", "guilds",
                                        "science", "leaders")


# ---------------------------------------------------------------- Bilkis: a unit from the bank
def _bilkis_game(coins: int) -> Game:
    """Babylon (clay) between Ephesos (papyrus) and Gizah (stone): no ore, no wood anywhere."""
    game = new_game(("Babylon", "Ephesos", "Gizah"))
    game.cities[0].coins = coins
    set_hand(game, 0, "Barracks", "Altar")             # the Barracks cost an ore
    return game


def test_bilkis_buys_the_one_unit_nobody_sells_from_the_bank():
    game = _bilkis_game(1)
    assert "build Barracks (I)" not in " ".join(labels(game, 0))
    give(game, 0, "Bilkis")
    assert "build Barracks (I) paying 1 to the bank" in labels(game, 0)
    play_turn(game, "build Barracks (I) paying 1 to the bank")
    assert "Barracks" in game.cities[0].names and game.cities[0].coins == 0
    assert [c.coins for c in game.cities[1:]] == [3, 3]      # their sales only: the coin went to the bank


def test_bilkis_buys_nothing_without_a_coin():
    game = _bilkis_game(0)
    give(game, 0, "Bilkis")
    assert not any(label.startswith("build Barracks") for label in labels(game, 0))


def test_bilkis_buys_one_unit_a_turn_only():
    game = _bilkis_game(5)
    give(game, 0, "Bilkis")
    set_hand(game, 0, "Stables", "Altar")              # wood, clay, ore: two units nobody has
    game.age_index = 1
    assert not any(label.startswith("build Stables") for label in labels(game, 0))


def test_bilkis_buys_once_a_turn_even_when_the_turn_pays_twice():
    """The card: once per turn. Babylon B's second stage plays the age's last card in the
    last turn too: the unit bought for the turn's card is the turn's one."""
    game = new_game(("Babylon", "Ephesos", "Gizah"), side="B")
    game.cities[0].add_stage()
    game.cities[0].add_stage()                     # Babylon B: may play the last card of each age
    give(game, 0, "Bilkis")
    game.cities[0].coins = 5
    game.turn = game.age.turns
    set_hand(game, 0, "Barracks", "Stockade")          # an ore, then a wood: nobody has either
    seat0 = Script("build Barracks (I) paying 1 to the bank", "sell")
    game.step([seat0] + [Script() for _ in game.cities[1:]])
    kind, options = seat0.asked[1]
    assert kind == "last card" and "Barracks" in game.cities[0].names
    assert not any(o.startswith("build Stockade") for o in options), options


def test_the_unit_bought_this_turn_is_saved_with_a_game_waiting_on_the_last_card():
    import json
    from interpreter.engine.save_fields import SaveError
    from interpreter.engine.saves import game_from_data, game_to_data
    game = new_game(("Babylon", "Ephesos", "Gizah"), side="B")
    game.cities[0].add_stage()
    game.cities[0].add_stage()
    give(game, 0, "Bilkis")
    game.cities[0].coins = 5
    game.turn = game.age.turns
    set_hand(game, 0, "Barracks", "Stockade")
    decision = game.decision()
    decision.choose(next(i for i, o in enumerate(decision.options) if o.bank))
    while (decision := game.decision()) is not None and decision.kind != "last card":
        decision.choose(0)
    data = json.loads(json.dumps(game_to_data(game)))
    assert data["cities"][0]["bank_used"] == 1
    copy = game_from_data(tables(), data)
    assert copy.cities[0].bank_used == 1 and not any(o.bank for o in copy.decision().options)
    data["cities"][0]["bank_used"] = "one"
    with pytest.raises(SaveError, match="bank_used"):
        game_from_data(tables(), data)


def test_bilkis_buys_again_in_the_next_turn():
    game = _bilkis_game(5)
    give(game, 0, "Bilkis")
    play_turn(game, "build Barracks (I) paying 1 to the bank")
    set_hand(game, 0, "Stockade", "Altar")             # a wood: nobody has it
    play_turn(game, "build Stockade (I) paying 1 to the bank")
    assert {"Barracks", "Stockade"} <= game.cities[0].names and game.cities[0].coins == 3


def test_bilkis_is_one_more_way_to_pay_beside_the_neighbours():
    game = _bilkis_game(3)
    give(game, 0, "Bilkis")
    set_hand(game, 0, "Baths", "Altar")                # a stone: Gizah, on the right, sells it for 2
    found = [a for a in legal_actions(game, 0) if a.kind == "build" and game.tables.cards[a.card].name == "Baths"]
    assert sorted((a.left, a.right, a.bank) for a in found) == [(0, 0, 1), (0, 2, 0)]


def test_a_game_waiting_on_a_bank_purchase_is_saved_and_goes_on_alike():
    import json
    from interpreter.engine.saves import game_from_data, game_to_data
    game = _bilkis_game(1)
    give(game, 0, "Bilkis")
    decision = game.decision()
    action = next(a for a in decision.options if a.bank)
    game.choose(action, seat=0)
    data = json.loads(json.dumps(game_to_data(game)))
    copy = game_from_data(tables(), data)
    assert game_to_data(copy) == data and copy.chosen[0].bank == 1


# ---------------------------------------------------------------- the guilds
def test_gamers_guild_scores_1_per_3_coins():
    game = new_game()
    give(game, 0, "Gamers Guild")
    game.cities[0].coins = 10
    assert game.scores()[0]["guilds"] == 3


def test_diplomats_guild_scores_the_neighbours_leaders():
    game = new_game()
    give(game, 0, "Diplomats Guild", "Sappho")
    give(game, 1, "Cleopatra", "Zenobia")
    give(game, 2, "Nero")
    assert game.scores()[0]["guilds"] == 3


def test_architects_guild_scores_3_per_neighbouring_guild():
    game = new_game()
    give(game, 0, "Architects Guild", "Workers Guild")
    give(game, 1, "Traders Guild")
    give(game, 2, "Spies Guild", "Scientists Guild")
    assert game.scores()[0]["guilds"] == 9


# ---------------------------------------------------------------- Roma
def test_roma_stages():
    game = new_game(("Roma", "Babylon", "Gizah"), "A")
    for _ in range(2):
        game.cities[0].add_stage()
    assert game.scores()[0]["wonder"] == 4 + 6
    game = new_game(("Roma", "Babylon", "Gizah"), "B")
    give(game, 0, "Lumber Yard", "Clay Pool")
    set_hand(game, 0, "Altar", "Baths")
    play_turn(game, "wonder stage with Altar")
    assert game.cities[0].coins == 5


def test_bots_value_the_leaders_roma_b_draws_and_recruits():
    """Roma B's first stage draws 4 leaders (a wider choice at the recruits to come), its
    second recruits one at once: the valuation weighs both as powers, not as nothing."""
    from interpreter.bots.valuation import Appraiser
    game = new_game(("Roma", "Babylon", "Gizah"), "B")
    give(game, 0, "Lumber Yard", "Clay Pool")
    set_hand(game, 0, "Altar", "Baths")
    stage = next(a for a in legal_actions(game, 0) if a.kind == "stage")
    first = Appraiser(game, 0).appraise(stage).powers
    assert first > 0
    game.cities[0].add_stage()
    give(game, 0, "Stone Pit", "Loom")
    stage = next(a for a in legal_actions(game, 0) if a.kind == "stage")
    assert Appraiser(game, 0).appraise(stage).powers > 0
    game.zones["leaders"][0] = []                  # nothing left to recruit: the recruit is worth nothing
    assert Appraiser(game, 0).appraise(stage).powers == 0


def test_roma_b_first_stage_draws_4_leaders_no_one_was_dealt():
    game = new_game(("Roma", "Babylon", "Gizah"), "B")
    leaders = {c.index for c in tables().cards if c.color == "white"}
    before = list(game.zones["leaders"][0])
    in_box = sum(1 for i in game.box if i in leaders)
    give(game, 0, "Lumber Yard", "Clay Pool")
    set_hand(game, 0, "Altar", "Baths")
    play_turn(game, "wonder stage with Altar")
    drawn = game.zones["leaders"][0][len(before):]
    assert game.zones["leaders"][0][:len(before)] == before and len(drawn) == 4
    assert all(i in leaders for i in drawn) and sum(1 for i in game.box if i in leaders) == in_box - 4
    assert not set(drawn) & {i for seat in (1, 2) for i in game.zones["leaders"][seat]}


def _roma_b_before_its_second_stage(leaders, coins: int) -> Game:
    """Roma B with its first stage built and the resources of the second, holding these
    leaders and coins, an Altar in hand to build the stage with."""
    game = new_game(("Roma", "Babylon", "Gizah"), "B")
    game.cities[0].add_stage()
    give(game, 0, "Stone Pit", "Clay Pool", "Loom")
    game.zones["leaders"][0] = [tables().card_index(n) for n in leaders]
    game.cities[0].coins = coins
    set_hand(game, 0, "Altar", "Baths")
    return game


def test_roma_b_second_stage_recruits_a_leader_at_once_paying_its_coins():
    game = _roma_b_before_its_second_stage(("Cleopatra", "Croesus"), 2)
    script = Script("wonder stage with Altar", "build Cleopatra")
    game.step([script, Script(), Script()])
    kinds = [kind for kind, _ in script.asked]
    assert kinds == ["turn", "zone"]
    assert all(text.startswith("build ") for text in script.asked[1][1])      # a recruit: build only
    assert "Cleopatra" in game.cities[0].names and game.zones["leaders"][0] == [tables().card_index("Croesus")]
    assert game.cities[0].coins == 0                    # Cleopatra's 4 coins, 2 less on Roma B
    assert game.scores()[0]["wonder"] == 3 and game.scores()[0]["leaders"] == 5


def test_roma_b_recruits_nothing_from_an_empty_hand_of_leaders():
    game = _roma_b_before_its_second_stage((), 0)
    script = Script("wonder stage with Altar")
    game.step([script, Script(), Script()])
    assert [kind for kind, _ in script.asked] == ["turn"] and game.cities[0].stages == 2


def test_a_game_waiting_for_a_recruit_at_once_is_saved_and_goes_on_alike():
    import json
    from interpreter.engine.saves import game_from_data, game_to_data
    game = _roma_b_before_its_second_stage(("Cleopatra", "Croesus"), 9)
    for seat in (1, 2):
        set_hand(game, seat, "Altar", "Baths")
    for seat in (0, 1, 2):
        decision = next(d for d in game.decisions() if d.seat == seat)
        wanted = "wonder stage with Altar" if seat == 0 else "sell Altar"
        game.choose(next(a for a in decision.options if a.label(tables()).startswith(wanted)), seat=seat)
    decision = game.decision()
    assert decision.kind == "zone" and decision.seat == 0
    data = json.loads(json.dumps(game_to_data(game)))
    copy = game_from_data(tables(), data)
    assert game_to_data(copy) == data
    for each in (game, copy):
        d = each.decision()
        each.choose(next(a for a in d.options if a.label(tables()).startswith("build Croesus")), seat=0)
    assert game_to_data(copy) == game_to_data(game) and "Croesus" in copy.cities[0].names


def test_every_leader_has_its_cost_and_a_power():
    leaders = [c for c in tables().cards if c.color == "white"]
    assert len(leaders) == 36
    assert all(c.cost_coins > 0 and not any(c.cost) for c in leaders)
    assert all(c.static or c.scores or c.triggers or c.when_built or c.turn_end for c in leaders)


# ---------------------------------------------------------------- full games
def _play(players: int, side: str, seed: int, bots=("random",), wonders=None):
    from scenario import full_game
    return full_game(tables(), players, side, seed, bots, wonders)


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
@pytest.mark.parametrize("side", ["A", "B"])
def test_full_games_are_deterministic(players, side):
    first, second = _play(players, side, 17), _play(players, side, 17)
    assert first.finished and first.log == second.log
    assert {c.side.side for c in first.cities} == {side}
    leaders = {c.index for c in tables().cards if c.color == "white"}
    placed = [i for c in first.cities for i in c.built + c.under_stages] + first.discard
    drawn = sum(len(e["cards"]) for e in first.log if e.get("event") == "draw")      # Roma B's first stage
    assert sum(1 for i in placed if i in leaders) == 4 * players + drawn    # an age each, the fourth discarded
    assert all(first.zones["leaders"][seat] == [] for seat in range(players))
    assert sum(1 for i in first.discard if i in leaders) >= players     # the fourth of each player at least
    assert sum(1 for i in placed if i not in leaders) == 3 * 7 * players
    assert all("leaders" in pad for pad in first.scores())


@pytest.mark.parametrize("side", ["A", "B"])
def test_roma_plays_full_games_on_both_sides(side):
    game = _play(4, side, 3, bots=("greedy",), wonders=["Roma", "Gizah", "Babylon", "Ephesos"])
    assert game.finished and game.cities[0].side.wonder == "Roma"


@pytest.mark.parametrize("bot", ["greedy", "heuristic"])
def test_the_bots_recruit_a_leader_by_its_worth(bot):
    """At a recruiting turn, a bot that weighs options by the rules (bots/valuation.py)
    recruits the leader worth 5 points rather than sell it or recruit one worth nothing yet."""
    from interpreter.bots import make_bot
    game = Game(tables(), 3, 5, "A", ["Gizah", "Babylon", "Ephesos"])
    while (decision := game.decision()) is not None and decision.kind != "zone":
        decision.choose(0)
    decision = game.decision()
    seat = decision.seat
    game.zones["leaders"][seat] = [tables().card_index(n) for n in ("Praxiteles", "Cleopatra", "Phidias")]
    game.cities[seat].coins = 6
    options = game.options_for(seat, "zone")
    choice = make_bot(bot, 1).decide(game, seat, "zone", options)
    assert options[choice].label(game.tables) == "build Cleopatra (leaders)"


# ---------------------------------------------------------------- the Courtesans Guild
def _courtesans_game():
    game = new_game(("Babylon", "Olympia", "Alexandria"))       # clay, wood, glass
    game.age_index = 2
    give(game, 0, "Loom")
    give(game, 1, "Cleopatra")
    give(game, 2, "Maecenas", "Nero")
    game.cities[0].coins = 4
    set_hand(game, 0, "Courtesans Guild", "Palace")
    return game


def test_courtesans_guild_copies_a_neighbours_leader_when_built():
    game = _courtesans_game()
    scripts = [Script("build Courtesans Guild (III) paying 2 to left and 2 to right", "copy Cleopatra"),
               Script(), Script()]
    game.step(scripts)
    assert scripts[0].asked[1] == ("copy", ["copy Cleopatra (leaders)", "copy Maecenas (leaders)",
                                            "copy Nero (leaders)"])
    assert leaders_line(game) == 5
    assert game.cities[0].colors.get("white") is None and "Cleopatra" not in game.cities[0].names
    assert leaders_line(game, 1) == 5                      # the neighbour keeps its leader


def test_a_copied_leader_acts_for_the_copier_from_then_on():
    game = _courtesans_game()
    game.step([Script("build Courtesans Guild (III) paying 2 to left and 2 to right", "copy Maecenas"),
               Script(), Script()])
    game.zones["leaders"][0] = [tables().card_index("Caesar")]
    set_hand(game, 0, "Palace", "Altar")
    from interpreter.engine.flow.phases import zone_options
    from interpreter.syntax import ast
    statement = next(s for p in tables().rules.phases for s in p.steps if isinstance(s, ast.PlayFrom))
    builds = [a for a in zone_options(game, 0, statement) if a.kind == "build"]
    assert [a.label(game.tables) for a in builds] == ["build Caesar (leaders)"]       # free: no coin left


def test_a_game_waiting_for_a_copy_is_saved_and_goes_on_alike():
    from interpreter.engine.saves import game_from_data, game_to_data
    game = _courtesans_game()
    decision = game.decision()
    decision.choose(next(i for i, o in enumerate(decision.options)
                         if o.label(game.tables) == "build Courtesans Guild (III) paying 2 to left and 2 to right"))
    for seat in (1, 2):
        game.choose(next(o for o in game.options_for(seat, "turn") if o.kind == "sell"), seat)
    assert game.decision().kind == "copy"
    copy = game_from_data(tables(), game_to_data(game))
    for g in (game, copy):
        g.decision().choose(2)
    assert game_to_data(game) == game_to_data(copy)
    assert [tables().cards[i].name for i in copy.cities[0].copied] == ["Nero"]


def test_courtesans_guild_with_no_leader_beside_it_copies_nothing():
    game = _courtesans_game()
    game.cities[1].built.clear(); game.cities[1].rebuild()
    game.cities[2].built.clear(); game.cities[2].rebuild()
    game.cities[0].coins = 10
    give(game, 1, "Ore Vein"); give(game, 2, "Lumber Yard")
    scripts = [Script("build Courtesans Guild"), Script(), Script()]
    game.step(scripts)
    assert [kind for kind, _ in scripts[0].asked] == ["turn"] and game.cities[0].copied == []


# ---------------------------------------------------------------- misuse of the constructs
MISUSED = [   # a card's effect line, the code it gives, words of the message
    ("discount 0 coins on white cards", "E1206", "a discount needs a number above 0"),
    ("discount 1 resource on red and red cards", "E1209", "the colour `red` is listed twice"),
    ("discount 1 resource on pink cards", "E1002", "unknown colour `pink`"),
    ("discount 1 coin on white cards of the neighbour", "E1210", "`the neighbour` means nothing here"),
    ("on pink card built: gain 1 coin", "E1002", "unknown colour `pink`"),
    ("score leaders: 1 per set of blue and blue cards", "E1209", "the colour `blue` is listed twice"),
    ("on victory token taken: take token worth 1", "E1502", "this trigger causes itself"),
    ("on red card built: build a card from the discard pile for free", "E1502", "this trigger causes itself"),
    ("on building built: copy a white card from neighbours", "E1210", "copying a card happens when scoring"),
    ("when built: at end of turn, copy a white card from neighbours", "E1210", "copying a card happens when built"),
    ("buy 0 resources from the bank each turn for 1 coin", "E1206", "buying from the bank needs a number above 0"),
    ("buy 1 resource from the bank each turn for 0 coins", "E1206", "a price at the bank needs a number above 0"),
    ('when built: draw 0 cards from deck "leaders" into "leaders"', "E1206", "drawing needs a number above 0"),
    ('when built: draw 4 cards from deck "leaderz" into "leaders"', "E1702", 'no card is in the deck "leaderz"'),
    ('when built: draw 4 cards from deck "leaders" into "leaderz"', "E1701", 'unknown zone "leaderz"'),
    ('when built: build a card from "leaderz"', "E1701", 'unknown zone "leaderz"'),
]


@pytest.mark.parametrize("line, code, words", MISUSED, ids=[m[0] for m in MISUSED])
def test_a_misused_construct_is_reported(tmp_path, line, code, words):
    from conftest import ROOT
    extra = tmp_path / "extra.wonders"
    extra.write_text(f'card "Extra Leader" {{\n    deck "leaders"  color white\n    cost 1 coin\n    {line}\n}}\n')
    pack = ROOT / "content" / "expansions" / "leaders"
    result = check_paths([str(ROOT / "content"), str(pack), str(extra)])
    found = [d for d in result.diagnostics if d.is_error]
    assert [d.code for d in found] == [code], [(d.code, d.message) for d in found]
    assert words in found[0].message and found[0].span.file == str(extra)


def test_discarding_an_undeclared_zone_is_reported(tmp_path):
    from conftest import ROOT
    from interpreter.syntax.parser import parse_text
    from interpreter.syntax.formatter import format_text
    text = ('variant "Lost" {\n    changes "7 Wonders, first edition"\n'
            '    add phase "lost" at start of age III { discard the cards of "spare" }\n}\n')
    extra = tmp_path / "lost.wonders"
    extra.write_text(text)
    result = check_paths([str(ROOT / "content"), str(extra)])
    found = [d for d in result.diagnostics if d.is_error]
    assert [d.code for d in found] == ["E1701"] and 'unknown zone "spare"' in found[0].message
    assert (found[0].span.line, found[0].span.column) == (3, 65)
    formatted, problems = format_text(text)
    assert problems == [] and formatted == text
    assert parse_text(text, "lost.wonders")[1] == []


def test_every_leader_has_a_scenario_here():
    """Each of the 36 leaders is named in a scenario of this file (besides the full games)."""
    from pathlib import Path
    text = Path(__file__).read_text(encoding="utf-8")
    scenarios = text.split("# ---------------------------------------------------------------- full games")[0]
    missing = [c.name for c in tables().cards if c.color == "white" and f'"{c.name}"' not in scenarios]
    assert missing == []

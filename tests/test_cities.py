"""7 Wonders: Cities as content (content/expansions/cities/): a scenario for every kind of
black card, debt, diplomacy, the Cities guilds and boards, and full games at every player
count the pack seats, on both sides.  The facts are docs/expansions.md's."""

from __future__ import annotations

import json
from functools import lru_cache

import pytest

from interpreter.check.load import check_paths
from interpreter.compile import compile_rules
from interpreter.decks import age_deck
from interpreter.engine.game import Game
from interpreter.engine.saves import game_from_data, game_to_data
from interpreter.bots.seats import make_deciders

from conftest import call_cli
from scenario import Script


@lru_cache(maxsize=1)
def tables():
    result = check_paths(None, (), "first-edition+cities")
    assert result.ruleset is not None, result.diagnostics
    return compile_rules(result.ruleset)


def game_of(wonders, side="A", seed=0) -> Game:
    return Game(tables(), len(wonders), seed, side, wonders)


def give(game, seat, *names):
    t = tables()
    for name in names:
        game.cities[seat].add_card(t.cards[t.card_index(name)])


def hands(game, *per_seat):
    """Each seat's hand: the named cards (the rest of the deal stays out of the way)."""
    t = tables()
    for seat, names in enumerate(per_seat):
        game.hands[seat] = [t.card_index(n) for n in names]


def turn(game, *scripts):
    """One turn: seat k follows scripts[k] (a label's start), the others sell."""
    deciders = [Script(*([s] if s else [])) for s in scripts]
    deciders += [Script() for _ in range(len(game.cities) - len(deciders))]
    game.step(deciders)


SEVEN = ["Babylon", "Olympia", "Rhodos", "Gizah", "Ephesos", "Alexandria", "Halikarnassos"]


# ---------------------------------------------------------------- the decks
@pytest.mark.parametrize("players", range(3, 8))
def test_each_age_adds_one_black_card_per_player_to_hands_of_eight(players):
    t = tables()
    for age in t.rules.ages:
        assert (age.hand, age.turns, age.last_card_discarded) == (8, 7, True)
        deck = age_deck(t.cards, age, players)
        black = [d for d in deck.draws if {c.color for c in d.pool} == {"black"}]
        assert len(black) == 1 and black[0].count == players and len(black[0].pool) == 9
        assert deck.size == 8 * players
    game = Game(t, players, 5)
    assert all(len(h) == 8 for h in game.hands)
    assert sum(t.cards[i].color == "black" for h in game.hands for i in h) == players


def test_the_pack_holds_the_27_black_cards_and_the_3_guilds_of_the_facts():
    t = tables()
    black = [c for c in t.cards if c.color == "black"]
    assert len(black) == 27 and {c.age for c in black} == {1, 2, 3}
    assert all(not c.chains and not c.copies for c in black)          # never chain; drawn at random
    guilds = {c.name for c in t.cards if c.color == "purple"}
    assert {"Counterfeiters Guild", "Guild of Shadows", "Mourners Guild"} <= guilds


# ---------------------------------------------------------------- points, shields
def test_a_black_cards_points_count_on_the_cities_line():
    game = game_of(SEVEN[:3])
    give(game, 0, "Gates of the City", "Militia")
    pad = game.scores()[0]
    assert pad["cities"] == 4
    assert game.cities[0].shields == 2


# ---------------------------------------------------------------- losses and debt
def test_a_loss_to_every_other_city_is_paid_at_the_turns_end_with_that_turns_coins():
    game = game_of(SEVEN[:4])
    hands(game, ["Hideout"], ["Lumber Yard"], ["Lumber Yard"], ["Lumber Yard"])
    for city in game.cities:
        city.coins = 0
    turn(game, "build Hideout", "build Lumber Yard", "sell Lumber Yard")
    coins = [c.coins for c in game.cities]
    debt = [c.kept.get("debt", 0) for c in game.cities]
    # seat 1 built for free and had nothing: one debt token; seat 2 sold (3 coins) and paid 1
    assert coins == [0, 0, 2, 2] and debt == [0, 1, 0, 0]
    assert game.scores()[1]["debt"] == -1
    assert {"event": "debt", "seat": 1, "kind": "debt", "count": 1} in game.log


def test_a_city_that_can_pay_part_pays_it_and_takes_debt_for_the_rest():
    game = game_of(["Olympia", "Babylon", "Rhodos"])          # Olympia's board and a Lumber Yard: 2 wood
    give(game, 0, "Lumber Yard", "Ore Vein")
    game.cities[0].coins = 20
    game.cities[0].add_card(tables().cards[tables().card_index("Loom", 1)])
    assert game.cities[0].own_fixed[tables().resource_index["wood"]] == 2
    game.cities[1].coins, game.cities[2].coins = 1, 0
    game.age_index = 2
    hands(game, ["Brotherhood"], ["Lumber Yard"], ["Lumber Yard"])
    turn(game, "build Brotherhood", "build Lumber Yard", "build Lumber Yard")
    assert [c.coins for c in game.cities[1:]] == [0, 0]
    assert [c.kept.get("debt") for c in game.cities[1:]] == [2, 3]


def test_a_loss_per_token_or_stage_counts_in_the_city_that_pays():
    game = game_of(SEVEN[:3])
    game.age_index = 1
    give(game, 0, "Clay Pool", "Stone Pit", "Glassworks", "Loom")
    game.cities[1].tokens = [1, 3, -1]
    game.cities[2].tokens = [-1]
    for city in game.cities:
        city.coins = 5
    hands(game, ["Sepulcher"], ["Lumber Yard"], ["Lumber Yard"])
    turn(game, "build Sepulcher", "build Lumber Yard", "build Lumber Yard")
    assert [c.coins for c in game.cities] == [5, 3, 5]          # two victory tokens: 2 coins; none: 0

    game = game_of(SEVEN[:3])
    game.age_index = 2
    give(game, 0, "Lumber Yard", "Clay Pool", "Glassworks", "Press")
    game.cities[1].stages = 2
    for city in game.cities:
        city.coins = 5
    hands(game, ["Builders Union"], ["Lumber Yard"], ["Lumber Yard"])
    turn(game, "build Builders Union", "build Lumber Yard", "build Lumber Yard")
    assert [c.coins for c in game.cities] == [5, 3, 5]


def test_gambling_gives_the_owner_and_each_neighbour_only():
    game = game_of(SEVEN[:5])
    for city in game.cities:
        city.coins = 0
    hands(game, ["Gambling Den"], ["Lumber Yard"], ["Lumber Yard"], ["Lumber Yard"], ["Lumber Yard"])
    turn(game, "build Gambling Den", "build Lumber Yard", "build Lumber Yard", "build Lumber Yard",
         "build Lumber Yard")
    assert [c.coins for c in game.cities] == [6, 1, 0, 0, 1]


def test_the_counterfeiters_guild_takes_coins_from_every_other_city():
    game = game_of(SEVEN[:3])
    game.age_index = 2
    give(game, 0, "Ore Vein", "Ore Vein", "Mine", "Glassworks", "Loom")
    for city in game.cities:
        city.coins = 2
    hands(game, ["Counterfeiters Guild"], ["Lumber Yard"], ["Lumber Yard"])
    turn(game, "build Counterfeiters Guild", "build Lumber Yard", "build Lumber Yard")
    assert [c.coins for c in game.cities] == [2, 0, 0]
    assert [c.kept.get("debt") for c in game.cities] == [None, 1, 1]
    assert game.scores()[0]["guilds"] == 5


# ---------------------------------------------------------------- diplomacy
def test_a_diplomat_sits_out_the_next_conflict_and_its_neighbours_face_each_other():
    game = game_of(SEVEN[:4])
    shields = [0, 5, 3, 1]                     # seat 1 holds the token; 0 and 2 now face each other
    for city, n in zip(game.cities, shields):
        city.shields = n
    hands(game, ["Lumber Yard"], ["Residence"], ["Lumber Yard"], ["Lumber Yard"])
    game.cities[1].add_card(tables().cards[tables().card_index("Clay Pool")])
    turn(game, "build Lumber Yard", "build Residence", "build Lumber Yard", "build Lumber Yard")
    assert game.cities[1].kept == {"diplomacy": 1}
    game.do("end_age")
    tokens = [c.tokens for c in game.cities]
    assert tokens[1] == []                               # out of the conflict
    assert sorted(tokens[0]) == [-1, -1] and sorted(tokens[2]) == [1, 1] and sorted(tokens[3]) == [-1, 1]
    assert game.cities[1].kept == {}                     # the token is given up
    assert {"event": "sits out", "seat": 1, "kind": "diplomacy", "at": "age end"} in game.log


def test_with_three_cities_the_two_left_face_each_other_once():
    game = game_of(SEVEN[:3])
    for city, n in zip(game.cities, [2, 0, 1]):
        city.shields = n
    game.cities[1].kept["diplomacy"] = 1
    game.do("end_age")
    assert [c.tokens for c in game.cities] == [[1], [], [-1]]


# ---------------------------------------------------------------- copying a symbol
def test_a_copied_symbol_counts_as_a_science_symbol_but_not_as_a_card():
    game = game_of(SEVEN[:3])
    give(game, 0, "Pigeon Loft", "Apothecary")          # compass
    give(game, 1, "Workshop")                           # gear
    pad = game.scores()[0]
    assert pad["science"] == 2                          # compass + gear: 1 + 1
    assert game.cities[0].colors.get("green") == 1
    give(game, 2, "Apothecary")
    assert game.scores()[0]["science"] == 4             # two compasses: 4, better than compass + gear


# ---------------------------------------------------------------- trade and production
def _build_price(game, seat, name):
    from interpreter.engine.actions import card_builds
    t = tables()
    return [(a.left, a.right) for a in card_builds(game, seat, t.card_index(name))]


def test_a_clandestine_dock_takes_a_coin_off_each_turns_purchase_from_its_side():
    game = game_of(["Olympia", "Rhodos", "Babylon"])   # the left neighbour, Rhodos, produces ore
    game.cities[0].coins = 10
    give(game, 1, "Ore Vein")
    assert _build_price(game, 0, "Barracks") == [(2, 0)]         # 1 ore, at 2 coins
    assert _build_price(game, 0, "Statue") == [(4, 0)]           # 2 ore (and wood of its own)
    give(game, 0, "Clandestine Dock West")
    assert _build_price(game, 0, "Barracks") == [(1, 0)]
    assert _build_price(game, 0, "Statue") == [(3, 0)]          # the first unit only
    give(game, 0, "Clandestine Dock East")                       # the other side has no ore to sell
    assert _build_price(game, 0, "Statue") == [(3, 0)]


def test_secret_warehouse_and_black_market_follow_the_city():
    t = tables()
    game = game_of(["Olympia", "Rhodos", "Babylon"])    # Olympia's board: wood
    city = game.cities[0]
    give(game, 0, "Secret Warehouse")
    res = t.resource_index
    assert (res["wood"],) in city.own_choices
    give(game, 0, "Clay Pool")
    assert (res["wood"], res["clay"]) in city.own_choices and (res["wood"],) not in city.own_choices
    game.age_index = 1
    give(game, 0, "Black Market")
    others = tuple(sorted(set(range(len(t.resources))) - {res["wood"], res["clay"]}))
    assert others in city.own_choices
    assert all(o not in city.trade_choices for o in [others, (res["wood"], res["clay"])])   # private
    copy = game_from_data(t, game_to_data(game)).cities[0]
    assert sorted(copy.own_choices) == sorted(city.own_choices)


def test_the_architect_cabinet_waives_the_resources_of_wonder_stages():
    from interpreter.engine.prices import stage_payments
    game = game_of(["Olympia", "Rhodos", "Babylon"])
    game.cities[0].coins = 0
    assert stage_payments(game, 0) == []
    give(game, 0, "Architect Cabinet")
    assert stage_payments(game, 0) == [(0, 0)]


# ---------------------------------------------------------------- counting black cards and tokens
def test_secret_society_slave_market_and_the_guilds_count_black_cards_and_tokens():
    game = game_of(SEVEN[:3])
    game.age_index = 2
    give(game, 0, "Militia", "Stone Pit", "Press")
    game.cities[0].tokens = [1, 3]
    game.cities[0].coins = 0
    hands(game, ["Secret Society"], ["Lumber Yard"], ["Lumber Yard"])
    turn(game, "build Secret Society")
    assert game.cities[0].coins == 2                    # two black cards, itself counted
    give(game, 1, "Guild of Shadows", "Mourners Guild")
    pad = game.scores()
    assert pad[0]["cities"] == 2
    assert pad[1]["guilds"] == 2 + 2                    # 2 black cards, 2 victory tokens in neighbours


# ---------------------------------------------------------------- boards
def test_petra_and_byzantium_have_both_sides():
    t = tables()
    sides = {(s.wonder, s.side): s for s in t.sides}
    assert {("Petra", "A"), ("Byzantium", "A"), ("Petra", "B"), ("Byzantium", "B")} <= set(sides)
    assert len(sides["Petra", "B"].stages) == 2 and len(sides["Byzantium", "B"].stages) == 2
    game = Game(t, 8, 3, "B")
    assert {c.side.wonder for c in game.cities} >= {"Petra", "Byzantium"}


def test_petra_b_first_stage_takes_2_coins_from_every_other_city_at_the_turns_end():
    game = game_of(["Petra", "Olympia", "Rhodos"], side="B")
    petra = game.cities[0]
    give(game, 0, "Ore Vein", "Clay Pool", "Ore Vein")      # with the board's clay: 2 clay, 2 ore
    petra.coins = 0
    game.cities[1].coins, game.cities[2].coins = 1, 0
    hands(game, ["Lumber Yard"], ["Lumber Yard"], ["Lumber Yard", "Stone Pit"])
    turn(game, "wonder stage with Lumber Yard", "sell Lumber Yard", "build Lumber Yard")
    # Olympia sold a card that turn (3 coins): it can pay; Rhodos has nothing: debt
    if game.decision() is not None and game.decision().kind == "debt":
        game.decision().choose(0)                            # pay both coins
    assert petra.stages == 1 and game.scores()[0]["wonder"] == 3
    assert game.cities[1].coins == 2 and game.cities[1].kept.get("debt") is None
    assert game.cities[2].kept == {"debt": 2}


def test_petra_b_second_stage_costs_14_coins_for_14_points():
    game = game_of(["Petra", "Olympia", "Rhodos"], side="B")
    petra = game.cities[0]
    petra.stages = 1
    petra.coins = 13
    hands(game, ["Lumber Yard"], ["Lumber Yard"], ["Lumber Yard"])
    labels = [o.label(game.tables) for o in game.decisions()[0]]
    assert not any(label.startswith("wonder stage") for label in labels)     # 13 coins are not enough
    petra.coins = 14
    turn(game, "wonder stage with Lumber Yard")
    assert petra.stages == 2 and petra.coins == 0
    assert game.scores()[0]["wonder"] == 3 + 14


def test_byzantium_b_gives_a_diplomacy_token_at_each_stage():
    game = game_of(["Byzantium", "Olympia", "Rhodos"], side="B")
    city = game.cities[0]
    city.coins = 0
    give(game, 0, "Lumber Yard", "Ore Vein", "Glassworks", "Press", "Clay Pool", "Ore Vein", "Loom")
    hands(game, ["Lumber Yard", "Stone Pit"], ["Lumber Yard", "Stone Pit"], ["Lumber Yard", "Stone Pit"])
    turn(game, "wonder stage with Lumber Yard")
    assert city.stages == 1 and city.kept == {"diplomacy": 1} and game.scores()[0]["wonder"] == 3
    turn(game, "wonder stage with")
    assert city.stages == 2 and city.kept == {"diplomacy": 2} and game.scores()[0]["wonder"] == 3 + 4


def test_byzantiums_second_stage_gives_a_diplomacy_token():
    game = game_of(["Byzantium", "Olympia", "Rhodos"])
    city = game.cities[0]
    city.stages = 1
    city.coins = 0
    give(game, 0, "Lumber Yard", "Tree Farm", "Press")
    hands(game, ["Lumber Yard"], ["Lumber Yard"], ["Lumber Yard"])
    turn(game, "wonder stage with Lumber Yard")
    assert city.stages == 2 and city.kept == {"diplomacy": 1}
    assert game.scores()[0]["wonder"] == 3 + 2      # the first edition's 2 points (C8 in docs/expansions.md)


def test_petra_a_second_stage_costs_7_coins_for_7_points():
    game = game_of(["Petra", "Olympia", "Rhodos"])
    petra = game.cities[0]
    petra.stages = 1
    petra.coins = 6
    hands(game, ["Lumber Yard"], ["Lumber Yard"], ["Lumber Yard"])
    labels = [o.label(game.tables) for o in game.decisions()[0]]
    assert not any(label.startswith("wonder stage") for label in labels)     # 6 coins are not enough
    petra.coins = 7
    turn(game, "wonder stage with Lumber Yard")
    assert petra.stages == 2 and petra.coins == 0 and game.scores()[0]["wonder"] == 3 + 7


# ---------------------------------------------------------------- saves and games
def test_kept_tokens_are_saved_and_loaded():
    game = game_of(SEVEN[:3])
    game.cities[1].kept.update(debt=4, diplomacy=1)
    data = game_to_data(game)
    assert data["cities"][1]["kept"] == {"debt": 4, "diplomacy": 1} and "kept" not in data["cities"][0]
    assert game_from_data(tables(), data).cities[1].kept == {"debt": 4, "diplomacy": 1}


def test_a_save_with_an_unknown_token_kind_is_refused():
    from interpreter.engine.save_fields import SaveError
    data = game_to_data(game_of(SEVEN[:3]))
    data["cities"][0]["kept"] = {"gold": 1}
    with pytest.raises(SaveError, match="'gold' is not a token kind"):
        game_from_data(tables(), data)


@pytest.mark.parametrize("players", range(3, 8))
@pytest.mark.parametrize("side", ["A", "B"])
def test_full_games_run_and_repeat_for_a_seed(players, side):
    logs = []
    for _ in range(2):
        game = Game(tables(), players, players * 7, side)
        game.play(make_deciders(["heuristic", "greedy", "random"], players, players, None))
        assert game.finished
        logs.append(json.dumps(game.log))
    assert logs[0] == logs[1]


@pytest.mark.slow
@pytest.mark.parametrize("players", range(2, 9))
@pytest.mark.parametrize("side", ["A", "B"])
def test_wonders_play_with_the_pack_at_every_player_count(players, side):
    bots = "heuristic,greedy" if players == 2 else "heuristic,greedy,random"
    args = ("play", "--expansion", "cities", "--players", str(players), "--seed", "4", "--sides", side,
            "--bots", bots, "--format", "json")
    first, second = call_cli(*args), call_cli(*args)
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    data = json.loads(first.stdout)
    assert data["log"][-1]["event"] == "end"
    assert "cities" in data["log"][-1]["scores"][0] and "debt" in data["log"][-1]["scores"][0]


def test_eight_players_play_the_seven_player_decks_with_seven_black_cards_in_hands_of_seven():
    t = tables()
    game = Game(t, 8, 1, "A")
    assert [len(h) for h in game.hands] == [7] * 8
    assert sum(t.cards[i].color == "black" for h in game.hands for i in h) == 7
    assert (game.age.hand, game.age.turns) == (7, 6)
    game.play(make_deciders(["heuristic", "greedy", "random"], 8, 1, None))
    assert game.finished and game.turn == 6
    assert {c.side.wonder for c in game.cities} & {"Petra", "Byzantium"}


@pytest.mark.slow
def test_eight_players_play_on_side_b():
    result = call_cli("play", "--expansion", "cities", "--players", "8", "--sides", "B", "--seed", "2",
                     "--bots", "greedy", "--format", "json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert {p["city"]["side"] for p in data["players"]} == {"B"}
    assert {"Petra", "Byzantium"} <= {p["city"]["wonder"] for p in data["players"]}


@pytest.mark.parametrize("side", ["A", "random"])
def test_full_games_at_eight_players_repeat_for_a_seed(side):
    logs = []
    for _ in range(2):
        game = Game(tables(), 8, 9, side)
        game.play(make_deciders(["greedy", "random"], 8, 9, None))
        logs.append(json.dumps(game.log))
    assert logs[0] == logs[1]


def test_a_tables_hand_and_turns_must_fit(tmp_path):
    rules = tmp_path / "eight.wonders"
    rules.write_text('variant "Eight" {\n    changes "7 Wonders, first edition"\n'
                     '    add table for 9 players { cards as for 7 players; hand 7; turns 9 }\n}\n', encoding="utf-8")
    result = call_cli("check", "--expansion", "cities", "--variant", str(rules))
    assert result.returncode == 1
    assert "E1206" in result.stdout and "plays 9 turns from a hand of 7 cards" in result.stdout


@pytest.mark.slow
def test_wonders_check_with_the_pack_is_clean():
    result = call_cli("check", "--expansion", "cities")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 error(s), 2 warning(s)" in result.stdout and "expansions: cities" in result.stdout
    # the two warnings: names without a Dutch translation, the rule set's and the pack's (W1602)
    assert [line[:15] for line in result.stdout.splitlines() if line.startswith("warning")] == ["warning[W1602]:"] * 2


# ---------------------------------------------------------------- debt as a decision
def _lair_turn(coins):
    """Age II: seat 0 builds the Lair (every other city loses 2 coins at the turn's end)."""
    game = game_of(SEVEN[:3])
    game.age_index = 1
    game.deal_age()                                    # the game stands in age II
    give(game, 0, "Lumber Yard", "Glassworks")
    game.cities[0].coins = 5
    game.cities[1].coins, game.cities[2].coins = coins
    hands(game, ["Lair"], ["Lumber Yard"], ["Lumber Yard"])
    for seat, script in enumerate(["build Lair", "build Lumber Yard", "build Lumber Yard"]):
        game.choose(next(i for i, o in enumerate(game.decisions()[0]) if o.label(game.tables).startswith(script))
                    if game.decisions()[0].seat == seat else 0, seat)
    return game


def test_a_city_that_could_pay_chooses_between_coins_and_debt():
    game = _lair_turn((2, 0))                          # seat 2 has nothing: it is not asked
    decision = game.decision()
    assert (decision.seat, decision.kind) == (1, "debt")
    assert [o.label(game.tables) for o in decision] == [
        "pay 2 coins and take 0 debt tokens", "pay 1 coin and take 1 debt token", "pay 0 coins and take 2 debt tokens"]
    decision.choose(2)
    assert game.cities[1].coins == 2 and game.cities[1].kept == {"debt": 2}
    assert game.cities[2].kept == {"debt": 2}
    assert {"event": "choice", "age": 2, "turn": 1, "seat": 1, "kind": "debt",
            "action": "pay 0 coins and take 2 debt tokens"} in game.log


def test_a_game_saved_at_a_debt_decision_plays_on_alike():
    game = _lair_turn((3, 1))
    assert game.decision().kind == "debt"
    data = game_to_data(game)
    assert data["flow"]["waiting"] == [[1, "debt"]]
    copy = game_from_data(tables(), json.loads(json.dumps(data)))
    for g in (game, copy):
        g.decision().choose(1)                         # seat 1: pay 1, take 1
        g.decision().choose(0)                         # seat 2: pay its 1 coin, take 1
    assert game_to_data(game) == game_to_data(copy)
    assert [c.kept.get("debt") for c in game.cities] == [None, 1, 1]


def test_the_bots_settle_a_loss_by_the_rules_value_of_coins_and_debt():
    from interpreter.bots.rulemodel import rule_model
    game = _lair_turn((5, 5))
    model = rule_model(tables(), 3)
    assert model.debt_rate == -1 and 0 < model.coin_rate < 1
    deciders = make_deciders(["greedy"], 3, 0, None)
    decision = game.decision()
    assert deciders[1].decide(game, decision.seat, decision.kind, decision) == 0        # pay both coins


def test_each_bot_settles_a_loss_by_its_own_valuation():
    from interpreter.bots import Bot
    from interpreter.bots.view import BotSeat

    class Spendthrift(Bot):             # values a coin above a point: always takes the debt
        name = "spendthrift"

        def choose(self, view, options):
            return 0

        def settle(self, view, options):
            values = view.settle_values(options, coin=2.0)
            return values.index(max(values))

    class OnlyChooses:                  # a plug-in bot with no `settle`: its `choose` is asked
        def __init__(self):
            self.kinds = []

        def choose(self, view, options):
            self.kinds.append((view.kind, [o.kind for o in options]))
            return len(options) - 1

    game = _lair_turn((5, 5))
    decision = game.decision()
    assert BotSeat(Spendthrift()).decide(game, decision.seat, decision.kind, decision) == 2    # 2 debt tokens
    plain = OnlyChooses()
    assert BotSeat(plain).decide(game, decision.seat, decision.kind, decision) == 2
    assert plain.kinds == [("debt", ["pay", "pay", "pay"])]
    random_bot = make_deciders(["random"], 3, 0, None)[1]
    answers = {random_bot.decide(game, decision.seat, decision.kind, decision) for _ in range(30)}
    assert answers == {0, 1, 2}                       # the random bot settles at random, too


@pytest.mark.slow
def test_a_logged_game_with_debt_decisions_replays():
    import tempfile
    from pathlib import Path
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "game.json"
        played = call_cli("play", "--expansion", "cities", "--players", "7", "--seed", "7",
                         "--bots", "heuristic,greedy,random", "--log", str(log))
        assert played.returncode == 0, played.stderr
        assert '"kind": "debt"' in log.read_text(encoding="utf-8")
        replayed = call_cli("replay", str(log))
        assert replayed.returncode == 0, replayed.stderr
        assert replayed.stdout.splitlines()[-1] == played.stdout.splitlines()[-1]


# ---------------------------------------------------------------- lines of the score pad
@pytest.mark.parametrize("rules", ["first-edition+leaders+cities", "first-edition+cities+leaders"])
def test_both_packs_together_each_add_their_line_to_the_score_pad(rules):
    """The Leaders booklet's order (science after the guilds, the leaders next), with the
    Cities lines (debt after the coins, the black cards last), whichever pack comes first."""
    result = check_paths(None, (), rules)
    assert [d.code for d in result.diagnostics if d.severity == "error"] == []
    assert result.ruleset.rules.score_pad == ("military", "treasury", "debt", "wonder", "civilian", "commercial",
                                              "guilds", "science", "leaders", "cities")


@pytest.mark.parametrize("line, code", [("move score pad line tax after guilds", "E1405"),
                                        ("move score pad line science after gilds", "E1005"),
                                        ("move score pad line science after science", "E1405")])
def test_moving_a_pad_line_that_is_not_there_or_after_a_wrong_one_is_refused(tmp_path, line, code):
    variant = tmp_path / "pad.wonders"
    variant.write_text(f'variant "Pad" {{\n    changes "7 Wonders, first edition"\n    {line}\n}}\n', encoding="utf-8")
    result = call_cli("check", "--variant", str(variant))
    assert result.returncode == 1 and code in result.stdout, result.stdout


@pytest.mark.parametrize("line, code", [("cities", "E1404"), ("tax after tresury", "E1005")])
def test_a_pad_line_that_is_there_or_after_an_unknown_line_is_refused(tmp_path, line, code):
    variant = tmp_path / "pad.wonders"
    variant.write_text(f'variant "Pad" {{\n    changes "7 Wonders, first edition"\n'
                       f'    add score pad line {line}\n}}\n', encoding="utf-8")
    result = call_cli("check", "--expansion", "cities", "--variant", str(variant))
    assert result.returncode == 1 and code in result.stdout, result.stdout

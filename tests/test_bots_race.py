"""The military race the adaptive bot weighs (rulemodel.race_tokens, Appraisal.race): the
tokens a city may expect at an age's end with its neighbours' shields as they are likely to
be then, read from the rules (the age's shield cards as dealt, the age-end triggers, the
token values), not from the shields as they stand."""

from __future__ import annotations

from functools import lru_cache

import pytest

from interpreter.bots.rulemodel import rule_model
from interpreter.bots.valuation import Appraiser
from interpreter.check.load import check_paths
from interpreter.compile import compile_rules
from interpreter.engine.game import Game


@lru_cache(maxsize=None)
def rules(*variants):
    return compile_rules(check_paths(None, list(variants)).ruleset)


def shield_card_worth(tables, seed=0):
    """(military as the shields stand, the race) of a shield card in seat 0's first hand, the
    first seed from `seed` on whose first hand holds one."""
    for s in range(seed, seed + 50):
        game = Game(tables, 4, seed=s)
        appraiser = Appraiser(game, 0)
        for card in game.hands[0]:
            worth = appraiser.card_worth(card)
            if worth.military:
                return worth
    raise AssertionError("no shield card in 50 first hands")


def test_the_shields_still_to_come_are_read_from_the_ages_cards():
    model = rule_model(rules(), 4)
    dealt = [(share, mean) for share, mean in model.shield_cards]
    assert all(0 < share < 1 and mean >= 1 for share, mean in dealt)
    assert [round(mean) for _share, mean in dealt] == sorted(round(mean) for _share, mean in dealt)  # stronger later
    whole_age = model.shield_gain(0, 1, 0)
    assert sum(whole_age.values()) == pytest.approx(1.0)
    share, mean = dealt[0]
    expected = sum(k * p for k, p in whole_age.items())
    assert expected == pytest.approx(share * model.ages[0].turns * round(mean), rel=0.05)
    last_turn = model.shield_gain(0, model.ages[0].turns, 0)
    assert sum(k * p for k, p in last_turn.items()) < expected            # fewer builds left, fewer shields
    to_the_end = model.shield_gain(0, 1, len(model.ages) - 1)
    assert sum(k * p for k, p in to_the_end.items()) > 3 * expected       # later ages' cards carry more


def test_a_shield_at_the_start_is_worth_less_in_the_race_than_against_the_shields_as_they_stand():
    worth = shield_card_worth(rules())
    # with every city at 0 shields, one more wins both neighbours as things stand; in the
    # race they may build shields too, and the later ages' races are far from decided
    assert 0 < worth.race < worth.military
    assert 0 < worth.race_later < worth.military_later


def test_the_race_reads_the_token_values_of_the_rules_and_their_variants():
    plain = shield_card_worth(rules())
    harsh = shield_card_worth(rules("harsh-defeats"))        # a defeat costs 3, not 1
    assert harsh.race > plain.race and harsh.race_later > plain.race_later


def test_a_race_already_lost_by_far_gives_a_shield_no_worth_this_age():
    tables = rules()
    game = Game(tables, 4, seed=0)
    for city in game.neighbours(0):
        city.shields += 20                   # out of reach in the first age
    model = rule_model(tables, 4)
    city = game.cities[0]
    left, right = game.neighbours(0)
    now = model.race_tokens(city, left, right, tuple(game.cities), 0, 1, 0, city.shields)
    more = model.race_tokens(city, left, right, tuple(game.cities), 0, 1, 0, city.shields + 1)
    assert now == more < 0


def test_shields_per_quantity_are_valued_by_what_they_count_in_the_city():
    """`shields N per QUANTITY` (the Cities leader Semiramis: 1 per defeat token) gives the
    shields the count makes in the city now, not N: none without defeat tokens, as many
    as a fixed 2-shield card with two of them (issue 18)."""
    from scenario import at_first_turn, compiled
    tables = compiled("first-edition+leaders+cities")
    per, fixed = tables.card_index("Semiramis"), tables.card_index("Walls")

    def worth(tokens, card):
        game = at_first_turn(tables, ("Gizah", "Babylon", "Ephesos"))
        game.cities[0].tokens = list(tokens)
        return Appraiser(game, 0).card_worth(card)

    assert worth([], per).race == worth([], per).race_later == 0
    two = worth([-1, -1], per)
    assert two.race > 0 and (two.race, two.race_later) == pytest.approx(
        (worth([-1, -1], fixed).race, worth([-1, -1], fixed).race_later))
    assert worth([-1], per).race_later < two.race_later


def test_the_race_plays_out_the_citys_own_shields_to_come_as_a_distribution():
    """Its own later shields are as uncertain as its neighbours': the race weighs each of
    their outcomes (rulemodel.shield_gain), not their rounded mean, which made an exact tie,
    and so a shield's worth, likelier than it is (issue 38, item 2)."""
    tables = rules()
    model = rule_model(tables, 4)
    game = Game(tables, 4, seed=0)
    city = game.cities[0]
    left, right = game.neighbours(0)
    everyone = tuple(game.cities)
    mine, theirs = model.shield_gain(0, 2, 2), model.shield_gain(0, 1, 2)
    expected = sum(po * pl * pr * model.tokens(city, left, right, everyone, 2, 1 + go, gl, gr)
                   for go, po in mine.items() for gl, pl in theirs.items() for gr, pr in theirs.items())
    assert model.race_tokens(city, left, right, everyone, 0, 1, 2, 1) == pytest.approx(expected)


def test_battles_fought_one_neighbour_at_a_time_are_summed_as_such():
    """Where every age-end trigger is a battle with each neighbour that names no side, the
    race is two battles, each against one neighbour: the same expectation, summed cheaper."""
    tables = rules()
    model = rule_model(tables, 4)
    assert model._battles
    game = Game(tables, 4, seed=0)
    left, right = game.neighbours(0)
    left.shields, right.shields = 1, 3
    args = (game.cities[0], left, right, tuple(game.cities), 1, 2, 2, 2)
    model._race_memo.clear()
    by_battles = model.race_tokens(*args)
    model._battles = False
    try:
        model._race_memo.clear()
        assert model.race_tokens(*args) == pytest.approx(by_battles)
    finally:
        model._battles = True
        model._race_memo.clear()


def test_the_remembered_battles_give_the_very_float_of_the_sum_written_out():
    """rulemodel._battle remembers each battle's terms (the race's largest cost in a fit's
    first games); summed in the order of the one sum over both battles, the race is the same
    float, not merely close, so the bots' choices and every fit stay the same (issue 38)."""
    tables = rules()
    model = rule_model(tables, 4)
    game = Game(tables, 4, seed=3)
    city = game.cities[0]
    left, right = game.neighbours(0)
    left.shields, right.shields = 2, 5
    everyone = tuple(game.cities)
    for age, turn, until, shields in ((0, 1, 0, 0), (0, 3, 2, 1), (1, 2, 2, 4), (2, 5, 2, 6)):
        mine, gains = model.shield_gain(age, turn + 1, until), model.shield_gain(age, turn, until)
        written = sum(po * pn * model.tokens(city, foe, foe, everyone, until, shields + go, foe.shields + gn,
                                             foe.shields + gn) / 2
                      for foe in (left, right) for go, po in mine.items() for gn, pn in gains.items())
        model._race_memo.clear()
        assert model.race_tokens(city, left, right, everyone, age, turn, until, shields) == written
        assert model.race_tokens(city, left, right, everyone, age, turn, until, shields) == written   # remembered

"""The science part of a move's worth counts the symbols' whole expected worth at the end;
the points a symbol adds now are in the points part too.  The adaptive bot weighs the two
apart (valuation.Appraisal.science_now, weighing.py), so that a fit can weigh the promise
of symbols still to come without moving the worth of the points they score now."""

from __future__ import annotations

from functools import lru_cache

from interpreter.bots.valuation import Appraiser
from interpreter.bots.view import Memory, SeatView
from interpreter.bots.weighing import PARTS, WeighedBot, start_weights
from interpreter.check.load import check_paths
from interpreter.compile import compile_rules
from interpreter.engine.actions import legal_actions
from interpreter.engine.game import Game


@lru_cache(maxsize=None)
def rules():
    return compile_rules(check_paths(None, []).ruleset)


def card(tables, name):
    return next(c for c in tables.cards if c.name == name)


def city_with_a_compass_and_a_gear():
    tables = rules()
    game = Game(tables, 4, seed=3)
    for name in ("Apothecary", "Workshop"):
        game.cities[0].add_card(card(tables, name))
    return tables, game


def test_a_tablet_completing_a_set_scores_8_now_which_the_points_part_counts_and_science_now_names():
    """First edition rulebook: each symbol scores its count squared, each complete set 7
    more; a first tablet beside a compass and a gear adds 1 + 7 = 8 points now."""
    tables, game = city_with_a_compass_and_a_gear()
    worth = Appraiser(game, 0).card_worth(card(tables, "Scriptorium").index)
    assert worth.science_now == 8
    assert worth.points == 8                 # the same 8, counted by the score lines
    # the science part is the tablet's worth at the end, the symbols likely to come counted:
    # less than 8 here, since a tablet still to come may complete the set anyway
    assert 0 < worth.science < 8


def test_a_card_without_symbols_has_no_science_now():
    tables, game = city_with_a_compass_and_a_gear()
    worth = Appraiser(game, 0).card_worth(card(tables, "Stockade").index)
    assert worth.science == worth.science_now == 0


def test_the_adaptive_weighing_weighs_the_points_now_once_and_the_promise_by_the_science_weight():
    tables, game = city_with_a_compass_and_a_gear()
    scriptorium = card(tables, "Scriptorium").index
    worth = Appraiser(game, 0).card_worth(scriptorium)
    promise = worth.science - worth.science_now
    science = PARTS.index("science")

    game.hands[0][0] = scriptorium
    options = [o for o in legal_actions(game, 0) if o.kind == "build" and o.card == scriptorium]

    def value_with(science_weight):
        weights = start_weights()
        weights[science] = weights[len(PARTS) + science] = science_weight
        bot = WeighedBot(weights=weights)
        return bot.values(SeatView(game, 0, "turn", Memory()), options)[0]

    assert options and abs(promise) > 1
    assert abs((value_with(2.0) - value_with(0.0)) - 2.0 * promise) < 0.02     # the noise is under 0.01 a side


"""Bots learn the game from the rules: a variant that changes a score line or a military
trigger changes what the bots value and what they choose, in the same positions."""

from __future__ import annotations

from functools import lru_cache

import pytest

from interpreter.check.load import check_paths
from interpreter.compile import compile_rules
from interpreter.engine.actions import legal_actions
from interpreter.engine.game import Game
from interpreter.bots import make_bot
from interpreter.bots.view import Memory, SeatView
from interpreter.bots.valuation import Appraiser
from interpreter.bots.rulemodel import rule_model


@lru_cache(maxsize=None)
def rules(*variants):
    return compile_rules(check_paths(None, list(variants)).ruleset)


def under(game, tables):
    """The same position played under other rules (the variants here change no card)."""
    other = game.clone(seed=0)
    other.tables = tables
    for city in other.cities:
        city.tables = tables
    other.reset_events()
    return other


def positions(seeds, players=4, bot="greedy"):
    """Every turn position of games the bot plays under the base rules."""
    for seed in seeds:
        game = Game(rules(), players, seed)
        deciders = [make_bot(bot, seed * 10 + s) for s in range(players)]
        while not game.finished:
            yield game
            game.step(deciders)


def test_the_rule_model_reads_its_rates_from_the_score_lines_and_triggers():
    base, ten, harsh = (rule_model(rules(*v), 4) for v in ((), ("science-sets-worth-10",), ("harsh-defeats",)))
    assert base.coin_rate == pytest.approx(1 / 3) and base.token_rate == 1
    cheap = rule_model(rules("cheap-trade"), 4)
    assert cheap.trade_price < base.trade_price
    game = Game(rules(), 4, seed=1)
    city, (left, right) = game.cities[0], game.neighbours(0)
    left.shields = right.shields = 2
    game_h = under(game, rules("harsh-defeats"))
    assert base.tokens(city, left, right, tuple(game.cities), 0) * 3 == \
        harsh.tokens(game_h.cities[0], *game_h.neighbours(0), tuple(game_h.cities), 0)
    assert ten.symbol_share == base.symbol_share


@pytest.mark.slow
@pytest.mark.parametrize("variant, part", [("science-sets-worth-10", "science"), ("harsh-defeats", "military")])
def test_a_variant_raises_the_value_of_what_it_rewards(variant, part):
    higher = equal = 0
    for game in positions(range(6)):
        other = under(game, rules(variant))
        for seat in range(game.players):
            a, b = Appraiser(game, seat), Appraiser(other, seat)
            for option in legal_actions(game, seat):
                x, y = getattr(a.appraise(option), part), getattr(b.appraise(option), part)
                assert y >= x - 1e-9, (variant, option)
                higher += y > x + 1e-9
                equal += x == y != 0
    assert higher >= 20, (higher, equal)


@pytest.mark.slow
@pytest.mark.parametrize("bot", ["greedy"])
@pytest.mark.parametrize("variant, least", [("science-sets-worth-10", 3), ("harsh-defeats", 8)])
def test_a_variant_changes_the_bots_choices_in_the_same_positions(bot, variant, least):
    changed = asked = 0
    for game in positions(range(20), bot=bot):
        other = under(game, rules(variant))
        for seat in range(game.players):
            options = tuple(legal_actions(game, seat))
            here = make_bot(bot, 1).bot.choose(SeatView(game, seat, "turn", Memory()), options)
            there = make_bot(bot, 1).bot.choose(SeatView(other, seat, "turn", Memory()), options)
            asked += 1
            changed += options[here][:2] != options[there][:2]
    assert changed >= least, (changed, asked)

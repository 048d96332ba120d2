"""Every bot only ever takes legal options and never changes the game it is shown, at every
player count (the 2-player Free City included) and under every shipped variant; the same
seed gives the same game."""

from __future__ import annotations

import json
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from interpreter.check.load import check_paths
from interpreter.compile import compile_rules
from interpreter.engine.actions import legal_actions
from interpreter.engine.game import Game
from interpreter.engine.saves import game_to_data
from interpreter.bots import make_bot
from tests.conftest import ROOT

pytestmark = pytest.mark.slow       # (pyproject.toml: what `slow` means)

VARIANTS = [None] + sorted(p.stem for p in (ROOT / "content" / "variants").glob("*.wonders"))


@lru_cache(maxsize=None)
def rules(variant):
    return compile_rules(check_paths(None, [variant] if variant else []).ruleset)


class Watch:
    """Wraps a seat's decider: checks each answer is a legal option of the position, and
    (every `every`-th decision) that deciding left the game exactly as it was."""

    def __init__(self, inner, every=7):
        self.inner, self.every, self.asked = inner, every, 0

    def decide(self, game, seat, kind, options):
        self.asked += 1
        check = self.asked % self.every == 0
        before = json.dumps(game_to_data(game), sort_keys=True) if check else None
        index = self.inner.decide(game, seat, kind, options)
        assert isinstance(index, int) and 0 <= index < len(options)
        if kind == "turn" and seat < game.players:
            assert options[index] in legal_actions(game, seat)
        if check:
            assert json.dumps(game_to_data(game), sort_keys=True) == before, "a bot changed the game"
        return index


def play(variant, players, seed, specs):
    game = Game(rules(variant), players, seed=seed)
    deciders = [Watch(make_bot(specs[s % len(specs)], seed * 10 + s)) for s in range(players)]
    game.play(deciders)
    return game


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant=st.sampled_from(VARIANTS), players=st.integers(2, 7), seed=st.integers(0, 10 ** 6),
       order=st.permutations(["random", "greedy", "heuristic"]))
def test_bots_take_only_legal_options_and_leave_the_game_alone(variant, players, seed, order):
    game = play(variant, players, seed, list(order))
    assert game.finished


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10 ** 6))
def test_the_search_bot_takes_only_legal_options(players, seed):
    game = play(None, players, seed, ["mcts:iterations=3", "greedy"])
    assert game.finished


def test_same_seed_same_game():
    for spec in ("random", "greedy", "heuristic", "mcts:iterations=4"):
        logs = [play(None, 3, 11, [spec]).log for _ in range(2)]
        assert logs[0] == logs[1], spec

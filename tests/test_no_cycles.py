"""A game and a search leave no reference cycles, so the search bot pauses the cyclic
garbage collector while it plays its imagined games (interpreter/bots/mcts.py): were a
cycle made, it would be memory kept until the search ends."""

from __future__ import annotations

import gc

import pytest

from interpreter.bots import make_bot
from interpreter.engine.actions import legal_actions
from interpreter.engine.game import Game
from tests.scenario import tables


def _cyclic_garbage(play) -> int:
    gc.collect()
    gc.disable()
    try:
        play()
        return gc.collect()
    finally:
        gc.enable()


@pytest.mark.slow
def test_games_leave_no_cycles():
    rules = tables()
    Game(rules, 4, seed=1).play([make_bot("random", s) for s in range(4)])     # memos and caches made
    assert _cyclic_garbage(lambda: [Game(rules, players, seed=players).play(
        [make_bot("random", s) for s in range(players)]) for players in (3, 4, 7)]) == 0


@pytest.mark.slow
def test_a_search_leaves_no_cycles_and_the_collector_as_it_was():
    rules = tables()
    game = Game(rules, 4, seed=7)
    make_bot("mcts:iterations=12", 0).decide(game, 0, "turn", legal_actions(game, 0))
    assert _cyclic_garbage(lambda: make_bot("mcts:iterations=24", 1).decide(
        game, 0, "turn", legal_actions(game, 0))) == 0
    assert gc.isenabled()
    make_bot("mcts:iterations=12", 2).decide(game, 0, "turn", legal_actions(game, 0))
    assert gc.isenabled()
    gc.disable()
    try:
        make_bot("mcts:iterations=12", 2).decide(game, 0, "turn", legal_actions(game, 0))
        assert not gc.isenabled()
    finally:
        gc.enable()

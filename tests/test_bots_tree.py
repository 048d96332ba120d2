"""The search's tree over the player's own later turns: untried moves first (best first
by the rollout policy), then UCB1 against how often each move was available; an imagined
game credits every node it went through; a flat search (depth 0) grows no tree."""

from __future__ import annotations

import pytest

from interpreter.bots import make_bot
from interpreter.bots.tree import Node, back_up, pick, size
from interpreter.engine.actions import legal_actions
from interpreter.engine.game import Game
from tests.scenario import make_game, tables


def test_untried_moves_come_first_in_the_order_given():
    root = Node()
    assert pick(root, ["a", "b"], 0.7)[:1] == ("a",)
    assert pick(root, ["b", "a"], 0.7)[0] == "b"
    move, child, grown = pick(root, ["c", "a"], 0.7)
    assert (move, grown) == ("c", True) and root.children["c"] is child
    assert root.available == {"a": 3, "b": 2, "c": 1}


def test_then_the_best_mean_with_its_exploration_bonus():
    root = Node()
    for move, rewards in (("a", [1.0, 1.0, 0.0]), ("b", [0.0, 0.0, 0.0])):
        pick(root, [move], 0.0)
        for reward in rewards:
            back_up([root.children[move]], reward)
    root.available = {"a": 3, "b": 3}
    assert pick(root, ["a", "b"], 0.0)[:3:2] == ("a", False)
    # rarely available, never good, but its bonus is large when it was offered often
    root.children["b"].visits, root.children["b"].total = 1, 0.0
    root.available["b"] = 1000
    assert pick(root, ["a", "b"], 2.0)[0] == "b"


def test_a_game_credits_every_node_on_its_path():
    root, child = Node(), Node()
    back_up([root, child], 0.5)
    back_up([root], 1.0)
    assert (root.visits, root.total, child.visits, child.mean()) == (2, 1.5, 1, 0.5)
    root.children["x"] = child
    assert size(root) == 2


def search_stats(spec):
    game = make_game(["Rhodos", "Gizah", "Ephesos", "Babylon"], "A", seed=3)
    bot = make_bot(spec, 1)
    options = legal_actions(game, 0)
    bot.decide(game, 0, "turn", options)
    return bot.bot.last_stats


@pytest.mark.slow
def test_a_tree_grows_under_each_searched_move_and_its_visits_add_up():
    stats = search_stats("mcts:iterations=60,depth=2")
    assert stats["nodes"] > 0
    for move, tree in stats["trees"].items():
        assert tree.visits == stats["visits"][move]
        assert sum(child.visits for child in tree.children.values()) <= tree.visits
        for child in tree.children.values():
            assert sum(grand.visits for grand in child.children.values()) <= child.visits
            for grand in child.children.values():
                assert not grand.children              # depth 2: no third level


def test_a_flat_search_grows_no_tree():
    stats = search_stats("mcts:iterations=30,depth=0")
    assert stats["nodes"] == 0 and stats["iterations"] > 0


@pytest.mark.slow
def test_the_search_with_a_tree_is_the_same_for_the_same_seed():
    def play():
        game = Game(tables(), 3, seed=11)
        game.play([make_bot("mcts:iterations=8,depth=2", 1), make_bot("greedy", 2), make_bot("greedy", 3)])
        return [e for e in game.log if e["event"] == "choice"]
    assert play() == play()


def test_the_time_budget_stops_the_search_counting_the_ranking(monkeypatch):
    """On a clock that moves 10 ms at every reading, a 0.3 s budget stops a search of a
    million imagined games after a few, and no imagined world is half counted."""
    from interpreter.bots import mcts
    now = [0.0]

    def clock():
        now[0] += 0.01
        return now[0]
    monkeypatch.setattr(mcts.time, "perf_counter", clock)
    stats = search_stats("mcts:iterations=1000000,seconds=0.3")
    assert 0 < stats["iterations"] < 60
    assert now[0] < 0.3 + 0.1
    assert len(set(stats["visits"].values()) - {0}) <= 3      # halving rounds, each world whole

"""Every figure shows a game (issue 38 item 7): the example games kept while tallying
(sim/examples.py) are the same whatever order the records come in, stay a few per figure,
show the figure (a card's builder, the largest paired difference toward the effect), and
Play replays them from their seed to the same end as the records say."""

from __future__ import annotations

import random
import shutil

import pytest

from conftest import ROOT

from interpreter.sim.compare import pairs_of
from interpreter.sim.examples import KEEP, Kept
from interpreter.sim.records import RunOptions, game_seed, play_game
from interpreter.sim.summary import summarise
from interpreter.sim.worker import load_tables


@pytest.fixture(scope="module")
def runs():
    """Twelve games at 3 players under the base rules and under cheap trade (the same seeds)."""
    base = RunOptions(players=3, bots=("greedy", "random"), seed=7)
    cheap = RunOptions(players=3, bots=("greedy", "random"), seed=7, variants=("cheap-trade",))
    tables_a, tables_b = load_tables(base)[0], load_tables(cheap)[0]
    return ([play_game(tables_a, base, i) for i in range(12)], [play_game(tables_b, cheap, i) for i in range(12)])


def test_kept_holds_the_largest_values_whatever_the_order():
    offers = [(value, game, 1000 + game) for game, value in enumerate([3, 9, 9, 1, 7, 9, 2])]
    orders = [offers, offers[::-1], random.Random(1).sample(offers, len(offers))]
    shown = []
    for order in orders:
        kept = Kept()
        for value, game, seed in order:
            kept.offer(value, game, seed, seat=2)
        shown.append(kept.shown())
    assert shown[0] == shown[1] == shown[2]
    assert [(e["game"], e["value"]) for e in shown[0]] == [(1, 9), (2, 9)][:KEEP]      # the lowest games of equals


def test_the_summary_examples_do_not_depend_on_the_order_of_the_records(runs):
    records = runs[0]
    first = summarise(records)
    again = summarise(random.Random(3).sample(records, len(records)))
    assert first == again
    for row in first["wonders"] + first["seats"] + first["bots"]:
        assert len(row["examples"]["won"]) <= KEEP and len(row["examples"]["lost"]) <= KEEP


def test_a_cards_examples_are_games_where_its_builder_won_and_lost(runs):
    records = {r["game"]: r for r in runs[0]}
    summary = summarise(runs[0])
    checked = 0
    for card in summary["cards"]:
        for kind, won in (("won", True), ("lost", False)):
            for example in card["examples"][kind]:
                seat = records[example["game"]]["seats"][example["seat"] - 1]
                assert example["seed"] == records[example["game"]]["seed"]
                assert card["card"] in [name for name, _age in seat["built"]]
                assert (seat["win"] > 0) == won and example["at"] == "built" and example["card"] == card["card"]
                checked += 1
    assert checked > 20


def test_a_compared_figure_shows_the_twins_that_moved_most_toward_its_difference(runs):
    a, b = runs
    summary_a, summary_b = summarise(a), summarise(b)
    figures = pairs_of(a, b).figures(summary_a, summary_b)
    shuffled = pairs_of(random.Random(5).sample(a, len(a)), random.Random(6).sample(b, len(b)))
    assert [f["examples"] for f in figures] == [f["examples"] for f in shuffled.figures(summary_a, summary_b)]
    by_game = {g["game"]: (g, h) for g, h in zip(a, b)}
    score = next(f for f in figures if f["figure"] == "score of seat 1")
    assert score["difference"] != 0 and score["examples"]
    moves = sorted(((h["seats"][0]["total"] - g["seats"][0]["total"], -game) for game, (g, h) in by_game.items()),
                   reverse=score["difference"] > 0)
    assert [e["game"] for e in score["examples"]] == [-game for _d, game in moves[:len(score["examples"])]]
    for example in score["examples"]:
        g, h = by_game[example["game"]]
        assert example["value"] == h["seats"][0]["total"] - g["seats"][0]["total"]
        assert (example["value"] > 0) == (score["difference"] > 0)
    assert all(not f["examples"] for f in figures if f["difference"] == 0)


@pytest.mark.slow
def test_play_replays_an_example_from_its_seed_to_the_recorded_end(tmp_path):
    pytest.importorskip("starlette")
    from interpreter.studio.play_games import Games
    from interpreter.studio.weigh import Weighing
    root = tmp_path / "content"
    shutil.copytree(ROOT / "content", root, ignore=shutil.ignore_patterns("second-edition"))
    weighing = Weighing(root, root / "variants" / "cheap-trade.wonders", None, 3, 2, ("greedy", "random"), seed=4)
    tables = load_tables(weighing.b)[0]
    record = play_game(tables, weighing.b, 1)
    seat, (card, _age) = 2, record["seats"][1]["built"][-1]
    settings = weighing.play
    games = Games(root)
    session = games.replay({**settings["b"], "players": 3, "bots": settings["bots"], "sides": "random",
                            "seed": record["seed"], "seat": seat - 1, "at": {"at": "built", "card": card}})
    assert session.started.wait(60) and session.status == "ready", session.problem
    assert record["seed"] == game_seed(4, 1)
    view = session.view()
    assert view["replay"]["turn"] == view["node"]                      # a point per turn, the start point 0
    built = [n for n in session.nodes if any(tables.cards[i].name == card for i in n.game.cities[seat - 1].built)]
    assert built[0].number == view["node"] and session.nodes[view["node"] - 1] not in built
    end = session.nodes[-1].game
    assert end.finished and [sum(p.values()) for p in end.scores()] == [s["total"] for s in record["seats"]]
    assert len(session.nodes) == record["turns"] + 1

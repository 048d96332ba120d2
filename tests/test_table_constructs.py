"""Ranks and counts over the table (docs/language.md, "Ranks and counts over the table"):
a city's place among cities with its tie rule, how many cities hold a value, `most` and
`fewest` of a sum, `score so far` and `production of RESOURCE`, from a designer's
scenarios (issue 37: Armada's naval places, a catch-up for the last-placed city)."""

from __future__ import annotations

import pytest

from interpreter.check.load import check_paths
from interpreter.views.describe import expr_text
from interpreter.views.describe_nl import expr_text as expr_text_nl
from interpreter.compile.expressions import evaluate, value_fn
from interpreter.syntax import ast, printer
from interpreter.syntax.parser import parse_text
from scenario import Script
from test_triggers import _expression, last_turn, new_game, own, started, variant
from scenario import tables as shipped_tables


@pytest.fixture(scope="module")
def position():
    """Gizah (seat 0) with 14 coins and 2 shields, Babylon (seat 1, its left neighbour)
    with 7 coins, Rhodos (seat 2) with 9: seats 1 and 2 tie at 0 shields."""
    game = new_game(shipped_tables())
    own(game, 0, "Lumber Yard", "Stone Pit", "Stockade", "Barracks")
    game.cities[0].coins, game.cities[1].coins, game.cities[2].coins = 14, 7, 9
    return game


@pytest.mark.parametrize("seat, text, expected", [
    (0, "rank of coins among all cities", 1),
    (0, "rank of fewest coins among all cities", 3),
    (1, "rank of coins", 3),                                   # `among` left out: all cities
    (2, "rank of coins among neighbours", 2),                  # the owner is always ranked
    (1, "rank of shields among all cities", 2),                # 2, 0, 0: the two last share place 2
    (2, "rank of shields among all cities", 2),
    (1, "rank of fewest shields among all cities", 1),         # and both are first from the fewest
    (0, "rank of (coins + shields) among all cities", 1),
    (0, "number of cities with coins >= 9", 2),
    (0, "number of cities with coins >= 9 among neighbours", 1),
    (0, "number of cities with shields = 0 among all cities", 2),
    (0, "number of cities with (coins - shields) > 10", 1),
    (0, "most (coins + shields) of all cities", 16),
    (0, "fewest (coins + shields) of neighbours", 7),
    (0, "production of stone", 2),                             # the board's stone and the Stone Pit's
    (0, "production of wood", 1),
    (0, "production of ore in all cities", 1),                 # Rhodos's board
    (1, "production of stone", 0),
])
def test_ranks_and_counts_over_the_table(position, seat, text, expected):
    expr = _expression(text)
    where = position.events.where(seat)
    assert evaluate(expr, where) == expected
    assert value_fn(expr)(where) == expected                  # the compiled form agrees


def test_score_so_far_is_the_score_pad_as_it_stands(position):
    pads = position.scores()
    for seat in range(3):
        where = position.events.where(seat)
        assert evaluate(_expression("score so far"), where) == sum(pads[seat].values())
    totals = [sum(p.values()) for p in pads]
    assert evaluate(_expression("fewest score so far of all cities"), position.events.where(0)) == min(totals)
    assert evaluate(_expression("score so far of left neighbour"), position.events.where(0)) == totals[1]


@pytest.mark.parametrize("text", [
    "rank of coins among all cities", "rank of fewest shields among neighbours", "rank of (coins + shields)",
    "number of cities with coins >= 5", "number of cities with (coins + shields) != -1 among neighbours",
    "most (coins + shields) of all cities", "fewest (brown cards) of neighbours",
    "score so far", "score so far of left neighbour", "production of wood in all cities",
    "rank of score so far among all cities", "2 * rank of coins + 1",
])
def test_the_constructs_are_written_back_as_they_read(text):
    expr = _expression(text)
    again = _expression(printer.expr(expr))
    assert printer.expr(again) == printer.expr(expr) == text
    assert expr_text(expr) and expr_text_nl(expr)             # every describe layer words them


def _check(tmp_path, text):
    (tmp_path / "x.wonders").write_text(text, encoding="utf-8")
    from interpreter.paths import content_dir
    result = check_paths([content_dir() / "base.wonders", tmp_path / "x.wonders"])
    return [(d.code, d.span.line, d.span.column) for d in result.diagnostics if d.is_error]


@pytest.mark.parametrize("line, code, column", [
    ("score civilian: score so far / 10", "E1217", 21),                       # scoring would count itself
    ("on age end if rank of (age) = 1: gain 1 coin", "E1218", 28),            # the same in every city
    ("on age end if number of cities with (players) > 2 = 1: gain 1 coin", "E1218", 42),
    ("on age end if most (coins + shields) of left neighbour > 2: gain 1 coin", "E1214", 45),
    ("on age end if rank of coins among the neighbour = 1: gain 1 coin", "E1210", 39),
    ("on age end if production of gold > 1: gain 1 coin", "E1001", 33),
])
def test_misuse_is_located(tmp_path, line, code, column):
    card = f'card "Probe" {{\n    age I  color blue  copies 3+\n    {line}\n}}\n'
    assert _check(tmp_path, card) == [(code, 3, column)]


# ---------------------------------------------------------------- a designer's scenarios
NAVAL = """    trigger "naval places" on age end if rank of shields among all cities = 2: take token worth 3
    on age end if rank of fewest shields among all cities = 1: take token worth -1
"""


@pytest.mark.parametrize("shields, second, last", [
    ((3, 2, 1), [1], [2]),             # one place each
    ((3, 3, 1), [], [2]),              # two first places: no second place
    ((3, 1, 1), [1, 2], [1, 2]),       # tied second: both are second, and both last
])
def test_armadas_second_place_and_the_last(tmp_path, shields, second, last):
    """Armada's naval conflict, written with ranks: the second place takes 3, the last -1."""
    game = started(new_game(variant(tmp_path, NAVAL)))
    last_turn(game)
    for city, n in zip(game.cities, shields):
        city.shields = n
    start = len(game.log)
    game.step([Script() for _ in range(3)])
    taken = [(e["seat"], e["value"]) for e in game.log[start:] if e["event"] == "token" and e["against"] is None]
    assert sorted(s for s, v in taken if v == 3) == second
    assert sorted(s for s, v in taken if v == -1) == last


CATCH_UP = "    on age end if score so far = fewest score so far of all cities: gain 3 coins\n"


def test_the_last_placed_city_catches_up(tmp_path):
    game = started(new_game(variant(tmp_path, CATCH_UP)))
    last_turn(game)
    own(game, 0, "Altar")
    own(game, 2, "Altar")
    before = [c.coins for c in game.cities]
    game.step([Script() for _ in range(3)])                  # everyone sells: 3 coins each
    gained = [c.coins - b - 3 for c, b in zip(game.cities, before)]
    assert gained == [0, 3, 0]


def test_a_whole_game_with_the_constructs_plays_saves_and_loads(tmp_path):
    from interpreter.engine.saves import game_from_data, game_to_data
    rules = NAVAL + CATCH_UP + ("    on turn end if number of cities with production of wood >= 1 among neighbours"
                                " = 2: gain 1 coin\n")
    tables = variant(tmp_path, rules)
    game = new_game(tables, seed=3)
    while (decision := game.decision()) is not None:
        again = game_from_data(tables, game_to_data(game))
        assert game_to_data(again) == game_to_data(game)
        decision.choose(0)
    assert game.scores()
    assert isinstance(_expression("rank of coins"), ast.AmongCities)
    parsed, problems = parse_text(f'rules "R" {{\n{rules}}}\n', "r.wonders")
    assert problems == []

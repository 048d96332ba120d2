"""The engine runs expressions compiled once into functions of a Where (quantities.value_fn,
check_fn, amount_fn: no look-up of a node's kind, measure or scope while playing); they give
exactly what the tree-walking `evaluate`, `holds` and `per_value` give, for every expression
of the shipped rules and of tests/every_effect.wonders, in positions of real games."""

from __future__ import annotations

import itertools
import pickle
from pathlib import Path

import attrs
import pytest

from interpreter.check.load import check_paths
from interpreter.compile import compile_rules
from interpreter.engine.game import Game
from interpreter.compile.expressions import (VALUE_LIMIT, Where, amount_fn, check_fn, evaluate, holds, per_value,
                                           value_fn)
from interpreter.syntax import ast
from interpreter.bots.seats import make_deciders

EVERY_EFFECT = Path(__file__).parent / "every_effect.wonders"


def _nodes(node):
    yield node
    if attrs.has(type(node)):
        for field in attrs.fields(type(node)):
            value = getattr(node, field.name)
            for item in value if isinstance(value, tuple) else (value,):
                yield from _nodes(item)


def _pieces(ruleset):
    """Every expression, condition list and (amount, per) of the rule set."""
    sources = itertools.chain(ruleset.cards, *((s, *s.stages) for w in ruleset.wonders for s in w.sides))
    roots = [e for source in sources for e in source.effects] + list(ruleset.rules.scores) + \
        list(ruleset.rules.triggers)
    exprs, conditions, amounts = [], [], []
    for node in itertools.chain.from_iterable(_nodes(r) for r in roots):
        if isinstance(node, (ast.Number, ast.PerAmount, ast.Quantity, ast.Negative, ast.Conditional, ast.BinOp)):
            exprs.append(node)
        if isinstance(node, ast.Trigger) and node.conditions:
            conditions.append(node.conditions)
        if isinstance(node, (ast.GainCoins, ast.LoseCoins)):
            amounts.append((node.amount, node.per))
    return exprs, conditions, amounts


def _positions(tables, players):
    """Wheres of every seat, with each neighbour, at the end of each age of a few games."""
    for seed in range(3):
        game = Game(tables, players, seed)
        deciders = make_deciders(["random"], players, seed, None)
        while not game.finished:
            game.step(deciders)
            if game.turn == 1 or game.finished:
                for seat, city in enumerate(game.cities):
                    left, right = game.neighbours(seat)
                    for neighbour in (None, left, right):
                        yield Where(city, left, right, neighbour, tuple(game.cities), game.age.number,
                                    game.age.victory)
                        yield Where(city, left, right, neighbour, (), 1, 1, symbols=(3, 0, 2))


@pytest.mark.parametrize("paths", [None, [str(EVERY_EFFECT)]], ids=["shipped", "every-effect"])
def test_compiled_expressions_give_what_evaluating_the_tree_gives(paths):
    ruleset = check_paths(paths).ruleset
    tables = compile_rules(ruleset)
    exprs, conditions, amounts = _pieces(ruleset)
    assert exprs and amounts
    compiled = [(e, value_fn(e)) for e in exprs]
    checks = [(c, check_fn(c)) for c in conditions]
    paid = [(a, p, amount_fn(a, p)) for a, p in amounts]
    for where in _positions(tables, 3):
        for expr, fn in compiled:
            try:
                expected = evaluate(expr, where)
            except AttributeError:               # `the neighbour` outside a neighbour's trigger
                continue
            assert fn(where) == expected, expr
        for conds, fn in checks:
            if where.neighbour is not None:
                assert fn(where) == holds(conds, where)
        for amount, per, fn in paid:
            assert fn(where) == per_value(amount, per, where)


def test_compiled_arithmetic_stays_within_the_limit_as_evaluating_does():
    big = ast.Number(value=10 ** 12, span=None)
    product = ast.BinOp(op="*", left=big, right=big, span=None)
    where = Where(None, None, None)
    assert value_fn(product)(where) == evaluate(product, where) == VALUE_LIMIT
    negative = ast.Negative(operand=product, span=None)
    assert value_fn(negative)(where) == evaluate(negative, where) == -VALUE_LIMIT
    divided = ast.BinOp(op="/", left=big, right=ast.Number(value=0, span=None), span=None)
    assert value_fn(divided)(where) == evaluate(divided, where) == 0


def test_compiling_makes_the_whole_program_before_any_game():
    """issue 34 item 2: every source's static effects (`held`) and score lines and
    triggers (`run`: their conditions compiled in their hooks), and the rules' own, are
    compiled with the tables: nothing is left to compile during play."""
    tables = compile_rules(check_paths(None).ruleset)
    sources = [*tables.cards, *(s for side in tables.sides for s in (side.board, *side.stages))]
    assert all(s.held is not None and s.run is not None for s in sources)
    assert len(tables.run.scores) == len(tables.rules.scores) and len(tables.run.triggers) == len(tables.rules.triggers)
    assert all((hook.check is None) == (not trigger.conditions) for hook, trigger in zip(tables.run.triggers,
                                                                                        tables.rules.triggers))
    before = [(s.held, s.run) for s in sources]
    Game(tables, 4, 1).play(make_deciders(["random"], 4, 1, None))
    assert all(s.held is h and s.run is r for s, (h, r) in zip(sources, before))


def test_the_rules_still_pickle_for_worker_processes_after_a_game():
    """Compiled functions do not pickle: the tables and their sources go to a worker
    without them (and without the other things worked out once), and the worker's tables
    compile them again as they are loaded, before any game."""
    tables = compile_rules(check_paths(None).ruleset)
    game = Game(tables, 4, 1)
    game.play(make_deciders(["random"], 4, 1, None))
    loaded = pickle.loads(pickle.dumps(tables))
    assert loaded.cache == {}
    assert all(c.run is not None and c.held == d.held for c, d in zip(loaded.cards, tables.cards))
    again = Game(loaded, 4, 1)
    again.play(make_deciders(["random"], 4, 1, None))
    assert again.scores() == game.scores()


def test_a_comparison_of_two_measures_holds_them_within_the_limit_as_evaluating_does():
    """Compiled, two measures compared are read without each one's clamping call; beyond
    the limit they must still compare as held within it (both at the limit: equal)."""
    from types import SimpleNamespace
    coins = ast.Quantity(measure="coins", colors=(), scope=None, span=None)
    left_coins = ast.Quantity(measure="coins", colors=(), scope=ast.Scope(parts=("left",), span=None), span=None)
    for own, left in ((3 * VALUE_LIMIT, 2 * VALUE_LIMIT), (-3 * VALUE_LIMIT, -2 * VALUE_LIMIT), (5, 3),
                      (VALUE_LIMIT * 2, 3)):
        where = Where(SimpleNamespace(coins=own), SimpleNamespace(coins=left), None)
        for op in (">", "<", ">=", "<=", "=", "!="):
            conditions = (ast.Comparison(op=op, left=coins, right=left_coins, span=None),)
            assert check_fn(conditions)(where) == holds(conditions, where), (own, left, op)

"""Counting over cities: `N per X in <scope>` for coins when built and points at the end."""

from __future__ import annotations

from ..syntax import ast


def cities_in_scope(scope: ast.Scope | None, city, left, right):
    parts = scope.parts if scope is not None else ("own",)
    return [{"own": city, "left": left, "right": right}[p] for p in parts]


def count(what, scope, city, left, right, symbols=None) -> int:
    """How many `what` there are; `symbols` overrides the owner's symbol counts (wilds set)."""
    if isinstance(what, ast.CompleteSets):
        counts = symbols if symbols is not None else city.symbols
        return min(counts) if counts else 0
    total = 0
    for target in cities_in_scope(scope, city, left, right):
        if isinstance(what, ast.CardsOf):
            total += sum(target.colors.get(c.text, 0) for c in what.colors)
        elif isinstance(what, ast.WonderStages):
            total += target.stages
        elif isinstance(what, ast.DefeatTokens):
            total += sum(1 for t in target.tokens if t < 0)
        elif isinstance(what, ast.VictoryTokens):
            total += sum(1 for t in target.tokens if t > 0)
        elif isinstance(what, ast.Coins):
            total += target.coins
    return total


def per_value(amount: int, per: ast.Per | None, city, left, right, symbols=None) -> int:
    if per is None:
        return amount
    return amount * (count(per.what, per.scope, city, left, right, symbols) // per.every)


def score_value(value: ast.ScoreSum, city, left, right, symbols=None) -> int:
    total = 0
    counts = symbols if symbols is not None else city.symbols
    for term in value.terms:
        if isinstance(term, ast.PerAmount):
            total += per_value(term.amount, term.per, city, left, right, symbols)
        elif isinstance(term, ast.MilitaryTokens):
            total += sum(city.tokens)
        elif isinstance(term, ast.SymbolSquares):
            total += sum(n * n for n in counts)
    return total

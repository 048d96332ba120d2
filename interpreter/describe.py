"""English for effect objects, generated from their fields (no stored prose), and their
data form for `--format json`."""

from __future__ import annotations

import re

import attrs

from .check.model import Cost
from .diagnostics import Span
from .syntax import ast


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def and_list(words, joiner: str = "and") -> str:
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {joiner} " + words[-1]


def cost_text(cost: Cost) -> str:
    if cost.is_free:
        return "free"
    parts = [plural(cost.coins, "coin")] if cost.coins else []
    parts += [f"{n} {r}" for r, n in cost.resources]
    return ", ".join(parts)


def scope_text(scope: ast.Scope | None) -> str:
    if scope is None:
        return "own city"
    words = {"own": "own city", "left": "left neighbour", "right": "right neighbour"}
    parts = list(scope.parts)
    if "left" in parts and "right" in parts:
        parts = [p for p in parts if p not in ("left", "right")]
        return and_list([words[p] for p in parts] + ["both neighbours"])
    return and_list(words[p] for p in parts)


def countable_text(what, plural_form: bool = False) -> str:
    if isinstance(what, ast.CardsOf):
        return f"{and_list([c.text for c in what.colors], 'or')} card" + ("s" if plural_form else "")
    word = {ast.WonderStages: "wonder stage", ast.DefeatTokens: "defeat token",
            ast.VictoryTokens: "victory token", ast.Coins: "coin",
            ast.CompleteSets: "complete set of science symbols"}[type(what)]
    return word + ("s" if plural_form else "")


def per_text(per: ast.Per | None) -> str:
    if per is None:
        return ""
    what = countable_text(per.what, per.every > 1)
    every = f"{per.every} " if per.every > 1 else ""
    where = "" if isinstance(per.what, (ast.Coins, ast.CompleteSets)) and per.scope is None \
        else f" in {scope_text(per.scope)}"
    return f" per {every}{what}{where}"


def action_text(action) -> str:
    if isinstance(action, ast.GainCoins):
        return f"gains {plural(action.amount, 'coin')}{per_text(action.per)}"
    if isinstance(action, ast.AtTurnEnd):
        return f"at the end of that turn, {action_text(action.action)}"
    if isinstance(action, ast.BuildFromDiscard):
        return "builds one card from the discard pile for free"
    if isinstance(action, ast.CopyCard):
        where = scope_text(action.scope)
        where = where if where.startswith("both") else "the " + where
        return f"copies one {and_list([c.text for c in action.colors], 'or')} card of {where}"
    raise TypeError(action)


def score_text(value: ast.ScoreSum) -> str:
    parts = []
    for term in value.terms:
        if isinstance(term, ast.PerAmount):
            parts.append(f"{plural(term.amount, 'point')}{per_text(term.per)}")
        elif isinstance(term, ast.MilitaryTokens):
            parts.append("the sum of the military tokens")
        elif isinstance(term, ast.SymbolSquares):
            parts.append("the square of each science symbol's count")
    return " plus ".join(parts)


def effect_text(effect) -> str:
    if isinstance(effect, ast.Produces):
        words = [f"{i.count} {i.resource.text}" if i.count > 1 else i.resource.text for i in effect.items]
        items = and_list(words, "or") if effect.choice else ", ".join(words)
        text = f"produces {'one of ' if effect.choice and len(words) > 2 else ''}{items}"
        return text + (" (neighbours cannot buy it)" if effect.private else "")
    if isinstance(effect, ast.Points):
        return plural(effect.amount, "victory point")
    if isinstance(effect, ast.Shields):
        return plural(effect.amount, "shield")
    if isinstance(effect, ast.Science):
        if len(effect.symbols) == 1:
            return f"science symbol {effect.symbols[0].text}"
        return (f"one science symbol of the owner's choice ({and_list([s.text for s in effect.symbols], 'or')}),"
                " chosen at the end of the game")
    if isinstance(effect, ast.TradeDiscount):
        where = scope_text(effect.scope)
        where = where if where.startswith("both") else "the " + where
        return (f"buys {and_list([r.text for r in effect.resources])} from {where} "
                f"for {plural(effect.price, 'coin')} each")
    if isinstance(effect, ast.WhenBuilt):
        return f"when built, {action_text(effect.action)}"
    if isinstance(effect, ast.AtGameEnd):
        return f"at the end of the game, {action_text(effect.action)}"
    if isinstance(effect, ast.Score):
        return f"{effect.category.text}: {score_text(effect.value)}"
    if isinstance(effect, ast.FreeBuild):
        return f"once per {effect.limit.text}, may build a card for free"
    if isinstance(effect, ast.PlayLastCard):
        return "may play the last card of each age instead of discarding it"
    raise TypeError(effect)


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def to_data(value):
    """Syntax-tree objects as plain JSON data: `kind` names the construct, spans dropped."""
    if isinstance(value, ast.Name):
        return value.text
    if isinstance(value, Span):
        return None
    if isinstance(value, tuple):
        return [to_data(v) for v in value]
    if attrs.has(type(value)):
        data = {"kind": _snake(type(value).__name__)}
        for field in attrs.fields(type(value)):
            if field.name != "span":
                data[field.name] = to_data(getattr(value, field.name))
        return data
    return value


def effect_data(effect) -> dict:
    data = to_data(effect)
    data["text"] = effect_text(effect)
    return data

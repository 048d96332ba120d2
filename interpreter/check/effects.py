"""Check effects and actions: every name they use is declared, every number makes sense.

Returns the effect ready to run: resource groups in a trade discount are expanded to
their resources (each keeping the span of the group's name).
"""

from __future__ import annotations

import attrs

from ..diagnostics import Note
from ..syntax import ast
from .context import Context

LIMITS = ("turn", "age", "game")


def check_effects(effects, ctx: Context) -> tuple:
    checked = []
    for effect in effects:
        result = check_effect(effect, ctx)
        if result is not None:
            checked.append(result)
    return tuple(checked)


def check_effect(effect, ctx: Context):
    if isinstance(effect, ast.Produces):
        return _produces(effect, ctx)
    if isinstance(effect, ast.Science):
        ok = all([ctx.known(s, ctx.symbols, "E1003", "science symbol") for s in effect.symbols])
        return effect if ok and _no_repeats(effect.symbols, ctx, "symbol") else None
    if isinstance(effect, ast.TradeDiscount):
        return _trade_discount(effect, ctx)
    if isinstance(effect, ast.AtGameEnd) and not isinstance(effect.action, (ast.CopyCard, ast.GainCoins)):
        ctx.report("E1210", "this cannot happen at the end of the game", effect.action.span,
                   label="only `copy ...` or `gain ... coins` can",
                   help="building needs a turn: write it after `when built:` instead")
        return None
    if isinstance(effect, (ast.WhenBuilt, ast.AtGameEnd, ast.AtTurnEnd)):
        return effect if check_action(effect.action, ctx) else None
    if isinstance(effect, ast.Score):
        ok = ctx.known_category(effect.category)
        return effect if _score_sum(effect.value, ctx) and ok else None
    if isinstance(effect, ast.FreeBuild):
        return effect if ctx.known(effect.limit, LIMITS, "E1007", "limit") else None
    if isinstance(effect, ast.Points):
        return effect
    if isinstance(effect, ast.Shields):
        return effect if _positive(effect.amount, effect.span, "shields", ctx) else None
    return effect


def check_action(action, ctx: Context) -> bool:
    if isinstance(action, ast.GainCoins):
        return _positive(action.amount, action.span, "`gain`", ctx) and _per(action.per, ctx)
    if isinstance(action, ast.AtTurnEnd):
        return check_action(action.action, ctx)
    if isinstance(action, ast.CopyCard):
        ok = all([ctx.known(c, ctx.colors, "E1002", "colour") for c in action.colors])
        return _neighbours_only(action.scope, "copying", ctx) and ok
    return True


def _produces(effect: ast.Produces, ctx: Context):
    ok = True
    for item in effect.items:
        if not ctx.known(item.resource, ctx.resources, "E1001", "resource"):
            ok = False
        elif not _positive(item.count, item.span, "a production", ctx):
            ok = False
    if effect.choice and not _no_repeats([i.resource for i in effect.items], ctx, "resource"):
        ok = False
    return effect if ok else None


def _trade_discount(effect: ast.TradeDiscount, ctx: Context):
    expanded: list[ast.Name] = []
    ok = True
    for name in effect.resources:
        members = ctx.groups.get(name.text)
        if members is not None:
            expanded += [ast.Name(text=m, span=name.span) for m in members]
        elif ctx.known(name, tuple(ctx.resources) + tuple(ctx.groups), "E1001", "resource"):
            expanded.append(name)
        else:
            ok = False
    if not ok or not _no_repeats(expanded, ctx, "resource"):
        return None
    if not _neighbours_only(effect.scope, "buying", ctx):
        return None
    return attrs.evolve(effect, resources=tuple(expanded))


def _neighbours_only(scope: ast.Scope, what: str, ctx: Context) -> bool:
    if "own" not in scope.parts:
        return True
    ctx.report("E1210", f"{what} is from neighbours, not from one's own city", scope.span,
               label="not one's own city",
               help="write `from left neighbour`, `from right neighbour` or `from neighbours`")
    return False


def _score_sum(value: ast.ScoreSum, ctx: Context) -> bool:
    return all([_per(t.per, ctx) for t in value.terms if isinstance(t, ast.PerAmount)])


def _per(per: ast.Per | None, ctx: Context) -> bool:
    if per is None:
        return True
    ok = _positive(per.every, per.span, "`per`", ctx)
    if isinstance(per.what, ast.CardsOf):
        ok = all([ctx.known(c, ctx.colors, "E1002", "colour") for c in per.what.colors]) and ok
    return ok


def _positive(value: int, span, what: str, ctx: Context) -> bool:
    if value > 0:
        return True
    ctx.report("E1206", f"{what} needs a number above 0, not {value}", span,
               label="must be at least 1")
    return False


def _no_repeats(names, ctx: Context, what: str) -> bool:
    seen: dict[str, ast.Name] = {}
    ok = True
    for name in names:
        if name.text in seen:
            ctx.report("E1209", f"the {what} `{name.text}` is listed twice", name.span,
                       label="listed again", notes=(Note("first listed here", seen[name.text].span),))
            ok = False
        seen.setdefault(name.text, name)
    return ok

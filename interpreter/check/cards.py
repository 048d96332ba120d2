"""Check cards and wonders: their statements, costs, chains and effects."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..diagnostics import Note
from ..kinds.effects import effect_kind_of
from ..syntax import ast
from .context import Context
from .effects import AmountChecks, check_effects
from ..kinds.amounts import amount_kind
from .model import CardDef, Cost, SideDef, StageDef, WonderDef, written_cost
from .rules import age_number
from ..i18n import _


def check_cost(stmt: ast.CostStmt | None, ctx: Context) -> Cost | None:
    if stmt is None:
        return Cost()
    checks = AmountChecks(ctx)
    if not all([amount_kind(item).check_cost(item, checks) for item in stmt.items]):
        return None
    written = written_cost(stmt.items)              # (a cost holds no tokens: refused above)
    counts = dict(written.resources)
    ordered = tuple((r, counts[r]) for r in ctx.resources if r in counts)
    return Cost(coins=written.coins, resources=ordered)


def check_card(card: ast.Card, ctx: Context, points_categories: dict[str, str]) -> CardDef | None:
    owner = _('card "{name}"').format(name=card.name.text)
    deck_stmt = ctx.single(card.body, ast.DeckStmt, owner, card.name.span)
    age_stmt = ctx.single(card.body, ast.AgeStmt, owner, card.name.span, required=None if deck_stmt else "age")
    if deck_stmt and age_stmt:
        ctx.report("E1210", _("{owner} is in an age and in a deck").format(owner=owner), deck_stmt.span,
                   label=_("`deck` here"), notes=(Note(_("`age` here"), age_stmt.span),),
                   help=_("a card is dealt either with an age's deck (`age`) or by a phase from its own deck (`deck`)"))
        return None
    color_stmt = ctx.single(card.body, ast.ColorStmt, owner, card.name.span, required="color")
    copies_stmt = ctx.single(card.body, ast.CopiesStmt, owner, card.name.span)
    cost_stmt = ctx.single(card.body, ast.CostStmt, owner, card.name.span)
    chain_stmts = [s for s in card.body if isinstance(s, ast.ChainStmt)]
    effects = check_effects([s for s in card.body if isinstance(s, ast.EFFECT_TYPES)], ctx)

    age = age_number(age_stmt.age, ctx) if age_stmt else 0 if deck_stmt else None
    color = None
    if color_stmt and ctx.known(color_stmt.color, ctx.colors, "E1002", "colour"):
        color = color_stmt.color.text
        _points_have_category(card.body, points_categories.get(color), _("a {color} card").format(color=color), ctx)
    copies = _check_copies(copies_stmt, ctx)
    cost = check_cost(cost_stmt, ctx)
    chains = tuple(name.text for stmt in chain_stmts for name in stmt.cards)
    if age is None or color is None or copies is None or cost is None:
        return None
    return CardDef(name=card.name.text, age=age, color=color, copies=copies, cost=cost,
                   chains=chains, effects=effects, span=card.name.span,
                   deck=deck_stmt.deck.text if deck_stmt else "")


def _check_copies(stmt: ast.CopiesStmt | None, ctx: Context) -> tuple[int, ...] | None:
    if stmt is None:
        return ()
    values = [n.value for n in stmt.counts]
    for earlier, later in zip(stmt.counts, stmt.counts[1:]):
        if later.value < earlier.value:
            ctx.report("E1204", _("copies must be listed from the smallest player count up"), later.span,
                       label=_("{later}+ comes after {earlier}+").format(later=later.value, earlier=earlier.value),
                       help=_("`copies 3+ 5+` is one copy from 3 players and a second from 5"))
            return None
    for n in stmt.counts:
        if n.value < 1:
            ctx.report("E1204", _("a copy needs at least 1 player"), n.span)
            return None
    return tuple(values)


def _points_have_category(body: Iterable[Any], category: str | None, what: str, ctx: Context) -> None:
    if category is not None or not ctx.rules_known:
        return
    for effect in body:
        kind = effect_kind_of(effect)
        if kind is not None and kind.part == "points":        # plain points (kinds/effect_base.py `part`)
            ctx.report("E1205", _("points on {what} count in no score category").format(what=what), effect.span,
                       label=_("which line of the score pad?"),
                       help=_("say where they count with `score <category>: N`, or map the source in the rules with "
                              "`points of <colour> cards count as <category>`"))


def check_wonder(wonder: ast.Wonder, ctx: Context, stage_category: str | None) -> WonderDef | None:
    sides: list[SideDef] = []
    seen: dict[str, ast.Side] = {}
    ok = True
    if not wonder.sides:
        ctx.report("E1207", _('wonder "{wonder}" has no side').format(wonder=wonder.name.text), wonder.name.span,
                   help=_("add `side A { produces ...  stage { cost ...; points 3 } }`"))
        return None
    for side in wonder.sides:
        if side.name.text in seen:
            ctx.report("E1101", _('wonder "{wonder}" has two sides {side}').format(wonder=wonder.name.text, side=side.name.text), side.name.span,
                       notes=(Note(_("first defined here"), seen[side.name.text].name.span),))
            ok = False
            continue
        seen[side.name.text] = side
        checked = _check_side(wonder, side, ctx, stage_category)
        if checked is None:
            ok = False
        else:
            sides.append(checked)
    return WonderDef(name=wonder.name.text, sides=tuple(sides), span=wonder.name.span) if ok else None


def _check_side(wonder: ast.Wonder, side: ast.Side, ctx: Context, stage_category: str | None) -> SideDef | None:
    stages_ast = [s for s in side.body if isinstance(s, ast.Stage)]
    effects = check_effects([s for s in side.body if isinstance(s, ast.EFFECT_TYPES)], ctx)
    if not stages_ast:
        ctx.report("E1207", _('side {side} of "{wonder}" has no stage').format(side=side.name.text, wonder=wonder.name.text), side.name.span,
                   help=_("add `stage { cost 2 stone; points 3 }`"))
        return None
    _points_have_category(side.body, None, _("a wonder board"), ctx)
    stages: list[StageDef] = []
    ok = True
    for number, stage in enumerate(stages_ast, 1):
        owner = _('stage {number} of "{wonder}" {side}').format(number=number, wonder=wonder.name.text, side=side.name.text)
        cost_stmt = ctx.single(stage.body, ast.CostStmt, owner, stage.span)
        if cost_stmt is None:
            ctx.report("E1203", _("{owner} has no cost").format(owner=owner), stage.span, label=_("every stage costs something"),
                       help=_("add `cost 2 stone` (or whatever the stage costs) inside the braces"))
            ok = False
            continue
        _points_have_category(stage.body, stage_category, _("a wonder stage"), ctx)
        cost = check_cost(cost_stmt, ctx)
        ctx.on_stage = True                   # `this stage` means this one (check/effects.py, E2030)
        stage_effects = check_effects([s for s in stage.body if isinstance(s, ast.EFFECT_TYPES)], ctx)
        ctx.on_stage = False
        if cost is None:
            ok = False
            continue
        stages.append(StageDef(cost=cost, effects=stage_effects, span=stage.span))
    if not ok:
        return None
    return SideDef(name=side.name.text, effects=effects, stages=tuple(stages), span=side.name.span,
                   any_order=_any_order(wonder, side, len(stages), ctx))


def _any_order(wonder: ast.Wonder, side: ast.Side, stages: int, ctx: Context) -> bool:
    """`stages in any order`, said once, on a side with more than one stage to order."""
    owner = _('side {side} of "{wonder}"').format(side=side.name.text, wonder=wonder.name.text)
    said = ctx.single(side.body, ast.StagesAnyOrder, owner, side.span)
    if said is not None and stages < 2:
        ctx.report("E1801", _("{owner} has one stage: there is no order to leave free").format(owner=owner),
                   said.span, label=_("one stage"),
                   help=_("add the other stages, or take `stages in any order` away"))
    return said is not None

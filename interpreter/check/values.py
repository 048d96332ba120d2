"""Check the values of effects, actions and conditions: every name an expression, a
quantity or a condition uses is declared, every number makes sense, `the neighbour` only
where one is bound, a scope names the cities it may (the neighbours only where buying,
several cities where comparing): each node's check is its kind's (kinds/expressions/).
The rules shared by the lenders of check/effects.py (`positive`, `no_repeats`, ...) live
here; so do the lenders of a value and its parts: an expression node's (`ExprChecks`), a
measure's (`MeasureChecks`), a condition's (`ConditionChecks`), a way of gathering a value
over the table's (`WayChecks`)."""

from __future__ import annotations

from typing import Any, Iterable

from ..diagnostics import Note, Span
from ..syntax import ast
from ..kinds.conditions import condition_kind
from ..kinds import expression_base
from ..kinds.expressions import EXPRESSIONS, quantities_in
from ..kinds.measures import measure_kind
from ..kinds import scopes
from ..syntax.printer import expr as expr_words
from .context import Context, what_word
from ..i18n import _


def check_expr(expr: object, ctx: Context, neighbour: bool = False) -> bool:
    """Names in an expression are declared; `the neighbour` only where one is bound: its
    kind's check (kinds/expressions/), lent `ExprChecks`."""
    kind = EXPRESSIONS.get(type(expr))
    if kind is None:
        return True
    checks: expression_base.Checks = ExprChecks(ctx, neighbour)      # (mypy holds the lender to the Protocol)
    return kind.check(expr, checks)


class ExprChecks:
    """What an expression's check (kinds/expression_base.py `ExpressionKind.check`) is lent
    of the checker: the context, whether `the neighbour` is bound, the rules for its parts."""

    def __init__(self, ctx: Context, neighbour: bool) -> None:
        self.ctx = ctx
        self.neighbour = neighbour

    def expr(self, e: Any) -> bool:
        """A node it holds (a value, `per ...`, a card by its place)."""
        return check_expr(e, self.ctx, self.neighbour)

    def condition(self, c: Any) -> bool:
        return check_condition(c, self.ctx, self.neighbour)

    def measure_checks(self) -> MeasureChecks:
        return MeasureChecks(self.ctx)

    def way_checks(self) -> WayChecks:
        return WayChecks(self.ctx, self.neighbour)

    def colours(self, colors: Iterable[ast.Name]) -> bool:
        """Every colour named is declared."""
        return all([self.ctx.known(c, self.ctx.colors, "E1002", "colour") for c in colors])

    def positive(self, value: int, span: Span, what: str) -> bool:
        return positive(value, span, what, self.ctx)

    def no_neighbour_here(self, scope: ast.Scope) -> bool:
        return no_neighbour_here(scope, self.ctx)

    def not_on_stage(self, span: Span) -> bool:
        return not_on_stage(span, self.ctx)

    @staticmethod
    def printed(e: Any) -> str:
        """The node as written (a message's example)."""
        return expr_words(e)


class MeasureChecks:
    """What a measure's check (kinds/measure_base.py `MeasureKind.check`) is lent of the
    checker: the names a quantity's measure reads."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    def resource(self, name: ast.Name) -> bool:
        """A declared resource (E1001)."""
        return self.ctx.known(name, self.ctx.resources, "E1001", "resource")

    def token_kind(self, name: ast.Name) -> bool:
        """A declared kind of kept token (E1008)."""
        return self.ctx.known(name, self.ctx.tokens, "E1008", "token kind")

    def no_repeats(self, names: Iterable[ast.Name], what: str) -> bool:
        """No name listed twice (E1209)."""
        return no_repeats(names, self.ctx, what)


def differs_by_city(value: Any, ctx: Context) -> bool:
    """A value that cities are compared by (a rank, a count over cities, `each ... with
    fewer VALUE`) must count something of a city: E1218 where it does not."""
    if any(measure_kind(q).counted_in != "game" for q in quantities_in(value)):
        return True
    ctx.report("E1218", _("this value is the same in every city: comparing cities by it tells nothing"),
               value.span, label=_("nothing of a city is counted here"),
               help=_("count something a city has, e.g. `rank of shields among all cities` or "
                      "`number of cities with coins >= 5`"))
    return False


def not_on_stage(span: Span, ctx: Context) -> bool:
    ctx.report("E2030", _("`this stage` is said on a wonder stage only"), span,
               label=_("not on a wonder stage"),
               help=_("write it inside `stage { ... }` of a wonder side; a card names a city's cards by their place: "
                      "`the last card built`"))
    return False


def no_neighbour_here(scope: ast.Scope, ctx: Context) -> bool:
    """E1210 for `the neighbour` in an expression outside a trigger `for each neighbour`
    (False: the expression is refused)."""
    ctx.report("E1210", _("`the neighbour` means nothing here"), scope.span,
               label=_("no neighbour is being looked at"),
               help=_("use it in a trigger `on ... for each neighbour`, or say `left neighbour`, `right "
                      "neighbour` or `neighbours`"))
    return False


def neighbours_only(scope: ast.Scope, what: str, ctx: Context, own: bool = False) -> bool:
    wrong = scopes.not_neighbours(scope, but_own=own)
    if not wrong:
        return True
    where = what_word(wrong[0].what or "")
    ctx.report("E1210", _("{what} is from the left or right neighbour, not from {where}").format(
        what=what_word(what), where=where), scope.span,
               label=_("not {where}").format(where=where),
               help=_("write `from left neighbour`, `from right neighbour` or `from neighbours`"))
    return False


def check_condition(c: Any, ctx: Context, neighbour: bool) -> bool:
    """A condition: its kind's check (kinds/conditions/)."""
    return condition_kind(c).check(c, ConditionChecks(ctx, neighbour))


class ConditionChecks:
    """What a condition's check (kinds/condition_base.py `ConditionKind.check`) is lent of
    the checker: the context, whether `the neighbour` is bound, the rules for its parts."""

    def __init__(self, ctx: Context, neighbour: bool) -> None:
        self.ctx = ctx
        self.neighbour = neighbour

    def expr(self, expr: object) -> bool:
        return check_expr(expr, self.ctx, self.neighbour)

    def which_card(self, card: Any) -> bool:
        """A card named by its place, of one city (its kind's check)."""
        return check_expr(card, self.ctx, self.neighbour)

    def colours(self, colors: Iterable[ast.Name]) -> bool:
        """Every colour named is declared."""
        return all([self.ctx.known(c, self.ctx.colors, "E1002", "colour") for c in colors])

    def positive(self, value: int, span: Span, what: str) -> bool:
        return positive(value, span, what, self.ctx)


class WayChecks:
    """What a way of gathering a value over the table (kinds/among_base.py `AmongKind.check`)
    is lent of the checker: the context, whether `the neighbour` is bound, its value's rules."""

    def __init__(self, ctx: Context, neighbour: bool) -> None:
        self.ctx = ctx
        self.neighbour = neighbour

    def expr(self, expr: object) -> bool:
        return check_expr(expr, self.ctx, self.neighbour)

    def differs_by_city(self, value: Any) -> bool:
        """A value cities are compared by counts something of a city (E1218)."""
        return differs_by_city(value, self.ctx)

    def no_neighbour_here(self, scope: ast.Scope) -> bool:
        """`the neighbour` where none is looked at: reported (E1210), False."""
        return no_neighbour_here(scope, self.ctx)


def positive(value: int, span: Span, what: str, ctx: Context) -> bool:
    if value > 0:
        return True
    ctx.report("E1206", _("{what} needs a number above 0, not {value}").format(what=what_word(what), value=value), span,
               label=_("must be at least 1"))
    return False


def no_repeats(names: Iterable[ast.Name], ctx: Context, what: str) -> bool:
    seen: dict[str, ast.Name] = {}
    ok = True
    for name in names:
        if name.text in seen:
            ctx.report("E1209", _("the {what} `{name}` is listed twice").format(what=what_word(what), name=name.text),
                       name.span,
                       label=_("listed again"), notes=(Note(_("first listed here"), seen[name.text].span),))
            ok = False
        seen.setdefault(name.text, name)
    return ok

"""Check the values of effects, actions and conditions: every name an expression, a
quantity or a condition uses is declared, every number makes sense, `the neighbour` only
where one is bound, a scope names the cities it may (the neighbours only where buying,
several cities where comparing).  The rules shared by the lenders of check/effects.py
(`positive`, `no_repeats`, ...) live here; so do the lenders of the parts of a value:
a measure's (`MeasureChecks`), a condition's (`ConditionChecks`), a way of gathering a
value over the table's (`WayChecks`)."""

from __future__ import annotations

from typing import Any, Iterable, Iterator

import attrs

from ..diagnostics import Note, Span
from ..syntax import ast
from ..kinds.among import among_of
from ..kinds.conditions import condition_kind, values_compared
from ..kinds.measures import measure_kind
from ..kinds import scopes
from ..syntax.printer import quantity as quantity_words
from .context import Context, what_word
from ..i18n import _


def check_expr(expr: object, ctx: Context, neighbour: bool = False) -> bool:
    """Names in an expression are declared; `the neighbour` only where one is bound."""
    if isinstance(expr, ast.BinOp):
        return all([check_expr(expr.left, ctx, neighbour), check_expr(expr.right, ctx, neighbour)])
    if isinstance(expr, ast.Negative):
        return check_expr(expr.operand, ctx, neighbour)
    if isinstance(expr, ast.PerAmount):
        return check_per(expr.per, ctx, neighbour)
    if isinstance(expr, ast.Quantity):
        return _quantity(expr, ctx, neighbour)
    way = among_of(expr)
    if way is not None:                 # a value gathered over the table: its way's check
        return way.check(expr, WayChecks(ctx, neighbour), neighbour)
    if isinstance(expr, ast.Conditional):
        ok = check_expr(expr.value, ctx, neighbour)
        for c in expr.conditions:
            ok = check_condition(c, ctx, neighbour) and ok
            sides = values_compared(c)
            if sides and not any(_measures(side) for side in sides):
                ctx.report("W1213", _("this condition compares numbers only: it is always true or always false"),
                           c.span, label=_("nothing of the game is measured here"),
                           help=_("compare a quantity of the game, e.g. `if unbuilt wonder stages = 0`"))
        return ok
    return True


def _measures(expr: object) -> bool:
    """Does the expression measure something of the game (not only numbers)?"""
    if isinstance(expr, (ast.Quantity, ast.PerAmount)) or among_of(expr) is not None:
        return True
    if isinstance(expr, ast.BinOp):
        return _measures(expr.left) or _measures(expr.right)
    if isinstance(expr, ast.Negative):
        return _measures(expr.operand)
    return False


def _quantity(q: ast.Quantity, ctx: Context, neighbour: bool) -> bool:
    ok = all([ctx.known(c, ctx.colors, "E1002", "colour") for c in q.colors])
    if q.card is not None:
        ok = _which_card(q.card, ctx, neighbour) and ok
    kind = measure_kind(q)
    ok = kind.check(q, MeasureChecks(ctx)) and ok
    if q.extreme is not None and not _compares_cities(q, ctx):
        return False
    if q.scope is not None and kind.counted_in == "owner":
        ctx.report("E1210", _("science symbols are counted in one's own city only"), q.scope.span,
                   label=_("no scope here"), help=_("leave out the scope"))
        return False
    if q.scope is not None and scopes.looks_at_neighbour(q.scope) and not neighbour:
        ok = no_neighbour_here(q.scope, ctx)
    return ok


def check_per(per: ast.Per | None, ctx: Context, neighbour: bool = False) -> bool:
    if per is None:
        return True
    ok = positive(per.every, per.span, "`per`", ctx)
    return _quantity(per.what, ctx, neighbour) and ok


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


def quantities_in(expr: Any) -> Iterator[ast.Quantity]:
    """Every quantity of an expression, however deep."""
    if isinstance(expr, ast.Quantity):
        yield expr
    elif isinstance(expr, ast.PerAmount):
        yield expr.per.what
    elif isinstance(expr, ast.Negative):
        yield from quantities_in(expr.operand)
    elif isinstance(expr, ast.BinOp):
        yield from quantities_in(expr.left)
        yield from quantities_in(expr.right)
    elif among_of(expr) is not None:
        yield from quantities_in(expr.value)
    elif isinstance(expr, ast.Conditional):
        yield from quantities_in(expr.value)
        for c in expr.conditions:
            for side in values_compared(c):
                yield from quantities_in(side)


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


def _compares_cities(q: ast.Quantity, ctx: Context) -> bool:
    """`most`/`fewest` picks one city among several: its measure is counted per city, and
    its scope names at least two cities (`all cities` or `neighbours` at least)."""
    word = q.extreme
    if measure_kind(q).counted_in == "owner":
        ctx.report("E1214", _("`{word}` compares cities, but science symbols are counted in one's own city only").format(word=word),
                   q.span, label=_("not counted per city"),
                   help=_("compare a count each city has, e.g. `{word} shields of all cities`").format(word=word))
        return False
    if q.scope is not None and scopes.several(q.scope):
        return True
    where = _("names no cities") if q.scope is None else _("names one city only")
    ctx.report("E1214", _("`{word}` compares cities, but this {where}").format(word=word, where=where), q.scope.span if q.scope else q.span,
               label=_("one city has nothing to compare with"),
               help=(_("name the cities: `{word} {what} of all cities` or `... of neighbours`") if q.scope is None
                     else _("name the cities: `{word} {what} of all cities` or `... of neighbours`, or leave out "
                            "`{word}` to count this city's")).format(word=word, what=_plain(q)))
    return False


def _plain(q: ast.Quantity) -> str:
    return quantity_words(attrs.evolve(q, extreme=None, scope=None))


def _which_card(card: ast.WhichCard, ctx: Context, neighbour: bool, several: bool = False) -> bool:
    """A card named by its place: `this stage` on a stage only, the cities it may be of
    one (`several`: a copy's choice between the neighbours), `the neighbour` only where one
    is looked at, its colours declared."""
    if card.which == "under":
        if not ctx.on_stage:
            return not_on_stage(card.span, ctx)
        return all([ctx.known(c, ctx.colors, "E1002", "colour") for c in card.colors])
    scope = card.scope                  # the owner's city when None: one city, never `the neighbour`
    if scope is None:
        return True
    if not several and scopes.several(scope):
        ctx.report("E2032", _("a card named by its place is one city's: this names several"), scope.span,
                   label=_("more than one city"),
                   help=_("name one city: `by own city`, `by left neighbour`, `by right neighbour`"))
        return False
    if scopes.looks_at_neighbour(scope) and not neighbour:
        return no_neighbour_here(scope, ctx)
    return True


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

    def which_card(self, card: ast.WhichCard) -> bool:
        """A card named by its place, of one city (`_which_card`)."""
        return _which_card(card, self.ctx, self.neighbour)

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

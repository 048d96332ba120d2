"""`VALUE if COMPARISON and ...` in a score line: the value while every condition holds at
the end of the game, 0 otherwise.  Its grammar rule is `conditional`, built by
syntax/builder/effects.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterator

from ..conditions import values_compared
from ..expression_base import Checks, ExpressionKind, Printer, Reader, of
from ...i18n import _
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ...diagnostics import Span
    from ...syntax.ast_effects import Condition, Expr


@node
class Conditional:
    """`<value> if <comparison> and ...` in a score line: the value while every comparison
    holds at the end of the game, 0 otherwise."""
    value: Expr
    conditions: tuple[Condition, ...]
    span: Span


class ConditionalKind(ExpressionKind):
    node = Conditional

    def check(self, e: Any, c: Checks) -> bool:
        """Its value and conditions; W1213 for a condition that compares numbers only."""
        ok = c.expr(e.value)
        for condition in e.conditions:
            ok = c.condition(condition) and ok
            sides = values_compared(condition)
            if sides and not any(of(side).measures(side) for side in sides):
                c.ctx.report("W1213", _("this condition compares numbers only: it is always true or always false"),
                             condition.span, label=_("nothing of the game is measured here"),
                             help=_("compare a quantity of the game, e.g. `if unbuilt wonder stages = 0`"))
        return ok

    def conditions(self, e: Any) -> tuple[Any, ...]:
        return tuple(e.conditions)

    def counted(self, e: Any) -> Iterator[Any]:
        yield from of(e.value).counted(e.value)
        for condition in e.conditions:
            for side in values_compared(condition):
                yield from of(side).counted(side)

    def read(self, e: Any) -> Iterator[Any]:
        yield from of(e.value).read(e.value)
        for condition in e.conditions:
            for side in values_compared(condition):
                yield from of(side).read(side)

    def measures(self, e: Any) -> bool:
        return False            # (as a whole: a score line's value, never a side compared)

    def value(self, e: Any, where: Any, r: Reader) -> int:
        return r.evaluate(e.value, where) if r.holds(e.conditions, where) else 0

    def compiled(self, e: Any, r: Reader) -> Callable[[Any], int]:
        value, check = r.value_fn(e.value), r.check_fn(e.conditions)
        return lambda where: value(where) if check(where) else 0

    def written(self, e: Any, p: Printer) -> str:
        return f"{p.expr(e.value)} if {p.conditions(e.conditions)}"

    def words_en(self, e: Any, w: Any) -> str:
        return f"{w.expr_text(e.value)} if " + " and ".join(w.comparison_text(c) for c in e.conditions)

    def words_nl(self, e: Any, w: Any) -> str:
        return f"{w.expr_text(e.value)} als {w.condition_text(e.conditions)}"

    def score_en(self, e: Any, w: Any) -> str:
        return f"{w.score_text(e.value)} if " + " and ".join(w.comparison_text(c) for c in e.conditions)

    def score_nl(self, e: Any, w: Any) -> str:
        return f"{w.score_text(e.value)} als {w.condition_text(e.conditions)}"

    def icons(self, e: Any, kit: Any, v: Any, unit: Callable[[str, str], Any]) -> list[Any]:
        condition = _(" and ").join(kit.describer().comparison_text(c) for c in e.conditions)
        shown: list[Any] = kit.expression(e.value, v, unit) + [kit.icons.chip(_("if {condition}").format(condition=condition))]
        return shown

    def notation(self, e: Any, kit: Any) -> str | None:
        return f"{kit.score(e.value)} " + _("if {conditions}").format(conditions=_(" and ").join(
            kit.condition(c) for c in e.conditions))


KIND = ConditionalKind()

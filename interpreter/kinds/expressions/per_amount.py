"""`N per [M] QUANTITY` (`1 per 2 brown cards of neighbours`): N for every M counted.  Its
grammar rule is `per_amount`, built by syntax/builder/expressions.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterator

from ..expression_base import Checks, ExpressionKind, Printer, Reader, of
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ...diagnostics import Span
    from .per import Per


@node
class PerAmount:
    amount: int
    per: Per
    span: Span


class PerAmountKind(ExpressionKind):
    node = PerAmount

    def check(self, e: Any, c: Checks) -> bool:
        return c.expr(e.per)

    def counted(self, e: Any) -> Iterator[Any]:
        return of(e.per).counted(e.per)

    def measures(self, e: Any) -> bool:
        return True

    def value(self, e: Any, where: Any, r: Reader) -> int:
        return r.per_value(e.amount, e.per, where)

    def compiled(self, e: Any, r: Reader) -> Callable[[Any], int]:
        if e.per is None and isinstance(e.amount, int):
            constant = r.clamped(e.amount)
            return lambda where: constant
        return r.amount_fn(e.amount, e.per)

    def written(self, e: Any, p: Printer) -> str:
        return f"{e.amount} {of(e.per).written(e.per, p)}"

    def words_en(self, e: Any, w: Any) -> str:
        return f"{e.amount}{w.per_text(e.per)}"

    def words_nl(self, e: Any, w: Any) -> str:
        return f"{e.amount}{w.per_text(e.per)}"

    def score_en(self, e: Any, w: Any) -> str:
        return f"{w.plural(e.amount, 'point')}{w.per_text(e.per)}"

    def score_nl(self, e: Any, w: Any) -> str:
        return f"{w.noun(e.amount, 'point')}{w.per_text(e.per)}"

    def icons(self, e: Any, kit: Any, v: Any, unit: Callable[[str, str], Any]) -> list[Any]:
        shown: list[Any] = [unit(str(e.amount), kit.expr_text(e))] + kit.per_icons(e.per, v)
        return shown

    def notation(self, e: Any, kit: Any) -> str | None:
        return f"{kit.points(e.amount)}{kit.per_text(e.per)}"


KIND = PerAmountKind()

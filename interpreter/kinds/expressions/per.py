"""`per [N] QUANTITY`: one unit for every N counted, a part of a value (`2 per 3 coins`) and
of the actions and effects that count (`gain 1 coin per brown card`, `shields 1 per ...`).
Its grammar rule is `per`, built by syntax/builder/expressions.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterator

from ..expression_base import Checks, ExpressionKind, Printer, Reader
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ...diagnostics import Span
    from .quantity import Quantity


@node
class Per:
    """`per [N] <quantity>`: one unit for every N counted."""
    every: int
    what: Quantity
    span: Span


class PerKind(ExpressionKind):
    node = Per
    part = True

    def check(self, e: Any, c: Checks) -> bool:
        ok = c.positive(e.every, e.span, "`per`")
        return c.expr(e.what) and ok

    def counted(self, e: Any) -> Iterator[Any]:
        yield e.what

    def measures(self, e: Any) -> bool:
        return True

    def value(self, e: Any, where: Any, r: Reader) -> int:
        """The units counted: the quantity divided by N, rounded down."""
        units: int = r.measure(e.what, where) // e.every
        return units

    def compiled(self, e: Any, r: Reader) -> Callable[[Any], int]:
        counted, every = r.measure_fn(e.what), e.every
        return lambda where: counted(where) // every

    def times(self, e: Any, amount: Any, r: Reader) -> Callable[[Any], int]:
        """`amount` (a number, or an expression) for every unit counted, as a function of the
        Where, held within the limit (compile/expressions.py `amount_fn`: `gain 1 coin per ...`)."""
        counted, every, limit = r.measure_fn(e.what), e.every, r.VALUE_LIMIT
        if isinstance(amount, int):             # the common case (`1 point per 3 coins`): no call for the amount
            def per_unit(where: Any) -> int:
                v: int = amount * (counted(where) // every)
                return v if -limit <= v <= limit else max(-limit, min(limit, v))
            return per_unit
        value = r.value_fn(amount)

        def per_amount(where: Any) -> int:
            v: int = value(where) * (counted(where) // every)
            return v if -limit <= v <= limit else max(-limit, min(limit, v))
        return per_amount

    def written(self, e: Any, p: Printer) -> str:
        every = f"{e.every} " if e.every != 1 else ""
        return f"per {every}{p.quantity(e.what, one=e.every == 1)}"

    def words_en(self, e: Any, w: Any) -> str:
        every = f"{e.every} " if e.every > 1 else ""
        return f" per {every}{w.quantity_text(e.what, singular=e.every == 1)}"

    def words_nl(self, e: Any, w: Any) -> str:
        every = f"{e.every} " if e.every > 1 else ""
        return f" per {every}{w.quantity_text(e.what, singular=e.every == 1)}"

    def icons(self, e: Any, kit: Any, v: Any, unit: Callable[[str, str], Any]) -> list[Any]:
        """`/N` and the quantity's icons (`unit` unused: a part has none)."""
        shown: list[Any] = [kit.icons.word("/" if e.every == 1 else f"/{e.every}")] + kit.quantity(e.what, v)
        return shown


KIND = PerKind()

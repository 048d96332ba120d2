"""`-EXPR`: a value negated.  Its class is a leaf of the tree (syntax/ast_base.py
`Negative`, kept beside `Number` since `-3` written is a number too); its grammar rule is
`negative`, built by syntax/builder/expressions.py."""

from __future__ import annotations

from typing import Any, Callable, Iterator

from ..expression_base import Checks, ExpressionKind, Printer, Reader, of
from ...syntax.ast_base import Negative


class NegativeKind(ExpressionKind):
    node = Negative

    def check(self, e: Any, c: Checks) -> bool:
        return c.expr(e.operand)

    def counted(self, e: Any) -> Iterator[Any]:
        return of(e.operand).counted(e.operand)

    def measures(self, e: Any) -> bool:
        return of(e.operand).measures(e.operand)

    def read(self, e: Any) -> Iterator[Any]:
        return of(e.operand).read(e.operand)

    def value(self, e: Any, where: Any, r: Reader) -> int:
        return -r.evaluate(e.operand, where)

    def compiled(self, e: Any, r: Reader) -> Callable[[Any], int]:
        operand = r.value_fn(e.operand)            # within the limit: so is its negation
        return lambda where: -operand(where)

    def written(self, e: Any, p: Printer) -> str:
        inner = p.expr(e.operand)
        return f"-({inner})" if of(e.operand).operator else f"-{inner}"

    def words_en(self, e: Any, w: Any) -> str:
        return f"-{w.expr_text(e.operand)}"

    def words_nl(self, e: Any, w: Any) -> str:
        return f"-{w.expr_text(e.operand)}"


KIND = NegativeKind()

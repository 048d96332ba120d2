"""`A + B`, `A - B`, `A * B`, `A / B` (`/` rounds down; by zero gives 0): two values joined.
Its grammar rule is `binary`, built by syntax/builder/expressions.py."""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING, Any, Callable, Iterator

from ..expression_base import Checks, ExpressionKind, Printer, Reader, of
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ...diagnostics import Span
    from ...syntax.ast_effects import Expr


@node
class BinOp:
    op: str                 # + - * /   (/ rounds down)
    left: Expr
    right: Expr
    span: Span


def _divided(a: int, b: int) -> int:
    return a // b if b else 0       # `/` rounds down; by zero gives 0


_COMBINE: dict[str, Callable[[int, int], int]] = {"+": operator.add, "-": operator.sub, "*": operator.mul}
# the words of an operator (the others as written)
_WORDS_EN = {"/": "divided by (rounded down)", "*": "times"}
_WORDS_NL = {"+": "plus", "-": "min", "*": "maal", "/": "gedeeld door (naar beneden afgerond)"}


class BinOpKind(ExpressionKind):
    node = BinOp
    operator = True

    def check(self, e: Any, c: Checks) -> bool:
        return all([c.expr(e.left), c.expr(e.right)])

    def counted(self, e: Any) -> Iterator[Any]:
        yield from of(e.left).counted(e.left)
        yield from of(e.right).counted(e.right)

    def read(self, e: Any) -> Iterator[Any]:
        yield from of(e.left).read(e.left)
        yield from of(e.right).read(e.right)

    def measures(self, e: Any) -> bool:
        return of(e.left).measures(e.left) or of(e.right).measures(e.right)

    def value(self, e: Any, where: Any, r: Reader) -> int:
        return _COMBINE.get(e.op, _divided)(r.evaluate(e.left, where), r.evaluate(e.right, where))

    def compiled(self, e: Any, r: Reader) -> Callable[[Any], int]:
        left, right = r.value_fn(e.left), r.value_fn(e.right)
        combine, limit = _COMBINE.get(e.op, _divided), r.VALUE_LIMIT

        def combined(where: Any) -> int:
            v = combine(left(where), right(where))
            return v if -limit <= v <= limit else max(-limit, min(limit, v))
        return combined

    # -- where parentheses are needed: `+ -` bind looser than `* /`, and all four group to the left
    def _parenthesised(self, e: Any, inner: Any, right: bool) -> bool:
        """Whether `inner`, an operand of `e`, needs parentheses when written."""
        if not of(inner).operator:
            return False
        looser = inner.op in "+-" and e.op in "*/"
        same_level_right = right and (inner.op in "+-") == (e.op in "+-")
        return looser or same_level_right

    def written(self, e: Any, p: Printer) -> str:
        def operand(inner: Any, right: bool) -> str:
            return f"({p.expr(inner)})" if self._parenthesised(e, inner, right) else p.expr(inner)
        return f"{operand(e.left, False)} {e.op} {operand(e.right, True)}"

    def _side(self, e: Any, inner: Any, text: Callable[[Any], str]) -> str:
        """An operand in words: a sum or a difference within a product or a quotient is grouped."""
        grouped = of(inner).operator and inner.op in "+-" and e.op in "*/"
        return f"({text(inner)})" if grouped else text(inner)

    def words_en(self, e: Any, w: Any) -> str:
        op = _WORDS_EN.get(e.op, e.op)
        return f"{self._side(e, e.left, w.expr_text)} {op} {self._side(e, e.right, w.expr_text)}"

    def words_nl(self, e: Any, w: Any) -> str:
        return f"{self._side(e, e.left, w.expr_text)} {_WORDS_NL[e.op]} {self._side(e, e.right, w.expr_text)}"

    def score_en(self, e: Any, w: Any) -> str:
        if e.op != "+":
            return self.words_en(e, w)
        return f"{w.score_text(e.left)} plus {w.score_text(e.right)}"

    def score_nl(self, e: Any, w: Any) -> str:
        if e.op != "+":
            return self.words_nl(e, w)
        return f"{w.score_text(e.left)} plus {w.score_text(e.right)}"

    def icons(self, e: Any, kit: Any, v: Any, unit: Callable[[str, str], Any]) -> list[Any]:
        if e.op != "+":
            return super().icons(e, kit, v, unit)
        shown: list[Any] = kit.expression(e.left, v, unit) + [kit.icons.word("+")] + kit.expression(e.right, v, unit)
        return shown

    def notation(self, e: Any, kit: Any) -> str | None:
        if e.op != "+":
            return None
        return f"{kit.score(e.left)} + {kit.score(e.right)}"


KIND = BinOpKind()

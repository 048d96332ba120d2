"""`EXPR OP EXPR` (`shields > shields of left neighbour`, `age = 3`): two values compared
(`>`, `<`, `>=`, `<=`, `=`, `!=`) in the city where the condition is read.  Its grammar rule
is `comparison`, built by syntax/builder/triggers.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from ..condition_base import Checks, ConditionKind, Engine, Printer
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ...diagnostics import Span
    from ...syntax.ast_effects import Expr


@node
class Comparison:
    op: str                 # > < >= <= = !=
    left: Expr
    right: Expr
    span: Span


class ComparisonKind(ConditionKind):
    node = Comparison
    place = "city"

    def check(self, c: Any, checks: Checks) -> bool:
        return all([checks.expr(c.left), checks.expr(c.right)])

    def compared(self, c: Any) -> tuple[Any, str, Any]:
        return c.left, c.op, c.right

    def holds(self, c: Any, where: Any, e: Engine) -> bool:
        return e.COMPARE[c.op](e.evaluate(c.left, where), e.evaluate(c.right, where))

    def holds_fn(self, c: Any, e: Engine) -> Callable[[Any], bool]:
        return e.compared_fn(c.op, c.left, c.right)

    def written(self, c: Any, p: Printer) -> str:
        return f"{p.expr(c.left)} {c.op} {p.expr(c.right)}"

    def words_en(self, c: Any, w: Any) -> str:
        return f"{w.expr_text(c.left)} {c.op} {w.expr_text(c.right)}"

    def words_nl(self, c: Any, w: Any) -> str:
        return f"{w.expr_text(c.left)} {c.op} {w.expr_text(c.right)}"

    def notation(self, c: Any, kit: Any) -> str | None:
        return None                 # its words: the values in words, the sign as written


KIND = ComparisonKind()

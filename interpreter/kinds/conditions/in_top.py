"""`in the top N of "Z"` in a law's conditions: its card is among the last N put in zone Z
that no later card covers (of a zone for the table: put there by any city); N a number
above 0, or an expression read in the owner's city.  Its grammar rule is `in_top`, built
by syntax/builder/effects.py; its zone is checked with the zones (check/phases.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from ..condition_base import Checks, ConditionKind, Engine, Printer
from ...syntax.ast_base import Name, Number, node

if TYPE_CHECKING:
    from ...diagnostics import Span
    from ...syntax.ast_effects import Expr


@node
class InTop:
    count: Number | Expr
    zone: Name
    span: Span


class InTopKind(ConditionKind):
    node = InTop
    place = "zone"

    def check(self, c: Any, checks: Checks) -> bool:
        if isinstance(c.count, Number):
            return checks.positive(c.count.value, c.count.span, "a count of cards on top")
        return checks.expr(c.count)

    def depth(self, c: Any, e: Engine) -> int | Callable[[Any], int]:
        return c.count.value if isinstance(c.count, Number) else e.value_fn(c.count)

    def written(self, c: Any, p: Printer) -> str:
        count = str(c.count.value) if isinstance(c.count, Number) else f"({p.expr(c.count)})"
        return f'in the top {count} of "{c.zone.text}"'

    def words_en(self, c: Any, w: Any) -> str:
        return f'this card is among the top {w.expr_text(c.count)} of "{c.zone.text}"'

    def words_nl(self, c: Any, w: Any) -> str:
        return f'deze kaart bij de bovenste {w.expr_text(c.count)} van "{c.zone.text}" ligt'

    def notation(self, c: Any, kit: Any) -> str | None:
        return None


KIND = InTopKind()

"""`revealed` in a law's conditions: its card is shown on the table (the last one that
`reveal N cards from deck "D"` revealed of its deck); the law has no owner (engine/laws.py).
Its grammar rule is `revealed`, built by syntax/builder/effects.py; a wonder's law is
never revealed (check/phases.py, E2042)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..condition_base import Checks, ConditionKind, Printer
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ...diagnostics import Span


@node
class Revealed:
    span: Span


class RevealedKind(ConditionKind):
    node = Revealed
    place = "table"

    def check(self, c: Any, checks: Checks) -> bool:
        return True                 # nothing in it to misuse

    def written(self, c: Any, p: Printer) -> str:
        return "revealed"

    def words_en(self, c: Any, w: Any) -> str:
        return "this card is revealed on the table"

    def words_nl(self, c: Any, w: Any) -> str:
        return "deze kaart open op tafel ligt"

    def notation(self, c: Any, kit: Any) -> str | None:
        return None


KIND = RevealedKind()

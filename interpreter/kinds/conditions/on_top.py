"""`on top of "Z"` in a law's conditions: its card is the last one put in a city's zone Z
(the card shown there), and that city is the law's owner (engine/laws.py).  Its grammar
rule is `on_top`, built by syntax/builder/effects.py; its zone is checked with the zones
(check/phases.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..condition_base import Checks, ConditionKind, Engine, Printer
from ...syntax.ast_base import Name, node

if TYPE_CHECKING:
    from ...diagnostics import Span


@node
class OnTop:
    zone: Name
    span: Span


class OnTopKind(ConditionKind):
    node = OnTop
    place = "zone"

    def check(self, c: Any, checks: Checks) -> bool:
        return True                 # its zone: check/phases.py, with the zones

    def depth(self, c: Any, e: Engine) -> int:
        return 1

    def written(self, c: Any, p: Printer) -> str:
        return f'on top of "{c.zone.text}"'

    def words_en(self, c: Any, w: Any) -> str:
        return f'this card is on top of "{c.zone.text}"'

    def words_nl(self, c: Any, w: Any) -> str:
        return f'deze kaart bovenop "{c.zone.text}" ligt'

    def notation(self, c: Any, kit: Any) -> str | None:
        return None


KIND = OnTopKind()

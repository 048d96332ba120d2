"""`right neighbour` (and the second half of `neighbours`)."""

from __future__ import annotations

from typing import Any

from ..scope_base import ScopeKind, ScopePart


class RightKind(ScopeKind):
    part = ScopePart.RIGHT
    field = "right"
    side = 1
    arrows = ("right",)

    def pick(self, own: Any, left: Any, right: Any, neighbour: Any = None) -> Any:
        return right

    def written(self) -> str:
        return "right neighbour"

    def words_en(self) -> str:
        return "right neighbour"

    def words_nl(self) -> str:
        return "de naburige stad rechts"


KIND = RightKind()

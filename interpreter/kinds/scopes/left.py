"""`left neighbour` (and the first half of `neighbours`)."""

from __future__ import annotations

from typing import Any

from ..scope_base import ScopeKind, ScopePart


class LeftKind(ScopeKind):
    part = ScopePart.LEFT
    field = "left"
    side = 0
    arrows = ("left",)

    def pick(self, own: Any, left: Any, right: Any, neighbour: Any = None) -> Any:
        return left

    def written(self) -> str:
        return "left neighbour"

    def words_en(self) -> str:
        return "left neighbour"

    def words_nl(self) -> str:
        return "de naburige stad links"


KIND = LeftKind()

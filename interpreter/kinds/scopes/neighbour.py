"""`the neighbour`: the neighbour a trigger `for each neighbour` is at (nothing elsewhere)."""

from __future__ import annotations

from typing import Any

from ..scope_base import ScopeKind, ScopePart


class NeighbourKind(ScopeKind):
    part = ScopePart.NEIGHBOUR
    field = "neighbour"
    looked_at = True
    what = "`the neighbour`"
    arrows = ("neighbour",)

    def pick(self, own: Any, left: Any, right: Any, neighbour: Any = None) -> Any:
        return neighbour

    def written(self) -> str:
        return "the neighbour"

    def words_en(self) -> str:
        return "the neighbour"

    def words_nl(self) -> str:
        return "die naburige stad"


KIND = NeighbourKind()

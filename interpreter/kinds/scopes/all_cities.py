"""`all cities`: every city of the table (the owner's and its neighbours' in a Where that
knows no others)."""

from __future__ import annotations

from typing import Any

from ..scope_base import ScopeKind, ScopePart


class AllKind(ScopeKind):
    part = ScopePart.ALL
    field = None
    what = "all cities"
    arrows = ("left", "own", "right")

    def pick(self, own: Any, left: Any, right: Any, neighbour: Any = None) -> Any:
        return None                     # several cities: `cities`

    def cities(self, where: Any) -> tuple[Any, ...]:
        return tuple(where.everyone) or (where.city, where.left, where.right)

    def written(self) -> str:
        return "all cities"

    def words_en(self) -> str:
        return "all cities"

    def words_nl(self) -> str:
        return "alle steden"


KIND = AllKind()

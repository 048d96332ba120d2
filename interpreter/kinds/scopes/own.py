"""`own city`: the owner's city."""

from __future__ import annotations

from typing import Any

from ..scope_base import ScopeKind, ScopePart


class OwnKind(ScopeKind):
    part = ScopePart.OWN
    field = "city"
    what = "one's own city"
    arrows = ("own",)

    def pick(self, own: Any, left: Any, right: Any, neighbour: Any = None) -> Any:
        return own

    def written(self) -> str:
        return "own city"

    def words_en(self) -> str:
        return "own city"

    def words_nl(self) -> str:
        return "de eigen stad"


KIND = OwnKind()

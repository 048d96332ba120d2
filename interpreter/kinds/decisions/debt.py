"""`debt`: how a city with coins settles a loss under `coins owed may become ... tokens`: the
coins it pays, the rest taken as tokens; the step under it (`settle`) carries it out."""

from __future__ import annotations

from typing import Any

from ..decision_base import DecisionKind
from ...i18n import N_


class DebtKind(DecisionKind):
    name = "debt"
    words = N_("debt")
    under = ("settle",)
    shows = "nothing"
    hook = "settle"

    def options(self, game: Any, seat: int, engine: Any) -> list[Any]:
        found: list[Any] = engine.debt_options(game, seat)
        return found

    def answer(self, game: Any, seat: int, action: Any, engine: Any) -> bool:
        engine.settled(game, action)
        return True


KIND = DebtKind()

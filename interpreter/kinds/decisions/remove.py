"""`remove`: a card leaving a city or a zone (`discard a ... card from ...`, or put under
this stage) when there is more than one it may be; the step under it (`remove_from`)
holds the action that asks."""

from __future__ import annotations

from typing import Any

from ..decision_base import DecisionKind
from ...i18n import N_


class RemoveKind(DecisionKind):
    name = "remove"
    words = N_("a card leaves the city or a zone")
    under = ("remove_from",)

    def options(self, game: Any, seat: int, engine: Any) -> list[Any]:
        found: list[Any] = engine.removal_options(game, seat, engine.asking(game))
        return found

    def answer(self, game: Any, seat: int, action: Any, engine: Any) -> bool:
        engine.removed(game, seat, action)
        return True


KIND = RemoveKind()

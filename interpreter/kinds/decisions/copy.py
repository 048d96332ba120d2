"""`copy`: what a copy takes (`copy a ... card`, `copy the last card built by ...`, `copy
stage N of ...`) when there is more than one to take; the step under it (`copy_from`)
holds the action that asks."""

from __future__ import annotations

from typing import Any

from ..decision_base import DecisionKind
from ...i18n import N_


class CopyKind(DecisionKind):
    name = "copy"
    words = N_("copy")
    under = ("copy_from",)

    def options(self, game: Any, seat: int, engine: Any) -> list[Any]:
        found: list[Any] = engine.copy_options(game, seat, engine.asking_operation(game))
        return found

    def answer(self, game: Any, seat: int, action: Any, engine: Any) -> bool:
        engine.copy_card(game, seat, action)
        return True


KIND = CopyKind()

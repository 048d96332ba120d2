"""`put`: a card put from a zone onto another (`put a ... card from "Z" onto "T"`) when there
is more than one it may be; the step under it (`put_from`) holds the action that asks."""

from __future__ import annotations

from typing import Any

from ..decision_base import DecisionKind
from ...i18n import N_


class PutKind(DecisionKind):
    name = "put"
    words = N_("card put onto a zone")
    under = ("put_from",)

    def options(self, game: Any, seat: int, engine: Any) -> list[Any]:
        found: list[Any] = engine.put_options(game, seat, engine.asking(game))
        return found

    def answer(self, game: Any, seat: int, action: Any, engine: Any) -> bool:
        engine.put(game, seat, action)
        return True


KIND = PutKind()

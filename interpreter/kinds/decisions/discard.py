"""`discard`: a card of the discard pile built for free (`build a card from the discard pile
for free`), chosen at once, in the middle of a chain of triggers when a trigger asks."""

from __future__ import annotations

from typing import Any

from ..decision_base import DecisionKind
from ...i18n import N_


class DiscardKind(DecisionKind):
    name = "discard"
    words = N_("discard")
    shows = "pile"
    sees_pile = True

    def options(self, game: Any, seat: int, engine: Any) -> list[Any]:
        found: list[Any] = engine.build_options_from(game, seat, game.discard)
        return found

    def answer(self, game: Any, seat: int, action: Any, engine: Any) -> bool:
        engine.build_from_discard(game, seat, action)
        return True


KIND = DiscardKind()

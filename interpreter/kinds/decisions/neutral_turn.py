"""`neutral turn`: a neutral city's card of the turn, chosen by the player holding its card
once that player has chosen its own (from the holder's hand when the city has no pile)."""

from __future__ import annotations

from typing import Any

from ..decision_base import DecisionKind
from ...i18n import N_


class NeutralTurnKind(DecisionKind):
    name = "neutral turn"
    words = N_("neutral turn")
    collected = True
    after_holder = True
    shows = "options"

    def options(self, game: Any, seat: int, engine: Any) -> list[Any]:
        found: list[Any] = engine.neutral_turn_options(game, seat)
        return found

    def answer(self, game: Any, seat: int, action: Any, engine: Any) -> bool:
        go_on: bool = engine.card_chosen(game, seat, action)
        return go_on

    def reopen(self, game: Any, engine: Any) -> None:
        engine.reopen_turn(game)


KIND = NeutralTurnKind()

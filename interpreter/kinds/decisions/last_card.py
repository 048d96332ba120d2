"""`last card`: after an age's last turn, the card left in the hand of a city that `may play
the last card of each age`, played as a turn's card."""

from __future__ import annotations

from typing import Any

from ..decision_base import DecisionKind
from ...i18n import N_


class LastCardKind(DecisionKind):
    name = "last card"
    words = N_("last card")
    moves = True
    collected = True

    def options(self, game: Any, seat: int, engine: Any) -> list[Any]:
        found: list[Any] = engine.legal_actions(game, seat)
        return found

    def answer(self, game: Any, seat: int, action: Any, engine: Any) -> bool:
        go_on: bool = engine.card_chosen(game, seat, action)
        return go_on

    def reopen(self, game: Any, engine: Any) -> None:
        engine.reopen_last_cards(game)


KIND = LastCardKind()

"""`turn`: a player's card of the turn, played, used for a wonder stage or sold; every
player's is asked at once and the turn is resolved when the last arrives."""

from __future__ import annotations

from typing import Any

from ..decision_base import DecisionKind
from ...i18n import N_


class TurnKind(DecisionKind):
    name = "turn"
    words = N_("turn")
    moves = True
    turn_cards = True
    collected = True

    def options(self, game: Any, seat: int, engine: Any) -> list[Any]:
        found: list[Any] = engine.legal_actions(game, seat)
        return found

    def answer(self, game: Any, seat: int, action: Any, engine: Any) -> bool:
        if game.waiting and not game.neutrals:    # the common case: more cards of the turn to come
            game.chosen[seat] = action
            return False
        go_on: bool = engine.card_chosen(game, seat, action)
        return go_on

    def reopen(self, game: Any, engine: Any) -> None:
        engine.reopen_turn(game)


KIND = TurnKind()

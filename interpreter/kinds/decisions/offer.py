"""`offer`: a priced choice (`may pay PRICE to ACTION`), declined or paid one of the ways the
payment search finds; the step under it (`offer`) holds the action offered."""

from __future__ import annotations

from typing import Any

from ..decision_base import DecisionKind
from ...i18n import N_


class OfferKind(DecisionKind):
    name = "offer"
    words = N_("priced choice")
    under = ("offer",)
    shows = "offer"
    told = True                           # an offer's answer is said as it is made
    hook = "take_offer"

    def options(self, game: Any, seat: int, engine: Any) -> list[Any]:
        found: list[Any] = engine.offer_options(game, seat)
        return found

    def answer(self, game: Any, seat: int, action: Any, engine: Any) -> bool:
        engine.offer_taken(game, seat, action)
        return True


KIND = OfferKind()

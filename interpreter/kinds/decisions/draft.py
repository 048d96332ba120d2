"""`draft`: a phase's pick (`draft N into "Z" passing left`), one card of the hand kept in
the zone; every player's is asked at once, the step left under them (`draft_picks`)
carries them out when the last has arrived."""

from __future__ import annotations

from typing import Any

from ..decision_base import DecisionKind
from ...i18n import N_


class DraftKind(DecisionKind):
    name = "draft"
    words = N_("draft")
    collected = True
    phase = True
    under = ("draft_picks",)
    told = True                           # a pick is said as it is made
    phase_hands = True

    def options(self, game: Any, seat: int, engine: Any) -> list[Any]:
        found: list[Any] = engine.draft_options(game, seat)
        return found

    def answer(self, game: Any, seat: int, action: Any, engine: Any) -> bool:
        game.chosen[seat] = action        # carried out by the phase's step under it
        return True

    def reopen(self, game: Any, engine: Any) -> None:
        engine.reopen_draft(game, self.name)


KIND = DraftKind()

"""`zone`: a card of a zone the player keeps, played (`play a card from "Z"`: built, used for
a wonder stage or sold, or none when the phase says `may`): every player's at once in a
phase, the step left under them (`zone_done`) carrying them out; the owner's alone when a
card's action asks it (`zone_play`)."""

from __future__ import annotations

from typing import Any

from ..decision_base import DecisionKind
from ...i18n import N_


class ZoneKind(DecisionKind):
    name = "zone"
    words = N_("kept card")
    collected = True
    phase = True
    held = "zones"
    under = ("zone_done", "zone_play")
    shows = "options"

    def options(self, game: Any, seat: int, engine: Any) -> list[Any]:
        found: list[Any] = engine.zone_options(game, seat, engine.open_statement(game))
        return found

    def answer(self, game: Any, seat: int, action: Any, engine: Any) -> bool:
        game.chosen[seat] = action        # carried out by the step under it
        return True

    def reopen(self, game: Any, engine: Any) -> None:
        engine.reopen_zone(game, self.name)


KIND = ZoneKind()

"""`on game setup`: the game is set up, before anything is built: only the rules' and the
boards' triggers hear it.  Its grammar rule is `game_setup` (syntax/builder/triggers.py)."""

from __future__ import annotations

from ..event_base import FixedEvent
from ...syntax.ast_base import Event


class GameSetupKind(FixedEvent):
    name = Event.GAME_SETUP
    dutch = "bij de voorbereiding van het spel"
    before_turn = True  # coins gained now come before the turn is paid
    before_building = True  # nothing is built yet: a card's trigger on it never fires (W1503)


KIND = GameSetupKind()

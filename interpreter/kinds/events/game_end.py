"""`on game end`: the game ends, before scoring.  Its grammar rule is `game_end`
(syntax/builder/triggers.py)."""

from __future__ import annotations

from ..event_base import FixedEvent
from ...syntax.ast_base import Event


class GameEndKind(FixedEvent):
    name = Event.GAME_END
    dutch = "aan het eind van het spel"


KIND = GameEndKind()

"""`on turn end`: a turn ends, its cards placed and their actions done.  Its grammar rule is
`turn_end` (syntax/builder/triggers.py)."""

from __future__ import annotations

from ..event_base import FixedEvent
from ...syntax.ast_base import Event


class TurnEndKind(FixedEvent):
    name = Event.TURN_END
    dutch = "aan het eind van elke ronde"


KIND = TurnEndKind()

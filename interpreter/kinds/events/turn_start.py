"""`on turn start`: a turn starts, before its cards are chosen.  Its grammar rule is
`turn_start` (syntax/builder/triggers.py)."""

from __future__ import annotations

from ..event_base import FixedEvent
from ...syntax.ast_base import Event


class TurnStartKind(FixedEvent):
    name = Event.TURN_START
    dutch = "aan het begin van elke ronde"
    before_turn = True  # coins gained now come before the turn is paid


KIND = TurnStartKind()

"""`on age start`: an age starts, before its first turn.  Its grammar rule is `age_start`
(syntax/builder/triggers.py)."""

from __future__ import annotations

from ..event_base import FixedEvent
from ...syntax.ast_base import Event


class AgeStartKind(FixedEvent):
    name = Event.AGE_START
    dutch = "aan het begin van elk Tijdperk"
    before_turn = True  # coins gained now come before the turn is paid


KIND = AgeStartKind()

"""`on age end`: an age ends (its military conflicts are the rules' triggers on it).  Its
grammar rule is `age_end` (syntax/builder/triggers.py)."""

from __future__ import annotations

from ..event_base import FixedEvent
from ...syntax.ast_base import Event


class AgeEndKind(FixedEvent):
    name = Event.AGE_END
    dutch = "aan het eind van elk Tijdperk"
    bots = "conflicts"  # the rules' triggers on it that give military tokens: the conflicts


KIND = AgeEndKind()

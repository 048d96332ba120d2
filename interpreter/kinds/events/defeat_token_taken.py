"""`on defeat token taken`: a city takes a defeat token.  Its grammar rule is `defeat_taken`
(syntax/builder/triggers.py)."""

from __future__ import annotations

from ..event_base import FixedEvent
from ...syntax.ast_base import Event


class DefeatTokenTakenKind(FixedEvent):
    name = Event.DEFEAT_TOKEN_TAKEN
    dutch = "telkens als de stad een nederlaagfiche krijgt"


KIND = DefeatTokenTakenKind()

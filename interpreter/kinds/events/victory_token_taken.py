"""`on victory token taken`: a city takes a victory token.  Its grammar rule is `victory_taken`
(syntax/builder/triggers.py)."""

from __future__ import annotations

from ..event_base import FixedEvent
from ...syntax.ast_base import Event


class VictoryTokenTakenKind(FixedEvent):
    name = Event.VICTORY_TOKEN_TAKEN
    dutch = "telkens als de stad een overwinningsfiche krijgt"


KIND = VictoryTokenTakenKind()

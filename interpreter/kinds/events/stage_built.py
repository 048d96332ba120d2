"""`on stage built`: a city builds a stage of its wonder.  Its grammar rule is `stage_built`
(syntax/builder/triggers.py)."""

from __future__ import annotations

from ..event_base import FixedEvent
from ...syntax.ast_base import Event


class StageBuiltKind(FixedEvent):
    name = Event.STAGE_BUILT
    dutch = "telkens als een Wonder fase gebouwd wordt"


KIND = StageBuiltKind()

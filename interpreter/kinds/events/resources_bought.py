"""`on resources bought`: a city buys resources from a neighbour (once a neighbour).  Its
grammar rule is `resources_bought` (syntax/builder/triggers.py)."""

from __future__ import annotations

from ..event_base import FixedEvent
from ...syntax.ast_base import Event


class ResourcesBoughtKind(FixedEvent):
    name = Event.RESOURCES_BOUGHT
    dutch = "telkens als de stad grondstoffen koopt van een naburige stad (per naburige stad)"


KIND = ResourcesBoughtKind()

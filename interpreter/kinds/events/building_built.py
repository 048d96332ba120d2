"""`on building built`: a city builds a card (a building), by any way.  Its grammar rule is
`building_built` (syntax/builder/triggers.py)."""

from __future__ import annotations

from ..event_base import FixedEvent
from ...syntax.ast_base import Event


class BuildingBuiltKind(FixedEvent):
    name = Event.BUILDING_BUILT
    dutch = "telkens als een gebouw gebouwd wordt"


KIND = BuildingBuiltKind()

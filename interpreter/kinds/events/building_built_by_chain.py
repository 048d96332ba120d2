"""`on building built by chain`: a city builds a card for free by a chain.  Its grammar rule is
`chain_built` (syntax/builder/triggers.py)."""

from __future__ import annotations

from ..event_base import FixedEvent
from ...syntax.ast_base import Event


class BuildingBuiltByChainKind(FixedEvent):
    name = Event.BUILDING_BUILT_BY_CHAIN
    dutch = "telkens als een gebouw gratis gebouwd wordt dankzij een keten"


KIND = BuildingBuiltByChainKind()

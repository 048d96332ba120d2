"""`on card sold`: a city discards a card for coins.  Its grammar rule is `card_sold`
(syntax/builder/triggers.py)."""

from __future__ import annotations

from ..event_base import FixedEvent
from ...syntax.ast_base import Event


class CardSoldKind(FixedEvent):
    name = Event.CARD_SOLD
    dutch = "telkens als een kaart afgelegd wordt voor muntstukken"


KIND = CardSoldKind()

"""`on coins taken from the bank`: a city takes coins from the bank (a `gain`, a sale; never a
neighbour's payment).  Its grammar rule is `bank_coins_taken` (syntax/builder/triggers.py)."""

from __future__ import annotations

from ..event_base import FixedEvent
from ...syntax.ast_base import Event


class CoinsTakenFromTheBankKind(FixedEvent):
    name = Event.COINS_TAKEN_FROM_THE_BANK
    dutch = "telkens als de stad muntstukken van de bank neemt"


KIND = CoinsTakenFromTheBankKind()

"""The interface every item of a cost or a price meets (issue 34): `2 wood` (a resource's
units), `3 coins`, `1 joker token` (tokens of a kept kind given up): what each pass asks of
one, declared once.

An item stands in a card's or a stage's `cost` (CostStmt), in a priced choice's `may pay
PRICE to ...` and in a use's `paying PRICE`; a resource's units are the items of `produces`
too.  Its kind is a class deriving from `AmountKind`, instantiated once in its module of
kinds/amounts/ (`KIND = CoinAmountKind()`), beside the syntax class it is the kind of: an
abstract method left out or a `field` not declared makes that line fail, and so the import
of every kind, never a game.  The passes find it by `amount_kind(item)`
(kinds/amounts/__init__.py, a dict look-up).  Its words are its `Cost`'s (rulesdata.py
`written_cost`, said by the views' `cost_text` in each language)."""

from __future__ import annotations

import abc
from typing import Any, ClassVar, Protocol

# Where a cost holds an item's count (rulesdata.py `Cost`): its coins, a resource's units, a
# kind's tokens
FIELDS = ("coins", "resources", "tokens")


class Checks(Protocol):
    """What an item's checks are lent of the checker (check/effects.py `AmountChecks`)."""
    ctx: Any
    def positive(self, value: int, span: Any, what: str) -> bool: ...
    def tokens_given(self, count: int, kind: Any, span: Any) -> bool: ...


class Printer(Protocol):
    """What an item's printing is lent of syntax/printer.py."""
    def _counted(self, n: int, word: str) -> str: ...
    def _tokens(self, count: int, kind: Any) -> str: ...


class AmountKind(abc.ABC):
    """One kind of item of a cost or a price.

    Declared values:
    `node`: its syntax class (defined in its module);
    `field`: one of FIELDS, where a cost holds its count.
    """

    node: ClassVar[type]
    field: ClassVar[str]

    def __init__(self) -> None:
        kind = type(self).__name__
        if not isinstance(getattr(self, "node", None), type):
            raise TypeError(f"the amount {kind} does not declare its `node`, a class (kinds/amount_base.py)")
        if getattr(self, "field", None) not in FIELDS:
            raise TypeError(f"the amount {kind}'s `field` {getattr(self, 'field', None)!r}: not one of {FIELDS}")

    def counted(self, item: Any) -> tuple[str, int]:
        """(what it counts: a resource's or a kind's name, "" for coins; how many), added to
        its `field` of a Cost (rulesdata.py `written_cost`)."""
        return "", int(item.count)

    # -- check (check/cards.py, check/effects.py)
    @abc.abstractmethod
    def check_cost(self, item: Any, c: Checks) -> bool:
        """True when it may stand in a card's or a stage's cost (check/cards.py `check_cost`)."""

    @abc.abstractmethod
    def check_price(self, item: Any, c: Checks) -> bool:
        """True when it may stand in a price (`may pay ...`, `paying ...`: check/effects.py
        `price_ok`)."""

    # -- printing for `wonders fmt` (syntax/printer.py)
    @abc.abstractmethod
    def written(self, item: Any, p: Printer) -> str:
        """As a cost writes it (`wood`, `2 wood`, `1 coin`)."""

    def written_price(self, item: Any, p: Printer) -> str:
        """As a price writes it: by default as a cost does (a resource says its count, `1 stone`)."""
        return self.written(item, p)

    # -- icons (views/render/effect_icons.py)
    @abc.abstractmethod
    def icons(self, item: Any, kit: Any, v: Any) -> list[Any]:
        """Its icons in a price (`kit`: views/render/effect_icons.py)."""

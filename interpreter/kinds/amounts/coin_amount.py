"""`N coins` in a cost or a price.  Its grammar rule is `coin_amount`, built by
syntax/builder/cards.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..amount_base import AmountKind, Checks, Printer
from ...i18n import _
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ...diagnostics import Span


@node
class CoinAmount:
    count: int
    span: Span


class CoinAmountKind(AmountKind):
    node = CoinAmount
    field = "coins"

    def check_cost(self, item: Any, c: Checks) -> bool:
        return True

    def check_price(self, item: Any, c: Checks) -> bool:
        return True

    def written(self, item: Any, p: Printer) -> str:
        return p._counted(item.count, "coin")

    def icons(self, item: Any, kit: Any, v: Any) -> list[Any]:
        return [kit.icons.coin(str(item.count), _("the price"))]


KIND = CoinAmountKind()

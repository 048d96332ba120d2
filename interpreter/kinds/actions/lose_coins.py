"""`lose N coins [per QUANTITY]`: the city pays coins to the bank, as many as it has; under
`coins owed become KIND tokens` what it cannot pay becomes tokens (engine/triggers.py
`Dispatcher.lose`; with `may`, a decision of kind "debt": engine/flow/chains.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .gain_coins import CoinsKind
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ...diagnostics import Span
    from ...syntax.ast_effects import Expr
    from ..expressions.per import Per


@node
class LoseCoins:
    amount: Expr
    per: Per | None
    span: Span


class LoseCoinsKind(CoinsKind[LoseCoins]):
    node = LoseCoins
    sign = -1
    verb = "lose"
    verb_nl = "verliest"
    minus = "-"

    def causes(self, action: LoseCoins) -> tuple[str, ...]:
        return ()

    def run(self, events: Any, op: Any, seat: int, where: Any, source: str) -> None:
        events.lose(seat, op.value(where))


KIND = LoseCoinsKind()

"""`gain N coins [per QUANTITY]`: the city takes coins from the bank (docs/language.md,
"Actions").  Its grammar rule is `gain_coins` (grammar/wonders.lark), built by
syntax/builder/effects.py; `lose N coins` (lose_coins.py) is its mirror."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from ..base import ActionKind
from ...syntax.ast_base import Number, literal, node
from ...syntax.ast_base import Event

if TYPE_CHECKING:
    from ..lent import ActionChecks, IconKit, NotationKit, Printer, WordsEn, WordsNl
    from ...diagnostics import Span
    from ...syntax.ast_effects import Expr
    from ..expressions.per import Per


@node
class GainCoins:
    amount: Expr
    per: Per | None
    span: Span


class Coins(Protocol):
    """The fields gain and lose share (GainCoins, and its mirror in lose_coins.py)."""
    @property
    def amount(self) -> Expr: ...
    @property
    def per(self) -> Per | None: ...
    @property
    def span(self) -> Span: ...


C = TypeVar("C", bound=Coins)


class CoinsKind(ActionKind[C]):
    """Coins from (to) the bank: gain and lose differ by their sign and their words."""

    gives = "coins"
    bots = "coin_actions"
    verb = "gain"                         # as written; the English words' verb adds an s
    verb_nl = "krijgt"
    minus = ""                            # before the notation's and the icons' amount

    def check(self, action: C, c: ActionChecks) -> bool:
        written = literal(action.amount)
        if written is not None and not c.positive(written, action.span, f"`{self.verb}`"):
            return False
        return c.expr(action.amount) and c.per(action.per)

    def counted(self, action: C) -> tuple[Any, Any]:
        return action.amount, action.per

    def written(self, action: C, p: Printer) -> str:
        amount = action.amount
        number = str(amount.value) if isinstance(amount, Number) else f"({p.expr(amount)})"
        plural = not (isinstance(amount, Number) and amount.value == 1)
        return f"{self.verb} {number} coin{'s' if plural else ''}" + (f" {p.per(action.per)}" if action.per else "")

    def words_en(self, action: C, w: WordsEn) -> str:
        return f"{self.verb}s {w.amount_text(action.amount, 'coin')}{w.per_text(action.per)}"

    def words_nl(self, action: C, w: WordsNl) -> tuple[str, str]:
        return self.verb_nl, f"{w.amount_text(action.amount, 'coin')}{w.per_text(action.per)}"

    def icons(self, action: C, kit: IconKit, vocabulary: Any) -> list[Any]:
        minus = [kit.icons.word("−")] if self.minus else []
        return minus + kit.expression(action.amount, vocabulary, kit.icons.coin) + kit.per_icons(action.per, vocabulary)

    def notation(self, action: C, kit: NotationKit) -> str | None:
        if not isinstance(action.amount, Number):
            return None
        return f"{self.minus}{kit.coins(action.amount.value)}{kit.per_text(action.per)}"


class GainCoinsKind(CoinsKind[GainCoins]):
    node = GainCoins
    at_game_end = True                    # `at end of game: gain ...` (scored as the game ends)

    def causes(self, action: GainCoins) -> tuple[str, ...]:
        return (Event.COINS_TAKEN_FROM_THE_BANK,)

    def run(self, events: Any, op: Any, seat: int, where: Any, source: str) -> None:
        events.gain(seat, op.value(where))


KIND = GainCoinsKind()

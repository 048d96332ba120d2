"""`gain N shields [per QUANTITY]`: lasting shields the city keeps (not a card's: they stay
whatever leaves the city), counted in every military comparison (engine/city.py
`gain_shields`).  Its grammar rule is `gain_shields`, built by syntax/builder/military.py;
`shields N` (an effect) is a card's shields, which leave with it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..base import ActionKind
from ...syntax.ast_base import Number, node

if TYPE_CHECKING:
    from ..lent import ActionChecks, IconKit, NotationKit, Printer, WordsEn, WordsNl
    from ...diagnostics import Span
    from ...syntax.ast_effects import Expr
    from ..expressions.per import Per


@node
class GainShields:
    """`gain 2 shields [per ...]`: lasting shields the city keeps (not a card's: they stay
    whatever leaves the city), counted in every military comparison."""
    amount: Expr
    per: Per | None
    span: Span


class GainShieldsKind(ActionKind[GainShields]):
    """The shields gained for good: never at the end of the game, after the last conflict
    (check/effects.py reads `gives` "shields" there, E2061)."""

    node = GainShields
    gives = "shields"
    bots = "shields"                      # weighed as a card's shields (a fixed number of them)

    def check(self, action: GainShields, c: ActionChecks) -> bool:
        if isinstance(action.amount, Number) and not c.positive(action.amount.value, action.span, "shields"):
            return False
        return c.expr(action.amount) and c.per(action.per)

    def causes(self, action: GainShields) -> tuple[str, ...]:
        return ()

    def counted(self, action: GainShields) -> tuple[Any, Any]:
        return action.amount, action.per

    def run(self, events: Any, op: Any, seat: int, where: Any, source: str) -> None:
        events.gain_shields(seat, op.value(where), source)

    def written(self, action: GainShields, p: Printer) -> str:
        amount = action.amount
        number = str(amount.value) if isinstance(amount, Number) else f"({p.expr(amount)})"
        return f"gain {number} shield{'' if number == '1' else 's'}" + (f" {p.per(action.per)}" if action.per else "")

    def words_en(self, action: GainShields, w: WordsEn) -> str:
        return f"gains {w.amount_text(action.amount, 'shield')}{w.per_text(action.per)} for good (they stay " \
            "whatever leaves the city)"

    def words_nl(self, action: GainShields, w: WordsNl) -> tuple[str, str]:
        return "krijgt", (f"{w.amount_text(action.amount, 'shield')}{w.per_text(action.per)} voorgoed (ze blijven, "
                          "wat de stad ook verliest)")

    def icons(self, action: GainShields, kit: IconKit, vocabulary: Any) -> list[Any]:
        return kit.expression(action.amount, vocabulary, kit.icons.shield) + kit.per_icons(action.per, vocabulary)

    def notation(self, action: GainShields, kit: NotationKit) -> str | None:
        if not isinstance(action.amount, Number):
            return None
        return f"+{kit.shields(action.amount.value)}{kit.per_text(action.per)}"


KIND = GainShieldsKind()

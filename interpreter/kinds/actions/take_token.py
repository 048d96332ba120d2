"""`take token worth VALUE`: the city takes a military token of that value (a victory token
above 0, a defeat token below; `defeat tokens go to the neighbour` may send a defeat token
to the neighbour faced).  Its grammar rule is `take_token`, built by syntax/builder/effects.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..base import ActionKind
from ...i18n import _
from ...syntax.ast_base import Negative, Number, node
from ...syntax.ast_base import Event

if TYPE_CHECKING:
    from ..lent import ActionChecks, IconKit, NotationKit, Printer, WordsEn, WordsNl
    from ...diagnostics import Span
    from ...syntax.ast_effects import Expr


@node
class TakeToken:
    value: Expr
    span: Span


class TakeTokenKind(ActionKind[TakeToken]):
    node = TakeToken
    gives = "military token"
    bots = "not weighed"              # a token when built: not foreseen (the age's end is: bots/rulemodel.py)

    def check(self, action: TakeToken, c: ActionChecks) -> bool:
        return c.expr(action.value)

    def causes(self, action: TakeToken) -> tuple[str, ...]:
        """A value written as a number tells which of its events; else either."""
        value = action.value
        if isinstance(value, Number):
            return (Event.VICTORY_TOKEN_TAKEN,) if value.value > 0 else ()
        if isinstance(value, Negative) and isinstance(value.operand, Number):
            return (Event.DEFEAT_TOKEN_TAKEN,) if value.operand.value > 0 else ()
        return (Event.VICTORY_TOKEN_TAKEN, Event.DEFEAT_TOKEN_TAKEN)

    def counted(self, action: TakeToken) -> tuple[Any, Any]:
        return action.value, None

    def run(self, events: Any, op: Any, seat: int, where: Any, source: str) -> None:
        events.take_token(seat, op.value(where), where)

    def written(self, action: TakeToken, p: Printer) -> str:
        value = action.value
        shown = str(value.value) if isinstance(value, Number) else \
            f"-{value.operand.value}" if isinstance(value, Negative) and isinstance(value.operand, Number) \
            else f"({p.expr(value)})"
        return f"take token worth {shown}"

    def words_en(self, action: TakeToken, w: WordsEn) -> str:
        return f"takes a military token worth {w.expr_text(action.value)}"

    def words_nl(self, action: TakeToken, w: WordsNl) -> tuple[str, str]:
        return "neemt", f"een Conflictfiche ter waarde van {w.expr_text(action.value)}"

    def icons(self, action: TakeToken, kit: IconKit, vocabulary: Any) -> list[Any]:
        value = kit.number_text(action.value)
        kind = "defeat" if value.startswith("-") else "victory"
        worth = _("a military token worth {value}").format(value=kit.expr_text(action.value))
        return [kit.icons.token(kind, worth)] + ([] if value in ("-1", "?") else [kit.icons.word(value)])

    def notation(self, action: TakeToken, kit: NotationKit) -> str | None:
        return None


KIND = TakeTokenKind()

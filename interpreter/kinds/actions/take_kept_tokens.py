"""`take a diplomacy token`, `take 2 debt tokens`: tokens of a kind declared with `tokens:`,
kept by the city and counted by `KIND tokens` (not military tokens); taking them fires
`KIND token taken`.  Its grammar rule is `take_kept_tokens`, built by
syntax/builder/effects.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..base import ActionKind
from ...i18n import names
from ...syntax.ast_base import KEPT_TAKEN, Number, node

if TYPE_CHECKING:
    from ..lent import ActionChecks, IconKit, NotationKit, Printer, WordsEn, WordsNl
    from ...diagnostics import Span
    from ...syntax.ast_base import Name
    from ...syntax.ast_effects import Expr


@node
class TakeKeptTokens:
    """`count` tokens of the kept kind `kind`."""
    count: Expr
    kind: Name
    span: Span


class TakeKeptTokensKind(ActionKind[TakeKeptTokens]):
    node = TakeKeptTokens
    gives = "kept tokens"
    bots = "kept"

    def check(self, action: TakeKeptTokens, c: ActionChecks) -> bool:
        ok = c.ctx.known(action.kind, c.ctx.tokens, "E1008", "token kind")
        if isinstance(action.count, Number) and not c.positive(action.count.value, action.span, "`take`"):
            return False
        return c.expr(action.count) and ok

    def causes(self, action: TakeKeptTokens) -> tuple[str, ...]:
        return (f"{action.kind.text}{KEPT_TAKEN}",)

    def counted(self, action: TakeKeptTokens) -> tuple[Any, Any]:
        return action.count, None

    def kept_kind(self, action: TakeKeptTokens) -> str:
        kind: str = action.kind.text
        return kind

    def run(self, events: Any, op: Any, seat: int, where: Any, source: str) -> None:
        events.take_kept_tokens(seat, op.node.kind.text, op.value(where), source)

    def written(self, action: TakeKeptTokens, p: Printer) -> str:
        count = action.count
        if isinstance(count, Number) and count.value == 1:
            return f"take a {action.kind.text} token"
        number = str(count.value) if isinstance(count, Number) else f"({p.expr(count)})"
        return f"take {number} {action.kind.text} tokens"

    def words_en(self, action: TakeKeptTokens, w: WordsEn) -> str:
        count = action.count
        if isinstance(count, Number) and count.value == 1:
            return f"takes a {action.kind.text} token"
        return f"takes {w.amount_text(count, action.kind.text + ' token')}"

    def words_nl(self, action: TakeKeptTokens, w: WordsNl) -> tuple[str, str]:
        count = action.count
        many = w.expr_text(count) if not (isinstance(count, Number) and count.value == 1) else "een"
        return "neemt", f"{many} {names().token(action.kind.text)}-fiche" + ("" if many == "een" else "s")

    def icons(self, action: TakeKeptTokens, kit: IconKit, vocabulary: Any) -> list[Any]:
        return [kit.icons.chip(f"{kit.number_text(action.count)} × {names().token(action.kind.text)}")]

    def notation(self, action: TakeKeptTokens, kit: NotationKit) -> str | None:
        return None


KIND = TakeKeptTokensKind()

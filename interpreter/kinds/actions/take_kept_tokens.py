"""`take a diplomacy token`, `take 2 debt tokens`: tokens of a kind declared with `tokens:`,
kept by the city and counted by `KIND tokens` (not military tokens); taking them fires
`KIND token taken`.  Its grammar rule is `take_kept_tokens`, built by
syntax/builder/effects.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..base import ActionKind
from ...i18n import names
from ...syntax.ast_base import KEPT_TAKEN, Number, node

if TYPE_CHECKING:
    from ...diagnostics import Span
    from ...syntax.ast_base import Name
    from ...syntax.ast_effects import Expr


@node
class TakeKeptTokens:
    """`count` tokens of the kept kind `kind`."""
    count: Expr
    kind: Name
    span: Span


class TakeKeptTokensKind(ActionKind):
    node = TakeKeptTokens
    gives = "kept tokens"
    bots = "kept"

    def check(self, action, c) -> bool:
        ok = c.ctx.known(action.kind, c.ctx.tokens, "E1008", "token kind")
        if isinstance(action.count, Number) and not c.positive(action.count.value, action.span, "`take`"):
            return False
        return c.expr(action.count) and ok

    def causes(self, action) -> tuple[str, ...]:
        return (f"{action.kind.text}{KEPT_TAKEN}",)

    def counted(self, action):
        return action.count, None

    def kept_kind(self, action) -> str:
        return action.kind.text

    def run(self, events, action, seat: int, where, source: str) -> None:
        events.take_kept_tokens(seat, action.kind.text, events.value(action)(where), source)

    def written(self, action, p) -> str:
        count = action.count
        if isinstance(count, Number) and count.value == 1:
            return f"take a {action.kind.text} token"
        number = str(count.value) if isinstance(count, Number) else f"({p.expr(count)})"
        return f"take {number} {action.kind.text} tokens"

    def words_en(self, action, w) -> str:
        count = action.count
        if isinstance(count, Number) and count.value == 1:
            return f"takes a {action.kind.text} token"
        return f"takes {w.amount_text(count, action.kind.text + ' token')}"

    def words_nl(self, action, w) -> tuple[str, str]:
        count = action.count
        many = w.expr_text(count) if not (isinstance(count, Number) and count.value == 1) else "een"
        return "neemt", f"{many} {names().token(action.kind.text)}-fiche" + ("" if many == "een" else "s")

    def icons(self, action, kit, vocabulary) -> list:
        return [kit.icons.chip(f"{kit.number_text(action.count)} × {names().token(action.kind.text)}")]

    def notation(self, action, kit) -> str | None:
        return None


KIND = TakeKeptTokensKind()

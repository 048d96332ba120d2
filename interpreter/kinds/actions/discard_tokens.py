"""`discard 2 victory tokens`, `discard all defeat tokens`, `discard a debt token`: the city
gives back tokens it holds (docs/language.md, "Giving tokens back"); no event fires (giving
back is not taking).  Its grammar rule is `discard_tokens`, built by
syntax/builder/military.py; engine/tokens.py `give_back` says which go."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..base import ActionKind
from ...i18n import _, names
from ...syntax.ast_base import Number, node

if TYPE_CHECKING:
    from ..lent import ActionChecks, IconKit, NotationKit, Printer, WordsEn, WordsNl
    from ...diagnostics import Span
    from ...syntax.ast_base import Name
    from ...syntax.ast_effects import Expr

# which military tokens go first, in each language's words
FIRST_EN = {"victory": " (those of least value first)", "defeat": " (those of greatest loss first)"}
FIRST_NL = {"victory": " (die van de laagste waarde eerst)", "defeat": " (die van het grootste verlies eerst)"}


@node
class DiscardTokens:
    """`what` is "victory", "defeat", "military" (refused by the check: which ones?) or
    "kept" (of `kind`); `count` None: all of them.  Of military tokens, those the city
    would best lose go first: the victory tokens of least value, the defeat tokens of
    greatest loss."""
    count: "Expr | None"
    what: str
    span: Span
    kind: Name | None = None


class DiscardTokensKind(ActionKind[DiscardTokens]):
    """Tokens given back: weighed (bots/offers.py, bots/valuation.py `given_back_worth`) as
    the owner's score pad without them, less its score pad now."""

    node = DiscardTokens
    gives = "tokens given back"
    bots = "given_back"
    sign = -1

    def check(self, action: DiscardTokens, c: ActionChecks) -> bool:
        """Victory or defeat tokens, or a declared kind, at least 1 of them when a number is written."""
        ok = True
        if action.what == "military":
            c.ctx.report("E2060", _("military tokens are victory tokens and defeat tokens: say which are given back"),
                         action.span, label=_("victory or defeat tokens?"),
                         help=_("write `discard 2 victory tokens` or `discard all defeat tokens`"))
            ok = False
        if action.kind is not None:
            ok = c.ctx.known(action.kind, c.ctx.tokens, "E1008", "token kind") and ok
        if isinstance(action.count, Number) and not c.positive(action.count.value, action.span, "`discard`"):
            return False
        return (action.count is None or c.expr(action.count)) and ok

    def causes(self, action: DiscardTokens) -> tuple[str, ...]:
        return ()

    def counted(self, action: DiscardTokens) -> tuple[Any, Any]:
        """How many (None: all of them)."""
        return action.count, None

    def run(self, events: Any, op: Any, seat: int, where: Any, source: str) -> None:
        action: DiscardTokens = op.node
        count = None if op.value is None else op.value(where)
        kind = action.kind.text if action.kind is not None else None
        events.give_back_tokens(seat, action.what, kind, count, source)

    def written(self, action: DiscardTokens, p: Printer) -> str:
        sort = action.kind.text if action.kind is not None else action.what
        count = action.count
        number = "all" if count is None else str(count.value) if isinstance(count, Number) else f"({p.expr(count)})"
        return f"discard {number} {sort} token{'' if number == '1' else 's'}"

    def words_en(self, action: DiscardTokens, w: WordsEn) -> str:
        word = f"{action.kind.text} token" if action.kind is not None else f"{action.what} token"
        if action.count is None:
            return f"gives back all its {word}s"
        return f"gives back {w.amount_text(action.count, word)}{FIRST_EN.get(action.what, '')}, all it has if fewer"

    def words_nl(self, action: DiscardTokens, w: WordsNl) -> tuple[str, str]:
        if action.kind is not None:
            one, many = f"{names().token(action.kind.text)}-fiche", f"{names().token(action.kind.text)}-fiches"
        else:
            one, many = w.NOUNS[f"{action.what} tokens"]
        if action.count is None:
            return "geeft", f"al zijn {many} terug"
        count = action.count
        shown = f"{count.value} {one if count.value == 1 else many}" if isinstance(count, Number) \
            else f"{w.expr_text(count)} {many}"
        return "geeft", f"{shown} terug{FIRST_NL.get(action.what, '')}, alle die het heeft als het er minder heeft"

    def icons(self, action: DiscardTokens, kit: IconKit, vocabulary: Any) -> list[Any]:
        """A minus, how many, which."""
        title = _("tokens given back")
        sort = [kit.icons.token(action.what, title)] if action.kind is None \
            else [kit.icons.chip(names().token(action.kind.text))]
        return [kit.icons.word("−"), kit.icons.chip(_("all") if action.count is None else kit.number_text(action.count))] \
            + sort

    def notation(self, action: DiscardTokens, kit: NotationKit) -> str | None:
        return None


KIND = DiscardTokensKind()

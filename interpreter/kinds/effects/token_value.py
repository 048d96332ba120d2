"""`victory tokens taken [against a neighbour] are worth 2 less` (or `more`; `defeat tokens
...`), in a law only: while the law is in force, a military token of that kind that a city
takes is worth that much more or less; one that would reach 0 or cross it is not taken
(engine/tokens.py `worth_under_laws`).  Its grammar rule is `token_value`, built by
syntax/builder/military.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..effect_base import EffectKind
from ...i18n import _
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ..lent import EffectChecks, IconKit, NotationKit, Printer, WordsEn, WordsNl
    from ...diagnostics import Span


@node
class TokenValue:
    """`what` is "victory", "defeat" or "military" (refused by the check: which ones?);
    `against`: of the tokens taken against a neighbour (in a `for each neighbour` trigger)."""
    what: str
    amount: int
    change: str             # "more" or "less"
    span: Span
    against: bool = False


class TokenValueKind(EffectKind[TokenValue]):
    node = TokenValue
    places = ("law",)
    bots = "not weighed"                  # a law's: bots/reads.py reads it by the law's row

    def check(self, effect: TokenValue, c: EffectChecks) -> Any:
        """Of victory or defeat tokens (E2062), by 1 or more."""
        if effect.what == "military":
            c.ctx.report("E2062", _("a law changes the value of victory tokens or of defeat tokens: say which"),
                         effect.span, label=_("victory or defeat tokens?"),
                         help=_("write `victory tokens taken are worth 2 less` or `defeat tokens taken are worth 1 more`"))
            return None
        return effect if c.positive(effect.amount, effect.span, "a change of a token's value") else None

    def in_force(self, effect: TokenValue, tables: Any) -> dict[str, Any]:
        """(kind, against a neighbour only, value added), read as a city takes a token."""
        return {"tokens": ((effect.what, effect.against, effect.amount if effect.change == "more" else -effect.amount),)}

    def written(self, effect: TokenValue, p: Printer) -> str:
        against = " against a neighbour" if effect.against else ""
        return f"{effect.what} tokens taken{against} are worth {effect.amount} {effect.change}"

    def words_en(self, effect: TokenValue, w: WordsEn) -> str:
        against = " against a neighbour" if effect.against else ""
        kind = "victory token worth 0 or less" if effect.what == "victory" else "defeat token worth 0 or more"
        return (f"a {effect.what} token taken{against} is worth {w.plural(effect.amount, 'point')} {effect.change} "
                f"(a {kind} is not taken)")

    def words_nl(self, effect: TokenValue, w: WordsNl) -> str:
        one = w.NOUNS[f"{effect.what} tokens"][0] if effect.what in ("victory", "defeat") else "Conflictfiche"
        against = " tegen een naburige stad" if effect.against else ""
        more = "meer" if effect.change == "more" else "minder"
        gone = "0 of minder" if effect.what == "victory" else "0 of meer"
        return (f"een {one} die een stad{against} krijgt is {w.noun(effect.amount, 'point')} {more} waard "
                f"(een {one} van {gone} wordt niet genomen)")

    def icons(self, effect: TokenValue, kit: IconKit, vocabulary: Any) -> list[Any]:
        icons = kit.icons
        return [icons.token(effect.what, _("a military token taken")), icons.word("+" if effect.change == "more" else "−"),
                icons.word(str(effect.amount))]

    def notation(self, effect: TokenValue, kit: NotationKit) -> str | None:
        return None


KIND = TokenValueKind()

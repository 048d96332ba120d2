"""`may build a [COLOUR] card for free for a KIND token` (or `N KIND tokens`), `may build a
wonder stage for free for ...`: a move of the owner's turn, the card or stage built without
paying, the tokens given up (docs/language.md).  A power held while owned (engine/city.py
`free_tokens`, its moves in engine/actions.py), on a card or in a law.  Its grammar rules
are `free_by_token` and `free_stage_by_token`, built by syntax/builder/effects.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..effect_base import EffectKind
from ...i18n import _, names
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ..lent import Appraiser, EffectChecks, IconKit, NotationKit, Printer, WordsEn, WordsNl
    from ...diagnostics import Span
    from ...syntax.ast_base import Name


@node
class FreeByToken:
    what: str                       # "card" or "stage"
    count: int                      # the tokens given up
    kind: Name                      # their kind (`tokens: KIND`)
    span: Span
    color: Name | None = None       # `may build a blue card ...`: that colour only


class FreeByTokenKind(EffectKind[FreeByToken]):
    """A build paid by tokens: the bots weigh it by the builds the tokens the city holds pay
    for (`power_worth`); the tokens themselves are weighed by bots/rulemodel.py `kept_rate`,
    the build as a move in bots/valuation.py."""

    node = FreeByToken
    places = ("city", "law")
    bots = "powers"
    static = True

    def check(self, effect: FreeByToken, c: EffectChecks) -> Any:
        """Tokens of a declared kind, at least one; a declared colour."""
        ok = c.tokens_given(effect.count, effect.kind, effect.span)
        ok = (effect.color is None or c.colours((effect.color,))) and ok
        return effect if ok else None

    def token_builds(self, effect: FreeByToken) -> tuple[Any, ...]:
        return ((effect.what, effect.kind.text, effect.count, effect.color.text if effect.color is not None else ""),)

    def hold(self, effect: FreeByToken, tables: Any) -> dict[str, Any]:
        return {"free_tokens": self.token_builds(effect)}

    def power_worth(self, effect: FreeByToken, w: Appraiser) -> float:
        """The builds the tokens held now pay for, each a card's worth (a wonder stage's: what
        its tokens are worth spent so)."""
        uses: int = min(w.city.kept.get(effect.kind.text, 0) // effect.count, w.builds_left)
        each: float = w.free_build_worth() if effect.what == "card" else w.model.spent_for(effect.kind.text) * effect.count
        return each * uses

    def written(self, effect: FreeByToken, p: Printer) -> str:
        what = "wonder stage" if effect.what == "stage" else \
            f"{effect.color.text} card" if effect.color is not None else "card"
        paid = f"a {effect.kind.text} token" if effect.count == 1 else p._tokens(effect.count, effect.kind)
        return f"may build a {what} for free for {paid}"

    def words_en(self, effect: FreeByToken, w: WordsEn) -> str:
        what = "wonder stage" if effect.what == "stage" else \
            f"{effect.color.text} card" if effect.color is not None else "card"
        paid = f"a {effect.kind.text} token" if effect.count == 1 else w.plural(effect.count, f"{effect.kind.text} token")
        return f"on its turn, may build a {what} for free by giving up {paid}"

    def words_nl(self, effect: FreeByToken, w: WordsNl) -> str:
        what = "een Wonder fase" if effect.what == "stage" else \
            f"een {names().color(effect.color.text)} kaart" if effect.color is not None else "een kaart naar keuze"
        paid = f"een {names().token(effect.kind.text)}-fiche" if effect.count == 1 \
            else w._tokens(effect.count, effect.kind.text)
        return f"in zijn beurt mag de eigenaar {what} gratis bouwen door {paid} in te leveren"

    def icons(self, effect: FreeByToken, kit: IconKit, vocabulary: Any) -> list[Any]:
        """The tokens given up, an arrow, the card or stage built."""
        icons = kit.icons
        built = icons.stage(_("a wonder stage")) if effect.what == "stage" else \
            icons.card([effect.color.text] if effect.color is not None else [], _("a card"))
        return [icons.chip(f"{effect.count} × {names().token(effect.kind.text)}"), icons.word("→"), built,
                icons.coin("0", _("for free"))]

    def notation(self, effect: FreeByToken, kit: NotationKit) -> str | None:
        return None


KIND = FreeByTokenKind()

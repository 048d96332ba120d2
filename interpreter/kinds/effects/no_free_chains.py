"""`no free chains`, in a law only: in every city, a card it could build by chain (`free
with`) costs what it costs, paid as any other card (engine/laws.py `chains_paid`).  Its
grammar rule is `no_free_chains`, built by syntax/builder/effects.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..effect_base import EffectKind
from ...i18n import _
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ..lent import EffectChecks, IconKit, NotationKit, Printer, WordsEn, WordsNl
    from ...diagnostics import Span


@node
class NoFreeChains:
    span: Span


class NoFreeChainsKind(EffectKind[NoFreeChains]):
    node = NoFreeChains
    places = ("law",)
    bots = "not weighed"                  # a law's; a house rule's is read by bots/rulemodel.py (no chain to count on)

    def check(self, effect: NoFreeChains, c: EffectChecks) -> Any:
        return effect                     # nothing in it to misuse

    def in_force(self, effect: NoFreeChains, tables: Any) -> dict[str, Any]:
        return {"chains_paid": True}

    def written(self, effect: NoFreeChains, p: Printer) -> str:
        return "no free chains"

    def words_en(self, effect: NoFreeChains, w: WordsEn) -> str:
        return "builds no card for free by chain: a card it could chain costs what it costs"

    def words_nl(self, effect: NoFreeChains, w: WordsNl) -> str:
        return "bouwt geen kaart gratis via een keten: een kaart die het zou kunnen ketenen kost wat ze kost"

    def icons(self, effect: NoFreeChains, kit: IconKit, vocabulary: Any) -> list[Any]:
        return [kit.icons.chip(_("no free chains"))]

    def notation(self, effect: NoFreeChains, kit: NotationKit) -> str | None:
        return None


KIND = NoFreeChainsKind()

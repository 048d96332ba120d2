"""`no free chains`, in a law only: in every city, a card it could build by chain (`free
with`) costs what it costs, paid as any other card (engine/laws.py `chains_paid`).  Its
grammar rule is `no_free_chains`, built by syntax/builder/effects.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..effect_base import EffectKind
from ...i18n import _
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ...diagnostics import Span


@node
class NoFreeChains:
    span: Span


class NoFreeChainsKind(EffectKind):
    node = NoFreeChains
    places = ("law",)
    bots = "not weighed"                  # a law's; a house rule's is read by bots/rulemodel.py (no chain to count on)

    def check(self, effect, c):
        return effect                     # nothing in it to misuse

    def in_force(self, effect, tables) -> dict:
        return {"chains_paid": True}

    def written(self, effect, p) -> str:
        return "no free chains"

    def words_en(self, effect, w) -> str:
        return "builds no card for free by chain: a card it could chain costs what it costs"

    def words_nl(self, effect, w) -> str:
        return "bouwt geen kaart gratis via een keten: een kaart die het zou kunnen ketenen kost wat ze kost"

    def icons(self, effect, kit, vocabulary) -> list:
        return [kit.icons.chip(_("no free chains"))]

    def notation(self, effect, kit) -> str | None:
        return None


KIND = NoFreeChainsKind()

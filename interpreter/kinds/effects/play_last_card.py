"""`may play the last card of each age`: the owner plays the card left in its hand at an
age's last turn instead of discarding it (engine/city.py `play_last`, read by the game's
turns).  Its grammar rule is `play_last_card`, built by syntax/builder/effects.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..effect_base import EffectKind
from ...i18n import _
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ...diagnostics import Span


@node
class PlayLastCard:
    span: Span


class PlayLastCardKind(EffectKind):
    node = PlayLastCard
    places = ("city",)
    bots = "powers"
    static = True

    def check(self, effect, c):
        return effect                     # nothing in it to misuse

    def hold(self, effect, tables) -> dict:
        return {"play_last": True}

    def power_worth(self, effect, w) -> float:
        """A card more in each age to come."""
        return w.free_build_worth() * w.ages_left()

    def written(self, effect, p) -> str:
        return "may play the last card of each age"

    def words_en(self, effect, w) -> str:
        return "may play the last card of each age instead of discarding it"

    def words_nl(self, effect, w) -> str:
        return "de eigenaar mag de laatste kaart van elk Tijdperk spelen in plaats van deze af te leggen"

    def icons(self, effect, kit, vocabulary) -> list:
        icons = kit.icons
        return [icons.chip(_("last card")), icons.card([], _("the last card of each age")), icons.word("✓")]

    def notation(self, effect, kit) -> str | None:
        return None


KIND = PlayLastCardKind()

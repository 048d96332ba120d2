"""`may play the last card of each age`: the owner plays the card left in its hand at an
age's last turn instead of discarding it (engine/city.py `play_last`, read by the game's
turns).  Its grammar rule is `play_last_card`, built by syntax/builder/effects.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..effect_base import EffectKind
from ...i18n import _
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ..lent import Appraiser, EffectChecks, IconKit, NotationKit, Printer, WordsEn, WordsNl
    from ...diagnostics import Span


@node
class PlayLastCard:
    span: Span


class PlayLastCardKind(EffectKind[PlayLastCard]):
    node = PlayLastCard
    places = ("city",)
    bots = "powers"
    static = True

    def check(self, effect: PlayLastCard, c: EffectChecks) -> Any:
        return effect                     # nothing in it to misuse

    def hold(self, effect: PlayLastCard, tables: Any) -> dict[str, Any]:
        return {"play_last": True}

    def power_worth(self, effect: PlayLastCard, w: Appraiser) -> float:
        """A card more in each age to come."""
        return w.free_build_worth() * w.ages_left()

    def written(self, effect: PlayLastCard, p: Printer) -> str:
        return "may play the last card of each age"

    def words_en(self, effect: PlayLastCard, w: WordsEn) -> str:
        return "may play the last card of each age instead of discarding it"

    def words_nl(self, effect: PlayLastCard, w: WordsNl) -> str:
        return "de eigenaar mag de laatste kaart van elk Tijdperk spelen in plaats van deze af te leggen"

    def icons(self, effect: PlayLastCard, kit: IconKit, vocabulary: Any) -> list[Any]:
        icons = kit.icons
        return [icons.chip(_("last card")), icons.card([], _("the last card of each age")), icons.word("✓")]

    def notation(self, effect: PlayLastCard, kit: NotationKit) -> str | None:
        return None


KIND = PlayLastCardKind()

"""`build a card from the discard pile for free`: the owner chooses one card of the discard
pile, at once, and builds it for nothing (a decision of kind "discard", in the middle of a
chain of triggers when a trigger asks for it).  Its grammar rule is `build_from_discard`,
built by syntax/builder/effects.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..base import ActionKind
from ...i18n import _
from ...syntax.ast_base import COLOR_BUILT, node
from ...syntax.ast_base import Event

if TYPE_CHECKING:
    from ..lent import ActionChecks, Appraiser, IconKit, NotationKit, Printer, WordsEn, WordsNl
    from ...diagnostics import Span


@node
class BuildFromDiscard:
    span: Span


class BuildFromDiscardKind(ActionKind[BuildFromDiscard]):
    node = BuildFromDiscard
    gives = "build from discard"
    bots = "powers"
    decision = "discard"

    def check(self, action: BuildFromDiscard, c: ActionChecks) -> bool:
        return True                       # nothing in it to misuse

    def causes(self, action: BuildFromDiscard) -> tuple[str, ...]:
        return (Event.BUILDING_BUILT, COLOR_BUILT)          # and a building of any colour

    def idle(self, events: Any, action: BuildFromDiscard, seat: int) -> bool:
        """Nothing to build from an empty pile (or none the city may build)."""
        return not events.build_options_from_discard(seat)

    def run(self, events: Any, op: Any, seat: int, where: Any, source: str) -> None:
        if not self.idle(events, op.node, seat):
            events.game.waiting = [(seat, self.decision)]      # answered by the `discard` decision

    def power_worth(self, action: BuildFromDiscard, w: Appraiser) -> float:
        """A card more, the best the pile may hold (bots/powers_worth.py)."""
        return w.discard_build_worth()

    def written(self, action: BuildFromDiscard, p: Printer) -> str:
        return "build a card from the discard pile for free"

    def words_en(self, action: BuildFromDiscard, w: WordsEn) -> str:
        return "builds one card from the discard pile for free"

    def words_nl(self, action: BuildFromDiscard, w: WordsNl) -> tuple[str, str]:
        return "kiest", "één kaart uit de aflegstapel en bouwt die gratis"

    def icons(self, action: BuildFromDiscard, kit: IconKit, vocabulary: Any) -> list[Any]:
        icons = kit.icons
        return [icons.chip(_("discard")), icons.word("→"), icons.card([], _("a card from the discard pile")),
                icons.coin("0", _("for free"))]

    def notation(self, action: BuildFromDiscard, kit: NotationKit) -> str | None:
        return None


KIND = BuildFromDiscardKind()

"""`points N`: N victory points at the end of the game, counted in its source's score
category (a card colour's, the wonder stages'), plainly: compile/tables.py adds them up in the
source's `points`, engine/scoring.py scores them.  Its grammar rule is `points`, built by
syntax/builder/effects.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..effect_base import EffectKind
from ...i18n import _
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ..lent import EffectChecks, IconKit, NotationKit, Printer, WordsEn, WordsNl
    from ...diagnostics import Span


@node
class Points:
    amount: int
    span: Span


class PointsKind(EffectKind[Points]):
    node = Points
    places = ("city",)
    bots = "score lines"                 # Source.points, scored with the score lines
    part = "points"

    def check(self, effect: Points, c: EffectChecks) -> Any:
        """Nothing to misuse (check/cards.py asks that its source count in a category)."""
        return effect

    def filed(self, effect: Points, c: Any) -> tuple[str, int]:
        return self.part, effect.amount

    def written(self, effect: Points, p: Printer) -> str:
        return f"points {effect.amount}"

    def words_en(self, effect: Points, w: WordsEn) -> str:
        return w.plural(effect.amount, "victory point")

    def words_nl(self, effect: Points, w: WordsNl) -> str:
        return w.noun(effect.amount, "point")

    def icons(self, effect: Points, kit: IconKit, vocabulary: Any) -> list[Any]:
        return [kit.icons.laurel(str(effect.amount), _("{count} victory points").format(count=effect.amount))]

    def notation(self, effect: Points, kit: NotationKit) -> str | None:
        return kit.points(effect.amount)


KIND = PointsKind()

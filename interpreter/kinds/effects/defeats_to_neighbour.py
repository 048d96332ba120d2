"""`defeat tokens go to the neighbour`: a token worth less than 0 that the owner would take
against a neighbour (in a `for each neighbour` trigger) goes to that neighbour instead
(engine/city.py `gives_defeats`, read as a token is taken).  Its grammar rule is
`defeats_to_neighbour`, built by syntax/builder/effects.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..effect_base import EffectKind
from ...i18n import _
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ..lent import EffectChecks, IconKit, NotationKit, Printer, WordsEn, WordsNl
    from ...diagnostics import Span


@node
class DefeatsToNeighbour:
    span: Span


class DefeatsToNeighbourKind(EffectKind[DefeatsToNeighbour]):
    node = DefeatsToNeighbour
    places = ("city",)
    bots = "gives_defeats"
    static = True

    def check(self, effect: DefeatsToNeighbour, c: EffectChecks) -> Any:
        return effect                     # nothing in it to misuse

    def hold(self, effect: DefeatsToNeighbour, tables: Any) -> dict[str, Any]:
        return {"gives_defeats": True}

    def written(self, effect: DefeatsToNeighbour, p: Printer) -> str:
        return "defeat tokens go to the neighbour"

    def words_en(self, effect: DefeatsToNeighbour, w: WordsEn) -> str:
        return "a defeat token the owner would take against a neighbour goes to that neighbour"

    def words_nl(self, effect: DefeatsToNeighbour, w: WordsNl) -> str:
        return "een nederlaagfiche die de eigenaar tegen een naburige stad zou krijgen, gaat naar die stad"

    def icons(self, effect: DefeatsToNeighbour, kit: IconKit, vocabulary: Any) -> list[Any]:
        icons = kit.icons
        return [icons.token("defeat", _("a defeat token")), icons.word("→"),
                icons.direction(("left", "right"), _("to the neighbour who won"))]

    def notation(self, effect: DefeatsToNeighbour, kit: NotationKit) -> str | None:
        return None


KIND = DefeatsToNeighbourKind()

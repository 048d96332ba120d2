"""Tree-builder methods for order and removal (docs/language.md, "Order and removal"): a
card named by its place (`the last card built`, `the card under this stage`), what is
asked of it (its colour, its cost), a card moved out of a city or a zone, and a
neighbour's stage copied."""

from __future__ import annotations

from lark import Token, v_args
from lark.tree import Meta

from .. import ast
from ...kinds.expressions.which_card import WhichCard
from ...kinds.conditions.colour_comparison import ColourComparison
from ...kinds.actions.copy_stage import CopyStage
from ...kinds.actions.discard_built import DiscardBuilt
from .base import BuilderBase, Kept, Measured
from ...kinds.measure_base import Measure


class OrderBuilder(BuilderBase):
    """Mixed into TreeBuilder (`builder/__init__.py`)."""

    @v_args(meta=True)
    def last_built(self, meta: Meta, c: Kept) -> WhichCard:
        return WhichCard(which="last", scope=c[0] if c else None, colors=(), span=self._span(meta))

    @v_args(meta=True)
    def previous_built(self, meta: Meta, c: Kept) -> WhichCard:
        return WhichCard(which="previous", scope=c[0] if c else None, colors=(), span=self._span(meta))

    @v_args(meta=True)
    def under_stage(self, meta: Meta, c: Kept) -> WhichCard:
        return WhichCard(which="under", scope=None, colors=c[0] if c else (), span=self._span(meta))

    def same_colour(self, c: Kept) -> Measured: return (Measure.SAME_COLOUR_CARDS, (), None, c[0])
    def card_cost(self, c: Kept) -> Measured: return (Measure.CARD_COST, (), None, c[0])

    @v_args(meta=True)
    def colour_comparison(self, meta: Meta, c: Kept) -> ColourComparison:
        other = c[2] if isinstance(c[2], WhichCard) else None
        return ColourComparison(op=str(c[1]), card=c[0], colors=() if other else c[2], other=other,
                                    span=self._span(meta))

    def colour_choice(self, c: Kept) -> tuple[ast.Name, ...]:
        return tuple(self._name(t) for t in c)

    @v_args(meta=True)
    def copy_stage(self, meta: Meta, c: Kept) -> CopyStage:
        return CopyStage(number=self._number(c[0]), scope=c[1], span=self._span(meta))

    def this_stage(self, c: Kept) -> str: return "stage"

    @v_args(meta=True)
    def discard_built(self, meta: Meta, c: Kept) -> DiscardBuilt:
        return self._moved(meta, c[0], c[1], "discard")

    @v_args(meta=True)
    def put_card(self, meta: Meta, c: Kept) -> DiscardBuilt:
        colors = c[0] if len(c) == 3 else ()          # `put a card from ...`: of any colour
        return self._moved(meta, colors, c[-2], c[-1])

    def into_zone(self, c: Kept) -> tuple[str, Token]: return ("into", c[0])
    def onto_zone(self, c: Kept) -> tuple[str, Token]: return ("onto", c[0])

    def _moved(self, meta: Meta, colors: tuple[ast.Name, ...], place: ast.Scope | Token,
               to: str | tuple[str, Token]) -> DiscardBuilt:
        """A card leaving a city (`place` a scope) or the owner's zone (a string) for the
        discard pile, a zone (`into "Z"` or `onto "Z"`) or under the stage ("stage")."""
        zone = self._string(place) if isinstance(place, Token) else None
        into = self._string(to[1]) if isinstance(to, tuple) else None
        return DiscardBuilt(colors=colors, scope=None if isinstance(place, Token) else place, span=self._span(meta),
                            zone=zone, to="zone" if isinstance(to, tuple) else to, into=into,
                            onto=isinstance(to, tuple) and to[0] == "onto")

"""Tree-builder methods for expressions: arithmetic, numbers, quantities (`coins`, `cards of
brown`, `most ... of neighbours`) and the scopes they count in."""

from __future__ import annotations

from collections.abc import Callable

import attrs
from lark import Token, v_args
from lark.tree import Meta

from .. import ast
from ...kinds.expressions.bin_op import BinOp
from ...kinds.expressions.per import Per
from ...kinds.expressions.per_amount import PerAmount
from ...kinds.expressions.quantity import Quantity
from ...kinds.among_base import AmongCities
from .base import BuilderBase, Kept, Measured
from ...kinds.among_base import Among
from ...kinds.measure_base import Measure
from ...kinds.measures import MEASURES
from ...kinds.scope_base import ScopePart
from .numbers import to_int


class ExpressionBuilder(BuilderBase):
    """Mixed into TreeBuilder (`builder/__init__.py`)."""

    @v_args(meta=True)
    def binary(self, meta: Meta, c: Kept) -> BinOp:
        return BinOp(op=str(c[1]), left=c[0], right=c[2], span=self._span(meta))

    @v_args(meta=True)
    def negative(self, meta: Meta, c: Kept) -> ast.Negative:
        return ast.Negative(operand=c[-1], span=self._span(meta))

    @v_args(meta=True)
    def number(self, meta: Meta, c: Kept) -> ast.Number:
        return ast.Number(value=to_int(c[0]), span=self._span(meta))

    @v_args(meta=True)
    def per_amount(self, meta: Meta, c: Kept) -> PerAmount:
        return PerAmount(amount=to_int(c[0]), per=c[1], span=self._span(meta))

    @v_args(meta=True)
    def per(self, meta: Meta, c: Kept) -> Per:
        every = 1
        if isinstance(c[0], Token):
            every, c = to_int(c[0]), c[1:]
        return Per(every=every, what=self._quantity(meta, c), span=self._span(meta))

    @v_args(meta=True)
    def quantity(self, meta: Meta, c: Kept) -> Quantity:
        return self._quantity(meta, c)

    @v_args(meta=True)
    def extreme_quantity(self, meta: Meta, c: Kept) -> Quantity:
        return attrs.evolve(self._quantity(meta, c[1:]), extreme=c[0])

    def most(self, c: Kept) -> str: return "most"
    def fewest(self, c: Kept) -> str: return "fewest"

    def _quantity(self, meta: Meta, c: Kept) -> Quantity:
        measure, colors, *rest = c[0]
        scope = c[1] if len(c) > 1 else None
        return Quantity(measure=measure, colors=colors, scope=scope, span=self._span(meta),
                            kind=rest[0] if rest else None, card=rest[1] if len(rest) > 1 else None)

    @v_args(meta=True)
    def symbol_squares(self, meta: Meta, c: Kept) -> Quantity:
        return Quantity(measure=Measure.SYMBOL_SQUARES, colors=(), scope=None, span=self._span(meta))

    @v_args(meta=True)
    def age_victory(self, meta: Meta, c: Kept) -> Quantity:
        return Quantity(measure=Measure.AGE_VICTORY, colors=(), scope=None, span=self._span(meta))

    @v_args(meta=True)
    def age_number_q(self, meta: Meta, c: Kept) -> Quantity:
        return Quantity(measure=Measure.AGE, colors=(), scope=None, span=self._span(meta))

    @v_args(meta=True)
    def player_number(self, meta: Meta, c: Kept) -> Quantity:
        return Quantity(measure=Measure.PLAYERS, colors=(), scope=None, span=self._span(meta))

    @v_args(meta=True)
    def rank_among(self, meta: Meta, c: Kept) -> AmongCities:
        how = Among.RANK_FEWEST if c[0] == "fewest" else Among.RANK
        c = c[1:] if c[0] in ("most", "fewest") else c
        return AmongCities(how=how, value=c[0], scope=c[1] if len(c) > 1 else None, span=self._span(meta))

    @v_args(meta=True)
    def count_among(self, meta: Meta, c: Kept) -> AmongCities:
        return AmongCities(how=Among.COUNT, value=c[0], op=str(c[1]), bound=c[2],
                               scope=c[3] if len(c) > 3 else None, span=self._span(meta))

    @v_args(meta=True)
    def extreme_among(self, meta: Meta, c: Kept) -> AmongCities:
        return AmongCities(how=c[0], value=c[1], scope=c[2] if len(c) > 2 else None, span=self._span(meta))

    @v_args(meta=True)
    def city_value(self, meta: Meta, c: Kept) -> ast.Expr:
        """A measure alone (`shields`: counted in the city looked at) or an expression."""
        if isinstance(c[0], tuple):
            return self._quantity(meta, c)
        value: ast.Expr = c[0]
        return value

    def among(self, c: Kept) -> ast.Expr:
        value: ast.Expr = c[0]
        return value

    def production_q(self, c: Kept) -> Measured: return (Measure.PRODUCTION, (), self._name(c[0]))

    def zone_cards(self, c: Kept) -> Measured: return (Measure.ZONE_CARDS, (), self._string(c[0]))

    def cards_of(self, c: Kept) -> Measured: return (Measure.CARDS, c[0])
    def card_sets(self, c: Kept) -> Measured: return (Measure.CARD_SETS, c[0])

    @v_args(meta=True)
    def color_list(self, meta: Meta, c: Kept) -> tuple[ast.Name, ...]:
        return tuple(self._name(t) for t in c)

    @v_args(meta=True)
    def scope(self, meta: Meta, c: Kept) -> ast.Scope:
        parts: list[str] = []
        for part in c:
            for p in part:
                if p not in parts:
                    parts.append(p)
        return ast.Scope(parts=tuple(parts), span=self._span(meta))

    def own_city(self, c: Kept) -> tuple[ScopePart, ...]: return (ScopePart.OWN,)
    def neighbours(self, c: Kept) -> tuple[ScopePart, ...]: return (ScopePart.LEFT, ScopePart.RIGHT)
    def left_neighbour(self, c: Kept) -> tuple[ScopePart, ...]: return (ScopePart.LEFT,)
    def right_neighbour(self, c: Kept) -> tuple[ScopePart, ...]: return (ScopePart.RIGHT,)
    def that_neighbour(self, c: Kept) -> tuple[ScopePart, ...]: return (ScopePart.NEIGHBOUR,)
    def all_cities(self, c: Kept) -> tuple[ScopePart, ...]: return (ScopePart.ALL,)

    def signed_int(self, c: Kept) -> int:
        return -to_int(c[1]) if len(c) == 2 else to_int(c[0])


def _built(measure: str) -> Callable[[ExpressionBuilder, Kept], Measured]:
    """The builder's method of a measure without parts of its own: its grammar rule makes it."""
    def build(self: ExpressionBuilder, c: Kept) -> Measured:
        return (measure, ())
    return build


# the measures that declare their grammar rule (kinds/measures/, `rule`), built alike
for _kind in MEASURES.values():
    if _kind.rule:
        setattr(ExpressionBuilder, _kind.rule, _built(_kind.name))

"""Tree-builder methods for cards (age, colour, copies, cost, chains) and wonders (sides, stages)."""

from __future__ import annotations

from lark import v_args
from lark.tree import Meta

from .. import ast
from ...kinds.amounts.coin_amount import CoinAmount
from ...kinds.amounts.resource_amount import ResourceAmount
from ...kinds.amounts.token_amount import TokenAmount
from .base import BuilderBase, Kept
from .numbers import to_int


class CardBuilder(BuilderBase):
    """Mixed into TreeBuilder (`builder/__init__.py`)."""

    @v_args(meta=True)
    def card(self, meta: Meta, c: Kept) -> ast.Card:
        return ast.Card(name=self._string(c[0]), body=tuple(c[1:]), span=self._span(meta))

    @v_args(meta=True)
    def age_stmt(self, meta: Meta, c: Kept) -> ast.AgeStmt:
        return ast.AgeStmt(age=c[0], span=self._span(meta))

    @v_args(meta=True)
    def deck_stmt(self, meta: Meta, c: Kept) -> ast.DeckStmt:
        return ast.DeckStmt(deck=self._string(c[0]), span=self._span(meta))

    def age_number(self, c: Kept) -> ast.Name:
        return self._name(c[0])

    @v_args(meta=True)
    def color_stmt(self, meta: Meta, c: Kept) -> ast.ColorStmt:
        return ast.ColorStmt(color=self._name(c[0]), span=self._span(meta))

    @v_args(meta=True)
    def copies_stmt(self, meta: Meta, c: Kept) -> ast.CopiesStmt:
        return ast.CopiesStmt(counts=tuple(c), span=self._span(meta))

    def copy_from(self, c: Kept) -> ast.Number:
        return self._number(c[0])

    @v_args(meta=True)
    def cost_stmt(self, meta: Meta, c: Kept) -> ast.CostStmt:
        return ast.CostStmt(items=tuple(c), span=self._span(meta))

    @v_args(meta=True)
    def resource_amount(self, meta: Meta, c: Kept) -> ResourceAmount:
        count = to_int(c[0]) if len(c) == 2 else 1
        return ResourceAmount(count=count, resource=self._name(c[-1]), span=self._span(meta))

    @v_args(meta=True)
    def coin_amount(self, meta: Meta, c: Kept) -> CoinAmount:
        return CoinAmount(count=to_int(c[0]), span=self._span(meta))

    @v_args(meta=True)
    def token_amount(self, meta: Meta, c: Kept) -> TokenAmount:
        """`1 joker token`, `a joker token` (the word `a` leaves one token, the kind)."""
        count = to_int(c[0]) if len(c) == 2 else 1
        return TokenAmount(count=count, kind=self._name(c[-1]), span=self._span(meta))

    @v_args(meta=True)
    def chain_stmt(self, meta: Meta, c: Kept) -> ast.ChainStmt:
        return ast.ChainStmt(cards=tuple(self._string(t) for t in c), span=self._span(meta))

    @v_args(meta=True)
    def wonder(self, meta: Meta, c: Kept) -> ast.Wonder:
        return ast.Wonder(name=self._string(c[0]), sides=tuple(c[1:]), span=self._span(meta))

    @v_args(meta=True)
    def side(self, meta: Meta, c: Kept) -> ast.Side:
        return ast.Side(name=self._name(c[0]), body=tuple(c[1:]), span=self._span(meta))

    @v_args(meta=True)
    def stages_any_order(self, meta: Meta, c: Kept) -> ast.StagesAnyOrder:
        return ast.StagesAnyOrder(span=self._span(meta))

    @v_args(meta=True)
    def stage(self, meta: Meta, c: Kept) -> ast.Stage:
        return ast.Stage(body=tuple(c), span=self._span(meta))

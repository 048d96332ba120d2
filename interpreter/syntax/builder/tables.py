"""Tree-builder methods for `table for N players`: the deal for another player count and
its neutral cities."""

from __future__ import annotations

from collections.abc import Callable

from lark import v_args
from lark.tree import Meta

from .. import ast
from .base import BuilderBase, Kept


def _flag(word: str) -> Callable[[BuilderBase, Meta, Kept], ast.Flag]:
    """The builder's method of a neutral city's flag (`cannot win`): its words as the rule says them."""
    @v_args(meta=True)
    def make(self: BuilderBase, meta: Meta, c: Kept) -> ast.Flag:
        return ast.Flag(word=word, span=self._span(meta))
    return make


class TableBuilder(BuilderBase):
    """Mixed into TreeBuilder (`builder/__init__.py`)."""

    @v_args(meta=True)
    def table(self, meta: Meta, c: Kept) -> ast.Table:
        deal_as = next((x for x in c[1:] if isinstance(x, ast.Number)), None)
        neutrals = tuple(x for x in c[1:] if isinstance(x, ast.NeutralCity))
        hand = next((x for x in c[1:] if isinstance(x, ast.HandSize)), None)
        turns = next((x for x in c[1:] if isinstance(x, ast.Turns)), None)
        return ast.Table(players=self._number(c[0]), deal_as=deal_as, neutrals=neutrals, span=self._span(meta),
                         hand=hand, turns=turns)

    def cards_as_for(self, c: Kept) -> ast.Number:
        return self._number(c[0])

    @v_args(meta=True)
    def neutral_city(self, meta: Meta, c: Kept) -> ast.NeutralCity:
        return ast.NeutralCity(name=self._string(c[0]), body=tuple(c[1:]), span=self._span(meta))

    @v_args(meta=True)
    def holder_in_age(self, meta: Meta, c: Kept) -> ast.HolderInAge:
        return ast.HolderInAge(age=c[0], direction=c[1], span=self._span(meta))

    draws_from_pile = _flag("draws from a pile")
    holder_changes = _flag("holder changes every turn")
    builds_when_it_can = _flag("builds when it can")
    chains_when_it_can = _flag("chains when it can")
    buys_at_any_price = _flag("buys at any price")
    cannot_win = _flag("cannot win")

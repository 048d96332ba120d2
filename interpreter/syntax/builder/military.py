"""Tree-builder methods for tokens given back, shields gained by an action and a law's
change of the military tokens' value (docs/language.md, "Giving tokens back", "gain N
shields", "Laws for the whole table")."""

from __future__ import annotations

from lark import Token, v_args
from lark.tree import Meta

from .. import ast
from ...kinds.actions.discard_tokens import DiscardTokens
from ...kinds.actions.gain_shields import GainShields
from ...kinds.effects.token_value import TokenValue
from .base import BuilderBase, Kept
from .numbers import to_int

ALL = object()          # `discard all ... tokens`: the count of `all_tokens`


class MilitaryBuilder(BuilderBase):
    """Mixed into TreeBuilder (`builder/__init__.py`)."""

    def victory_sort(self, c: Kept) -> str: return "victory"
    def defeat_sort(self, c: Kept) -> str: return "defeat"
    def military_sort(self, c: Kept) -> str: return "military"
    def all_tokens(self, c: Kept) -> object: return ALL
    def against_neighbour(self, c: Kept) -> bool: return True

    @v_args(meta=True)
    def discard_tokens(self, meta: Meta, c: Kept) -> DiscardTokens:
        """`discard a|N|all SORT tokens`: SORT a military sort (a word) or a kept kind (a name)."""
        sort = c[-1]
        count = c[0] if len(c) == 2 else ast.Number(value=1, span=self._span(meta))
        kind = self._name(sort) if isinstance(sort, Token) else None
        return DiscardTokens(count=None if count is ALL else count, what="kept" if kind else sort,
                                 kind=kind, span=self._span(meta))

    @v_args(meta=True)
    def gain_shields(self, meta: Meta, c: Kept) -> GainShields:
        return GainShields(amount=c[0], per=c[1] if len(c) > 1 else None, span=self._span(meta))

    @v_args(meta=True)
    def token_value(self, meta: Meta, c: Kept) -> TokenValue:
        return TokenValue(what=c[0], amount=to_int(c[-2]), change=c[-1], against=len(c) == 4,
                              span=self._span(meta))

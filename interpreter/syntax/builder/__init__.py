"""Lark parse tree -> syntax tree (ast.py), in a pass of its own so every node gets a span.

One method per grammar rule; each receives the rule's span and its kept children.  The
methods are grouped by the family of constructs they build, one module each (cards.py,
effects.py, triggers.py, expressions.py, rules.py, phases.py, variants.py, tables.py,
vocabulary.py, order.py, military.py), mixed into `TreeBuilder` here, which gives them the span and name helpers.
"""

from __future__ import annotations

from lark import Token, Transformer

from ...diagnostics import Span
from .. import ast
from .cards import CardBuilder
from .effects import EffectBuilder
from .expressions import ExpressionBuilder
from .military import MilitaryBuilder
from .numbers import MAX_DIGITS, NumberTooLarge, to_int
from .order import OrderBuilder
from .phases import PhaseBuilder
from .rules import RulesBuilder
from .tables import TableBuilder
from .triggers import TriggerBuilder
from .variants import VariantBuilder
from .vocabulary import VocabularyBuilder

__all__ = ["MAX_DIGITS", "NumberTooLarge", "TreeBuilder"]


class TreeBuilder(VocabularyBuilder, CardBuilder, EffectBuilder, TriggerBuilder, ExpressionBuilder, RulesBuilder,
                  PhaseBuilder, VariantBuilder, TableBuilder, OrderBuilder, MilitaryBuilder, Transformer):
    def __init__(self, path: str):
        super().__init__(visit_tokens=False)
        self.path = path

    def _span(self, meta) -> Span:
        return Span(self.path, meta.line, meta.column, meta.end_line, meta.end_column)

    def _tok_span(self, tok: Token) -> Span:
        return Span(self.path, tok.line, tok.column, tok.end_line, tok.end_column)

    def _name(self, tok: Token) -> ast.Name:
        return ast.Name(text=str(tok), span=self._tok_span(tok))

    def _string(self, tok: Token) -> ast.Name:
        return ast.Name(text=str(tok)[1:-1], span=self._tok_span(tok))

    def _number(self, tok: Token) -> ast.Number:
        return ast.Number(value=to_int(tok), span=self._tok_span(tok))

    def __default__(self, data, children, meta):
        raise AssertionError(f"grammar rule {data!r} has no tree builder")

"""Lark parse tree -> syntax tree (ast.py), in a pass of its own so every node gets a span.

One method per grammar rule; each receives the rule's span and its kept children.  The
methods are grouped by the family of constructs they build, one module each (cards.py,
effects.py, triggers.py, expressions.py, rules.py, phases.py, variants.py, tables.py,
vocabulary.py, order.py, military.py), mixed into `TreeBuilder` here, which gives them the span and name helpers.
"""

from __future__ import annotations

from typing import NoReturn

from lark import Token, Transformer

from .base import BuilderBase, Kept
from .cards import CardBuilder
from .effects import EffectBuilder
from .expressions import ExpressionBuilder
from .military import MilitaryBuilder
from .numbers import MAX_DIGITS, NumberTooLarge
from .order import OrderBuilder
from .phases import PhaseBuilder
from .rules import RulesBuilder
from .tables import TableBuilder
from .triggers import TriggerBuilder
from .variants import VariantBuilder
from .vocabulary import VocabularyBuilder

__all__ = ["MAX_DIGITS", "NumberTooLarge", "TreeBuilder"]


class TreeBuilder(VocabularyBuilder, CardBuilder, EffectBuilder, TriggerBuilder, ExpressionBuilder, RulesBuilder,
                  PhaseBuilder, VariantBuilder, TableBuilder, OrderBuilder, MilitaryBuilder, BuilderBase,
                  Transformer[Token, list[object]]):
    def __init__(self, path: str) -> None:
        super().__init__(visit_tokens=False)
        self.path = path

    def __default__(self, data: object, children: Kept, meta: object) -> NoReturn:
        raise AssertionError(f"grammar rule {data!r} has no tree builder")

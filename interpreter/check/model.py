"""The checked rule set: what the content means, with names resolved and numbers fixed.

Effects stay the syntax tree's effect objects (they carry their spans); everything
around them is plain data the engine and the tools read.
"""

from __future__ import annotations

import attrs

from ..diagnostics import Span
from ..syntax import ast
# the data the engine runs from, below the checker (re-exported: the checked rule set's)
from ..rulesdata import (AgeDeal as AgeDeal, AgeDef as AgeDef, AgeEnd as AgeEnd, AgeStart as AgeStart,
                         Cost as Cost, NeutralDef as NeutralDef, PhaseDef as PhaseDef, RulesDef as RulesDef,
                         TableDef as TableDef, written_cost as written_cost)  # noqa: F401


@attrs.frozen
class CardDef:
    name: str
    age: int
    color: str
    copies: tuple[int, ...]        # one entry per physical copy: the player count it enters at
    cost: Cost
    chains: tuple[str, ...]        # built free when the owner already has one of these
    effects: tuple[ast.Effect, ...]
    span: Span
    deck: str = ""                 # a deck outside the ages (`deck "NAME"`; age is then 0)

    def copies_at(self, players: int) -> int:
        return sum(1 for threshold in self.copies if threshold <= players)


@attrs.frozen
class StageDef:
    cost: Cost
    effects: tuple[ast.Effect, ...]
    span: Span


@attrs.frozen
class SideDef:
    name: str
    effects: tuple[ast.Effect, ...]    # what the board gives from the start
    stages: tuple[StageDef, ...]
    span: Span
    any_order: bool = False            # `stages in any order`: any unbuilt stage may be built next


@attrs.frozen
class WonderDef:
    name: str
    sides: tuple[SideDef, ...]
    span: Span

    def side(self, name: str) -> SideDef:
        return next(s for s in self.sides if s.name == name)


@attrs.frozen
class Vocabulary:
    resources: tuple[str, ...]
    groups: tuple[tuple[str, tuple[str, ...]], ...]       # (group, members)
    colors: tuple[str, ...]
    symbols: tuple[str, ...]
    tokens: tuple[str, ...] = ()         # kinds of kept token (`tokens: debt, diplomacy`)

    def group(self, name: str) -> tuple[str, ...] | None:
        return next((members for g, members in self.groups if g == name), None)


@attrs.frozen
class RuleSet:
    vocabulary: Vocabulary
    cards: tuple[CardDef, ...]
    wonders: tuple[WonderDef, ...]
    rules: RulesDef
    items: tuple[object, ...] = ()
    tables: tuple[TableDef, ...] = ()          # set-ups for player counts outside the rules' range
    # the variants applied (by name, in order) and the items as they were before them: a
    # player fitted to the changed rules starts from its fit of the unchanged ones
    variants: tuple[str, ...] = ()
    unchanged: tuple[object, ...] = ()

    def table(self, players: int) -> TableDef | None:
        return next((t for t in self.tables if t.players == players), None)          # the syntax items the rule set was checked from, variants applied

    def cards_of_age(self, age: int) -> tuple[CardDef, ...]:
        return tuple(c for c in self.cards if c.age == age)

    def wonder(self, name: str) -> WonderDef:
        return next(w for w in self.wonders if w.name == name)

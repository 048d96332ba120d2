"""The effect objects of the syntax tree: expressions, actions, triggers and effects.

They are what the engine runs, and keep their spans so that run-time messages can cite
the content they come from.  Re-exported by ast.py: use them as `ast.X`."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Union

from ..diagnostics import Span
from .ast_base import COLOR_BUILT, KEPT_TAKEN, Event, Name, Negative, Number, node  # noqa: F401  (re-exported)
from ..kinds.base import UnhandledKind as UnhandledKind  # (re-exported: the passes' refusal, kinds/base.py)
from ..kinds import actions as _action_kinds
from ..kinds import effects as _effect_kinds
from ..kinds import among as _among_kinds
from ..kinds import conditions as _condition_kinds
from ..kinds import measures as _measure_kinds
from ..kinds import expressions as _expression_kinds
from ..kinds import amounts as _amount_kinds


# ---------------------------------------------------------------- expressions
# a scope: its class is its parts' (kinds/scope_base.py), re-exported here (`ast.Scope`, as
# the builder writes it)
from ..kinds.scope_base import Scope as Scope  # noqa: E402  (re-exported)


# The expressions' nodes: each kind has a module of its own (interpreter/kinds/expressions/:
# a quantity, `per ...`, `N per ...`, `A + B`, `VALUE if ...`, a card by its place), its class
# re-exported here by its name (`ast.X`, as the tests write it); the
# leaves `Number` and `Negative` are ast_base.py's, and a value gathered over the table's
# class is kinds/among_base.py's
globals().update({node.__name__: node for node in _expression_kinds.NODES})

from ..kinds.expressions.quantity import EXTREMES as EXTREMES  # noqa: E402  (re-exported: `most`, `fewest`)

# What a quantity counts: the measures of kinds/measures/, one module each
MEASURES = tuple(_measure_kinds.MEASURES)
AMONG = tuple(_among_kinds.WAYS)      # the ways to gather, one module each (kinds/among/)

if TYPE_CHECKING:
    # a class read from the registry is no type to mypy: it reads it as Any
    Expr = Any
else:
    Expr = Union[_expression_kinds.VALUES]


# The conditions (`if ...`, a law's `while ...`): each kind has a module of its own
# (interpreter/kinds/conditions/), its class re-exported here by its name (`ast.X`)
globals().update({node.__name__: node for node in _condition_kinds.NODES})
if TYPE_CHECKING:
    Condition = Any
else:
    Condition = Union[_condition_kinds.NODES]


# ---------------------------------------------------------------- actions
# The actions: the kinds with a module of their own (interpreter/kinds/actions/), each class
# re-exported by its name (`ast.X`, as the builder and the tests write it); every action
# kind has one.
globals().update({node.__name__: node for node in _action_kinds.NODES})
# and the effect kinds with a module of their own (interpreter/kinds/effects/), likewise
globals().update({node.__name__: node for node in _effect_kinds.NODES})
Action = _action_kinds.Action     # (the kinds' Union: every kind's node)


# The events a trigger waits on (`on age end: ...`), in the language's words (syntax/ast_base.py
# `Event`, marked for the catalog there); each has a module of its own (kinds/events/)
EVENTS = tuple(Event)


# ---------------------------------------------------------------- effects
# The items of a cost or a price (`2 wood`, `3 coins`, `1 joker token`): each kind has a module
# of its own (interpreter/kinds/amounts/), its class re-exported here by its name (`ast.X`)
globals().update({node.__name__: node for node in _amount_kinds.NODES})
if TYPE_CHECKING:
    PriceItem = Any
else:
    PriceItem = Union[_amount_kinds.NODES]


@node
class CardSelector:
    """The cards a law over cards reaches, in each city: `brown cards producing 2 units or
    a choice` (of those colours, none: any colour; `producing`: whose fixed production
    makes one of those numbers of units in all, or that produce a choice), or `cards
    "A", "B"` (of those names).  The same cards in every city: what a card
    is and prints, never how the city stands (`selects`)."""
    colors: tuple[Name, ...]
    units: tuple[int, ...]        # `producing N units`: its fixed production in all
    choice: bool                  # `producing a choice`
    names: tuple[Name, ...]       # `cards "A", "B"`: those cards only
    span: Span

    def selects(self, name: str, color: str | None, effects: Iterable[object]) -> bool:
        """Whether a card of this name and colour, with these effects (its own, as
        printed), is one of the cards selected."""
        if self.names:
            return any(n.text == name for n in self.names)
        if self.colors and not any(c.text == color for c in self.colors):
            return False
        if not self.units and not self.choice:
            return True
        made = [found for found in map(_effect_kinds.production_of, effects) if found is not None]
        units = sum(count for items, choice in made if not choice for _resource, count in items)
        return (units > 0 and units in self.units) or (self.choice and any(choice for _items, choice in made))


# what a law over cards does to those it selects (kinds/effects/cards_change.py), strongest first: a card
# with no effect produces nothing either, and one that produces nothing has nothing to make
# unlimited (docs/language.md, "Laws over cards")
from ..kinds.effects.cards_change import CARD_CHANGES as CARD_CHANGES  # noqa: E402  (its kind's)


# What a law may hold: the kinds of kinds/effects/ that may stand in a law
LAW_EFFECTS = _effect_kinds.IN_LAW


# What a card, a board or a stage may hold: the kinds of kinds/effects/ that may stand in a city
EFFECT_TYPES = _effect_kinds.IN_CITY
LawEffect = _effect_kinds.LawEffect     # (the kinds' Unions)
Effect = _effect_kinds.Effect

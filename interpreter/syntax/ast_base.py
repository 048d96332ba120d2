"""The syntax tree's base: the node decorator and the leaves (names and numbers)."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, TypeVar

import attrs

from ..diagnostics import Span
from ..marked import N_

if TYPE_CHECKING:
    from .ast_effects import Expr

# (what the tree's modules import from here: `node` is named, for mypy, where it is imported)
__all__ = ["COLOR_BUILT", "KEPT_TAKEN", "Event", "node", "Name", "Number", "Negative", "literal"]

class Event(StrEnum):
    """The events a trigger waits on (`on age end: ...`), in the language's words (a str: equal
    to them, so triggers, saves and logs read the same): marked for the catalog, since a
    card's chip and the log show each in the reader's words (`_(event)` in
    views/render/effect_icons.py).  ast_effects.EVENTS lists them; an event of a colour or of
    a kind of kept token is written with COLOR_BUILT or KEPT_TAKEN below."""
    GAME_SETUP = N_("game setup")
    AGE_START = N_("age start")
    TURN_START = N_("turn start")
    BUILDING_BUILT = N_("building built")
    STAGE_BUILT = N_("stage built")
    CARD_SOLD = N_("card sold")
    TURN_END = N_("turn end")
    AGE_END = N_("age end")
    GAME_END = N_("game end")
    BUILDING_BUILT_BY_CHAIN = N_("building built by chain")
    VICTORY_TOKEN_TAKEN = N_("victory token taken")
    DEFEAT_TOKEN_TAKEN = N_("defeat token taken")
    RESOURCES_BOUGHT = N_("resources bought")
    COINS_TAKEN_FROM_THE_BANK = N_("coins taken from the bank")


# `on COLOUR card built`: the event of a building of one colour, written "COLOUR card built"
COLOR_BUILT = " card built"
# `on KIND token taken`: a city took tokens of a kind the rules declare (`tokens: KIND`),
# written "KIND token taken"; the military tokens' own events are ast_effects.EVENTS
KEPT_TAKEN = " token taken"

_frozen = attrs.frozen(kw_only=True, repr=False)
_Node = TypeVar("_Node", bound=type)


def _node(cls: _Node) -> _Node:
    """A frozen attrs class of the tree, shown as attrs shows it (`Name(text='x', span=...)`)
    by one __repr__ shared by all: attrs writes and compiles one for each class, a third
    of the time the tree's ninety classes take to make when a command starts."""
    made = _frozen(cls)
    # (mypy takes the class's __repr__ for a method that cannot be replaced: it can, on the class)
    made.__repr__ = _node_repr  # type: ignore[method-assign,assignment]
    return made


if TYPE_CHECKING:
    # mypy's attrs plugin knows attrs' own decorators, not a wrapper: it reads a node as the
    # frozen attrs class it is (its fields, `attrs.evolve`), not that they are keyword-only
    from attrs import frozen as node
else:
    node = _node


def _node_repr(self: attrs.AttrsInstance) -> str:
    shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in attrs.fields(type(self)) if f.repr)
    return f"{type(self).__qualname__}({shown})"


# ---------------------------------------------------------------- leaves
@node
class Name:
    text: str
    span: Span

    def __str__(self) -> str:
        return self.text


@node
class Number:
    value: int
    span: Span


@node
class Negative:
    """`-EXPR`: kept with the leaves, since `-3` written is a number too (`literal`)."""
    operand: Expr
    span: Span


def literal(expr: object) -> int | None:
    """The number an expression is written as (`3`, `-2`), or None for any other: what a
    check of a written amount or the printer reads."""
    if isinstance(expr, Number):
        return expr.value
    if isinstance(expr, Negative) and isinstance(expr.operand, Number):
        return -expr.operand.value
    return None

"""The syntax tree's base: the node decorator and the leaves (names and numbers)."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

import attrs

from ..diagnostics import Span

if TYPE_CHECKING:
    from .ast_effects import Expr

# (what the tree's modules import from here: `node` is named, for mypy, where it is imported)
__all__ = ["COLOR_BUILT", "KEPT_TAKEN", "Event", "node", "Name", "Number", "Negative", "literal"]

# the events a trigger waits on and the words of their families: the events' vocabulary
# (kinds/event_base.py), re-exported for the tree's modules
from ..kinds.event_base import COLOR_BUILT, KEPT_TAKEN, Event  # noqa: E402

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

"""The syntax tree's base: the node decorator and the leaves (names and numbers)."""

from __future__ import annotations

import attrs

from ..diagnostics import Span

_frozen = attrs.frozen(kw_only=True, repr=False)


def node(cls):
    """A frozen attrs class of the tree, shown as attrs shows it (`Name(text='x', span=...)`)
    by one __repr__ shared by all: attrs writes and compiles one for each class, a third
    of the time the tree's ninety classes take to make when a command starts."""
    made = _frozen(cls)
    made.__repr__ = _node_repr
    return made


def _node_repr(self) -> str:
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

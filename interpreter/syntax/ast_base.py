"""The syntax tree's base: the node decorator and the leaves (names and numbers)."""

from __future__ import annotations

import attrs

from ..diagnostics import Span

node = attrs.frozen(kw_only=True)


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

"""What every family of tree-builder methods (one module each, mixed into `TreeBuilder`,
`builder/__init__.py`) is lent: a node's span from a rule's position or a token, and the
names and numbers made of tokens.  Declared once here, so that each mixin says what it
uses and is checked with it."""

from __future__ import annotations

from typing import Any

from lark import Token
from lark.tree import Meta

from ...diagnostics import Span
from .. import ast
from ...kinds.expressions.which_card import WhichCard
from .numbers import to_int

# A rule's kept children, as Lark hands them to its method: what the builder made of each
# child (nodes, tokens, tuples, words), in the order the grammar writes them.  Lark does
# not type them: the grammar rule says what each one is, and the method reads them so.
Kept = list[Any]


class BuilderBase:
    """The helpers of every tree-builder mixin; `path` names the file the spans are in."""

    path: str

    def _span(self, meta: Meta) -> Span:
        return Span(self.path, meta.line, meta.column, meta.end_line, meta.end_column)

    def _tok_span(self, tok: Token) -> Span:
        return Span(self.path, tok.line, tok.column, tok.end_line, tok.end_column)   # type: ignore[arg-type]  # (a token of the parsed text has its position)

    def _name(self, tok: Token) -> ast.Name:
        return ast.Name(text=str(tok), span=self._tok_span(tok))

    def _string(self, tok: Token) -> ast.Name:
        return ast.Name(text=str(tok)[1:-1], span=self._tok_span(tok))

    def _number(self, tok: Token) -> ast.Number:
        return ast.Number(value=to_int(tok), span=self._tok_span(tok))

# What a measure's grammar rule gives the quantity that holds it (`ExpressionBuilder._quantity`):
# (measure, colours), (measure, colours, the kind or resource), or (measure, colours, None,
# the card whose colour or cost it asks)
Measured = (tuple[str, tuple[ast.Name, ...]] | tuple[str, tuple[ast.Name, ...], "ast.Name | None"]
            | tuple[str, tuple[ast.Name, ...], None, WhichCard])

"""Syntax tree -> layout: each item as nested blocks and lines, with the source position
each came from, ready for the formatter to place comments and blank lines between them.

The words come from printer.py (one way to write each statement); this module decides
only what is a block (`head { ... }`), which blocks may stand on one line, and which card
statements share the card's first line (`age I  color brown  copies 3+`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import cast

import attrs

from ..diagnostics import Span, Spanned
from . import ast, printer

Pos = tuple[int, int]
HEAD_STATEMENTS = (ast.AgeStmt, ast.DeckStmt, ast.ColorStmt, ast.CopiesStmt)


@attrs.define
class Line:
    """One statement (or the head statements of a card) written on one line."""
    text: str
    start: Pos
    end: Pos


@attrs.define
class Block:
    """`head { children }`; `inline` blocks may be written on one line, `{ a; b }`."""
    head: str
    children: list[Node]
    start: Pos
    end: Pos
    inline: bool = False


Node = Line | Block      # what a container holds


def start_of(span: Span) -> Pos:
    return (span.line, span.column)


def end_of(span: Span) -> Pos:
    return (span.end_line, span.end_column)


class Layout:
    """Builds the layout of items; `split` says whether a comment lies between two source
    positions (head statements are joined on one line only when none does)."""

    def __init__(self, has_comment: Callable[[Pos, Pos], bool] = lambda start, end: False) -> None:
        self.has_comment = has_comment

    def _line(self, text: str, span: Span) -> Line:
        return Line(text, start_of(span), end_of(span))

    def _block(self, head: str, children: list[Node], span: Span, inline: bool = False) -> Block:
        return Block(head, children, start_of(span), end_of(span), inline)

    # ---------------------------------------------------------------- items
    def item(self, item: object) -> Node:
        if isinstance(item, (ast.ResourcesDecl, ast.ColorsDecl, ast.SymbolsDecl, ast.TokensDecl)):
            return self._line(printer.print_item(item).rstrip("\n"), item.span)
        if isinstance(item, ast.Card):
            return self._block(f'card "{item.name.text}"', self.card_body(item.body), item.span)
        if isinstance(item, ast.Wonder):
            return self._block(f'wonder "{item.name.text}"', [self.side(s) for s in item.sides], item.span)
        if isinstance(item, ast.Rules):
            return self._block(f'rules "{item.name.text}"', [self.statement(s) for s in item.body], item.span)
        if isinstance(item, ast.Table):
            return self._block(f"table for {item.players.value} players", self.table_body(item), item.span)
        if isinstance(item, ast.Variant):
            return self._block(f'variant "{item.name.text}"', self.variant_body(item), item.span)
        raise TypeError(item)

    def side(self, side: ast.Side) -> Block:
        return self._block(f"side {side.name.text}", [self.statement(s) for s in side.body], side.span)

    def card_body(self, statements: Sequence[object]) -> list[Node]:
        """Card statements one a line, except that the leading age, colour and copies
        statements share the first line (unless a comment stands between them)."""
        body = cast(Sequence[Spanned], statements)    # (the tree types a body's statements `object`: each has a span)
        head = 0
        while head < len(body) and isinstance(body[head], HEAD_STATEMENTS):
            head += 1
        # from the end of the first: a comment inside the first goes above the line either way,
        # so the next run must decide as this one did (fmt is idempotent)
        while head > 1 and self.has_comment(end_of(body[0].span), end_of(body[head - 1].span)):
            head -= 1
        children: list[Node] = []
        if head > 1:
            text = "  ".join(printer.statement(s) for s in body[:head])
            children.append(Line(text, start_of(body[0].span), end_of(body[head - 1].span)))
        else:
            head = 0
        return children + [self.statement(s) for s in body[head:]]

    def statement(self, s: object) -> Node:
        if isinstance(s, ast.Stage):
            return self._block("stage", [self.statement(x) for x in s.body], s.span, inline=True)
        if isinstance(s, ast.AgeRules):
            return self._block(f"age {s.age.text}", [self.statement(x) for x in s.body], s.span, inline=True)
        if isinstance(s, ast.Phase):
            return self._block(printer.phase_head(s), [self.statement(x) for x in s.body], s.span, inline=True)
        return self._line(printer.statement(s), s.span)   # type: ignore[attr-defined]  # (a statement)

    # ---------------------------------------------------------------- tables and variants
    def table_body(self, table: ast.Table) -> list[Node]:
        children: list[Node] = []
        if table.deal_as is not None:
            children.append(self._line(f"cards as for {table.deal_as.value} players", table.deal_as.span))
        for stmt in (table.hand, table.turns):
            if stmt is not None:
                children.append(self._line(printer.statement(stmt), stmt.span))
        for city in table.neutrals:
            lines: list[Node] = [self._line(printer.neutral_statement(s), s.span)   # type: ignore[attr-defined]  # (a statement)
                                 for s in city.body]
            children.append(self._block(f'neutral city "{city.name.text}"', lines, city.span))
        return sorted(children, key=lambda c: c.start)

    def variant_body(self, variant: ast.Variant) -> list[Node]:
        children: list[Node] = [self.change(c) for c in variant.body]
        if variant.changes is not None:
            children.append(self._line(f'changes "{variant.changes.text}"', variant.changes.span))
        if variant.overrides:
            names = variant.overrides
            children.append(Line("overrides " + ", ".join(f'"{n.text}"' for n in names),
                                 start_of(names[0].span), end_of(names[-1].span)))
        if variant.requires:
            names = variant.requires
            children.append(Line("requires " + ", ".join(f'"{n.text}"' for n in names),
                                 start_of(names[0].span), end_of(names[-1].span)))
        return sorted(children, key=lambda c: c.start)

    def change(self, c: ast.Change) -> Node:
        if c.verb in ("add", "replace") and isinstance(c.item, ast.Card):
            return self._block(f'{c.verb} card "{c.item.name.text}"', self.card_body(c.item.body), c.span)
        if c.verb in ("add", "replace") and isinstance(c.item, ast.Wonder):
            return self._block(f'{c.verb} wonder "{c.item.name.text}"', [self.side(s) for s in c.item.sides],
                               c.span)
        if c.verb in ("add", "replace") and isinstance(c.item, ast.Table):
            return self._block(f"{c.verb} table for {c.item.players.value} players", self.table_body(c.item), c.span)
        if isinstance(c, ast.StageChange) and c.item is not None:
            where = f'wonder "{c.target.wonder.text}" side {c.target.side.text}'
            head = f"add stage to {where}" if c.verb == "add" else f"modify stage {c.stage} of {where}"
            return self._block(head, [self.statement(s) for s in c.item.body], c.span, inline=True)
        if isinstance(c, ast.ModifyPhase):
            return self._block(f'modify phase "{c.target.text}"', [self.statement(s) for s in c.item], c.span,
                               inline=True)
        if isinstance(c, ast.ModifyCard):
            return self._block(f"modify card {printer.card_ref(c.target)}", self.card_body(c.item), c.span,
                               inline=True)
        if c.verb in ("add", "replace") and isinstance(c.item, ast.Phase):
            head = f"{c.verb} {printer.phase_head(c.item)}"
            return self._block(head, [self.statement(s) for s in c.item.body], c.span, inline=True)
        if isinstance(c, ast.SetRule) and isinstance(c.item, ast.AgeRules):
            return self._block(f"set age {c.item.age.text}", [self.statement(s) for s in c.item.body], c.span,
                               inline=True)
        return self._line(printer.change(c), c.span)

"""Every name written in a folder's trees, as occurrences: what it names (a card, wonder,
trigger, resource, resource group, colour, symbol or score category), where, and whether
it is the definition.  Go to definition, find references, hover and rename read this.
"""

from __future__ import annotations

import attrs

from ..diagnostics import Span
from ..kinds.effects import part_of
from ..syntax import ast


@attrs.frozen
class Occurrence:
    kind: str           # card, wonder, trigger, resource, group, color, symbol, category
    name: str
    span: Span
    definition: bool
    quoted: bool        # written as a quoted name: the span covers the quotes


VOCABULARY_KINDS = ("resource", "group", "color", "symbol", "category")


def occurrences(trees: list[ast.File]) -> list[Occurrence]:
    found: list[Occurrence] = []
    vocabulary: dict[str, str] = {}
    for tree in trees:
        for item in tree.items:
            _walk(item, None, None, found)
    for o in found:
        if o.definition and o.kind in VOCABULARY_KINDS:
            vocabulary.setdefault(o.name, o.kind)
    # names in other positions (cost, colour, science, score ...) refer to the vocabulary
    resolved: dict[tuple, Occurrence] = {}      # one per place (a variant's change names its item twice)
    for o in found:
        if o.kind == "?":
            kind = vocabulary.get(o.name)
            if kind is None:
                continue
            o = attrs.evolve(o, kind=kind)
        key = (o.kind, o.span)
        if key not in resolved or o.definition:
            resolved[key] = o
    return list(resolved.values())


def at(occurrences_: list[Occurrence], file: str, line: int, column: int) -> Occurrence | None:
    """The occurrence under a (1-based) position of a file."""
    for o in occurrences_:
        s = o.span
        if s.file == file and (s.line, s.column) <= (line, column) < (s.end_line, s.end_column + 1):
            return o
    return None


def _name(kind: str, name: ast.Name, definition: bool, quoted: bool = True) -> Occurrence:
    return Occurrence(kind, name.text, name.span, definition, quoted)


def _walk(node, parent, field: str | None, out: list[Occurrence]) -> None:
    if isinstance(node, ast.Name):
        out.append(_classify(node, parent, field))
        return
    if isinstance(node, tuple):
        for child in node:
            _walk(child, parent, field, out)
        return
    if not attrs.has(type(node)) or isinstance(node, Span):
        return
    for f in attrs.fields(type(node)):
        if f.name != "span":
            _walk(getattr(node, f.name), node, f.name, out)


def _classify(name: ast.Name, parent, field: str | None) -> Occurrence:
    if isinstance(parent, ast.Card) and field == "name":
        return _name("card", name, True)
    if isinstance(parent, (ast.ChainStmt, ast.CardRef)):
        return _name("card", name, False)
    if isinstance(parent, ast.Wonder) and field == "name":
        return _name("wonder", name, True)
    if isinstance(parent, ast.WonderSide) and field == "wonder":
        return _name("wonder", name, False)
    if part_of(parent) == "triggers" and field == "name":
        return _name("trigger", name, True)
    if isinstance(parent, (ast.WonderChange, ast.TriggerChange)) and field == "target":
        return _name(parent.what, name, False)
    if isinstance(parent, ast.ResourcesDecl):
        return _name("group" if field == "group" else "resource", name, True, quoted=False)
    if isinstance(parent, ast.ColorsDecl):
        return _name("color", name, True, quoted=False)
    if isinstance(parent, ast.SymbolsDecl):
        return _name("symbol", name, True, quoted=False)
    if isinstance(parent, ast.ScorePad):
        return _name("category", name, True, quoted=False)
    return _name("?", name, False, quoted=False)

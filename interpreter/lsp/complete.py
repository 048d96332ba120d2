"""Completion: the words the grammar accepts at the cursor, and the folder's names.

The text of the current top-level item up to the cursor (less the word being typed) is
fed to Lark's interactive parser; the terminals it then accepts say which keywords may
come, whether a plain name may (then: the declared resources, colours, symbols and score
categories) and whether a quoted name may (then: the card and wonder names).
"""

from __future__ import annotations

import re

import attrs
from lark.exceptions import UnexpectedInput

from ..syntax.parser import lark_parser, split_items


@attrs.frozen
class Suggestion:
    label: str
    kind: str          # keyword, resource, group, color, symbol, category, card, wonder
    insert: str


_WORD_BEFORE = re.compile(r'"[^"\n]*$|[A-Za-z_][A-Za-z0-9_]*$')


def accepted_terminals(text: str, offset: int) -> tuple[set[str], str]:
    """(terminal names the parser accepts at `offset`, the partial word typed there)."""
    before = text[:offset]
    partial = _WORD_BEFORE.search(before)
    typed = partial.group() if partial else ""
    before = before[: len(before) - len(typed)]
    chunk = before
    for line, column, item in split_items(before):      # the item the cursor is in
        chunk = item
    parser = lark_parser()
    try:
        interactive = parser.parse_interactive(chunk)
        interactive.exhaust_lexer()
        return set(interactive.accepts()), typed
    except UnexpectedInput:
        return set(), typed


def _keyword(terminal: str) -> str | None:
    for term in lark_parser().terminals:
        if term.name == terminal and term.pattern.type == "str" and re.fullmatch(r"[a-z]+", term.pattern.value):
            return term.pattern.value
    return None


def suggestions(text: str, offset: int, names: dict[str, list[str]]) -> list[Suggestion]:
    """`names` maps kinds (resource, color, symbol, group, category, card, wonder) to names."""
    accepts, typed = accepted_terminals(text, offset)
    found: list[Suggestion] = []
    for terminal in sorted(accepts):
        word = _keyword(terminal)
        if word is not None:
            found.append(Suggestion(word, "keyword", word))
    if "NAME" in accepts:
        for kind in ("resource", "group", "color", "symbol", "category"):
            found += [Suggestion(n, kind, n) for n in names.get(kind, [])]
    if "STRING" in accepts:
        for kind in ("card", "wonder"):
            found += [Suggestion(n, kind, f'"{n}"') for n in names.get(kind, [])]
    if typed.startswith('"'):
        found = [s for s in found if s.insert.startswith(typed)]
    elif typed:
        found = [s for s in found if s.label.startswith(typed)]
    unique: dict[tuple[str, str], Suggestion] = {}
    for s in found:
        unique.setdefault((s.label, s.kind), s)
    return list(unique.values())

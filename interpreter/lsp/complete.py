"""Completion: the words the grammar accepts at the cursor, and the folder's names.

The text of the current top-level item up to the cursor (less the word being typed) is
fed to Lark's interactive parser; the terminals it then accepts say which keywords may
come, whether a plain name may (then: the declared names of the kind the grammar rule
being completed takes, a colour after `color`, a resource in a cost; every kind where the
rule does not say) and whether a quoted name may (then: the card and wonder names).
"""

from __future__ import annotations

import re

import attrs
from lark import Token
from lark.exceptions import UnexpectedInput

from ..syntax.parser import lark_parser, lookahead_word, split_items


@attrs.frozen
class Suggestion:
    label: str
    kind: str          # keyword, resource, group, color, symbol, category, card, wonder
    insert: str


_WORD_BEFORE = re.compile(r'"[^"\n]*$|[A-Za-z_][A-Za-z0-9_]*$')


# what a name may be, by the grammar rule it would complete (read from the parser's table)
_NAME_KINDS = (("color", ("color",)), ("science", ("symbol",)), ("resource", ("resource", "group")))
ALL_NAMES = ("resource", "group", "color", "symbol", "category")


def name_kinds(interactive) -> tuple[str, ...]:
    """Which declared names fit where the parser stands: feed it a name and see which rules
    it could then complete (`color brown`: color_stmt, so colours only).  Every kind when
    the rules do not say."""
    from lark import Token
    probe = interactive.copy()
    try:
        probe.feed_token(Token("NAME", "x"))
    except UnexpectedInput:
        return ALL_NAMES
    state = probe.parser_state
    actions = state.parse_conf.parse_table.states[state.state_stack[-1]]
    rules = {str(arg.origin.name) for action, arg in actions.values() if action.name == "Reduce"}
    kinds = []
    for rule in rules:
        found = next((k for part, k in _NAME_KINDS if part in rule), None)
        if found is None:
            return ALL_NAMES
        kinds += found
    return tuple(dict.fromkeys(kinds)) or ALL_NAMES


def accepted_terminals(text: str, offset: int) -> tuple[set[str], str]:
    """(terminal names the parser accepts at `offset`, the partial word typed there)."""
    accepts, typed, _kinds = _accepted(text, offset)
    return accepts, typed


def _accepted(text: str, offset: int) -> tuple[set[str], str, tuple[str, ...]]:
    """accepted_terminals, and the kinds of names that fit there."""
    before = text[:offset]
    partial = _WORD_BEFORE.search(before)
    typed = partial.group() if partial else ""
    before = before[: len(before) - len(typed)]
    chunk = before
    for line, column, item in split_items(before):      # the item the cursor is in
        chunk = item
    parser = lark_parser()
    readings = [_fed(parser, chunk)]
    trailing = _TRAILING_WORD.search(chunk)
    if trailing is not None:
        # a word the lexer reads by what follows it (a scope's `and` before a city): at the
        # cursor nothing follows yet, so its other readings count too
        head = _fed(parser, chunk[: trailing.start()])
        word = trailing.group(1)
        readings += [_fed_token(head, terminal, word) for terminal in _LOOKAHEAD_WORDS[word]]
    readings = [r for r in readings if r is not None]
    accepts = set().union(*(set(r.accepts()) for r in readings))
    if "NAME" not in accepts:
        return accepts, typed, ALL_NAMES
    kinds = tuple(dict.fromkeys(k for r in readings if "NAME" in r.accepts() for k in name_kinds(r)))
    return accepts, typed, kinds


def _fed(parser, text: str):
    """The interactive parser after `text`, or None when the text does not parse so far."""
    try:
        interactive = parser.parse_interactive(text)
        interactive.exhaust_lexer()
        return interactive
    except UnexpectedInput:
        return None


def _fed_token(interactive, terminal: str, word: str):
    """A copy of the interactive parser (None: none) fed one token, or None if it fails."""
    if interactive is None:
        return None
    probe = interactive.copy()
    try:
        probe.feed_token(Token(terminal, word))
    except UnexpectedInput:
        return None
    return probe


_LOOKAHEAD_WORDS: dict[str, tuple[str, ...]] = {}
for _term in lark_parser().terminals:
    _word = lookahead_word(_term.pattern)
    if _word is not None:
        _LOOKAHEAD_WORDS[_word] = _LOOKAHEAD_WORDS.get(_word, ()) + (_term.name,)
_TRAILING_WORD = re.compile(r"\b(" + "|".join(map(re.escape, _LOOKAHEAD_WORDS) or ["(?!)"]) + r")\s+$")


def _keyword(terminal: str) -> str | None:
    for term in lark_parser().terminals:
        if term.name == terminal and term.pattern.type == "str" and re.fullmatch(r"[a-z]+", term.pattern.value):
            return term.pattern.value
        if term.name == terminal:
            return lookahead_word(term.pattern)
    return None


def suggestions(text: str, offset: int, names: dict[str, list[str]]) -> list[Suggestion]:
    """`names` maps kinds (resource, color, symbol, group, category, card, wonder) to names."""
    accepts, typed, kinds = _accepted(text, offset)
    found: list[Suggestion] = []
    for terminal in sorted(accepts):
        word = _keyword(terminal)
        if word is not None:
            found.append(Suggestion(word, "keyword", word))
    if "NAME" in accepts:
        for kind in kinds:
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

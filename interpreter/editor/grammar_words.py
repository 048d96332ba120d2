"""The grammar's words and symbols, sorted by the role they play, read from grammar/wonders.lark.

The Pygments lexer and the TextMate grammar are made from this, so a word added to the
grammar is highlighted without anyone keeping a list: the Lark parser's own terminals give
every literal word, punctuation mark and operator, and the token patterns (names, strings,
numbers, comments); the grammar's rules say which words start a statement.
"""

from __future__ import annotations

import re
from functools import lru_cache

import attrs
from lark.lexer import PatternRE, PatternStr

WORD = re.compile(r"[a-z]+")
# Rules whose alternatives are statements: top-level items, the statements of each block,
# effects and actions.  A word that can start one of them is a statement keyword.
ITEM_RULE = "_item"
STATEMENT_RULE = re.compile(r"_(\w+_stmt|effect|action|immediate_action|item)")
OPERATOR_TERMINALS = ("COMPARE", "PLUS", "MINUS", "STAR", "SLASH")


@attrs.frozen
class GrammarWords:
    declarations: frozenset[str]    # words that start a top-level item: card, wonder, rules...
    statements: frozenset[str]      # words that start a statement, an effect or an action
    others: frozenset[str]          # every other word of the language: with, per, of...
    naming: frozenset[str]          # words directly followed by a quoted name: card "X"
    punctuation: tuple[str, ...]    # { } ( ) : , ;
    operators: tuple[str, ...]      # + - * / and the comparisons, longest first
    name: str                       # regular expressions of the grammar's token classes
    string: str
    integer: str
    comment: str

    @property
    def keywords(self) -> frozenset[str]:
        return self.declarations | self.statements | self.others


def _word_alternatives(pattern) -> list[str]:
    """The words a terminal matches when it is a literal word or a choice of literal words."""
    if isinstance(pattern, PatternStr):
        return [pattern.value] if WORD.fullmatch(pattern.value) else []
    body = pattern.value
    if body.startswith("(?:") and body.endswith(")"):
        body = body[3:-1]
    choices = body.split("|")
    return choices if all(WORD.fullmatch(c) for c in choices) else []


@lru_cache(maxsize=1)
def grammar_words() -> GrammarWords:
    from ..syntax.parser import lark_parser
    parser = lark_parser()
    terminals = {t.name: t for t in parser.terminals}
    words_of = {name: _word_alternatives(t.pattern) for name, t in terminals.items()}
    expansions: dict[str, list[list[str]]] = {}
    for rule in parser.rules:
        expansions.setdefault(rule.origin.name, []).append([s.name for s in rule.expansion])

    def first_words(symbol: str, seen: set[str]) -> set[str]:
        if symbol in terminals:
            return set(words_of[symbol])
        if symbol in seen:
            return set()
        seen.add(symbol)
        found: set[str] = set()
        for expansion in expansions.get(symbol, []):
            if expansion:
                found |= first_words(expansion[0], seen)
        return found

    declarations = first_words(ITEM_RULE, set())
    statements = set()
    for rule in expansions:
        if STATEMENT_RULE.fullmatch(rule):
            statements |= first_words(rule, set())
    statements -= declarations
    every_word = {w for words in words_of.values() for w in words}
    naming = {w for expansion in (e for es in expansions.values() for e in es)
              for before, after in zip(expansion, expansion[1:]) if after == "STRING"
              for w in words_of.get(before, [])}
    literal = [t for t in terminals.values() if isinstance(t.pattern, PatternStr) and not words_of[t.name]]
    operators = set()
    for name in OPERATOR_TERMINALS:
        pattern = terminals[name].pattern
        operators |= set(_unescape(pattern.value).split("|")) if isinstance(pattern, PatternRE) \
            else {pattern.value}
    operators = {o[3:] if o.startswith("(?:") else o for o in operators}
    operators = {o[:-1] if o.endswith(")") and len(o) > 1 else o for o in operators}
    punctuation = {t.pattern.value for t in literal} - operators
    return GrammarWords(
        declarations=frozenset(declarations), statements=frozenset(statements),
        others=frozenset(every_word - declarations - statements), naming=frozenset(naming),
        punctuation=tuple(sorted(punctuation)), operators=tuple(sorted(operators, key=lambda o: (-len(o), o))),
        name=terminals["NAME"].pattern.value, string=terminals["STRING"].pattern.value,
        integer=terminals["INT"].pattern.value, comment=terminals["COMMENT"].pattern.value)


def _unescape(regex: str) -> str:
    return re.sub(r"\\(.)", r"\1", regex)

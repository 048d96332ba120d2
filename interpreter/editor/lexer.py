"""A Pygments lexer for .wonders files, made from the grammar's own words (grammar_words).

Registered under the `pygments.lexers` entry point, so after `pip install .`
`pygmentize -l wonders FILE` and any tool built on Pygments (Sphinx, MkDocs, Jupyter)
highlight the language.  Anything the grammar cannot contain is an Error token.
"""

from __future__ import annotations

import re

from pygments.lexer import RegexLexer, words
from pygments.regexopt import regex_opt
from pygments.token import Comment, Error, Keyword, Name, Number, Operator, Punctuation, String, Whitespace

from .grammar_words import grammar_words


def keyword_token(word: str):
    """The token type of a word of the language: declarations, statements, the rest."""
    g = grammar_words()
    if word in g.declarations:
        return Keyword.Declaration
    return Keyword if word in g.statements else Keyword.Pseudo


def _named(lexer, match):
    """`card "Name"`: the word as the keyword it is, the quoted name as a name."""
    yield match.start(1), keyword_token(match.group(1)), match.group(1)
    yield match.start(2), Whitespace, match.group(2)
    yield match.start(3), Name.Class, match.group(3)


def _rules() -> dict:
    g = grammar_words()
    word_end = r"(?![A-Za-z0-9_])"             # a keyword is a whole NAME, not its start
    return {"root": [
        (r"\s+", Whitespace),
        (g.comment, Comment.Single),
        (regex_opt(sorted(g.naming), suffix=word_end) + r"(\s+)(" + g.string + ")", _named),
        (g.string, String.Double),
        (words(sorted(g.declarations), suffix=word_end), Keyword.Declaration),
        (words(sorted(g.statements), suffix=word_end), Keyword),
        (words(sorted(g.others), suffix=word_end), Keyword.Pseudo),
        (g.name, Name),
        (g.integer, Number.Integer),
        (words(g.operators), Operator),
        (words(g.punctuation), Punctuation),
    ]}


class WondersLexer(RegexLexer):
    """Cards, wonders, rules and variants of the Wonders rules language."""

    name = "Wonders"
    aliases = ["wonders"]
    filenames = ["*.wonders"]
    mimetypes = ["text/x-wonders"]
    url = "https://github.com/"            # no public home yet; Pygments wants the field
    flags = re.MULTILINE
    tokens = _rules()

    def analyse_text(text):                # noqa: N805 - Pygments calls it unbound
        return 0.3 if re.search(r'^\s*(card|wonder|variant)\s+"', text, re.M) else 0.0

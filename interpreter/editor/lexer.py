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
    """The token type of a word of the language where it names something or starts a
    line: declarations, statements, the rest."""
    g = grammar_words()
    if word in g.declarations:
        return Keyword.Declaration
    return Keyword if word in g.statements else Keyword.Pseudo


def _named(lexer, match):
    """`card "Name"`: the word as the keyword it is, the quoted name as a name."""
    yield match.start(1), keyword_token(match.group(1)), match.group(1)
    yield match.start(2), Whitespace, match.group(2)
    yield match.start(3), Name.Class, match.group(3)


def _line_start(lexer, match):
    """A declaration word first on its line starts an item (`resources raw: ...`), maybe
    naming it (`card "Name"`); elsewhere (`per wonder stage`) it is an ordinary word."""
    yield from ((match.start(i), kind, match.group(i))
                for i, kind in ((1, Whitespace), (2, Keyword.Declaration), (3, Whitespace), (4, Name.Class))
                if match.group(i))


def _rules() -> dict:
    g = grammar_words()
    word_end = r"(?![A-Za-z0-9_])"             # a keyword is a whole NAME, not its start
    return {"root": [
        (g.comment, Comment.Single),
        (r"^([ \t]*)" + regex_opt(sorted(g.declarations), suffix=word_end) + r"(?:(\s+)(" + g.string + "))?",
         _line_start),
        (r"\s*\n", Whitespace),                # a line's end alone, so that `^` sees the next line start
        (r"[^\S\n]+", Whitespace),
        (regex_opt(sorted(g.naming), suffix=word_end) + r"(\s+)(" + g.string + ")", _named),
        (g.string, String.Double),
        (words(sorted(g.statements), suffix=word_end), Keyword),
        (words(sorted(g.others | g.declarations), suffix=word_end), Keyword.Pseudo),
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
    flags = re.MULTILINE
    tokens = _rules()

    def analyse_text(text):                # noqa: N805 - Pygments calls it unbound
        """A line that starts an item (`card "X"`, `resources raw:`) suggests Wonders."""
        starts = "|".join(sorted(grammar_words().declarations))
        return 0.3 if re.search(rf'^[ \t]*(?:{starts})(?![A-Za-z0-9_])[ \t]*(?:"|[A-Za-z_]\w*[ \t]*:|:)', text, re.M) else 0.0

"""Parse a file keeping its comments: the grammar ignores `# ...` comments, so a second
Lark parser (the same shipped tables, same options) hands each ignored COMMENT token to a
callback.

The formatter needs them to put every comment back; the parse itself is the one
`parser.py` does, so a file that parses there parses here and gives the same tree.
"""

from __future__ import annotations

import threading
from functools import lru_cache

import attrs
from lark import Lark, Token, Tree

from . import prebuilt


@attrs.frozen
class Comment:
    line: int
    column: int
    text: str             # from `#` to the end of the line, trailing spaces removed
    own_line: bool        # nothing but spaces before it on its line

    @property
    def pos(self) -> tuple[int, int]:
        return (self.line, self.column)


_lock = threading.Lock()
_sink: list[Token] = []


@lru_cache(maxsize=1)
def _comment_parser() -> Lark:
    """The shipped parser (prebuilt.py: never Lark's `cache=True`, whose pickle in the shared
    temporary folder anyone could plant) with a callback collecting the comments."""
    return prebuilt.load(lexer_callbacks={"COMMENT": _sink.append})


def parse_with_comments(text: str) -> tuple[Tree[Token], list[Comment]]:
    """(Lark tree, comments in order).  Raises Lark's UnexpectedInput on a syntax error."""
    parser = _comment_parser()
    with _lock:
        _sink.clear()
        try:
            tree = parser.parse(text)
            tokens = list(_sink)
        finally:
            _sink.clear()
    lines = text.split("\n")
    comments: list[Comment] = []
    for tok in tokens:
        line, column = tok.line, tok.column
        assert line is not None and column is not None, tok      # (the lexer's tokens know where they are)
        before = lines[line - 1][: column - 1]
        comments.append(Comment(line=line, column=column, text=str(tok).rstrip(),
                                own_line=not before.strip()))
    return tree, comments

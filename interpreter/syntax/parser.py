"""Read a content file and parse it: Lark LALR (shipped pre-built) -> syntax tree, or diagnostics.

Syntax errors are reported in plain words ("expected `}` or `cost`"), never with Lark's
terminal names.  To report every syntax error of a file in one run, a file that fails
to parse is split into its top-level items, and each item is parsed on its own.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from collections.abc import Iterable, Iterator
from typing import IO, TYPE_CHECKING, Any

from ..diagnostics import Diagnostic, Span, did_you_mean
from ..inputs import MAX_FILE_BYTES as MAX_FILE_BYTES, FileTooLarge, NotRegularFile, read_regular   # (a bound of content: read here)
from ..paths import grammar_file
from . import ast
from ..i18n import N_, _

if TYPE_CHECKING:       # Lark and the tree builder are imported when a text is parsed: a
    from lark import Lark, Token, Tree           # command whose content is all in the cache
    from lark.exceptions import UnexpectedInput, VisitError    # (treecache.py) never needs them
    from lark.lexer import Pattern

MAX_NESTING = 120          # tree depth: every pass over the tree may recurse this deep
KEYWORDS = frozenset(re.findall(r'"([a-z]+)"', grammar_file().read_text(encoding="utf-8")))


@lru_cache(maxsize=1)
def lark_parser() -> Lark:
    """The parser, from the tables shipped in the package (see prebuilt.py): never from a
    cache file in a shared folder, which anyone could have planted."""
    from .prebuilt import load
    return load()


# ---------------------------------------------------------------- reading
def bounded_text(text: str, display: str) -> tuple[str | None, list[Diagnostic]]:
    """Text that came another way than a file (an editor's buffer) held to the files' bound."""
    size = len(text.encode("utf-8", errors="surrogatepass"))
    return (text, []) if size <= MAX_FILE_BYTES else (None, [too_large(display, size)])


def read_source(path: Path, display: str) -> tuple[str | None, list[Diagnostic]]:
    """The file's text, or a diagnostic saying why it cannot be read as content (a pipe,
    device or socket is refused, not waited on: interpreter/inputs.py)."""
    at_start = Span(display, 1, 1, 1, 2)
    try:
        data = read_regular(path, MAX_FILE_BYTES)
    except NotRegularFile as err:
        return None, [Diagnostic("E0007", _("cannot read file: {err}").format(err=err), at_start,
                                 help=_("content is read from .wonders text files: remove this one, or rename it if it is not "
                                        "content"))]
    except FileTooLarge as err:
        return None, [too_large(display, err.size)]
    except OSError as err:
        return None, [Diagnostic("E0007", _("cannot read file: {value}").format(value=err.strerror or err), at_start)]
    return source_text(data, display)


def read_stream(stream: IO[bytes], display: str) -> tuple[str | None, list[Diagnostic]]:
    """Content from a stream (standard input), under the same bounds as a file's: at most
    MAX_FILE_BYTES are read, never the whole of an endless input."""
    try:
        return source_text(stream.read(MAX_FILE_BYTES + 1), display)
    except OSError as err:
        return None, [Diagnostic("E0007", _("cannot read: {value}").format(value=err.strerror or err), Span(display, 1, 1, 1, 2))]


def too_large(display: str, size: int = 0) -> Diagnostic:
    """E0005 for content over MAX_FILE_BYTES; `size` is its size if known."""
    shown = f"{size / 2**20:.1f} MB" if size > MAX_FILE_BYTES else f"more than {MAX_FILE_BYTES // 2**20} MB"
    return Diagnostic("E0005", _("file is too large ({shown}); content files may be at most {value} MB").format(shown=shown, value=MAX_FILE_BYTES // 2**20), Span(display, 1, 1, 1, 2),
                      help=_("split the content into several files"))


def source_text(data: bytes, display: str, size: int = 0) -> tuple[str | None, list[Diagnostic]]:
    """Bytes read from a file or a stream as content text: every input route passes here, so
    every bound (size, UTF-8, no NUL) applies to each.  `size` is the file's size if known."""
    if len(data) > MAX_FILE_BYTES:
        return None, [too_large(display, size)]
    try:
        text = data.decode("utf-8")
        bad = text.find("\x00")
    except UnicodeDecodeError as err:
        text, bad = data[: err.start].decode("utf-8"), err.start
    else:
        if bad < 0:
            return (text[1:] if text.startswith("\ufeff") else text), []
        text = text[:bad]
    line = text.count("\n") + 1
    column = len(text) - (text.rfind("\n") + 1) + 1
    return None, [Diagnostic("E0004", _("file is not UTF-8 text (a binary or differently encoded file)"),
                             Span(display, line, column, line, column + 1),
                             label=_("this byte"), help=_("save the file as UTF-8 text"))]


# ---------------------------------------------------------------- parsing
def parse_text(text: str, display: str) -> tuple[ast.File, list[Diagnostic]]:
    """Parse a whole file; on error, parse its items one by one to find every error."""
    from lark.exceptions import UnexpectedInput, VisitError
    from .builder import TreeBuilder
    parser = lark_parser()
    try:
        tree = parser.parse(text)
    except UnexpectedInput:
        pass
    else:
        if _too_deep(tree) is None:
            try:
                return ast.File(path=display, items=tuple(TreeBuilder(display).transform(tree))), []
            except VisitError:
                pass  # a number too large: parse item by item, so the other items are kept

    items: list[object] = []
    diagnostics: list[Diagnostic] = []
    for line, column, chunk in split_items(text):
        try:
            tree = parser.parse(chunk)
        except UnexpectedInput as err:
            diagnostics.append(_shift(syntax_diagnostic(err, chunk, display, 0), line - 1, column - 1))
            continue
        deep = _too_deep(tree)
        if deep is not None:
            diagnostics.append(_shift(_nested_too_deep(deep, display), line - 1, column - 1))
            continue
        try:
            built = TreeBuilder(display).transform(tree)
        except VisitError as err:
            diagnostics.append(_shift(_built_wrong(err, display, 0), line - 1, column - 1))
            continue
        for item in built:
            items.append(_shift(item, line - 1, column - 1))
    return ast.File(path=display, items=tuple(items)), diagnostics


_SCAN = re.compile(r'"[^"\n]*"?|#[^\n]*|[{}]'
                   r'|\b(?:card|wonder|rules)(?=\s*")|\bresources(?=\s+\w+\s*:)|\b(?:colors|symbols)(?=\s*:)')


def _too_deep(tree: Tree[Token]) -> Tree[Token] | None:
    """The statement holding a part nested more than MAX_NESTING deep (None if there is
    none), found without recursion: `1 + 1 + ... + 1` is a chain as deep as it has terms."""
    stack = [(tree, 0, tree)]
    while stack:
        node, depth, statement = stack.pop()
        if depth > MAX_NESTING:
            return statement
        for child in getattr(node, "children", ()):
            if hasattr(child, "children"):
                stack.append((child, depth + 1, child if depth < 2 else statement))
    return None


def _nested_too_deep(node: Tree[Token], display: str) -> Diagnostic:
    meta = node.meta
    line, column = getattr(meta, "line", 1), getattr(meta, "column", 1)
    end_line, end_column = getattr(meta, "end_line", line), getattr(meta, "end_column", column + 1)
    if end_line != line:
        end_column = column + 1
    return Diagnostic("E0008", _("an expression nested more than {MAX_NESTING} levels deep").format(MAX_NESTING=MAX_NESTING),
                      Span(display, line, column, line, end_column), label=_("too deep"),
                      help=_("split a long sum or product into several score lines or triggers"))


def _built_wrong(err: VisitError, display: str, line_offset: int) -> Diagnostic:
    """A problem found while building the tree (so far only numbers that are too long)."""
    from .builder import MAX_DIGITS, NumberTooLarge
    if not isinstance(err.orig_exc, NumberTooLarge):
        raise err.orig_exc
    tok = err.orig_exc.token
    assert tok.line is not None and tok.column is not None, tok      # (a token of the lexer knows where it is)
    line = tok.line + line_offset
    return Diagnostic("E1206", _("a number of {count} digits is too large").format(count=len(str(tok))), Span(
        display, line, tok.column, line, tok.column + len(str(tok))), label=_("at most {MAX_DIGITS} digits").format(MAX_DIGITS=MAX_DIGITS))


def split_items(text: str) -> Iterator[tuple[int, int, str]]:
    """Yield (line, column, text) for each top-level item, cut where an item keyword
    starts outside any braces, string or comment."""
    starts = [0]
    depth = 0
    for m in _SCAN.finditer(text):
        token = m.group()
        if token == "{":
            depth += 1
        elif token == "}":
            depth = max(0, depth - 1)
        elif token[0] not in '"#' and depth == 0 and m.start() > 0:
            starts.append(m.start())
    starts.append(len(text))
    line = 1
    for begin, end in zip(starts, starts[1:]):
        chunk = text[begin:end]
        if chunk.strip():
            column = begin - (text.rfind("\n", 0, begin) + 1) + 1
            yield line, column, chunk
        line += chunk.count("\n")


def _shift(node: Any, lines: int, columns: int) -> Any:     # (a node of the tree or a diagnostic: its type back)
    """A copy of a syntax subtree (or diagnostic) parsed from an item on its own, with every
    span moved to where the item stands in its file: `lines` down, and `columns` right on
    the item's first line."""
    import attrs
    if lines == 0 and columns == 0:
        return node
    if isinstance(node, Span):
        return Span(node.file, node.line + lines, node.column + (columns if node.line == 1 else 0),
                    node.end_line + lines, node.end_column + (columns if node.end_line == 1 else 0))
    if isinstance(node, tuple):
        return tuple(_shift(n, lines, columns) for n in node)
    if attrs.has(type(node)):
        return attrs.evolve(node, **{f.name: _shift(getattr(node, f.name), lines, columns)
                                     for f in attrs.fields(type(node))})
    return node


# ---------------------------------------------------------------- syntax errors
_WORDS = {"NAME": N_("a name"), "STRING": N_('a quoted name like "My Card"'), "INT": N_("a number"),
          "COMPARE": N_("a comparison (`=`, `!=`, `<`, `<=`, `>`, `>=`)")}
_LOOKAHEAD_WORD = re.compile(r"([a-z]+)\(\?=.*\)", re.S)


def lookahead_word(pattern: Pattern) -> str | None:
    """The word of a terminal that is a word read only before certain text: the grammar's
    `_SCOPE_AND` is `and` when a city follows it."""
    found = _LOOKAHEAD_WORD.fullmatch(pattern.value) if pattern.type == "re" else None
    return found.group(1) if found else None


@lru_cache(maxsize=1)
def _terminal_words() -> dict[str, str]:
    """Each terminal in the words of a message: never a terminal's own name."""
    words = {}
    for term in lark_parser().terminals:
        pattern = term.pattern
        word = lookahead_word(pattern)
        if term.name in _WORDS:
            words[term.name] = _WORDS[term.name]
        elif pattern.type == "str":
            words[term.name] = f"`{pattern.value}`"
        elif word is not None:
            words[term.name] = f"`{word}`"
    return words


def expected_words(names: Iterable[str]) -> str:
    words = sorted({_terminal_words().get(n, n.lower()) for n in names if not n.startswith("$")},
                   key=lambda w: (not w.startswith("`"), w))
    words = [w if w.startswith("`") else _(w) for w in words]       # a keyword is shown as it is written
    if not words:
        return _("the end of the file")
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + _(" or ") + words[-1]


def syntax_diagnostic(err: UnexpectedInput, text: str, display: str, line_offset: int) -> Diagnostic:
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken
    line = err.line + line_offset if err.line and err.line > 0 else 1 + line_offset
    column = err.column if err.column and err.column > 0 else 1
    if isinstance(err, UnexpectedToken) and err.token.type == "$END":
        return _at_end(text, display, line_offset, err.accepts or err.expected)
    if isinstance(err, UnexpectedEOF):
        return _at_end(text, display, line_offset, err.expected)
    if isinstance(err, UnexpectedToken):
        tok: Token = err.token
        width = max(1, len(str(tok).splitlines()[0]) if str(tok) else 1)
        span = Span(display, line, column, line, column + width)
        expected = err.accepts or err.expected
        keywords = [w.strip("`") for w in map(_terminal_words().get, expected) if w and w.startswith("`")]
        guess = did_you_mean(str(tok), keywords) if tok.type == "NAME" else None
        help = _("did you mean `{guess}`?").format(guess=guess) if guess else None
        if str(tok) == "target" and column == 1 + len(text.split("\n")[err.line - 1]) - len(text.split("\n")[err.line - 1].lstrip()):
            help = _("a `target` line is for `wonders tune`, which reads it from a tuning file (docs/simulate.md)")
        if str(tok) == "or" and "AND" in expected:
            help = _("a condition has no `or`: every comparison joined by `and` must hold; to act when either "
                     "of two holds, write two triggers whose conditions do not overlap, e.g. "
                     "`if coins < 2` and `if coins >= 2 and age = 3`")
        return Diagnostic("E0001", _("unexpected `{tok}`").format(tok=tok), span, label=_("expected {expected_words}").format(expected_words=expected_words(expected)),
                          help=help)
    assert isinstance(err, UnexpectedCharacters)
    at = err.pos_in_stream
    assert at is not None, err                  # (the lexer says where it stopped)
    char = text[at] if at < len(text) else ""
    span = Span(display, line, column, line, column + 1)
    if char == '"':
        return Diagnostic("E0003", _("unterminated string"), span, label=_("this quote is never closed"),
                          help=_('a quoted name must end with `"` on the same line'))
    if char == "." and text.startswith("..", at) and text[at - 1:at].isdigit():
        range_text = re.match(r"\.\.-?\d*", text[at:]).group(0)
        digits = len(text[:at]) - len(text[:at].rstrip("0123456789"))
        digits += text[at - digits - 1:at - digits] == "-"
        span = Span(display, line, column - digits, line, column + len(range_text))
        return Diagnostic("E0009", _("a range is for `wonders tune`"), span, label=_("a number is needed here"),
                          help=_("`wonders tune FILE` tries the values of a range and writes the tuned file; to play or "
                                 "check, write one number"))
    shown = char if char.isprintable() else repr(char)
    try:  # what the parser accepts here; `err.allowed` is the lexer's wider view
        accepted = err.interactive_parser.accepts() if err.interactive_parser else err.allowed
    except Exception:  # noqa: BLE001 - fall back to the lexer's list
        accepted = err.allowed
    allowed = expected_words(accepted or ())
    return Diagnostic("E0002", _("unexpected character `{shown}`").format(shown=shown), span, label=_("expected {allowed}").format(allowed=allowed))


def _at_end(text: str, display: str, line_offset: int, expected: Iterable[str] | None) -> Diagnostic:
    stripped = text.rstrip()
    line = stripped.count("\n") + 1
    column = max(1, len(stripped) - (stripped.rfind("\n") + 1))   # the last character written
    span = Span(display, line + line_offset, column, line + line_offset, column + 1)
    return Diagnostic("E0006", _("unexpected end of file"), span,
                      label=_("expected {expected_words} after this").format(expected_words=expected_words(expected or ())))

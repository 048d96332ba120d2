"""`wonders fmt`: a content file in the canonical layout, keeping every comment and every
blank line that separates paragraphs (docs/language.md, "Layout").

The file is parsed with its comments (comments.py), laid out as blocks and lines
(layout.py, words from printer.py), and written back: each comment goes where it stood
relative to the statements around it: above the statement it precedes, after the
statement it follows on one line, or, when it stood inside a statement, on its own line
just above that statement.  A file with syntax errors is not formatted: its diagnostics
are returned instead.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable

from ..diagnostics import Diagnostic
from .comments import Comment, parse_with_comments
from .layout import Block, Layout, Line, Node, Pos
from .parser import MAX_FILE_BYTES, parse_text, too_large

WIDTH = 100
INDENT = "    "
END = (10**9, 0)
_TRIGGER_HEAD = re.compile(r'^((?:add |replace )?trigger "[^"\n]*") (on .*)$', re.S)


def format_text(text: str, display: str = "<text>") -> tuple[str | None, list[Diagnostic]]:
    """(formatted text, []) or (None, the diagnostics) for a text that does not parse or
    is beyond a bound of `wonders check` (size, nesting), whichever route it came by."""
    if len(text) > MAX_FILE_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        return None, [too_large(display)]           # an editor's buffer is bounded as a file is
    parsed, diagnostics = parse_text(text, display)      # every bound of `check` (nesting, digits) too
    if diagnostics:
        return None, diagnostics
    comments = parse_with_comments(text)[1]
    return _Writer(text, comments).file(list(parsed.items)), []


def layout_text(items: Iterable[object]) -> str:
    """Items (from any files, e.g. a rule set after variants) in the canonical layout,
    without source comments: what `wonders rules` prints."""
    return _Writer("", [], from_source=False).file(list(items))


class _Writer:
    def __init__(self, text: str, comments: list[Comment], from_source: bool = True):
        self.comments = comments
        self.positions = [c.pos for c in comments]
        self.blank = {n for n, line in enumerate(text.split("\n"), 1) if not line.strip()} if from_source else set()
        self.from_source = from_source
        self.layout = Layout(self._has_comment)

    def _has_comment(self, start: Pos, end: Pos) -> bool:
        i = bisect.bisect_left(self.positions, start)
        return i < len(self.positions) and self.positions[i] < end

    def _inside(self, start: Pos, end: Pos) -> list[Comment]:
        lo = bisect.bisect_right(self.positions, start)
        hi = bisect.bisect_left(self.positions, end)
        return self.comments[lo:hi]

    def _blank_between(self, last_line: int, first_line: int) -> bool:
        return any(n in self.blank for n in range(last_line + 1, first_line))

    # ---------------------------------------------------------------- the file
    def file(self, items: Iterable[object]) -> str:
        nodes = [self.layout.item(i) for i in items]
        if not self.from_source:
            out: list[str] = []
            for previous, node in zip([None, *nodes], nodes):
                out += [""] * _apart(previous, node) + [self.node(node, 0, None)]
            return "\n".join(out) + ("\n" if nodes else "")
        lines = self.children(nodes, (0, 0), END, 0, top=True)
        return "\n".join(lines) + "\n" if lines else ""

    # ---------------------------------------------------------------- a container's children
    def children(self, nodes: list[Node], lo: Pos, hi: Pos, depth: int, top: bool = False) -> list[str]:
        """The lines of a container's children with their comments and blank lines; `lo`
        and `hi` bound the container's interior (its braces, or the whole file)."""
        leading: list[list[Comment]] = [[] for _ in nodes]
        trailing: list[Comment | None] = [None] * len(nodes)
        dangling: list[Comment] = []
        starts = [n.start for n in nodes]
        for c in self._inside(lo, hi):
            j = bisect.bisect_right(starts, c.pos)      # children starting at or before c
            if j and c.pos < nodes[j - 1].end:
                if isinstance(nodes[j - 1], Line):        # inside a statement: above it
                    leading[j - 1].append(c)
                continue                                   # inside a block: its own business
            if j and c.line == nodes[j - 1].end[0]:
                trailing[j - 1] = c
            elif j < len(nodes):
                leading[j].append(c)
            else:
                dangling.append(c)

        out: list[str] = []
        pad = INDENT * depth
        last_line: int | None = None     # the source line the previous entry ended on
        previous: Node | None = None
        for node, before, after in zip(nodes, leading, trailing):
            first = True
            for c in before:
                if last_line is not None and (self._blank_between(last_line, c.line) or
                                              (first and top and _apart(previous, node))):
                    out.append("")
                out.append(pad + c.text)
                last_line, first = max(last_line or 0, c.line), False
            if last_line is not None and (self._blank_between(last_line, node.start[0]) or
                                          (first and top and _apart(previous, node))):
                out.append("")
            out.extend(self.node(node, depth, after).split("\n"))
            last_line, previous = max(last_line or 0, node.end[0]), node
        for n, c in enumerate(dangling):
            if last_line is not None and (self._blank_between(last_line, c.line) or
                                          (n == 0 and top and isinstance(previous, Block))):
                out.append("")
            out.append(pad + c.text)
            last_line = c.line
        return out

    # ---------------------------------------------------------------- one node
    def node(self, node: Node, depth: int, trailing: Comment | None) -> str:
        pad = INDENT * depth
        tail = f"  {trailing.text}" if trailing else ""
        if isinstance(node, Line):
            text = node.text
            wrapped = _TRIGGER_HEAD.match(text)
            if wrapped and len(pad) + len(text) > WIDTH:
                text = f"{wrapped.group(1)}\n{INDENT}{wrapped.group(2)}"
            return pad + text.replace("\n", "\n" + pad) + tail
        inline = self._inline(node, depth)
        if inline is not None:
            return pad + inline + tail
        inside = self._inside(node.start, node.end) if self.from_source else []
        first_child = node.children[0].start if node.children else node.end
        opening = [c for c in inside if c.line == node.start[0] and not c.own_line and c.pos < first_child]
        head = f"{pad}{node.head} {{" + (f"  {opening[0].text}" if opening else "")
        if self.from_source:
            lo = opening[0].pos if opening else node.start
            body = self.children(node.children, lo, node.end, depth + 1)
        else:
            body = [self.node(child, depth + 1, None) for child in node.children]
        if not body and not opening:
            return f"{pad}{node.head} {{ }}" + tail
        return "\n".join([head, *body, f"{pad}}}{tail}"])

    def _inline(self, block: Block, depth: int) -> str | None:
        """`head { a; b }` when the block may stand on one line, holds no comment and no
        blank line, and fits in WIDTH columns; otherwise None."""
        if not block.inline or not block.children:
            return None
        if not all(isinstance(c, Line) and "\n" not in c.text for c in block.children):
            return None
        if self.from_source:
            if self._inside(block.start, block.end):
                return None
            ends = [c.end[0] for c in block.children[:-1]]
            if any(self._blank_between(e, c.start[0]) for e, c in zip(ends, block.children[1:])):
                return None
        text = f"{block.head} {{ " + "; ".join(c.text for c in block.children) + " }"   # type: ignore[union-attr]  # (all Lines: above)
        return text if len(INDENT * depth) + len(text) <= WIDTH else None


def _apart(previous: Node | None, node: Node) -> bool:
    """Top-level blocks are set apart by one blank line; one-line items may stand together."""
    return previous is not None and (isinstance(previous, Block) or isinstance(node, Block))

"""The plain mode for screen readers (`--plain`, or the environment's WONDERS_PLAIN=1): one
fact a line, no tables, no rules of dashes, no colour, no progress bars redrawn in place.

It is a presentation setting of the whole run, like NO_COLOR: the option sets it once and
every table the run prints (tools/table.render_table) and every progress display asks it.
"""

from __future__ import annotations

import os

_plain = False


def set_plain(on: bool) -> None:
    global _plain
    _plain = bool(on) or os.environ.get("WONDERS_PLAIN", "") not in ("", "0")


def is_plain() -> bool:
    return _plain


def plain_table(headers: list[str], rows: list[list]) -> str:
    """A table as one fact a line: `row name, column: value`, the row named by its first
    cell (a number with its column's name: "seat 1"; an empty one by the row above); a cell
    of several lines is read as one, its lines joined by "; "."""
    out = []
    name = ""
    for row in rows:
        first = _cell(row[0]) if row else ""
        if first:                              # an empty first cell goes on with the row above
            name = f"{_cell(headers[0]).lower()} {first}" if first.isdigit() else first
        for header, cell in zip(headers[1:], row[1:]):
            text = _cell(cell)
            if text and text != "-":
                out.append(f"{name}, {_cell(header)}: {text}" if name else f"{_cell(header)}: {text}")
    return "\n".join(out) + "\n"


def _cell(cell) -> str:
    from ...printable import printable
    return "; ".join(printable(line.strip()) for line in str(cell).split("\n") if line.strip())


def plain_diagnostic(d, sources) -> str:
    """A diagnostic as sentences a line: what, where (file, line, column and the label),
    the source line, each note and the help; no gutter, arrow or carets."""
    from ...i18n import _
    from ...printable import printable
    severity = {"error": _("error"), "warning": _("warning")}.get(d.severity, d.severity)
    out = [f"{severity} {d.code}: {printable(d.message)}"]
    span = d.span
    if span is not None:
        label = f": {printable(d.label)}" if d.label else ""
        out.append(_("at {file}, line {line}, column {column}").format(
            file=printable(span.file), line=span.line, column=span.column) + label)
        text = sources.line(span.file, span.line)
        if text is not None and text.strip():
            out.append(_("line {line} reads: {text}").format(line=span.line, text=printable(text.strip())))
    for note in d.notes:
        where = (" " + _("at {file}, line {line}, column {column}").format(
            file=printable(note.span.file), line=note.span.line, column=note.span.column)
            if note.span is not None else "")
        out.append(_("note") + f": {printable(note.message)}{where}")
    if d.help:
        out.append(_("help") + f": {printable(d.help)}")
    return "\n".join(out) + "\n"

"""The plain mode's tables for screen readers: one fact a line, no rules of dashes
(views/table.render_table asks for them when the run is plain; the setting itself is
interpreter/plainmode.py, and a diagnostic's plain form is diagnostics.plain_diagnostic).
"""

from __future__ import annotations


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

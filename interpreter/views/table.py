"""Plain-text tables: aligned columns, a cell may hold several lines.  Cells come from
content, tables, logs and saves: their control characters are shown escaped."""

from __future__ import annotations

from ..printable import printable


def render_table(headers: list[str], rows: list[list]) -> str:
    from ..plainmode import is_plain
    from .access.plain import plain_table
    if is_plain():                             # --plain: one fact a line for a screen reader
        return plain_table(headers, rows)
    cells = [[_lines(h) for h in headers]]
    cells += [[_lines(c) for c in row] for row in rows]
    widths = [max(len(line) for row in cells for line in row[i]) for i in range(len(headers))]
    out = []
    for index, row in enumerate(cells):
        height = max(len(c) for c in row)
        for k in range(height):
            parts = [(c[k] if k < len(c) else "").ljust(w) for c, w in zip(row, widths)]
            out.append("  ".join(parts).rstrip())
        if index == 0:
            out.append("  ".join("-" * w for w in widths))
    return "\n".join(out) + "\n"


def _lines(cell) -> list[str]:
    return [printable(line) for line in str(cell).split("\n")] or [""]

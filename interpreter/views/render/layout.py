"""Words inside a box of an SVG: wrapped to its width, shrunk until they fit its height."""

from __future__ import annotations

import textwrap
from html import escape

from .icons import FONT

CHAR_WIDTH = 0.56          # average advance of a sans-serif letter, in font sizes
LINE_HEIGHT = 1.22


def wrapped(paragraphs: list[str], width: float, height: float, size: float = 30,
            smallest: float = 14) -> tuple[list[list[str]], float]:
    """The paragraphs' lines and the largest font size (down to `smallest`) that fits."""
    while True:
        columns = max(8, int(width / (size * CHAR_WIDTH)))
        lines = [textwrap.wrap(p, columns, break_long_words=True) or [""] for p in paragraphs]
        needed = (sum(len(ls) for ls in lines) + 0.4 * max(0, len(lines) - 1)) * size * LINE_HEIGHT
        if needed <= height or size <= smallest:
            return lines, size
        size = max(smallest, size * 0.92)


def text_block(paragraphs: list[str], x: float, y: float, width: float, height: float, size: float = 30,
               fill: str = "#1a1a1a", anchor: str = "start", css_class: str = "words") -> str:
    """`<text>` lines for the paragraphs, top-left at (x, y) (centred on x when anchor is middle)."""
    lines, size = wrapped(paragraphs, width, height, size)
    out, line_y = [], y + size
    for paragraph in lines:
        for line in paragraph:
            out.append(f'<tspan x="{x:g}" y="{line_y:.1f}">{escape(line)}</tspan>')
            line_y += size * LINE_HEIGHT
        line_y += size * LINE_HEIGHT * 0.4
    return (f'<text class="{css_class}" font-family="{FONT}" font-size="{size:.1f}" fill="{fill}" '
            f'text-anchor="{anchor}">' + "".join(out) + "</text>")


def single_line(words: str, x: float, y: float, width: float, size: float, fill: str = "#111111",
                weight: str = "bold", anchor: str = "middle", css_class: str = "") -> str:
    """One line, its font shrunk so it fits `width`; y is its middle."""
    size = min(size, width / max(1, len(words) * CHAR_WIDTH * (1.08 if weight == "bold" else 1)))
    cls = f' class="{css_class}"' if css_class else ""
    return (f'<text{cls} x="{x:g}" y="{y:g}" font-family="{FONT}" font-size="{size:.1f}" font-weight="{weight}" '
            f'fill="{fill}" text-anchor="{anchor}" dominant-baseline="central">{escape(words)}</text>')

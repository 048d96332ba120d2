"""One side of a wonder board: its name and side, what the board gives from the start, and
each stage with its cost, its effect in icons and in words."""

from __future__ import annotations

from html import escape

from ...check.model import SideDef, Vocabulary, WonderDef
from ...i18n import _
from ..cards import wonder_title
from ..describe import cost_text, effect_text
from . import icons
from .card_svg import cost_icons
from .effect_icons import effect as effect_icons
from .layout import single_line, text_block

WIDTH, HEIGHT = 1260, 640
BAND = 110
BOARD = "#6b5a48"
PANEL = "#f4ede2"


def _effects_panel(effects, vocabulary: Vocabulary, x: float, y: float, width: float, height: float) -> str:
    rows = [effect_icons(e, vocabulary) for e in effects]
    icon_height = min(90.0, 200 / max(1, len(rows)))
    out = [icons.row(r, x + width / 2, y + i * icon_height, icon_height * 0.88, width - 20) for i, r in enumerate(rows)]
    words_top = y + icon_height * len(rows) + 10
    out.append(text_block([effect_text(e) for e in effects] or ["nothing"], x + 12, words_top, width - 24,
                          y + height - words_top, 26))
    return "".join(out)


def wonder_side_svg(wonder: WonderDef, side: SideDef, vocabulary: Vocabulary) -> str:
    """The side as a standalone SVG document."""
    shown = wonder_title(wonder.name)
    title = escape(_("{wonder}, side {side}").format(wonder=shown, side=side.name))
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="252mm" height="128mm" '
           f'class="wonder-svg" role="img" aria-label="{title}"><title>{title}</title>',
           f'<rect x="2" y="2" width="{WIDTH - 4}" height="{HEIGHT - 4}" rx="24" fill="{BOARD}" stroke="#2b2118" '
           f'stroke-width="4"/>',
           single_line(shown, 40, BAND / 2, WIDTH - 300, 58, "#ffffff", anchor="start", css_class="name"),
           single_line(_("side {side}").format(side=side.name), WIDTH - 40, BAND / 2, 220, 40, "#f0e0c0", anchor="end", css_class="side")]
    panel_width = 330
    out.append(f'<rect x="20" y="{BAND}" width="{panel_width}" height="{HEIGHT - BAND - 20}" rx="16" fill="{PANEL}"/>')
    out.append(single_line(_("the board gives"), 20 + panel_width / 2, BAND + 26, panel_width - 20, 24, "#6b5a48", "normal"))
    out.append(_effects_panel(side.effects, vocabulary, 20, BAND + 50, panel_width, HEIGHT - BAND - 80))
    left = 40 + panel_width
    count = max(1, len(side.stages))
    gap = 16
    column = (WIDTH - left - 20 - gap * (count - 1)) / count
    for i, stage in enumerate(side.stages):
        x = left + i * (column + gap)
        out.append(f'<g class="stage"><rect x="{x:.1f}" y="{BAND}" width="{column:.1f}" height="{HEIGHT - BAND - 20}" '
                   f'rx="16" fill="{PANEL}" stroke="#2b2118" stroke-width="3"/>')
        out.append(single_line(_("stage {number}").format(number=i + 1), x + column / 2, BAND + 26, column - 20, 26, "#6b5a48"))
        cost = cost_icons(stage.cost, vocabulary)
        title = escape(_("cost: {cost}").format(cost=cost_text(stage.cost)))
        out.append(f'<g><title>{title}</title>'
                   + icons.row(cost, x + column / 2, BAND + 50, 64, column - 24) + "</g>")
        out.append(f'<line x1="{x + 16:.1f}" x2="{x + column - 16:.1f}" y1="{BAND + 128}" y2="{BAND + 128}" '
                   f'stroke="#b8a890" stroke-width="3"/>')
        out.append(_effects_panel(stage.effects, vocabulary, x, BAND + 140, column, HEIGHT - BAND - 180))
        out.append("</g>")
    out.append("</svg>\n")
    return "".join(out)

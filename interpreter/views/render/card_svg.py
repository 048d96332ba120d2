"""One card drawn as a card: the colour band with its effect in icons, the cost down the
left, the words of each effect, copies by player count, its chains, its name and age."""

from __future__ import annotations

from html import escape

import attrs

from ...check.model import CardDef, Cost, Vocabulary
from ..describe import cost_text, effect_text
from ...i18n import _, names
from . import icons
from .colors import ink, paint, tint
from .effect_icons import effect as effect_icons
from .layout import single_line, text_block

WIDTH, HEIGHT = 630, 880            # tenths of a millimetre: a 63 x 88 mm card
BAND = 210
COST_COLUMN = 112
NAME_STRIP = 110
ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI"}


@attrs.frozen
class CardView:
    """What a card's picture needs beside the card: the names it leads to, copies by count."""
    card: CardDef
    leads_to: tuple[str, ...]
    copies: tuple[tuple[int, int], ...] | None      # (players, copies); None: drawn at random


def cost_icons(cost: Cost, vocabulary: Vocabulary) -> list[icons.Icon]:
    shown = [icons.coin(str(cost.coins), cost_text(Cost(cost.coins, ())))] if cost.coins else []
    for name, count in cost.resources:
        shown += [icons.resource(name, vocabulary)] * count
    return shown


def _cost_column(cost: Cost, vocabulary: Vocabulary) -> str:
    shown = cost_icons(cost, vocabulary)
    if not shown:
        return ""
    size = min(82.0, (HEIGHT - NAME_STRIP - 300) / len(shown))
    box = len(shown) * size + 24
    title = escape(_("cost: {cost}").format(cost=cost_text(cost)))
    out = [f'<rect x="10" y="14" width="{COST_COLUMN - 20}" height="{box:.0f}" rx="16" fill="#ffffff" '
           f'fill-opacity="0.92" stroke="#555555" stroke-width="3"><title>{title}</title></rect>']
    for i, icon in enumerate(shown):
        out.append(icons.row([icon], COST_COLUMN / 2, 26 + i * size, size * 0.92, size))
    return '<g class="cost">' + "".join(out) + "</g>"


def _copies(view: CardView) -> str:
    top = HEIGHT - NAME_STRIP - 210
    if view.copies is None:
        return single_line(_("drawn at random"), WIDTH / 2, top + 40, 400, 28, "#444444", "normal", css_class="copies")
    cells = view.copies
    cell = min(70.0, (WIDTH - 80) / max(1, len(cells)))
    left = WIDTH / 2 - cell * len(cells) / 2
    out = [single_line(_("players / copies"), WIDTH / 2, top + 2, 300, 20, "#555555", "normal")]
    for i, (players, copies) in enumerate(cells):
        x = left + i * cell
        out.append(f'<rect x="{x + 3:.1f}" y="{top + 16}" width="{cell - 6:.1f}" height="64" rx="8" '
                   f'fill="{"#ffffff" if copies else "#e4e4e4"}" stroke="#777777" stroke-width="2"/>')
        out.append(single_line(f"{players}", x + cell / 2, top + 32, cell - 10, 20, "#666666", "normal"))
        out.append(single_line(str(copies) if copies else "–", x + cell / 2, top + 60, cell - 10, 30,
                               "#111111" if copies else "#999999"))
    return '<g class="copies">' + "".join(out) + "</g>"


def _chains(view: CardView) -> str:
    top = HEIGHT - NAME_STRIP - 100
    out = []
    for cards, x, anchor, lead in ((view.card.chains, 22, "start", _("free with")),
                                   (view.leads_to, WIDTH - 22, "end", _("leads to"))):
        shown = [names().card(c) for c in cards]
        if shown:
            link = icons.chain_link(f"{lead} {', '.join(shown)}")
            out.append(icons.row([link], x, top - 2, 28, 28, anchor))
            label_x = x + 36 if anchor == "start" else x - 36
            out.append(single_line(f"{lead}:", label_x, top + 12, 240, 20, "#555555", "normal", anchor))
            out.append(text_block([", ".join(shown)], x, top + 22, 280, 62, 24, "#222222", anchor, "chain"))
    return '<g class="chains">' + "".join(out) + "</g>" if out else ""


def card_svg(view: CardView, vocabulary: Vocabulary) -> str:
    """The card as a standalone SVG document (63 x 88 mm)."""
    card = view.card
    band = paint(card.color)
    on_band = ink(band)
    effect_rows = [effect_icons(e, vocabulary) for e in card.effects]
    row_height = min(118.0, (BAND - 36) / max(1, len(effect_rows)))
    icon_rows = "".join(icons.row(r, (COST_COLUMN + WIDTH) / 2, 18 + i * row_height, row_height * 0.9,
                                  WIDTH - COST_COLUMN - 30)
                        for i, r in enumerate(effect_rows))
    words = [effect_text(e) for e in card.effects] or [_("no effect")]
    body_top = BAND + 20
    body_bottom = HEIGHT - NAME_STRIP - 215
    name = escape(names().card(card.name))
    about = _("{card}: age {age}, {color}").format(card=names().card(card.name), age=ROMAN.get(card.age, card.age),
                                                   color=names().kind(card.color) or names().color(card.color))
    return "".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="63mm" height="88mm" '
        f'class="card-svg" role="img" aria-label="{name}">',
        f'<title>{escape(about)}</title>',
        f'<rect x="2" y="2" width="{WIDTH - 4}" height="{HEIGHT - 4}" rx="30" fill="{tint(band, 0.88)}" '
        f'stroke="#333333" stroke-width="4"/>',
        f'<path class="band" d="M2 32 A30 30 0 0 1 32 2 H{WIDTH - 32} A30 30 0 0 1 {WIDTH - 2} 32 V{BAND} H2 Z" '
        f'fill="{band}" stroke="#333333" stroke-width="4" data-color="{escape(card.color)}"/>',
        f'<g class="effect-icons">{icon_rows}</g>',
        _cost_column(card.cost, vocabulary),
        text_block(words, COST_COLUMN + 14, body_top, WIDTH - COST_COLUMN - 40, body_bottom - body_top, 38),
        _copies(view),
        _chains(view),
        f'<path d="M2 {HEIGHT - NAME_STRIP} H{WIDTH - 2} V{HEIGHT - 32} A30 30 0 0 1 {WIDTH - 32} {HEIGHT - 2} '
        f'H32 A30 30 0 0 1 2 {HEIGHT - 32} Z" fill="{band}" stroke="#333333" stroke-width="4"/>',
        single_line(names().card(card.name), WIDTH / 2, HEIGHT - NAME_STRIP / 2, WIDTH - 190, 50, on_band, css_class="name"),
        single_line(ROMAN.get(card.age, str(card.age)), WIDTH - 28, HEIGHT - NAME_STRIP / 2, 90, 34, on_band, "normal", "end",
                    css_class="age"),
        "</svg>\n"])

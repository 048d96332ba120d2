"""Icons as SVG drawn by code: coins, shields, laurels, resources, science symbols, cards of
a colour, wonder stages, tokens, directions.  Each icon is drawn in a box 100 units high
and `width` units wide, so a row of them can be laid out and scaled as one."""

from __future__ import annotations

import math
from html import escape

import attrs

from ...check.model import Vocabulary
from ...i18n import _, names
from .colors import derived_color, ink, paint, tint

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
COIN, COIN_EDGE = "#f2c12e", "#8a6500"
SHIELD = "#c0392b"
LAUREL = "#3f7d3a"
STAGE = "#8d7b68"


@attrs.frozen
class Icon:
    width: float          # in units of the icon's height (100)
    body: str             # SVG in the box (0, 0)-(width, 100)
    title: str            # what it means in words: the tooltip


def text(x: float, y: float, words: str, size: float = 50, fill: str = "#111111", weight: str = "bold",
         anchor: str = "middle", extra: str = "") -> str:
    return (f'<text x="{x:g}" y="{y:g}" font-family="{FONT}" font-size="{size:g}" font-weight="{weight}" '
            f'fill="{fill}" text-anchor="{anchor}" dominant-baseline="central"{extra}>{escape(words)}</text>')


def label_size(label: str, room: float = 70) -> float:
    """A font size that fits the label in `room` units: short numbers large, words smaller."""
    return min(56.0, room / max(1, len(label)) / 0.62)


def word(words: str, size: float = 46) -> Icon:
    """Plain words in a row of icons: `/`, `+`, `per`, a number."""
    width = max(20.0, len(words) * size * 0.62 + 8)
    return Icon(width, text(width / 2, 50, words, size), words)


def chip(words: str) -> Icon:
    """A few words on a rounded tag: an event (`on age end`) or a condition."""
    size = 34
    width = len(words) * size * 0.6 + 30
    return Icon(width, f'<rect x="2" y="22" width="{width - 4:g}" height="56" rx="14" fill="#eeeeee" '
                       f'stroke="#777777" stroke-width="3"/>' + text(width / 2, 50, words, size, weight="normal"), words)


def coin(label: str, title: str) -> Icon:
    return Icon(100, f'<circle cx="50" cy="50" r="44" fill="{COIN}" stroke="{COIN_EDGE}" stroke-width="6"/>'
                     + text(50, 52, label, label_size(label), COIN_EDGE), title)


def shield(label: str, title: str) -> Icon:
    path = "M50 4 L90 18 C90 58 74 84 50 96 C26 84 10 58 10 18 Z"
    return Icon(100, f'<path d="{path}" fill="{SHIELD}" stroke="#6e1d15" stroke-width="5"/>'
                     + text(50, 50, label, label_size(label, 56), "#ffffff"), title)


def laurel(label: str, title: str, fill: str = LAUREL) -> Icon:
    """A laurel wreath, leaves placed round a circle, the number in the middle: points."""
    leaves = []
    for side in (-1, 1):
        for i in range(7):
            angle = math.radians(115 + i * 22) if side < 0 else math.radians(65 - i * 22)
            x, y = 50 + 40 * math.cos(angle), 52 + 40 * math.sin(angle)
            leaves.append(f'<ellipse cx="{x:.1f}" cy="{y:.1f}" rx="11" ry="5.5" fill="{fill}" '
                          f'transform="rotate({math.degrees(angle) + 90 * side:.0f} {x:.1f} {y:.1f})"/>')
    return Icon(100, "".join(leaves) + f'<circle cx="50" cy="52" r="28" fill="#ffffff" stroke="{fill}" stroke-width="3"/>'
                     + text(50, 53, label, label_size(label, 46), fill), title)


def abbreviations(names) -> dict[str, str]:
    """The shortest prefix that tells each name from the others, capitalised: W, S, Gl, Ge."""
    names = list(names)
    found = {}
    for name in names:
        for length in range(1, len(name) + 1):
            prefix = name[:length].lower()
            if sum(1 for other in names if other.lower().startswith(prefix)) == 1 or length == len(name):
                found[name] = name[:length].capitalize()
                break
    return found


def _shown_letters(vocabulary_names, shown, name: str) -> str:
    """The letters on a token: the shortest telling prefix of the name the reader reads (a
    Dutch table's wood is H, for Hout), not of the content's own name."""
    words = {n: shown(n) for n in vocabulary_names}
    word = words.get(name, shown(name))
    return abbreviations(words.values()).get(word, word[:1].upper())


def _polygon(sides: int, radius: float = 44, turn: float = -90) -> str:
    points = [(50 + radius * math.cos(math.radians(turn + i * 360 / sides)),
               50 + radius * math.sin(math.radians(turn + i * 360 / sides))) for i in range(sides)]
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


def resource(name: str, vocabulary: Vocabulary) -> Icon:
    """A resource: its group sets the shape (a square for the first group, a hexagon for the
    second...), its name the colour and the letters."""
    group = next((i for i, (_, members) in enumerate(vocabulary.groups) if name in members), 0)
    fill = derived_color(name, 0.5, 0.42)
    shape = (f'<rect x="8" y="8" width="84" height="84" rx="12" fill="{fill}" stroke="#333333" stroke-width="4"/>'
             if group == 0 else f'<polygon points="{_polygon(5 + group)}" fill="{fill}" '
                                f'stroke="#333333" stroke-width="4"/>')
    label = _shown_letters(vocabulary.resources, names().resource, name)
    return Icon(100, shape + text(50, 52, label, label_size(label, 60), ink(fill)), names().resource(name))


def science(name: str, vocabulary: Vocabulary) -> Icon:
    """A science symbol: a round token whose rim has as many notches as the symbol's place
    in the vocabulary (one, two, three...), so symbols tell apart without colour."""
    index = vocabulary.symbols.index(name) if name in vocabulary.symbols else 0
    fill = tint(derived_color(name, 0.45, 0.35), 0.1)
    notches = "".join(
        f'<rect x="46" y="0" width="8" height="14" fill="#333333" '
        f'transform="rotate({(i - index / 2) * 30:g} 50 50)"/>' for i in range(index + 1))
    label = _shown_letters(vocabulary.symbols, names().symbol, name)
    return Icon(100, f'<circle cx="50" cy="52" r="42" fill="{fill}" stroke="#333333" stroke-width="4"/>' + notches
                     + text(50, 54, label, label_size(label, 56), ink(fill)),
                _("science symbol {name}").format(name=names().symbol(name)))


def card(colors, title: str) -> Icon:
    """A small card in the colours named (stripes when several): `brown cards`."""
    colors = list(colors) or ["gray"]
    stripe = 76 / len(colors)
    body = "".join(f'<rect x="{12 + i * stripe:.1f}" y="6" width="{stripe:.1f}" height="88" fill="{paint(c)}"/>'
                   for i, c in enumerate(colors))
    return Icon(100, body + '<rect x="12" y="6" width="76" height="88" rx="6" fill="none" stroke="#222222" '
                            'stroke-width="5"/>', title)


def stage(title: str, unbuilt: bool = False) -> Icon:
    """A wonder stage: a stepped pyramid (outlined when the stages are the unbuilt ones)."""
    steps = "".join(f'<rect x="{10 + i * 14}" y="{72 - i * 24}" width="{80 - i * 28}" height="22" '
                    f'fill="{"#ffffff" if unbuilt else STAGE}" stroke="#3b3026" stroke-width="4"/>' for i in range(3))
    return Icon(100, steps, title)


def chain_link(title: str) -> Icon:
    """Two links of a chain: a card built free because of another (or leading to one)."""
    link = '<rect x="{x}" y="34" width="46" height="30" rx="15" fill="none" stroke="#444444" stroke-width="9" ' \
           'transform="rotate(-30 {c} 50)"/>'
    return Icon(100, link.format(x=8, c=31) + link.format(x=46, c=69), title)


def token(kind: str, title: str) -> Icon:
    """Military tokens: victory (a small laurel), defeat (-1), or both (their sum)."""
    if kind == "victory":
        return Icon(100, laurel("+", title).body, title)
    label = "-1" if kind == "defeat" else "±"
    return Icon(100, f'<circle cx="50" cy="50" r="40" fill="#3a3a3a" stroke="{SHIELD}" stroke-width="8"/>'
                     + text(50, 52, label, 44, "#ffffff"), title)


def direction(parts, title: str) -> Icon:
    """Whose cities: ◀ left neighbour, ▶ right, ● own city, ◆ the neighbour of a trigger,
    ◀●▶ all cities."""
    shapes = {"left": ('<polygon points="4,50 34,24 34,76" fill="#333333"/>', 38),
              "own": ('<circle cx="17" cy="50" r="16" fill="#333333"/>', 36),
              "right": ('<polygon points="34,50 4,24 4,76" fill="#333333"/>', 38),
              "neighbour": ('<polygon points="19,22 36,50 19,78 2,50" fill="#333333"/>', 40)}
    order = [p for p in ("left", "own", "right", "neighbour") if p in parts]
    body, x = [], 0.0
    for part in order:
        shape, width = shapes[part]
        body.append(f'<g transform="translate({x:g} 0)">{shape}</g>')
        x += width
    return Icon(max(x, 10), "".join(body), title)


def row(icons: list[Icon], x: float, y: float, height: float, max_width: float, align: str = "middle") -> str:
    """Icons side by side, `height` high, shrunk to fit `max_width`; anchored at x as said."""
    if not icons:
        return ""
    gap = 12
    total = sum(i.width for i in icons) + gap * (len(icons) - 1)
    scale = min(height / 100, max_width / total)
    start = {"start": x, "middle": x - total * scale / 2, "end": x - total * scale}[align]
    top = y + (height - 100 * scale) / 2
    parts, offset = [], 0.0
    for icon in icons:
        parts.append(f'<g transform="translate({start + offset * scale:.1f} {top:.1f}) scale({scale:.4f})">'
                     f'<title>{escape(icon.title)}</title>{icon.body}</g>')
        offset += icon.width + gap
    return "".join(parts)


def row_width(icons: list[Icon], height: float) -> float:
    return (sum(i.width for i in icons) + 12 * max(0, len(icons) - 1)) * height / 100

"""The HTML pages: every card by age, every wonder side and a legend of the icons on one
self-contained page (SVG inline, the style sheet inline, no outside request), and the
print sheet with nine cards on each A4 page."""

from __future__ import annotations

from html import escape
from pathlib import Path

from ...check.model import RuleSet
from ...i18n import _, language, names, ngettext
from ..cards import wonder_title
from . import icons
from .card_svg import ROMAN, CardView

CSS = (Path(__file__).parent / "page.css").read_text(encoding="utf-8")
CARDS_PER_SHEET = 9


def _document(title: str, body: str) -> str:
    return (f'<!DOCTYPE html>\n<html lang="{language()}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{escape(title)}</title><style>{CSS}</style></head>\n<body>\n{body}\n</body></html>\n')


def _inline(svg: str) -> str:
    return svg.replace(' xmlns="http://www.w3.org/2000/svg"', "", 1).rstrip("\n")


def _legend_item(icon: icons.Icon, words: str) -> str:
    return (f'<li><svg viewBox="0 0 {icon.width:g} 100" aria-hidden="true">{icon.body}</svg>'
            f'{escape(words)}</li>')


def legend(ruleset: RuleSet) -> str:
    v = ruleset.vocabulary
    n = names()
    items = [_legend_item(icons.resource(r, v), n.resource(r)) for r in v.resources]
    items += [_legend_item(icons.science(s, v), _("science: {symbol}").format(symbol=n.symbol(s))) for s in v.symbols]
    items += [_legend_item(icons.card([c], c), n.kind(c) or _("{color} card").format(color=n.color(c))) for c in v.colors]
    items += [_legend_item(icons.coin("1", ""), _("coins")), _legend_item(icons.shield("", ""), _("shields")),
              _legend_item(icons.laurel("1", ""), _("victory points")), _legend_item(icons.stage(""), _("wonder stage")),
              _legend_item(icons.token("victory", ""), _("victory token")),
              _legend_item(icons.token("defeat", ""), _("defeat token")),
              _legend_item(icons.direction(("left",), ""), _("left neighbour")),
              _legend_item(icons.direction(("right",), ""), _("right neighbour")),
              _legend_item(icons.direction(("all",), ""), _("all cities"))]
    return '<ul class="legend">' + "".join(items) + "</ul>"


def index_page(ruleset: RuleSet, cards: list[tuple[CardView, str, str]],
               wonders: list[tuple[str, str, str, str]], variants: list[str]) -> str:
    """cards: (view, svg, file); wonders: (wonder, side, svg, file), files relative to the page."""
    ages = sorted({view.card.age for view, _, _ in cards})
    age_word, wonders_word, legend_word = _("Age {age}"), _("Wonders"), _("Legend")
    nav = "".join(f'<a href="#age-{a}">{escape(age_word.format(age=ROMAN.get(a, a)))}</a>' for a in ages)
    print_word = _("Print sheet")
    nav += (f'<a href="#wonders">{escape(wonders_word)}</a><a href="#legend">{escape(legend_word)}</a>'
            f'<a href="print.html">{escape(print_word)}</a>')
    applied = "; " + _("variants: {names}").format(names=", ".join(variants)) if variants else ""
    counted = _("{cards} card(s), {sides} wonder side(s)").format(cards=len(cards), sides=len(wonders))
    drawn = _("Drawn by <code>wonders render</code> from the content.")
    parts = [f'<header><h1>{escape(ruleset.rules.name)}</h1><p>{escape(counted + applied)}. '
             f'{drawn}</p><nav>{nav}</nav></header>']
    for age in ages:
        shown = [c for c in cards if c[0].card.age == age]
        figures = "".join(
            f'<figure class="card" data-card="{escape(v.card.name)}" data-age="{v.card.age}" '
            f'data-color="{escape(v.card.color)}">{_inline(svg)}<figcaption><a href="{escape(file)}">'
            f'{escape(names().card(v.card.name))}.svg</a></figcaption></figure>' for v, svg, file in shown)
        counted = ngettext("{count} card", "{count} cards", len(shown)).format(count=len(shown))
        parts.append(f'<section id="age-{age}"><h2>{escape(age_word.format(age=ROMAN.get(age, age)))} '
                     f'<small>({escape(counted)})</small></h2><div class="cards">{figures}</div></section>')
    side_word = _("{wonder}, side {side}")
    figures = "".join(
        f'<figure class="wonder" data-wonder="{escape(w)}" data-side="{escape(s)}">{_inline(svg)}'
        f'<figcaption><a href="{escape(file)}">{escape(side_word.format(wonder=wonder_title(w), side=s))}</a>'
        f'</figcaption></figure>' for w, s, svg, file in wonders)
    parts.append(f'<section id="wonders"><h2>{escape(wonders_word)}</h2><div class="wonders">{figures}</div></section>')
    parts.append(f'<section id="legend"><h2>{escape(legend_word)}</h2>{legend(ruleset)}</section>')
    return _document(_("{rules}: cards").format(rules=ruleset.rules.name), "\n".join(parts))


def print_page(ruleset: RuleSet, cards: list[tuple[CardView, str, str]]) -> str:
    """Nine cards to an A4 page, 63 x 88 mm each, ready to print and cut."""
    sheets = []
    for start in range(0, len(cards), CARDS_PER_SHEET):
        chunk = cards[start:start + CARDS_PER_SHEET]
        sheets.append('<div class="sheet">' + "".join(
            f'<div class="print-card" data-card="{escape(v.card.name)}">{_inline(svg)}</div>' for v, svg, _drawn in chunk)
            + "</div>")
    hint = escape(_('{cards} card(s) on {pages} A4 page(s): print this page at 100% scale (no "fit to page") and '
                    'cut along the card edges.').format(cards=len(cards), pages=len(sheets)))
    return _document(_("{rules}: print sheet").format(rules=ruleset.rules.name),
                     f'<p class="print-only-hint">{hint}</p>' + "\n".join(sheets))

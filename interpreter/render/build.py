"""Render a rule set into a folder: index.html, print.html, cards/*.svg, wonders/*.svg.

Every file is written atomically; SVG files in cards/ and wonders/ that this run did not
write (a card renamed or removed since) are removed, so the folder mirrors the rule set."""

from __future__ import annotations

import re
from pathlib import Path

import attrs

from ..atomic import write_atomic
from ..check.model import RuleSet
from ..tools.cards import pooled_names
from .card_svg import CardView, card_svg
from .page import index_page, print_page
from .wonder_svg import wonder_side_svg


@attrs.frozen
class Rendered:
    cards: int
    wonder_sides: int
    pages: tuple[str, ...]


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "unnamed"


def _unique(base: str, taken: set[str]) -> str:
    name, n = base, 2
    while name in taken:
        name, n = f"{base}-{n}", n + 1
    taken.add(name)
    return name


def card_views(ruleset: RuleSet, age: int | None = None) -> list[CardView]:
    """The cards to draw, with what leads from each and its copies at each player count."""
    pooled = pooled_names(ruleset)
    rules = ruleset.rules
    counts = range(rules.min_players, rules.max_players + 1)
    views = []
    for card in ruleset.cards:
        if age is not None and card.age != age:
            continue
        leads_to = tuple(c.name for c in ruleset.cards if card.name in c.chains)
        copies = None if card.name in pooled else tuple((p, card.copies_at(p)) for p in counts)
        views.append(CardView(card, leads_to, copies))
    return views


def render(ruleset: RuleSet, out: Path, age: int | None = None, variants=(), progress=lambda text: None) -> Rendered:
    views = card_views(ruleset, age)
    vocabulary = ruleset.vocabulary
    (out / "cards").mkdir(parents=True, exist_ok=True)
    (out / "wonders").mkdir(parents=True, exist_ok=True)
    taken: set[str] = set()
    cards, written = [], set()
    progress(f"drawing {len(views)} card(s)")
    for view in views:
        file = f"cards/{_unique(f'age{view.card.age}-{slug(view.card.name)}', taken)}.svg"
        svg = card_svg(view, vocabulary)
        write_atomic(out / file, svg)
        written.add(file)
        cards.append((view, svg, file))
    sides = []
    progress(f"drawing {sum(len(w.sides) for w in ruleset.wonders)} wonder side(s)")
    for wonder in ruleset.wonders:
        for side in wonder.sides:
            file = f"wonders/{_unique(f'{slug(wonder.name)}-{slug(side.name)}', taken)}.svg"
            svg = wonder_side_svg(wonder, side, vocabulary)
            write_atomic(out / file, svg)
            written.add(file)
            sides.append((wonder.name, side.name, svg, file))
    for folder in ("cards", "wonders"):
        for stale in (out / folder).glob("*.svg"):
            if f"{folder}/{stale.name}" not in written:
                stale.unlink()
    write_atomic(out / "index.html", index_page(ruleset, cards, sides, list(variants)))
    write_atomic(out / "print.html", print_page(ruleset, cards))
    return Rendered(len(cards), len(sides), ("index.html", "print.html"))

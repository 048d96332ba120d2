"""`wonders cards` in a reader's notation and layout: a table in the kit's notation, or, in
the plain mode, each card (or wonder side) as its label: one fact a line, a blank line
between cards."""

from __future__ import annotations

from ..printable import printable
from ..tools.table import render_table
from .notation import Words
from .plain import is_plain


def labels_text(labels: list[list[str]], what: str) -> str:
    blocks = ["\n".join(printable(line) for line in label) for label in labels]
    count = f"{len(labels)} {what}{'s' if len(labels) != 1 else ''}"
    return "\n\n".join(blocks + [count]) + "\n"


def cards_text(words: Words, cards) -> str:
    if is_plain():
        return labels_text([words.card_label(c) for c in cards], "card")
    rows = [[c.name, c.color, words.age(c), words.cost(c.cost), "\n".join(words.effect(e) for e in c.effects) or "-",
             "\n".join(words.chains(c)) or "-", words.players(c)] for c in cards]
    return render_table(["Card", "Color", "Age", "Cost", "Effect", "Chains", "Players"], rows) \
        + f"\n{len(cards)} card{'s' if len(cards) != 1 else ''}\n"


def wonders_text(words: Words) -> str:
    sides = [(w.name, s) for w in words.ruleset.wonders for s in w.sides]
    if is_plain():
        return labels_text([words.side_label(name, side) for name, side in sides], "wonder side")
    rows = [[name, side.name, "\n".join(words.effect(e) for e in side.effects) or "-",
             "\n".join(words.stage(n, stage) for n, stage in enumerate(side.stages, 1))] for name, side in sides]
    return render_table(["Wonder", "Side", "Board", "Stages"], rows)

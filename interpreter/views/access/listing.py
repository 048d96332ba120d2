"""`wonders cards` in a reader's notation and layout: a table in the kit's notation, or, in
the plain mode, each card (or wonder side) as its label: one fact a line, a blank line
between cards."""

from __future__ import annotations

from ...i18n import _, names, ngettext
from ...printable import printable
from ..table import render_table
from .notation import Words
from ...plainmode import is_plain


def labels_text(labels: list[list[str]], count: str) -> str:
    blocks = ["\n".join(printable(line) for line in label) for label in labels]
    return "\n\n".join(blocks + [count]) + "\n"


def _cards_count(n: int) -> str:
    return ngettext("{count} card", "{count} cards", n).format(count=n)


def cards_text(words: Words, cards) -> str:
    if is_plain():
        return labels_text([words.card_label(c) for c in cards], _cards_count(len(cards)))
    rows = [[words.name(c), words.color(c), words.age(c), words.cost(c.cost), "\n".join(words.effect(e) for e in c.effects) or "-",
             "\n".join(words.chains(c)) or "-", words.players(c)] for c in cards]
    headers = [_("Card"), _("Color"), _("Age"), _("Cost"), _("Effect"), _("Chains"), _("Players")]
    return render_table(headers, rows) + f"\n{_cards_count(len(cards))}\n"


def wonders_text(words: Words) -> str:
    sides = [(w.name, s) for w in words.ruleset.wonders for s in w.sides]
    if is_plain():
        count = ngettext("{count} wonder side", "{count} wonder sides", len(sides)).format(count=len(sides))
        return labels_text([words.side_label(name, side) for name, side in sides], count)
    rows = [[names().city(name), side.name, "\n".join(words.effect(e) for e in side.effects) or "-",
             "\n".join(words.stage(n, stage) for n, stage in enumerate(side.stages, 1))] for name, side in sides]
    return render_table([_("Wonder"), _("Side"), _("Board"), _("Stages")], rows)


def table_text(words: Words, data) -> str:
    """What a real table holds (`wonders score`'s input, already checked): each player's
    board, stages built and cards, in the reader's notation, one fact a line."""
    out = []
    by_name: dict = {}
    for card in words.ruleset.cards:            # a name of several ages: its first, as the score pad counts it
        by_name.setdefault(card.name, card)
    for player in data["players"]:
        side = next(s for w in words.ruleset.wonders if w.name == player["wonder"] for s in w.sides
                    if s.name == player["side"])
        label = words.side_label(player["wonder"], side)
        out.append(f"{player['name']}: {label[0]}")
        out += [f"  {line}" + (" " + _("(built)") if n <= player["stages"] else "")
                for n, line in enumerate(label[1:], 1)]
        out += [f"  {words.card_short(by_name[names().to_english('card', name, by_name) or name])}"
                for name in player["cards"]]
    return printable("\n".join(out), keep_newlines=True) + "\n\n"

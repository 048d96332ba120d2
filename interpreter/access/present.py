"""A game's text (the turn log, the moves, the prompt) in the notation and layout a reader
chose: each card the log names as "Name (I)" is written by the notation's writer
("Name (1, s: 3v)" in the kit's), each city with its board, and in the plain mode no line
is decoration.  The engine's own words are kept; only card names and layout change."""

from __future__ import annotations

import re

from ..check.rules import roman
from ..printable import printable
from .notation import Words
from .plain import is_plain


class Presenter:
    def __init__(self, words: Words, standard: bool):
        self.words, self.standard = words, standard
        cards = words.ruleset.cards
        self._by_token = {f"{c.name} ({roman(c.age)})": c for c in cards}
        tokens = sorted(self._by_token, key=len, reverse=True)
        self._pattern = re.compile(r"(?<!\S)(" + "|".join(re.escape(t) for t in tokens) + r")") \
            if tokens else None

    def cards_named(self, text: str) -> str:
        """`text` with every "Name (age)" of a card written in the chosen notation."""
        if self.standard or self._pattern is None:
            return text
        return self._pattern.sub(lambda m: self.words.card_short(self._by_token[m.group(1)]), text)

    def log(self, text: str, game) -> str:
        """The turn log of tools.play.text_log: card names in the notation and, after the
        players, each one's board and stages."""
        text = self.cards_named(text)
        if self.standard:
            return text
        lines = text.split("\n")
        try:
            last = max(i for i, line in enumerate(lines) for c in game.cities
                       if line.strip() == printable(f"{c.name}: {c.side.wonder} side {c.side.side}"))
        except ValueError:                         # no players listed: nothing to add
            return text
        boards = []
        for city in game.cities:
            side = next(s for w in self.words.ruleset.wonders if w.name == city.side.wonder
                        for s in w.sides if s.name == city.side.side)
            boards += [printable(f"  {city.name}, {line}") for line in self.words.side_label(city.side.wonder, side)]
        return "\n".join(lines[:last + 1] + boards + lines[last + 1:])

    # -- the prompt (tools.human.HumanDecider's view)
    def heading(self, text: str) -> str:
        return "\n" + text.strip().strip("=").strip() if is_plain() else text

    def hand_line(self, card) -> str:
        """A card of the hand: its label but the player counts, on one line."""
        return printable("  " + "; ".join(self.words.card_label(card)[:-1]))

    def action(self, label: str) -> str:
        return self.cards_named(label)


def table_text(words, data) -> str:
    """What a real table holds (`wonders score`'s input, already checked): each player's
    board, stages built and cards, in the reader's notation, one fact a line."""
    out = []
    for player in data["players"]:
        side = next(s for w in words.ruleset.wonders if w.name == player["wonder"] for s in w.sides
                    if s.name == player["side"])
        label = words.side_label(player["wonder"], side)
        out.append(f"{player['name']}: {label[0]}")
        out += [f"  {line}" + (" (built)" if n <= player["stages"] else "") for n, line in enumerate(label[1:], 1)]
        by_name: dict = {}
        for card in words.ruleset.cards:        # a name of several ages: its first, as the score pad counts it
            by_name.setdefault(card.name, card)
        out += [f"  {words.card_short(by_name[name])}" for name in player["cards"]]
    return printable("\n".join(out), keep_newlines=True) + "\n\n"

"""A city as it would be with one more card or stage, for the score lines to read: the
Appraiser (valuation.py) scores a move on it without copying or changing the city."""

from __future__ import annotations


class Hypothesis:
    """A city as it would be with one more card or stage, for the score lines: its colours,
    stages, shields and science symbols changed, everything else read from the city."""

    __slots__ = ("_city", "colors", "stages", "shields", "symbols")

    def __init__(self, city, source, known, symbol_index):
        self._city = city
        self.colors = city.colors
        if source.kind == "card":
            self.colors = dict(city.colors)
            self.colors[source.color] = self.colors.get(source.color, 0) + 1
        self.stages = city.stages + (source.kind == "stage")
        self.shields = city.shields + known.shields
        self.symbols = city.symbols
        if known.science:
            self.symbols = list(city.symbols)
            for effect in known.science:
                self.symbols[symbol_index[effect.symbols[0].text]] += 1

    def __getattr__(self, name):
        return getattr(self._city, name)

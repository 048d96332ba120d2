"""What a move's science symbols are worth: the score lines that read symbols, evaluated on
the city's symbols now and on every spread of the symbols it may still get (its share of
the symbol cards among the builds left), weighted by how likely each spread is.  A part of
the Appraiser (valuation.py), apart because it is the one part that reasons about chance."""

from __future__ import annotations

from math import factorial

from ..compile.expressions import Where, evaluate


class ScienceWorth:
    """The Appraiser's science part.  It reads the Appraiser's city, neighbours, model,
    builds_left, age and memos (set in Appraiser.__init__)."""

    def _symbols_score(self, symbols) -> int:
        """The score lines that read science symbols, for these counts (the other lines do
        not change with them, so differences of this are differences of the score)."""
        key = tuple(symbols)
        found = self._science_memo.get(key)
        if found is None:
            where = Where(self.city, self.left, self.right, None, self.everyone, self._age.number,
                          self._age.victory, key)
            found = self._science_memo[key] = sum(evaluate(v, where) for v in self.model.science_lines)
        return found

    def _symbol_outlook(self) -> list[tuple[float, tuple[int, ...]]]:
        """The symbols the city may still get: its share of the symbol cards among the builds
        left, each of a kind it cannot choose (what it is passed): (probability, spread)."""
        if self._outlook is None:
            kinds = len(self.city.symbols)
            extra = round(self.model.symbol_share[self.age_index] * (self.builds_left - 1))
            self._outlook = self.model.outlooks.get((extra, kinds))
            if self._outlook is None:
                spreads = list(_spreads(extra, kinds))
                weights = [_multinomial(spread) for spread in spreads]
                total = sum(weights)
                self._outlook = self.model.outlooks[extra, kinds] = [(w / total, spread)
                                                                     for w, spread in zip(weights, spreads)]
        return self._outlook

    def _expected_science(self, symbols) -> float:
        outlook = self._symbol_outlook()
        key = (tuple(symbols), id(outlook))          # outlooks are kept by the model: ids stay theirs
        found = self._expected_memo.get(key)
        if found is None:
            found = self._expected_memo[key] = sum(p * self._symbols_score([a + b for a, b in zip(symbols, spread)])
                                                  for p, spread in outlook)
        return found

    def _science(self, known) -> tuple[float, float]:
        """(what the source's symbols add to the expected score of the symbols at the end,
        the share of it they add now: the score lines count that share in the points part,
        so a weighing that reads both parts weighs the rest, the symbols' promise, apart)."""
        added = known.science
        base = list(self.city.symbols)
        for options in self.city.wild_symbols:
            base[options[0]] += 1
        before = self._expected_science(base)
        best = now = 0.0
        for effect in added:          # a choice of symbols counts the best one
            for name in effect.symbols:
                symbols = list(base)
                symbols[self._symbol[name.text]] += 1
                worth = self._expected_science(symbols) - before
                if worth > best:
                    best, now = worth, self._symbols_score(symbols) - self._symbols_score(base)
        return best, now


def _spreads(total: int, parts: int):
    """Every way to share `total` units among `parts` places."""
    if parts <= 1:
        yield (total,) if parts == 1 else ()
        return
    for first in range(total + 1):
        for rest in _spreads(total - first, parts - 1):
            yield (first,) + rest


def _multinomial(spread) -> int:
    """How many orders give this spread (n! / prod k!)."""
    out = factorial(sum(spread))
    for k in spread:
        out //= factorial(k)
    return out

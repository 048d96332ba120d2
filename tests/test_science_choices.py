"""Symbols of one's choice are scored by the symbol counts they can make, not by every
assignment: exactly the best pad that trying every assignment finds, with far less work."""

from __future__ import annotations

from itertools import product
from math import comb

from hypothesis import given, settings, strategies as st

from interpreter.engine import scoring
from interpreter.engine.quantities import Where
from scenario import make_game, tables

SYMBOLS = len(tables().symbols)


def every_assignment(game, seat):
    """The best pad by trying each assignment of the wild symbols (the former way)."""
    city = game.cities[seat]
    left, right = game.neighbours(seat)
    best = None
    for assignment in product(*city.wild_symbols):
        symbols = list(city.symbols)
        for s in assignment:
            symbols[s] += 1
        where = Where(city, left, right, everyone=tuple(game.cities), symbols=tuple(symbols))
        pad = scoring._pad(game.tables, list(city.owned_sources()), where)
        if best is None or sum(pad.values()) > sum(best.values()):
            best = pad
    return best


wild = st.lists(st.integers(0, SYMBOLS - 1), min_size=1, max_size=SYMBOLS, unique=True).map(tuple)


@settings(max_examples=60, deadline=None)
@given(fixed=st.lists(st.integers(0, 3), min_size=SYMBOLS, max_size=SYMBOLS),
       wilds=st.lists(wild, max_size=5))
def test_the_best_pad_is_the_one_every_assignment_finds(fixed, wilds):
    game = make_game(["Babylon", "Rhodos", "Olympia"])
    city = game.cities[0]
    city.symbols, city.wild_symbols = list(fixed), list(wilds)
    assert scoring.score_city(game.tables, city, *game.neighbours(0), everyone=game.cities) == \
        every_assignment(game, 0)


def test_fourteen_symbols_of_ones_choice_score_120_counts_not_4_million_assignments(monkeypatch):
    """Found by hostile testing: 14 symbols of one's choice took 24 s to score (3^14
    assignments, each scored)."""
    game = make_game(["Babylon", "Rhodos", "Olympia"])
    city = game.cities[0]
    city.wild_symbols = [tuple(range(SYMBOLS))] * 14
    scored = []
    real_pad = scoring._pad
    monkeypatch.setattr(scoring, "_pad", lambda *args: scored.append(1) or real_pad(*args))
    pad = scoring.score_city(game.tables, city, *game.neighbours(0), everyone=game.cities)
    assert len(scored) == comb(14 + SYMBOLS - 1, SYMBOLS - 1) == 120   # the shipped rules have 3 symbols
    assert sum(pad.values()) >= 14 * 14       # all on one symbol: 14 squared, at least

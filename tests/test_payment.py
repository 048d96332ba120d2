"""The payment search against a brute force that tries every way to pay."""

from __future__ import annotations

from itertools import product
from types import SimpleNamespace

from hypothesis import given, settings, strategies as st

from interpreter.engine.payment import pareto, payment_options, signature

R = 4   # resources in these small worlds


def city(fixed, choices, sell_fixed, sell_choices, lprice, rprice):
    c = SimpleNamespace(own_fixed=fixed, own_choices=choices, trade_fixed=sell_fixed,
                        trade_choices=sell_choices, prices={"left": lprice, "right": rprice})
    c.use_sig = signature(fixed, choices, lprice, rprice)
    c.choice_sig = signature(choices, lprice, rprice)
    c.sell_sig = signature(sell_fixed, sell_choices)
    return c


def brute_force(cost, me, left, right):
    options = set()
    own = [list(o) + [None] for o in me.own_choices]
    lch = [list(o) + [None] for o in left.trade_choices]
    rch = [list(o) + [None] for o in right.trade_choices]
    for mine in product(*own):
        for lpick in product(*lch):
            for rpick in product(*rch):
                for lfix in product(*[range(n + 1) for n in left.trade_fixed]):
                    for rfix in product(*[range(n + 1) for n in right.trade_fixed]):
                        have = list(me.own_fixed)
                        for r in mine:
                            if r is not None:
                                have[r] += 1
                        lcost = rcost = 0
                        for r in lpick:
                            if r is not None:
                                have[r] += 1
                                lcost += me.prices["left"][r]
                        for r in rpick:
                            if r is not None:
                                have[r] += 1
                                rcost += me.prices["right"][r]
                        for r in range(R):
                            have[r] += lfix[r] + rfix[r]
                            lcost += lfix[r] * me.prices["left"][r]
                            rcost += rfix[r] * me.prices["right"][r]
                        if all(h >= c for h, c in zip(have, cost)):
                            options.add((lcost, rcost))
    return pareto(options)


vector = st.lists(st.integers(0, 2), min_size=R, max_size=R).map(tuple)
choice = st.lists(st.integers(0, R - 1), min_size=2, max_size=3, unique=True).map(tuple)
choices = st.lists(choice, max_size=2).map(tuple)
prices = st.lists(st.integers(1, 2), min_size=R, max_size=R).map(tuple)


@settings(max_examples=100, deadline=None)
@given(cost=st.lists(st.integers(0, 3), min_size=R, max_size=R).map(tuple),
       mine=st.tuples(vector, choices), lsell=st.tuples(vector, choices), rsell=st.tuples(vector, choices),
       lprice=prices, rprice=prices)
def test_payment_options_are_the_undominated_ways_to_pay(cost, mine, lsell, rsell, lprice, rprice):
    me = city(mine[0], mine[1], (0,) * R, (), lprice, rprice)
    left = city((0,) * R, (), lsell[0], lsell[1], lprice, rprice)
    right = city((0,) * R, (), rsell[0], rsell[1], lprice, rprice)
    assert list(payment_options(cost, me, left, right)) == brute_force(cost, me, left, right)


def test_pareto_keeps_undominated_pairs_cheapest_first():
    assert pareto({(2, 0), (0, 2), (2, 2), (1, 1), (3, 0)}) == [(0, 2), (1, 1), (2, 0)]   # equal totals: less to the left first

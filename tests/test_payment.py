"""The payment search against a brute force that tries every way to pay."""

from __future__ import annotations

import contextlib
from itertools import product
from types import SimpleNamespace

import pytest
from hypothesis import given, settings, strategies as st

from interpreter.engine.payment import bits as payment_bits, by_resource, search as payment_search, trio as payment_trio
from interpreter.engine.payment.order import pareto
from interpreter.engine.payment.trio import every_payment, payment_options, signature

R = 4   # resources in these small worlds


def city(fixed, choices, sell_fixed, sell_choices, lprice, rprice):
    c = SimpleNamespace(own_fixed=fixed, own_choices=choices, trade_fixed=sell_fixed,
                        trade_choices=sell_choices, prices={"left": lprice, "right": rprice})
    c.use_sig = signature(fixed, choices, lprice, rprice)
    c.sell_sig = signature(sell_fixed, sell_choices)
    return c


def brute_force(cost, me, left, right):
    """Every way to pay, tried: each own choice production used for any one of its
    resources or not at all, each neighbour's choice production bought as any one of its
    resources or not, any number of each fixed unit a neighbour sells; the undominated
    (left, right) prices of the ways that cover the cost.

    What each source can give is listed once per distinct outcome (its units counted only
    up to the cost, as more cannot cover more), then every outcome of one source is tried
    with every outcome of the others."""
    def capped(units):
        return tuple(min(u, c) for u, c in zip(units, cost))

    def outcomes(base, choices, fixed, prices):      # {(units got, coins paid)}
        found = set()
        for picks in product(*[list(o) + [None] for o in choices]):
            for counts in product(*[range(n + 1) for n in fixed]):
                units = list(counts)
                for r in picks:
                    if r is not None:
                        units[r] += 1
                paid = sum(u * p for u, p in zip(units, prices))
                found.add((capped([b + u for b, u in zip(base, units)]), paid))
        return found

    mine = {units for units, _ in outcomes(me.own_fixed, me.own_choices, (0,) * R, (0,) * R)}
    bought_left = outcomes((0,) * R, left.trade_choices, left.trade_fixed, me.prices["left"])
    bought_right = outcomes((0,) * R, right.trade_choices, right.trade_fixed, me.prices["right"])
    options = set()
    for have in mine:
        for lunits, lcost in bought_left:
            for runits, rcost in bought_right:
                if all(h + lu + ru >= c for h, lu, ru, c in zip(have, lunits, runits, cost)):
                    options.add((lcost, rcost))
    return pareto(options)


@contextlib.contextmanager
def search(way: str):
    """Payments found by the dynamic programme ("steps") or on bit sets ("bits"),
    whatever the size of the need, or as the game finds them ("shipped": resource by
    resource where no choice links two needed resources, else by size); the memo is
    emptied so that each way answers anew."""
    saved = payment_search.BITS_FROM, payment_trio.BY_RESOURCE
    if way != "shipped":
        payment_search.BITS_FROM, payment_trio.BY_RESOURCE = (0 if way == "bits" else 10 ** 9), False
    payment_trio.clear_memo()
    try:
        yield
    finally:
        payment_search.BITS_FROM, payment_trio.BY_RESOURCE = saved
        payment_trio.clear_memo()


WAYS = ("steps", "bits", "shipped")


def table(mine, lsell, rsell, lprice, rprice):
    """(me, left, right): a city with its own (fixed, choices) and neighbours selling theirs."""
    me = city(mine[0], mine[1], (0,) * R, (), lprice, rprice)
    left = city((0,) * R, (), lsell[0], lsell[1], lprice, rprice)
    right = city((0,) * R, (), rsell[0], rsell[1], lprice, rprice)
    return me, left, right
vector = st.lists(st.integers(0, 2), min_size=R, max_size=R).map(tuple)
choice = st.lists(st.integers(0, R - 1), min_size=2, max_size=3, unique=True).map(tuple)
choices = st.lists(choice, max_size=2).map(tuple)
prices = st.lists(st.integers(1, 2), min_size=R, max_size=R).map(tuple)


@settings(max_examples=100, deadline=None)
@given(cost=st.lists(st.integers(0, 3), min_size=R, max_size=R).map(tuple),
       mine=st.tuples(vector, choices), lsell=st.tuples(vector, choices), rsell=st.tuples(vector, choices),
       lprice=prices, rprice=prices)
@pytest.mark.slow
def test_payment_options_are_the_undominated_ways_to_pay(cost, mine, lsell, rsell, lprice, rprice):
    me, left, right = table(mine, lsell, rsell, lprice, rprice)
    expected = brute_force(cost, me, left, right)
    for way in WAYS:
        with search(way):
            assert list(payment_options(cost, me, left, right)) == expected, way
        with search(way):                         # the cheapest alone, asked first
            assert payment_trio.trio_of(me, left, right).cheapest(cost) == (expected[0] if expected else None), way


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(cost=st.lists(st.integers(0, 3), min_size=R, max_size=R).map(tuple),
       mine=st.tuples(vector, choices), lsell=st.tuples(vector, choices), rsell=st.tuples(vector, choices),
       lprice=prices, rprice=prices)
def test_resource_by_resource_when_no_choice_links_two_needs(cost, mine, lsell, rsell, lprice, rprice):
    """The shortcut answers exactly when no choice production offers two needed
    resources, and then as the brute force does."""
    me, left, right = table(mine, lsell, rsell, lprice, rprice)
    need = tuple(max(0, c - f) for c, f in zip(cost, me.own_fixed))
    linked = any(len({r for r in o if need[r]}) > 1 for o in me.own_choices + left.trade_choices + right.trade_choices)
    payment_trio.clear_memo()
    needed = sum(1 << r for r, n in enumerate(need) if n)
    trio = payment_trio.Trio(me.use_sig, left.sell_sig, right.sell_sig)
    found = by_resource.by_resource(need, trio, needed, trio.masks)
    assert (found is None) == linked
    if found is not None and any(need):
        assert list(found) == brute_force(cost, me, left, right)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(cost=st.lists(st.integers(0, 3), min_size=R, max_size=R).map(tuple),
       mine=st.tuples(vector, choices), lsell=st.tuples(vector, choices), rsell=st.tuples(vector, choices),
       lprice=prices, rprice=prices)
def test_own_choices_then_resource_by_resource_when_no_bought_choice_links_two_needs(
        cost, mine, lsell, rsell, lprice, rprice):
    """The second shortcut (own choices linking needs are tried, the rest is paid resource
    by resource) answers exactly when no neighbour's choice offers two needed resources,
    and then as the brute force does."""
    me, left, right = table(mine, lsell, rsell, lprice, rprice)
    need = tuple(max(0, c - f) for c, f in zip(cost, me.own_fixed))
    if not any(need):
        return
    linked = any(len({r for r in o if need[r]}) > 1 for o in left.trade_choices + right.trade_choices)
    payment_trio.clear_memo()
    needed = sum(1 << r for r, n in enumerate(need) if n)
    found = by_resource.by_own_states(need, payment_trio.Trio(me.use_sig, left.sell_sig, right.sell_sig), needed)
    assert (found is None) == linked
    if found is not None:
        assert list(found) == brute_force(cost, me, left, right)


def test_pareto_keeps_undominated_pairs_cheapest_first():
    assert pareto({(2, 0), (0, 2), (2, 2), (1, 1), (3, 0)}) == [(0, 2), (1, 1), (2, 0)]   # equal totals: less to the left first


def every_way(cost, me, left, right):
    """Every (left, right) payment as `every_payment` defines it, by trying each way: own
    choice productions in order, each used when it helps; the neighbours' units bought only
    for a unit still needed; nothing left to pay at the end."""
    need = [max(0, c - f) for c, f in zip(cost, me.own_fixed)]
    residuals = {tuple(need)}
    for options in me.own_choices:
        residuals = {tuple(s[:r] + (s[r] - 1,) + s[r + 1:]) for s in residuals for r in options if s[r] > 0} | \
                    {s for s in residuals if not any(s[r] > 0 for r in options)}
    units = [(options, "left") for options in left.trade_choices] + [(options, "right") for options in right.trade_choices]
    units += [((r,), "left") for r in range(R) for _ in range(left.trade_fixed[r])]
    units += [((r,), "right") for r in range(R) for _ in range(right.trade_fixed[r])]
    found = set()
    for residual in residuals:
        for picks in product(*[list(options) + [None] for options, _ in units]):
            rest, paid = list(residual), {"left": 0, "right": 0}
            for r, (_, side) in zip(picks, units):
                if r is not None:
                    if rest[r] == 0:
                        break
                    rest[r] -= 1
                    paid[side] += me.prices[side][r]
            else:
                if not any(rest):
                    found.add((paid["left"], paid["right"]))
    return sorted(found, key=lambda p: (p[0] + p[1], p[0]))


small = st.lists(st.integers(0, 1), min_size=R, max_size=R).map(tuple)


one_choice = st.lists(choice, max_size=1).map(tuple)


@settings(max_examples=40, deadline=None)
@given(cost=st.lists(st.integers(0, 2), min_size=R, max_size=R).map(tuple),
       mine=st.tuples(small, choices), lsell=st.tuples(small, one_choice), rsell=st.tuples(small, one_choice),
       lprice=prices, rprice=prices)
def test_every_payment_is_every_way_to_pay(cost, mine, lsell, rsell, lprice, rprice):
    me, left, right = table(mine, lsell, rsell, lprice, rprice)
    expected = every_way(cost, me, left, right)
    for way in WAYS:
        with search(way):
            assert every_payment(cost, me, left, right) == expected, way


alike = st.lists(st.sampled_from([(0, 1), (1, 2)]), max_size=3).map(tuple)


@settings(max_examples=40, deadline=None)
@given(cost=st.lists(st.integers(0, 2), min_size=R, max_size=R).map(tuple),
       mine=st.tuples(small, alike), lsell=st.tuples(small, alike), rsell=st.tuples(small, alike),
       lprice=prices, rprice=prices)
def test_many_alike_choice_productions_against_brute_force(cost, mine, lsell, rsell, lprice, rprice):
    """Several choice productions, often alike (the search keeps only as many alike as
    could be used)."""
    me, left, right = table(mine, lsell, rsell, lprice, rprice)
    expected = brute_force(cost, me, left, right)
    for way in WAYS:
        with search(way):
            assert list(payment_options(cost, me, left, right)) == expected, way


def seven_way_world(count, cost):
    """Every city with `count` public choice productions of any of 7 resources, a wood and
    a stone; trade discounts on some resources."""
    every = tuple(range(7))
    fixed = (1, 1, 0, 0, 0, 0, 0)
    me = city(fixed, (every,) * count, fixed, (every,) * count, (2, 2, 2, 2, 1, 1, 1), (1, 1, 1, 1, 2, 2, 2))
    other = city(fixed, (every,) * count, fixed, (every,) * count, (2,) * 7, (2,) * 7)
    return me, other


def search_work(cost, me, left, right):
    payment_trio.clear_memo()
    before = payment_search.WORK[0]
    found = payment_options(cost, me, left, right)
    return found, payment_search.WORK[0] - before


@pytest.mark.slow
def test_five_seven_way_choices_and_a_twenty_resource_cost_take_bounded_work():
    """Found by hostile testing: every way to combine the productions was tried, 8^10 of
    them for this board (the command never finished).  Now each production the neighbours
    sell is one step over the residual needs, at most (3+1)^6 (2+1) of them for this cost."""
    cost = (3, 3, 3, 3, 3, 3, 2)
    box = 4 ** 6 * 3
    with search("steps"):
        for count in (5, 10):
            me, other = seven_way_world(count, cost)
            found, work = search_work(cost, me, other, other)
            assert found[0] == ((7, 7) if count == 5 else (0, 8))
            assert work <= 2 * count * box
        assert search_work(cost, *seven_way_world(5, cost)[:1], *seven_way_world(5, cost)[1:] * 2)[1] < 15_000


def bits_work(cost, me, left, right):
    with search("bits"):
        before = payment_bits.OPS[0]
        found = payment_options(cost, me, left, right)
        return found, payment_bits.OPS[0] - before


@pytest.mark.slow
def test_on_bit_sets_the_work_is_linear_in_the_productions():
    """600 choice productions per neighbour and a 20-resource cost took seconds as steps
    over the residual needs (issue 11): on bit sets, one operation per production (each on
    the box of needs, 12,288 bits here), and a few per residual need."""
    cost = (3, 3, 3, 3, 3, 3, 2)

    def world(count):
        options = tuple((i % 7, (i + 1) % 7) for i in range(count))
        me = city((1, 1, 0, 0, 0, 0, 0), (), (0,) * 7, (), (2, 2, 2, 2, 1, 1, 1), (1, 1, 1, 1, 2, 2, 2))
        other = city((1, 1, 0, 0, 0, 0, 0), options, (1, 1, 0, 0, 0, 0, 0), options, (2,) * 7, (2,) * 7)
        return cost, me, other, other

    found, work = bits_work(*world(600))
    assert bits_work(*world(6000)) == (found, work)      # alike productions beyond those usable change nothing
    with search("steps"):
        assert payment_options(*world(90)) == found       # 90 are as many as can be used here
    # an operation per production that can be used (each pair of resources at most as
    # many times as their needs add up to, on each side: 2 x 36) and per fixed unit
    # (2 x 2), then for the one residual need, at most one per pair of prices (coins to
    # the left, coins to the right: at most 41 values each for this need)
    assert work <= 2 * 36 + 2 * 2 + 1 + 41 * 41


@settings(max_examples=30, deadline=None)
@given(need=st.lists(st.integers(0, 3), min_size=7, max_size=7).map(tuple),
       own=st.lists(st.lists(st.integers(0, 6), min_size=1, max_size=7, unique=True).map(tuple), max_size=3),
       sells=st.lists(st.lists(st.integers(0, 6), min_size=1, max_size=3, unique=True).map(tuple), max_size=8),
       fixed=st.lists(st.integers(0, 2), min_size=7, max_size=7).map(tuple),
       lprice=st.lists(st.integers(1, 3), min_size=7, max_size=7).map(tuple),
       rprice=st.lists(st.integers(1, 3), min_size=7, max_size=7).map(tuple))
def test_bit_sets_and_steps_agree_on_large_needs(need, own, sells, fixed, lprice, rprice):
    """Seven resources, needs of up to 3 each (boxes of up to 16,384 residual needs):
    too large for the brute force, so the two searches are held to each other, for the
    undominated payments and for every payment."""
    half = len(sells) // 2
    args = (need, tuple(own), fixed, tuple(sells[:half]), fixed[::-1], tuple(sells[half:]), lprice, rprice)
    with search("steps"):
        steps, every = payment_search.search_payments(*args), sorted(payment_search.search_payments(*args, keep=set))
    with search("bits"):
        assert payment_search.search_payments(*args) == steps
        assert sorted(payment_search.search_payments(*args, keep=set)) == every


def test_six_hundred_choice_productions_do_not_overflow_the_stack():
    """Found by hostile testing: the search recursed once per production of the
    neighbours, and 600 of them overflowed the stack."""
    options = tuple((i % R, (i + 1) % R) for i in range(600))
    me = city((0,) * R, options[:1], (0,) * R, (), (2,) * R, (1,) * R)
    other = city((0,) * R, options, (0,) * R, options, (2,) * R, (2,) * R)
    assert payment_options((1, 1, 1, 1), me, other, other) == ((0, 3), (2, 2), (4, 1), (6, 0))
    assert every_payment((1, 1, 1, 1), me, other, other)[0] == (0, 3)


@pytest.mark.parametrize("paths", [None, ["tests/every_effect.wonders"]], ids=["shipped", "every-effect"])
def test_a_city_signed_step_by_step_is_signed_as_its_whole_tables(paths):
    """City._sign_after looks up the signatures after a card's production is added instead
    of signing the whole tables again: after every turn of a few games (and of their
    copies), each city's signatures are those of its tables signed afresh."""
    from pathlib import Path
    from interpreter.check.load import check_paths
    from interpreter.compile import compile_rules
    from interpreter.engine.game import Game
    from interpreter.bots.seats import make_deciders
    paths = paths and [str(Path(__file__).parent.parent / p) for p in paths]
    tables = compile_rules(check_paths(paths).ruleset)
    for seed in range(3):
        game = Game(tables, 4, seed)
        deciders = make_deciders(["random"], 4, seed, None)
        while not game.finished:
            game.step(deciders)
            for city in game.cities + game.clone().cities:
                signed = (city.use_sig, city.sell_sig)
                city._sign()
                assert (city.use_sig, city.sell_sig) == signed

"""The general payment search: how a city can pay a resource cost with its own production
and by buying from its neighbours, whatever links its resources.

Own fixed production is used first; own choice productions are assigned next (free, so
always used when they help); then neighbours' tradable choice cards and fixed units are
bought at the city's price per direction and resource.  The result is every undominated
(coins to left, coins to right) pair, cheapest first; an empty list means the cost cannot
be produced.  A large need is searched on bit sets instead (bits.py).
"""

from __future__ import annotations

from .bits import BITS_UP_TO, split_payments
from collections.abc import Callable, Collection, Iterable, Sequence

from .order import Choices, Pair, Payments, Units, pareto

# what is kept of the payments found: `pareto` (the undominated, cheapest first) or `set` (every one)
Keep = Callable[[Iterable[Pair]], Collection[Pair]]
States = dict[Units, set[Pair]]     # residual need -> the payments that leave it


WORK = [0]   # residual needs carried from one choice production to the next, ever (tests count it)
BITS_FROM = 128    # from this many residual needs, payments are found on bit sets (bits.py)


def may_cover(need: Units, own_choices: Choices, lfixed: Units, lchoices: Choices, rfixed: Units,
              rchoices: Choices) -> bool:
    """A quick bound: False when even all production together cannot cover the need."""
    for r, n in enumerate(need):
        if n and n > lfixed[r] + rfixed[r] + sum(1 for options in own_choices + lchoices + rchoices
                                                 if r in options):
            return False
    return sum(need) <= sum(lfixed) + sum(rfixed) + len(own_choices) + len(lchoices) + len(rchoices)


def search_payments(need: Units, own_choices: Choices, lfixed: Units, lchoices: Choices, rfixed: Units,
                    rchoices: Choices, lprice: Units, rprice: Units, keep: Keep | None = None) -> Payments:
    """Ways to cover `need`: own choice productions first (free), then the neighbours'
    choice productions, then their fixed units.  The choices are a dynamic programme over
    the productions, one at a time, whose states are residual needs: its work grows with
    the number of productions times the number of residual needs (which the cost bounds),
    never with the number of ways to combine the productions, and it has no recursion, so
    no content can make it deep.  `keep` is `pareto` (undominated payments) or `set`
    (every payment).  A large need (BITS_FROM residual needs or more) is searched on bit
    sets instead (bits.py): the same answers, in time that grows with the size of
    the need, not with the productions times the residual needs."""
    keep = keep or pareto
    states = own_states(own_choices, need)
    if keep is pareto and any(not any(state) for state in states):
        return ((0, 0),)
    bought = useful_copies(lchoices, need, 0) + useful_copies(rchoices, need, 1)
    if BITS_FROM <= _box_size(need) <= BITS_UP_TO:
        on_bits = split_payments(need, states, lfixed, [o for o, side in bought if side == 0],
                               rfixed, [o for o, side in bought if side == 1], lprice, rprice,
                               every=keep is not pareto)
        return tuple(keep(on_bits)) if len(on_bits) > 1 else tuple(on_bits)
    payments: States = {state: {(0, 0)} for state in states}
    if bought:
        fixed = [a + b for a, b in zip(lfixed, rfixed)]
        payments = _buy_choices(payments, bought, (lprice, rprice), fixed, keep)
    splits: dict[tuple[int, int], list[Pair]] = {}
    found: set[tuple[int, int]] = set()
    paid: Collection[Pair]
    for state, paid in payments.items():
        for r, n in enumerate(state):
            if n:
                split = splits.get((r, n))
                if split is None:
                    split = splits[r, n] = _fixed_split(n, lfixed[r], rfixed[r], lprice[r], rprice[r])
                if len(split) == 1:
                    (x, y), = split
                    paid = {(a + x, b + y) for a, b in paid}
                elif split:
                    paid = keep({(a + x, b + y) for a, b in paid for x, y in split})
                else:
                    break
        else:
            found.update(paid)
    return tuple(keep(found)) if len(found) > 1 else tuple(found)


def _box_size(need: Units) -> int:
    """How many residual needs there can be: the product of (need + 1)."""
    size = 1
    for n in need:
        size *= n + 1
    return size


def useful_copies(choices: Choices, need: Units, side: int) -> list[tuple[tuple[int, ...], int]]:
    """The choice productions that can give a needed unit, as (options, side): of several
    alike, no more than the units they could give in all (more could never be used)."""
    counts: dict[tuple[int, ...], int] = {}
    for options in choices:
        counts[options] = counts.get(options, 0) + 1
    out = []
    for options, count in counts.items():
        useful = sum(need[r] for r in set(options))
        out += [(options, side)] * min(count, useful)
    return out


def _buy_choices(payments: States, bought: Sequence[tuple[tuple[int, ...], int]], prices: tuple[Units, Units],
                 fixed: Sequence[int], keep: Keep) -> States:
    """Assign the neighbours' choice productions, each bought for one needed unit or not at
    all; `payments` maps each residual need to its payments so far.  A residual the
    productions still to come and the fixed units cannot cover is dropped at once."""
    rooms = _rooms(bought, fixed)
    for step, (options, side) in enumerate(bought):
        room, total = rooms[step + 1]
        price = prices[side]
        WORK[0] += len(payments)
        nxt: States = {}
        for state, paid in payments.items():
            short = [i for i, n in enumerate(state) if n > room[i]]
            over = sum(state) - total
            if len(short) > 1 or over > 1 or (short and state[short[0]] - room[short[0]] > 1):
                continue                       # this production alone cannot close the gap
            if not short and over <= 0:
                _merge(nxt, state, paid)       # not bought
            for i in short or options:
                if i in options and state[i]:
                    coins = price[i]
                    _merge(nxt, state[:i] + (state[i] - 1,) + state[i + 1:],
                           {(a + coins, b) for a, b in paid} if side == 0 else {(a, b + coins) for a, b in paid})
        if keep is pareto:
            payments = {state: set(pareto(paid)) if len(paid) > 1 else paid for state, paid in nxt.items()}
        else:
            payments = nxt
    return payments


def _merge(payments: States, state: Units, paid: set[Pair]) -> None:
    known = payments.get(state)
    if known is None:
        payments[state] = set(paid)
    else:
        known |= paid


def _rooms(bought: Sequence[tuple[tuple[int, ...], int]], fixed: Sequence[int]) -> list[tuple[Units, int]]:
    """For each step, how many units of each needed resource, and in all, the productions
    from that step on and the fixed units can still give."""
    room, total = list(fixed), sum(fixed)
    rooms = [(tuple(room), total)]
    for options, _side in reversed(bought):
        for i in options:
            room[i] += 1
        total += 1
        rooms.append((tuple(room), total))
    return rooms[::-1]


def _fixed_split(n: int, lfixed: int, rfixed: int, lprice: int, rprice: int) -> list[Pair]:
    """Every way to buy `n` units of one resource from the neighbours' fixed production."""
    low, high = max(0, n - rfixed), min(n, lfixed)
    return [(k * lprice, (n - k) * rprice) for k in range(low, high + 1)]


_STATES: dict[tuple[Choices, Units], frozenset[Units]] = {}    # (own choices, need) -> `own_states` (a rule set's few choices, many needs)
_MAX_STATES = 100_000


def own_states(own_choices: Choices, need: Units) -> frozenset[Units]:
    """`after_own_choices` of the own choice productions that can help with `need`,
    worked out once per choices and need: cities that share their choice productions ask
    it again for every cost that their own choices touch."""
    key = (own_choices, need)
    found = _STATES.get(key)
    if found is None:
        if len(_STATES) >= _MAX_STATES:
            _STATES.clear()
        found = _STATES[key] = frozenset(after_own_choices(need, [options for options, _side in
                                                                  useful_copies(own_choices, need, 0)]))
    return found


def after_own_choices(need: Units, choices: Iterable[tuple[int, ...]]) -> set[Units]:
    """Every residual need after assigning own choice productions (deduplicated): each is
    used when it helps, being free."""
    states = {need}
    for options in choices:
        nxt: set[Units] = set()
        for state in states:
            useful = [r for r in options if state[r] > 0]
            if not useful:
                nxt.add(state)
            for r in useful:
                nxt.add(state[:r] + (state[r] - 1,) + state[r + 1:])
        states = nxt
    return states

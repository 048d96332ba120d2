"""The balance lab's figures taken in one record at a time (issue 38): they are those of
the former all-in-memory computation (tests/sim_reference.py) for the same games, in any
order the records arrive, and what the tallies hold does not grow with the games."""

from __future__ import annotations

import gc
import json
import math
import random
import types

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sim_reference as reference
from interpreter.sim import runner
from interpreter.sim.compare import Pairs, figures, pairs_of
from interpreter.sim.records import RunOptions
from interpreter.sim.stats import holm
from interpreter.sim.summary import Tally, summarise, tally_of
from interpreter.sim.tally import Bits, Counts, Moments, Sum
from interpreter.sim.twins import Spool, Twins

WONDERS = ["Gizah", "Rhodos", "Babylon", "Ephesos"]
CARDS = ["Baths", "Altar", "Barracks", "Lodge", "Library"]
CATEGORIES = ["military", "treasury", "science"]


def comparable(summary: dict) -> dict:
    """The summary with its cards in an order that does not hang on the last digit: cards
    are listed by their difference, and two cards whose differences are equal sums of
    fractions came out a hair apart, in either order, from the former float sums."""
    rank = {"cards": sorted(summary["cards"], key=lambda c: (min(c["win_built"]["n"], c["win_not"]["n"]) < 10,
                                                            -round(abs(c["difference"]), 9), c["card"]))}
    # the arc of a game came after the former computation: it has no reference to agree with
    # (tests/test_arc_skill_figures.py checks it)
    return without_examples({k: v for k, v in {**summary, **rank}.items() if k != "arc"})


def without_examples(found):
    """The figures without their example games: they came after the former computation
    (tests/test_examples.py checks them)."""
    if isinstance(found, dict):
        return {k: without_examples(v) for k, v in found.items() if k not in ("examples", "verdict_examples")}
    if isinstance(found, list):
        return [without_examples(v) for v in found]
    return found


def same_figures(old, new, path="$") -> list[str]:
    """Where `new` differs from `old`: the same structure, order, names and whole numbers,
    and floats equal to within 1e-12 of their size (the last digits of a sum of fractions
    and of a standard deviation depend on how they were added: see tally.py)."""
    if isinstance(old, dict) and isinstance(new, dict):
        if list(old) != list(new):
            return [f"{path}: keys {list(old)} != {list(new)}"]
        return [d for key in old for d in same_figures(old[key], new[key], f"{path}.{key}")]
    if isinstance(old, (list, tuple)) and isinstance(new, (list, tuple)):
        if len(old) != len(new):
            return [f"{path}: {len(old)} items != {len(new)}"]
        return [d for i, (x, y) in enumerate(zip(old, new)) for d in same_figures(x, y, f"{path}[{i}]")]
    if isinstance(old, float) or isinstance(new, float):
        return [] if math.isclose(old, new, rel_tol=1e-12, abs_tol=1e-12) else [f"{path}: {old!r} != {new!r}"]
    return [] if old == new and type(old) is type(new) else [f"{path}: {old!r} != {new!r}"]


@st.composite
def records(draw, games: int | None = None) -> list[dict]:
    """Game records as the lab writes them (seats, score pads, shared wins, buildings,
    strategy and cards dealt; teams and failed games sometimes), small enough to search."""
    players = draw(st.integers(3, 4))
    teams = draw(st.booleans()) and players == 4
    count = games if games is not None else draw(st.integers(1, 12))
    out = []
    for game in draw(st.permutations(range(count))):
        if draw(st.integers(0, 9)) == 0:
            out.append({"game": game, "seed": game, "error": "boom", "replay": "wonders play"})
            continue
        seats = []
        for seat in range(players):
            scores = {c: draw(st.integers(-6, 20)) for c in CATEGORIES}
            built = draw(st.lists(st.sampled_from(CARDS), max_size=4, unique=True))
            seats.append({"seat": seat + 1, "wonder": draw(st.sampled_from(WONDERS)), "side": draw(st.sampled_from("AB")),
                          "bot": draw(st.sampled_from(["random", "greedy"])), "scores": scores,
                          "total": sum(scores.values()), "built": [[name, draw(st.integers(1, 3))] for name in built],
                          "strategy": {"red cards": draw(st.integers(0, 4)), "coins at the end": draw(st.integers(0, 20))},
                          **({"team": seat % 2 + 1} if teams else {})})
        winners = draw(st.lists(st.integers(0, players - 1), min_size=1, max_size=players, unique=True))
        for seat in range(players):
            seats[seat]["win"] = 1 / len(winners) if seat in winners else 0.0
        out.append({"game": game, "seed": game, "players": players, "rules": "r", "variants": [],
                    "turns": draw(st.integers(17, 19)), "seats": seats,
                    "dealt": {"red cards": draw(st.integers(8, 14)) / players, "green cards": 3.75}})
    return out


@settings(max_examples=25, deadline=None)
@given(records())
def test_the_streamed_summary_is_the_former_one_in_any_order(games):
    shuffled = random.Random(len(games)).sample(games, len(games))
    assert same_figures(comparable(reference.summarise(games)), comparable(summarise(shuffled))) == []
    assert summarise(shuffled) == summarise(sorted(games, key=lambda r: r["game"]))   # to the last digit


@pytest.mark.slow
@settings(max_examples=15, deadline=None)
@given(st.integers(1, 10).flatmap(lambda n: st.tuples(records(n), records(n))))
def test_the_streamed_comparison_is_the_former_one(sides):
    a, b = sides
    both = {r["game"] for r in a} & {r["game"] for r in b}
    a, b = [r for r in a if r["game"] in both], [r for r in b if r["game"] in both]
    summary_a, summary_b = summarise(a), summarise(b)
    old = reference.figures(a, b, reference.summarise(a), reference.summarise(b))
    assert same_figures(old, without_examples(figures(list(reversed(a)), b, summary_a, summary_b))) == []


@pytest.fixture(scope="module")
def played() -> dict[str, list[dict]]:
    """Real games: 4 players of greedy and random bots, and 3 players under two rule sets."""
    def play(players, games, bots=("random",), variants=()):
        out: list[dict] = []
        runner.run_games(RunOptions(players, bots, "random", 5, variants=variants), range(games), out.extend, 1)
        return out
    return {"four": play(4, 30, ("greedy", "random")), "a": play(3, 20), "b": play(3, 20, variants=("cheap-trade",))}


@pytest.mark.slow
def test_real_games_give_the_former_figures(played):
    for games in played.values():
        assert same_figures(comparable(reference.summarise(games)), comparable(summarise(reversed(games)))) == []
    a, b = played["a"], played["b"]
    old = reference.figures(a, b, reference.summarise(a), reference.summarise(b))
    new = [f for f in without_examples(figures(a, b, summarise(a), summarise(b))) if f["section"] != "arc"]
    for figure, adjusted in zip(new, holm([f["p"] for f in new])):    # Holm over the former figures only
        figure["p_holm"], figure["significant"] = adjusted, adjusted < 0.05
    assert same_figures(old, new) == []


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(st.integers(-10**6, 10**6), st.floats(-1e6, 1e6)), max_size=30))
def test_a_mean_is_the_correctly_rounded_sum_over_n_and_the_sd_the_former_one(values):
    mean, sd = Moments.of(values).mean_sd()
    old_mean, old_sd = reference.mean_sd(values)
    assert mean == old_mean                                      # math.fsum / n, exactly
    assert math.isclose(sd, old_sd, rel_tol=1e-9, abs_tol=1e-6)
    assert Moments.of(reversed(values)).mean_sd() == (mean, sd)
    total = Sum()
    for value in values:
        total.add(value)
    assert float(total) == math.fsum(values)


def plotly_quantile(values: list, q: float):
    """plotly.js's Lib.interp over the sorted values (a box's quartiles)."""
    n = q * len(values) - 0.5
    if n < 0:
        return values[0]
    if n > len(values) - 1:
        return values[-1]
    frac = n % 1
    return frac * values[math.ceil(n)] + (1 - frac) * values[math.floor(n)]


@given(st.lists(st.integers(-20, 60), min_size=1, max_size=60), st.sampled_from([0.25, 0.5, 0.75]))
def test_quartiles_from_counts_are_those_plotly_draws_from_the_values(values, q):
    counts = Counts()
    for value in values:
        counts.add(value)
    assert counts.quantile(q) == pytest.approx(plotly_quantile(sorted(values), q))


@given(st.sets(st.integers(0, 5000)), st.integers(0, 6000))
def test_bits_hold_a_set_of_game_numbers(numbers, below):
    bits = Bits()
    for n in numbers:
        assert bits.add(n)
    assert all(n in bits for n in numbers) and not any(n in bits for n in range(6001) if n not in numbers)
    assert len(bits) == len(numbers)
    for n in numbers:
        assert not bits.add(n)                                   # there already
    assert bits.count_below(below) == sum(1 for n in numbers if n < below)


def held(root) -> tuple[int, int]:
    """What `root` holds, counted, not timed: the objects reachable from it other than
    numbers (a count of 300 is another int object than a count of 3, not more of them),
    classes, functions and modules; and the entries of its dicts, lists and sets."""
    seen, todo, objects, entries = set(), [root], 0, 0
    skipped = (type, types.FunctionType, types.BuiltinFunctionType, types.ModuleType, types.MethodType)
    while todo:
        item = todo.pop()
        if id(item) in seen or isinstance(item, skipped):
            continue
        seen.add(id(item))
        if not isinstance(item, (int, float)):
            objects += 1
        if isinstance(item, (dict, list, set, tuple, bytearray)):
            entries += len(item)
        todo.extend(gc.get_referents(item))
    return objects, entries


def renumbered(games: list[dict], count: int) -> list[dict]:
    """`count` records: the given games again and again under new game numbers, each a copy
    of its own (as records arrive from the workers, unpickled)."""
    text = [json.dumps(g) for g in games]
    return [dict(json.loads(text[i % len(text)]), game=i) for i in range(count)]


@pytest.mark.slow
def test_what_a_tally_holds_does_not_grow_with_the_games(played):
    """Ten times the records: the summary's tally and the comparison's pairs hold the same
    number of objects (their sums get longer by a few bits, never more numerous)."""
    sizes = []
    for count in (60, 600):
        tally = tally_of(renumbered(played["four"], count))
        pairs = pairs_of(renumbered(played["a"], count), renumbered(played["b"], count))
        assert tally.games == count and pairs.cities == 3 * count
        sizes.append((held(tally), held(pairs)))
    assert sizes[0] == sizes[1]
    assert held(Tally())[0] < sizes[0][0][0]                      # the count sees what is held


def test_twins_pair_by_game_number_with_a_buffer_as_long_as_the_disorder(played):
    """Side b arrives in chunks finishing out of order (as a pool delivers them); side a's
    file was written likewise: the reorder buffer holds at most the games in flight."""
    count, chunk, window = 1000, 10, 4               # 4 chunks of 10 in flight
    a, b = renumbered(played["a"], count), renumbered(played["b"], count)

    def delivered(records, seed):
        """Each run of `window` chunks finished in a random order."""
        rng, order = random.Random(seed), []
        chunks = [records[i:i + chunk] for i in range(0, count, chunk)]
        for start in range(0, len(chunks), window):
            flight = chunks[start:start + window]
            rng.shuffle(flight)
            order += [record for c in flight for record in c]
        return order
    spool = Spool()
    for record in delivered(a, 1):
        spool.append(record)
    paired = []
    twins = Twins(spool.records(), count, lambda x, y: paired.append((x["game"], y["game"])))
    for record in delivered(b, 2):
        twins.add(record)
    spool.close()
    assert sorted(paired) == [(i, i) for i in range(count)]
    assert twins.most_ahead <= 2 * window * chunk and not twins.ahead


def test_twins_give_the_comparison_of_the_lists(played):
    a, b = played["a"], played["b"]
    pairs, tally_a, tally_b = Pairs(), Tally(), Tally()

    def pair(x, y):
        tally_a.add(x)
        tally_b.add(y)
        pairs.add(x, y)
    twins = Twins(iter(a), len(a), pair)
    for record in reversed(b):
        twins.add(record)
    assert pairs.figures(tally_a.summary(), tally_b.summary()) == figures(a, b, summarise(a), summarise(b))

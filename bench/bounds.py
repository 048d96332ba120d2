"""Bounded work on hostile content: times of the cases that used to be exponential or
quadratic (the tests pin the work; this script shows the time).

    python bench/bounds.py                    # every case
    python bench/bounds.py --triggers 30000   # the check case at the size that took 51 s
    python bench/bounds.py --only variants --changes 2000 4000 8000   # variants of that many changes

Lines read `case: seconds`.  Figures live in docs/performance.md.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from interpreter.check.load import check_paths  # noqa: E402
from interpreter.compile import compile_rules  # noqa: E402
from interpreter.engine.payment import trio  # noqa: E402
from interpreter.engine.game import Game  # noqa: E402
from interpreter.engine.scoring import score_city  # noqa: E402

RULES_HEAD = 'rules "7 Wonders, first edition" {'


def timed(label: str, work) -> None:
    start = time.perf_counter()
    work()
    print(f"{label}: {time.perf_counter() - start:.3f}", flush=True)


def city(fixed, choices, sells, prices):
    c = SimpleNamespace()
    c.use_sig = trio.signature(fixed, choices, prices[0], prices[1])
    c.sell_sig = trio.signature(fixed, sells)
    return c


def payment_case(count: int, options, cost, own=True, every=False) -> None:
    """Every city with `count` public choice productions and a wood and a stone (the
    buyer's own choice productions left out when not `own`); `every`: every payment (a
    neutral city that buys at any price), not only the undominated ones."""
    trio.clear_memo()
    fixed = (1, 1, 0, 0, 0, 0, 0)
    choices = tuple(options(i) for i in range(count))
    me = city(fixed, choices if own else (), choices, ((2, 2, 2, 2, 1, 1, 1), (1, 1, 1, 1, 2, 2, 2)))
    other = city(fixed, choices, choices, ((2,) * 7, (2,) * 7))
    (trio.every_payment if every else trio.payment_options)(cost, me, other, other)


def science_case(tables, wilds: int) -> None:
    game = Game(tables, 3, seed=0)
    c = game.cities[0]
    c.wild_symbols = [tuple(range(len(tables.symbols)))] * wilds
    score_city(tables, c, *game.neighbours(0), everyone=game.cities)


def check_case(triggers: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "content"
        shutil.copytree(ROOT / "content", folder, ignore=shutil.ignore_patterns("variants"))
        base = folder / "base.wonders"
        text = base.read_text(encoding="utf-8")
        lines = "".join("    on card sold: gain 1 coin\n" for _ in range(triggers))
        base.write_text(text.replace(RULES_HEAD, RULES_HEAD + "\n" + lines, 1), encoding="utf-8")
        timed(f"check with {triggers:,} rules triggers", lambda: check_paths([str(folder)]))


def variant_case(changes: int) -> None:
    """Two variants of `changes` changes between them, stacked on the shipped content: a
    quarter each of named triggers, unnamed triggers and score lines, and a quarter that
    override the named triggers (the shape tests/test_check_work.py counts)."""
    n = changes // 4
    rules = '    changes "7 Wonders, first edition"\n'
    with tempfile.TemporaryDirectory() as tmp:
        many, more = Path(tmp) / "many.wonders", Path(tmp) / "more.wonders"
        many.write_text('variant "Many" {\n' + rules + "".join(
            f'    add trigger "t{i}" on card sold: gain 1 coin\n    add on age start: gain 1 coin\n'
            "    add score civilian: 1\n" for i in range(n)) + "}\n", encoding="utf-8")
        more.write_text('variant "More" {\n' + rules + '    overrides "Many"\n' + "".join(
            f'    add trigger "t{i}" on card sold: gain 2 coins\n' for i in range(n)) + "}\n", encoding="utf-8")
        result = []
        timed(f"check with variants of {4 * n:,} changes", lambda: result.append(check_paths(None, [str(many), str(more)])))
        assert not result[0].errors, result[0].diagnostics[:3]


CASES = ("payment", "science", "check", "variants")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--triggers", type=int, default=10_000)
    parser.add_argument("--changes", type=int, nargs="*", default=[2_000, 4_000],
                        help="sizes of the variant case (changes in all)")
    parser.add_argument("--only", choices=CASES, action="append", help="run only these cases (repeatable)")
    args = parser.parse_args()
    only = set(args.only or CASES)
    if "payment" in only:
        every = tuple(range(7))
        cost = (3, 3, 3, 3, 3, 3, 2)
        timed("payment, five 7-way choices per city, 20-resource cost",
              lambda: payment_case(5, lambda i: every, cost))
        timed("payment, ten 7-way choices per city, 20-resource cost",
              lambda: payment_case(10, lambda i: every, cost))
        timed("payment, 600 2-way choices per neighbour, none own, 7-resource cost",
              lambda: payment_case(600, lambda i: (i % 7, (i + 1) % 7), (1,) * 7, own=False))
        timed("payment, 600 2-way choices per neighbour, none own, 20-resource cost",
              lambda: payment_case(600, lambda i: (i % 7, (i + 1) % 7), cost, own=False))
        timed("every payment, 600 2-way choices per neighbour, none own, 20-resource cost",
              lambda: payment_case(600, lambda i: (i % 7, (i + 1) % 7), cost, own=False, every=True))
    if "science" in only:
        tables = compile_rules(check_paths(None).ruleset)
        timed("science, 14 symbols of one's choice", lambda: science_case(tables, 14))
        timed("science, 40 symbols of one's choice", lambda: science_case(tables, 40))
    if "check" in only:
        check_case(args.triggers)
    if "variants" in only:
        for changes in args.changes:
            variant_case(changes)


if __name__ == "__main__":
    main()

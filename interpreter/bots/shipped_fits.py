"""The adaptive players' fits that come with wonders: the shipped first edition fitted at
each player count it plays, longer than a first fit may take, kept in bots/fits/ as the
cache keeps them (fitcache.py reads them below the user's cache).

Why: the adaptive players are the default players (issue 38), and a fit is a minute of both
cores.  Without these, `wonders simulate` of the shipped rules fitted for a minute before
its first game, and a variant's first fit spent a third of its minute fitting the rules
without the variant.  With them the shipped rules play at once, and a variant's fit has its
whole minute.  They are learnt from the rules like any fit (the same code, more
generations); a change to the content changes its fingerprint, and the shipped fits are
then simply not found.  tests/test_shipped_fits.py fails when they no longer match the
shipped content or the fit's version; regenerate them then (about 15 minutes on 2 cores):

    python -m interpreter.bots.shipped_fits                 # 2 to 7 players, 150 s each
    python -m interpreter.bots.shipped_fits --budget 240 --players 4
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

from . import fitcache
from .fitcache import SHIPPED, fit_key

BUDGET = 150.0           # seconds a shipped fit may take (a first fit may take 60)
GENERATIONS = 30         # at most (a first fit: 20)
PLAYERS = range(2, 8)


def shipped_rules():
    """The shipped first edition, compiled (what `wonders` plays when no content is named)."""
    from ..check.load import check_paths
    from ..compile import compile_rules
    return compile_rules(check_paths(None).ruleset)


def make(players: int, budget: float, generations: int, workers: int | None) -> Path:
    """Fit the shipped rules at `players` into a scratch cache and copy the fit into SHIPPED."""
    tables = shipped_rules()
    with tempfile.TemporaryDirectory(prefix="wonders-shipped-fit-") as scratch:
        before = os.environ.get(fitcache.ENV)
        os.environ[fitcache.ENV] = scratch                # the fit made and kept there, not in the user's cache
        try:
            result, path = fitcache.train(tables, players, budget=budget, generations=generations,
                                          games=fitcache.GAMES, seed=0, workers=workers, quiet=False)
        finally:
            if before is None:
                os.environ.pop(fitcache.ENV, None)
            else:
                os.environ[fitcache.ENV] = before
        if path is None or result.stopped == "interrupted":
            raise SystemExit(f"the fit at {players} players was not kept: nothing shipped")
        data = json.loads(path.read_text(encoding="utf-8"))
        SHIPPED.mkdir(exist_ok=True)
        target = SHIPPED / f"{fit_key(tables, players)}.json"
        for old in SHIPPED.glob(f"*-{players}p.json"):     # the fit of earlier content at this count
            old.unlink()
        written = target.with_suffix(".tmp")
        written.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        written.replace(target)
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, action="append", choices=list(PLAYERS),
                        help="a player count to fit (again for each; default: 2 to 7)")
    parser.add_argument("--budget", type=float, default=BUDGET, help="seconds each fit may take")
    parser.add_argument("--generations", type=int, default=GENERATIONS)
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args(argv)
    for players in args.players or PLAYERS:
        print(f"{players} players: {make(players, args.budget, args.generations, args.workers)}", flush=True)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        print("stopped: the fits already copied are kept", file=sys.stderr)
        sys.exit(130)

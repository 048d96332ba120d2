"""Issue 38: how long a fit takes and how strong it is, for the benchmark variants
(bench/variants) and the three held out for this issue (bench/variants/held-out).

For one fit configuration (games a candidate, generations, budget), in a cache folder of
its own: the base rules are fitted first (their fit is every variant's start and
reference), then each variant against it, each fit timed with the machine's load average
beside it; then each fit's strength (4 players, seeds 0..N-1, the measured bot in seat
g mod 4, ties shared, Wilson interval): under the base rules one adaptive bot against three
`heuristic`, under a variant one fitted to it against three fitted to the base rules; and
for a variant with a colour to count, four adaptive players' share of the room their base
play left (lab/adaptive.md, "The share of the room each table takes").

    # the defaults of interpreter/fitdefaults.py, a fresh cache
    python lab/fastfit.py --cache /tmp/fits-after --log lab/records/fastfit.jsonl
    # the fits of the earlier defaults (80 games, 40 generations, 240 s): the lab's, and the
    # held-out variants' made with `wonders train` at those defaults into a copy of them
    python lab/fastfit.py --cache /tmp/fits-before --no-fit --label before
    # only the strength of fits already in the cache
    python lab/fastfit.py --cache /tmp/fits-after --no-fit

`--empty` also times a first fit of one variant from an empty cache (the base rules fitted
first, within the same budget), as a designer's first `wonders compare` makes it.

A budget split is compared at a fixed amount of work, not by the clock of a shared machine:
`--budget 100000 --generations G` makes the fit a 60 s budget buys idle (the same seed and
generations: the same fit anywhere), and `--popsize`, `--check-seeds` and `--check-z` try
another split in this lab only (the fit runs in a process of its own, `fitting`'s
candidates a generation, the acceptance check's seeds and its decision rule replaced
there): e.g. 19 generations of 8 candidates x 40 games and a 200-seed check, against 12
of 12 x 40 and 400 seeds, both about 6,500 games (lab/fastfit.md, "The budget split").

    python lab/fastfit.py --cache /tmp/ff-b --budget 100000 --generations 19 --games 40 --popsize 8 \
        --check-seeds 200 --check-z 1.645 --keep-base --only coins-are-points --label split-b
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "lab"))
sys.path.insert(0, str(ROOT / "bench"))

MEASURES = {"science-sets-30": "cards:green", "military-3-9-15": "cards:red", "yellow-worth-2": "cards:yellow",
            "blue-worth-2": "cards:blue", "grey-worth-3": "cards:grey", "red-worth-2": "cards:red",
            "purple-worth-3": "cards:purple", "brown-worth-2": "cards:brown", "green-worth-2": "cards:green",
            "defeats-cost-3": "cards:red", "stages-worth-3": "stages", "coins-are-points": "coins",
            "coins-half-points": "coins"}


def variants() -> list[str]:
    return sorted(glob.glob(str(ROOT / "bench/variants/*.wonders"))) + \
        sorted(glob.glob(str(ROOT / "bench/variants/held-out/*.wonders")))


def fit_one(variant: str | None, args) -> dict:
    """`wonders train` in a process of its own, timed: its wall time, the load average
    before and after, and the CPU seconds of it and its worker processes (on a shared
    machine the wall time says how busy it was; half the CPU seconds is about what the fit
    takes on an idle 2-core one, where its two workers have a core each)."""
    import resource
    import subprocess
    load = os.getloadavg()[0]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    command = [sys.executable, str(ROOT / "cli.py"), "train", "--players", "4", "--workers", "2", "--quiet",
               "--format", "json", "--budget", str(args.budget), "--generations", str(args.generations),
               "--games", str(args.games), *(("--variant", variant) if variant else ())]
    if args.popsize or args.check_seeds or args.check_z:
        command = [sys.executable, __file__, "--cache", args.cache, "--fit-in-lab", variant or "",
                   "--budget", str(args.budget), "--generations", str(args.generations), "--games", str(args.games),
                   "--popsize", str(args.popsize), "--check-seeds", str(args.check_seeds),
                   "--check-z", str(args.check_z)]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    data = json.loads(done.stdout)
    return {"rules": Path(variant).stem if variant else "base", "seconds": round(seconds, 1),
            "cpu_seconds": round(cpu, 1), "load_before": round(load, 2), "load_after": round(os.getloadavg()[0], 2),
            "generations": data["generations"], "games": data["games"], "stopped": data.get("stopped", ""), "check": data["check"]}


def fit_in_lab(variant: str, args) -> None:
    """One fit with this lab's split (a process of its own: `fitting` is changed only here),
    printed as `wonders train --format json` prints it."""
    import cma
    from bots import _rules
    from interpreter.bots import fitcache, fitting
    if args.popsize:
        strategy = cma.CMAEvolutionStrategy

        def sized(x0, sigma, options):
            return strategy(x0, sigma, {**options, "popsize": args.popsize})
        cma.CMAEvolutionStrategy = sized
    from interpreter.fitdefaults import CHECK_Z
    judged, accept = fitting.judged, fitting.accept
    if args.check_z:
        def judged_z(gains):
            out = judged(gains)
            half = round(out["half"] / CHECK_Z * args.check_z, 4)
            return {**out, "half": half, "kept": "fit" if out["gain"] - half > 0 else "start"}
        fitting.judged = judged_z
    if args.check_seeds:
        fitting.accept = lambda map_tasks, players, fitted, start, reference, seed, _games: accept(
            map_tasks, players, fitted, start, reference, seed, args.check_seeds)
    tables = _rules((variant,) if variant else ())
    result, _path = fitcache.train(tables, 4, budget=args.budget, generations=args.generations, games=args.games,
                                   seed=0, workers=2, quiet=True)
    print(json.dumps({"generations": result.generations, "games": result.games, "stopped": result.stopped,
                      "check": result.check}))


def strength(variant: str | None, games: int) -> dict:
    import adaptive as lab
    from bots import wilson
    chosen = (variant,) if variant else ()
    own = lab.weights_for(chosen)
    field = lab.weights_for(()) if variant else None
    specs = [("adaptive", own)] + ([("adaptive", field)] * 3 if variant else ["heuristic"] * 3)
    played = lab.run(specs, chosen, games, 2)
    wins = [1 / len(w) if shift in w else 0.0 for _v, w, shift in played]
    rate = sum(wins) / len(wins)
    low, high = wilson(rate, len(wins))
    return {"wins": round(rate, 4), "low": round(low, 4), "high": round(high, 4), "games": games}


def share(variant: str, games: int) -> dict | None:
    """Four adaptive players' share of the room (colour measures) or shift (others)."""
    import adaptive as lab
    measure = MEASURES.get(Path(variant).stem)
    if measure is None:
        return None
    base = lab.run([("adaptive", lab.weights_for(()))] * 4, (), games, 2)
    changed = lab.run([("adaptive", lab.weights_for((variant,)))] * 4, (variant,), games, 2)

    def per_game(game):
        values = [v.get(measure, 0) for v in game[0]]
        return sum(values) / len(values)
    a, b = [per_game(g) for g in base], [per_game(g) for g in changed]
    out = {"measure": measure, "base": round(sum(a) / games, 3), "variant": round(sum(b) / games, 3)}
    ceiling = lab.dealt((variant,), measure)
    if ceiling is not None:
        value, low, high = lab.share_interval(a, b, ceiling)
        out.update(share=round(value, 3), low=round(low, 3), high=round(high, 3), dealt=round(ceiling, 2))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    from interpreter.fitdefaults import BUDGET, CHECK, CHECK_Z, GAMES, GENERATIONS, POPSIZE
    parser.add_argument("--cache", required=True, help="the cache folder (WONDERS_CACHE_DIR) of this configuration")
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--generations", type=int, default=GENERATIONS)
    parser.add_argument("--budget", type=float, default=BUDGET)
    parser.add_argument("--label", default="after")
    parser.add_argument("--only", action="append", default=[], help="these variants' file names only")
    parser.add_argument("--no-fit", action="store_true", help="measure the fits the cache holds")
    parser.add_argument("--no-base-strength", action="store_true", help="skip the base rules' strength")
    parser.add_argument("--keep-base", action="store_true",
                        help="do not fit the base rules again when the cache holds their fit (the variants' start)")
    parser.add_argument("--empty", action="store_true", help="also a first fit of one variant from an empty cache")
    parser.add_argument("--strength-games", type=int, default=1000)
    parser.add_argument("--share-games", type=int, default=300)
    parser.add_argument("--fits-only", action="store_true",
                        help="time the fits and measure nothing else (for an idle machine; the strength "
                             "of the fits it leaves in --cache is measured later with --no-fit)")
    parser.add_argument("--log", help="append each row, as JSON, to this file")
    parser.add_argument("--popsize", type=int, default=0, help="candidates a generation (0: fitdefaults.POPSIZE)")
    parser.add_argument("--check-seeds", type=int, default=0,
                        help="the acceptance check's seeds (0: fitdefaults.CHECK times --games)")
    parser.add_argument("--check-z", type=float, default=0.0,
                        help="keep the fit when its gain less Z standard errors is above 0 (0: fitdefaults.CHECK_Z)")
    parser.add_argument("--fit-in-lab", metavar="VARIANT", help=argparse.SUPPRESS)
    args = parser.parse_args()
    os.environ["WONDERS_CACHE_DIR"] = args.cache
    if args.fit_in_lab is not None:
        fit_in_lab(args.fit_in_lab, args)
        return
    chosen = [v for v in variants() if not args.only or Path(v).stem in args.only]
    commit = os.popen(f"git -C {ROOT} rev-parse --short HEAD").read().strip()

    def log(row):
        row = {"label": args.label, "commit": commit, "games_per_candidate": args.games,
               "max_generations": args.generations, "budget": args.budget,
               **({"popsize": args.popsize or POPSIZE, "check_seeds": args.check_seeds or round(CHECK * args.games),
                   "check_z": args.check_z or CHECK_Z} if args.popsize or args.check_seeds or args.check_z else {}),
               **row}
        print(json.dumps(row), flush=True)
        if args.log:
            with open(args.log, "a", encoding="utf-8") as f:
                f.write(json.dumps(row) + "\n")
    if args.empty:
        folder = tempfile.mkdtemp(prefix="fastfit-empty-")
        os.environ["WONDERS_CACHE_DIR"] = folder
        row = fit_one(chosen[0], args)
        log({"empty_cache": True, **row})
        shutil.rmtree(folder, ignore_errors=True)
        os.environ["WONDERS_CACHE_DIR"] = args.cache
    for variant in [None, *chosen]:
        row = {"rules": Path(variant).stem if variant else "base"}
        if not args.no_fit and not (variant is None and args.keep_base):
            row = fit_one(variant, args)
        if variant is None and args.no_base_strength and args.keep_base:
            continue
        if args.fits_only:
            log(row)
            continue
        row["strength"] = strength(variant, args.strength_games)
        if variant is not None:
            row["response"] = share(variant, args.share_games)
        log(row)


if __name__ == "__main__":
    main()

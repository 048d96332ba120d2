"""Issue 38, item 1: is a variant's weak fit the search's draw or the search's shape?
(lab/fastfit.md, "Coins worth half a point after fit cache version 10").

One variant fitted with several fit seeds, each from and against the same base players
(`PRIOR` of the code played: what the base rules' fit keeps at 12 generations since the
stages' change), at a fixed amount of work; for each draw the acceptance check (gain over
`PRIOR`, 200 paired seeds) and the strength of the weights the search ended at, kept or not
(one seat of them against three `PRIOR` players under the variant, 4 players, seeds 0 to
N-1, ties shared, parity 25 %); and the strength of `PRIOR` itself on those seeds, which is
what a refused fit plays.

`--code DIR` plays and fits with another checkout (an archive of a commit: `git archive
b682fbc | tar -x -C /tmp/v9`), this script's apparatus beside it, as grey38.py does:
comparing two versions of the fit over the same seeds separates the draw (which seed) from
the change (which code).  The fit runs through the code's own `fitting.fit`, so a search
that changes there is measured as shipped.

    nice -n 10 python lab/draws38.py --code /tmp/v9 --seeds 1,2,3 --label draws38-v9 \
        --log lab/records/fastfit.jsonl
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def strength(lab, wilson, weights, field, variant: str, games: int) -> dict:
    """One seat of `weights` against three of `field` under the variant (seat g mod 4)."""
    played = lab.run([("adaptive", weights)] + [("adaptive", field)] * 3, (variant,), games, 2)
    wins = [1 / len(w) if shift in w else 0.0 for _v, w, shift in played]
    rate = sum(wins) / len(wins)
    low, high = wilson(rate, len(wins))
    coins = sum(g[0][g[2]].get("coins", 0) for g in played) / len(played)
    return {"wins": round(rate, 4), "low": round(low, 4), "high": round(high, 4), "games": games,
            "coins": round(coins, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--code", default=str(HERE.parent), help="the checkout whose interpreter/ plays and fits")
    parser.add_argument("--variant", default="coins-half-points")
    parser.add_argument("--seeds", default="0", help="fit seeds, comma-separated")
    parser.add_argument("--generations", type=int, default=12)
    parser.add_argument("--strength-games", type=int, default=400)
    parser.add_argument("--prior-strength", action="store_true", help="also PRIOR's strength on the same seeds")
    parser.add_argument("--label", required=True)
    parser.add_argument("--log")
    args = parser.parse_args()
    code = Path(args.code).resolve()
    for folder in (code / "bench", code / "lab", code):
        sys.path.insert(0, str(folder))
    os.environ.setdefault("WONDERS_CACHE_DIR", "/tmp/draws38-cache")
    import adaptive as lab
    from bots import _rules, wilson
    from interpreter.bots import fitting
    from interpreter.fitdefaults import GAMES, PRIOR
    variant = str(code / "bench/variants" / f"{args.variant}.wonders")
    if not os.path.exists(variant):
        variant = str(code / "bench/variants/held-out" / f"{args.variant}.wonders")
    tables = _rules((variant,))
    searched = {}
    accept = fitting.accept

    def remembering(map_tasks, players, fitted, *rest):
        searched["weights"] = list(fitted)
        return accept(map_tasks, players, fitted, *rest)
    fitting.accept = remembering
    commit = os.popen(f"git -C {HERE.parent} rev-parse --short HEAD").read().strip()

    def log(row):
        row = {"label": args.label, "commit": commit, "code": str(code), "rules": args.variant,
               "max_generations": args.generations, "budget": 100000, "games_per_candidate": GAMES, **row}
        print(json.dumps(row), flush=True)
        if args.log:
            with open(args.log, "a", encoding="utf-8") as f:
                f.write(json.dumps(row) + "\n")
    if args.prior_strength:
        log({"weights_of": "PRIOR", "strength": strength(lab, wilson, list(PRIOR), list(PRIOR), variant,
                                                           args.strength_games)})
    for seed in [int(s) for s in args.seeds.split(",")]:
        load = round(os.getloadavg()[0], 2)
        began = time.perf_counter()
        result = fitting.fit(tables, 4, seed=seed, generations=args.generations, budget=100000, workers=2,
                             reference=list(PRIOR))
        seconds = round(time.perf_counter() - began, 1)
        fitted = searched["weights"]
        log({"seed": seed, "seconds": seconds, "load_before": load, "generations": result.generations,
             "check": result.check, "history": result.history, "weights": [round(w, 3) for w in fitted],
             "strength_of_fitted": strength(lab, wilson, fitted, list(PRIOR), variant, args.strength_games)})


if __name__ == "__main__":
    main()

"""Issue 38, item 1: why grey cards worth 3 fit weaker since the stages' change
(lab/fastfit.md, "Grey worth 3 at a fixed amount of work").

One variant's fit at a fixed amount of work, in-process, with the causes separated:

- `--code DIR`: play and fit with the code of another checkout (an archive of an older
  commit: its valuation, its fit cache version), this lab's apparatus beside it;
- `--base-from FILE`: the base rules' fit (the variant fit's start and the players it plays
  against) taken from a cache file of another commit, written into `--cache` under this
  code's fit cache version, instead of fitting the base rules;
- `--opened X`: a wonder stage counts X of the stage it opens (valuation.OPENED; the fit's
  workers are forked, so they play with it too): an experiment's knob, only here;
- `--opened-seat F`, `--opened-field F`: the weight on `opened` (as points: 1) times F, for
  the weights being fitted (`seat`) or for the base rules' weights (`field`: the players
  fitted to the unchanged rules, whom the variant's fit plays against and starts from):
  which side's play of the stages' change the fit's strength turns on;
- `--base-only`: no fit, only the strength of the base players (PRIOR) under the variant
  (one base seat against three heuristic bots).

Then the strength (one seat fitted to the variant against three base players, 1,000
games by default) and the share of the room, as lab/fastfit.py measures them; one row a
run in --log.

    python lab/grey38.py --cache /tmp/g-o0 --opened 0 --label grey38-opened0 --log lab/records/fastfit.jsonl
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def per_seat(base: list[float], seat: float, field: float) -> None:
    """The weight on `opened` times `field` for players with the base weights, `seat` for
    the others (the weighed bots' `_at_age`, patched in this process and its forked workers)."""
    from interpreter.bots.weighing import WeighedBot
    original = WeighedBot._at_age
    base = [round(w, 6) for w in base]

    def at_age(self, w, age_index, ages, coin_rate):
        effect_weights, cash, stage = original(self, w, age_index, ages, coin_rate)
        factor = field if [round(x, 6) for x in w] == base else seat
        return (*effect_weights[:-1], effect_weights[-1] * factor), cash, stage
    WeighedBot._at_age = at_age


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cache", required=True)
    parser.add_argument("--code", default=str(HERE.parent), help="the checkout whose interpreter/ plays")
    parser.add_argument("--variant", default="grey-worth-3")
    parser.add_argument("--generations", type=int, default=12)
    parser.add_argument("--base-from", help="a fit cache file of the base rules to start from and play against")
    parser.add_argument("--opened", type=float, help="valuation.OPENED for this run")
    parser.add_argument("--opened-seat", type=float, default=1.0)
    parser.add_argument("--opened-field", type=float, default=1.0)
    parser.add_argument("--base-only", action="store_true", help="only the base players' strength under the variant")
    parser.add_argument("--strength-games", type=int, default=1000)
    parser.add_argument("--share-games", type=int, default=150)
    parser.add_argument("--label", required=True)
    parser.add_argument("--log")
    args = parser.parse_args()
    os.environ["WONDERS_CACHE_DIR"] = args.cache
    spec = importlib.util.spec_from_file_location("fastfit", HERE / "fastfit.py")
    fastfit = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fastfit)          # its strength and share; it puts this checkout first on the path
    code = Path(args.code).resolve()
    for folder in (code / "bench", code / "lab", code):
        sys.path.insert(0, str(folder))
    from interpreter.bots import fitcache, valuation
    if args.opened is not None:
        valuation.OPENED = args.opened
    variant = str(code / "bench/variants" / f"{args.variant}.wonders")
    if not os.path.exists(variant):
        variant = str(code / "bench/variants/held-out" / f"{args.variant}.wonders")
    from bots import _rules
    if args.base_from:
        data = json.loads(Path(args.base_from).read_text(encoding="utf-8"))
        data["version"] = fitcache.VERSION
        if data["names"] != list(fitcache.NAMES):      # a file of before `opened` had weights of its own
            named = dict(zip(data["names"], data["weights"]))
            data["weights"] = [named.get(n, named.get(n.replace("opened", "points"))) for n in fitcache.NAMES]
            data["names"] = list(fitcache.NAMES)
        folder = Path(args.cache) / "adaptive"
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        path = folder / f"{data['key']}.json"
        path.write_text(json.dumps(data, indent=1), encoding="utf-8")
        path.chmod(0o600)
    if args.opened_seat != 1.0 or args.opened_field != 1.0:
        per_seat(data["weights"], args.opened_seat, args.opened_field)
    commit = os.popen(f"git -C {HERE.parent} rev-parse --short HEAD").read().strip()
    row = {"label": args.label, "commit": commit, "code": str(code), "opened": args.opened,
           "base_from": args.base_from,
           "opened_seat": args.opened_seat, "opened_field": args.opened_field, "max_generations": args.generations, "budget": 100000,
           "rules": args.variant, "load_before": round(os.getloadavg()[0], 2)}
    if args.base_only:
        import adaptive as lab
        from bots import wilson
        from interpreter.fitdefaults import PRIOR
        base = list(PRIOR)              # what the base rules' fit keeps at 12 generations (lab/fastfit.md)
        played = lab.run([("adaptive", base)] + ["heuristic"] * 3, (variant,), args.strength_games, 2)
        wins = [1 / len(w) if shift in w else 0.0 for _v, w, shift in played]
        rate = sum(wins) / len(wins)
        low, high = wilson(rate, len(wins))
        row["base_vs_heuristic"] = {"wins": round(rate, 4), "low": round(low, 4), "high": round(high, 4),
                                    "games": args.strength_games}
        row["colours"] = {k: round(sum(g[0][g[2]].get(k, 0) for g in played) / len(played), 3)
                          for k in ("cards:grey", "cards:brown", "stages")}
    else:
        start = time.perf_counter()
        result, _path = fitcache.train(_rules((variant,)), 4, budget=100000, generations=args.generations,
                                       games=fitcache.GAMES, seed=0, workers=2, quiet=True)
        row.update(seconds=round(time.perf_counter() - start, 1), generations=result.generations,
                   games=result.games, check=result.check, history=result.history,
                   weights=[round(w, 3) for w in result.weights])
        row["strength"] = fastfit.strength(variant, args.strength_games)
        row["response"] = fastfit.share(variant, args.share_games) if args.share_games else None
    row["load_after"] = round(os.getloadavg()[0], 2)
    print(json.dumps(row), flush=True)
    if args.log:
        with open(args.log, "a", encoding="utf-8") as f:
            f.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()

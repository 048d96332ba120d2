"""How fast `wonders simulate` plays, and what its pool, records and summary cost.

    python bench/simulate.py                       # both measurements below, 4 players
    python bench/simulate.py --scaling-games 2000 --overhead-games 10000

1. Scaling: games per second with `--workers 1` and `--workers 2` (the `wonders simulate`
   command as a user runs it, `--quiet`, random bots); target: 2 workers at least 1.7
   times the games per second of 1 worker.
2. Overhead: the same N games through `wonders simulate --workers 2` and through
   `bench/games.py --processes 2 --run-seed 0` (the same seeds and bots, played bare in
   two processes, nothing recorded or summarised), each timed as a whole process; target:
   simulate within 1.2 times the bare time.

The machine's load average is printed first and last: on a shared machine the figures
mean little when it is above the number of cores.  Figures live in docs/performance.md.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def timed(args: list[str]) -> float:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    start = time.perf_counter()
    result = subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"failed: {' '.join(args)}\n{result.stderr}")
    return elapsed


def simulate(players: int, games: int, workers: int) -> float:
    return timed([sys.executable, "-c", "import cli; cli.run()", "simulate", "--bots", "random", "--quiet", "--players", str(players),
                  "--games", str(games), "--workers", str(workers)])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--scaling-games", type=int, default=2000)
    parser.add_argument("--overhead-games", type=int, default=10000)
    parser.add_argument("--skip-overhead", action="store_true")
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f} ({os.cpu_count()} cores)")
    simulate(args.players, 50, 2)                                # warm-up: caches, imports
    one = args.scaling_games / simulate(args.players, args.scaling_games, 1)
    two = args.scaling_games / simulate(args.players, args.scaling_games, 2)
    print(f"workers_1_games_per_second: {one:.1f}")
    print(f"workers_2_games_per_second: {two:.1f}")
    print(f"scaling: {two / one:.2f}x (target at least 1.7x: {'met' if two / one >= 1.7 else 'NOT met'})")
    if not args.skip_overhead:
        n = args.overhead_games
        bare = timed([sys.executable, str(ROOT / "bench" / "games.py"), "--players", str(args.players),
                      "--games", str(n), "--processes", "2", "--run-seed", "0"])
        full = simulate(args.players, n, 2)
        print(f"bare_2_processes_seconds: {bare:.1f}  ({n / bare:.1f} games/s)")
        print(f"simulate_2_workers_seconds: {full:.1f}  ({n / full:.1f} games/s)")
        print(f"overhead: {full / bare:.2f}x (target at most 1.2x: {'met' if full / bare <= 1.2 else 'NOT met'})")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()

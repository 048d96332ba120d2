"""Games per second on a Dask cluster against the process pool, on this machine.

    python bench/cluster.py --games 2000

Starts a scheduler and two single-threaded worker processes on 127.0.0.1, runs the same
`wonders simulate` on it and with `--workers 2`, and prints both rates: their ratio is the
cost of the cluster's scheduling and transfers.  docs/simulate.md uses it to estimate
games per hour on N machines.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from simulate import timed  # noqa: E402


def main() -> None:
    from distributed import LocalCluster
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=2000)
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f} ({os.cpu_count()} cores)")
    command = [sys.executable, "-c", "import cli; cli.run()", "simulate", "--bots", "random", "--quiet", "--players", str(args.players),
               "--games", str(args.games)]
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None) as cluster:
        timed(command[:-1] + ["50", "--cluster", cluster.scheduler_address])      # warm-up
        on_cluster = args.games / timed(command + ["--cluster", cluster.scheduler_address])
    in_pool = args.games / timed(command + ["--workers", "2"])
    print(f"cluster_2_workers_games_per_second: {on_cluster:.1f}")
    print(f"pool_2_workers_games_per_second: {in_pool:.1f}")
    print(f"cluster / pool: {on_cluster / in_pool:.2f}")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()

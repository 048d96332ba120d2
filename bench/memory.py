"""How much memory `wonders simulate` and `wonders compare` need to gather their games
(issue 38): the peak resident memory of the process that receives the records, for 10,000
and 100,000 games.

    python bench/memory.py command --games 10000 100000          # the command, random bots
    python bench/memory.py command --games 10000 --checkout /tmp/old   # another checkout
    python bench/memory.py command --games 10000 --compare cheap-trade  # wonders compare
    python bench/memory.py records --games 10000 100000          # the gathering alone
    python bench/memory.py twins --games 2000                     # compare's reorder buffer

`command` runs `wonders simulate --players 4 --bots random --workers 2 --quiet --format json
--report FILE` (or `compare --variant V`; `--no-report`: without the report) in a process of its own and reads that process's
peak resident set (`resource.getrusage(RUSAGE_SELF).ru_maxrss` at its exit; the workers are
processes of their own and are not counted: they hold one chunk of games at a time).

`records` measures the gathering alone, in this process: it plays 200 random 4-player games
once, then feeds N records made from them (each a fresh copy under a new game number, as
records arrive unpickled from the workers) through the summary's Tally, the summary and the
HTML report, as the command does, and reports the peak of Python's allocations
(tracemalloc) while gathering (the records, the Tally, the summary) and then while making
the report, and the Tally's size (pickled); `--keep` also keeps every record in a list, as the
command did before issue 38, for the comparison.

`twins` plays both sides of a comparison (the base rules and `--compare VARIANT`, by default
cheap-trade) in a pool of 2 workers and pairs them as `wonders compare` does: the most
games of side a its reorder buffer held while side b arrived.  The machine's load average is printed
first and last.  Figures live in docs/performance.md.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PEAK = ("import atexit, os, resource, sys\n"
        "pid = os.getpid()\n"
        "atexit.register(lambda: os.getpid() == pid and print('peak_rss_kb', "
        "resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr))\n"
        "import cli; cli.run()\n")


def command(checkout: Path, games: int, variant: str | None, report: bool) -> tuple[float, float]:
    """(peak resident MB of the gathering process, seconds) of one run of the command."""
    with tempfile.TemporaryDirectory() as folder:
        verb = ["compare", "--variant", variant] if variant else ["simulate"]
        args = [sys.executable, "-c", PEAK, *verb, "--players", "4", "--games", str(games), "--bots", "random",
                "--workers", "2", "--quiet", "--format", "json"]
        if report:
            args += ["--report", os.path.join(folder, "report.html")]
        start = time.perf_counter()
        result = subprocess.run(args, cwd=checkout, env=dict(os.environ, PYTHONPATH=str(checkout)),
                                capture_output=True, text=True)
        elapsed = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"failed: {' '.join(args[3:])}\n{result.stderr}")
    peak = [line.split()[1] for line in result.stderr.splitlines() if line.startswith("peak_rss_kb")]
    return int(peak[-1]) / 1024, elapsed


def seed_records(count: int = 200) -> list[str]:
    sys.path.insert(0, str(ROOT))
    from interpreter.sim import runner
    from interpreter.sim.records import RunOptions
    played: list[dict] = []
    runner.run_games(RunOptions(4, ("random",)), range(count), played.extend, 1)
    return [json.dumps(record) for record in played]


def gather(lines: list[str], games: int, keep: bool) -> dict:
    """Feed `games` records through the Tally (and, with `keep`, a list of them all)."""
    from interpreter.views.figures.page import load_plotly
    from interpreter.views.figures.report import simulate_report
    from interpreter.sim.summary import Tally
    load_plotly()                                   # imported before the count starts
    tracemalloc.start()
    start = time.perf_counter()
    tally, kept = Tally(), []
    for i in range(games):
        record = json.loads(lines[i % len(lines)])
        record["game"] = i
        tally.add(record)
        if keep:
            kept.append(record)
    summary = tally.summary()
    elapsed = time.perf_counter() - start
    _now, gathering = tracemalloc.get_traced_memory()
    tracemalloc.reset_peak()
    report = simulate_report(summary, tally.charts)
    _now, reporting = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {"games": games, "peak_mb": gathering / 2**20, "report_peak_mb": reporting / 2**20, "seconds": elapsed,
            "report_mb": len(report) / 2**20, "tally_kb": len(pickle.dumps(tally)) / 1024, "kept": len(kept)}


def twins(games: int, variant: str) -> dict:
    """Both sides of a comparison played in a pool of 2 workers (random bots), side b paired
    with side a's spool as it arrives: how many games the reorder buffer held at most."""
    sys.path.insert(0, str(ROOT))
    from interpreter.sim import runner
    from interpreter.sim.records import RunOptions
    from interpreter.sim.twins import Twinned
    pairing = Twinned(games)
    runner.run_games(RunOptions(4), range(games), lambda batch: [pairing.spool.append(r) for r in batch], 2)
    pairing.begin(None, None)
    runner.run_games(RunOptions(4, variants=(variant,)), range(games),
                     lambda batch: [pairing.add(r) for r in batch], 2)
    pairing.close()
    return {"paired": pairing.paired, "most_ahead": pairing.twins.most_ahead,
            "chunk": runner.chunk_size(games, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=["command", "records", "twins"])
    parser.add_argument("--games", type=int, nargs="+", default=[10000, 100000])
    parser.add_argument("--checkout", type=Path, default=ROOT, help="the checkout whose command is run")
    parser.add_argument("--compare", metavar="VARIANT", help="run `wonders compare --variant VARIANT` instead")
    parser.add_argument("--keep", action="store_true", help="records: also keep every record in a list")
    parser.add_argument("--no-report", action="store_true", help="command: without --report")
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f} ({os.cpu_count()} cores)", flush=True)
    if args.mode == "command":
        for games in args.games:
            peak, elapsed = command(args.checkout.resolve(), games, args.compare, not args.no_report)
            print(f"games: {games}  peak_rss_mb: {peak:.1f}  seconds: {elapsed:.0f}  "
                  f"({args.checkout}{', no report' if args.no_report else ''})", flush=True)
    elif args.mode == "twins":
        for games in args.games:
            found = twins(games, args.compare or "cheap-trade")
            print(f"games: {games}  paired: {found['paired']}  most_ahead: {found['most_ahead']}  "
                  f"chunk: {found['chunk']} games, 2 workers", flush=True)
    else:
        lines = seed_records()
        for games in args.games:
            found = gather(lines, games, args.keep)
            print(f"games: {games}  gathering_peak_mb: {found['peak_mb']:.1f}  tally_kb: {found['tally_kb']:.0f}  "
                  f"report_peak_mb: {found['report_peak_mb']:.1f} (the page {found['report_mb']:.2f} MB)  "
                  f"gathering_seconds: {found['seconds']:.1f}  kept: {found['kept']}", flush=True)
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()

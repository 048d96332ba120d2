"""Processor time per test, for measuring the suite (docs/performance.md, "The test suite").

Wall time on a shared machine measures the neighbours; processor time measures the test.
With `WONDERS_TEST_CPU=FILE` set, every test process (each xdist worker too) appends one
line a test to FILE: its node id, whether it is marked slow, and the processor time of its
setup, call and teardown, this process's (`time.process_time`) plus that of the child
processes it waited for (`resource.getrusage(RUSAGE_CHILDREN)`: `wonders` runs, servers,
browsers that were stopped); then the xdist worker that ran it and the clock when it ended,
from which the table says how evenly the workers shared the run.  Without the variable
nothing is measured.

    WONDERS_TEST_CPU=/tmp/cpu.tsv python -m pytest -p tests.cpu_timing ...
    python -m tests.cpu_timing /tmp/cpu.tsv        # the table by file, quick and slow
"""

from __future__ import annotations

import os
import resource
import sys
import time
from collections import defaultdict

import pytest

_FILE = os.environ.get("WONDERS_TEST_CPU")


def _cpu() -> float:
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


if _FILE:
    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(item, nextitem):
        start = _cpu()
        yield
        spent = _cpu() - start
        slow = "slow" if item.get_closest_marker("slow") else "quick"
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        with open(_FILE, "a", encoding="utf-8") as out:   # one short line: one append
            out.write(f"{item.nodeid}\t{slow}\t{spent:.4f}\t{worker}\t{time.time():.1f}\n")


def table(path: str) -> str:
    """The per-file table (markdown) of a FILE written above, heaviest first."""
    seconds: dict[tuple[str, str], float] = defaultdict(float)
    counts: dict[tuple[str, str], int] = defaultdict(int)
    workers: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])     # seconds, last end
    for line in open(path, encoding="utf-8"):
        nodeid, kind, spent, *where = line.rstrip("\n").split("\t")
        key = (nodeid.split("::")[0], kind)
        seconds[key] += float(spent)
        counts[key] += 1
        if where:                                  # (lines written before the worker was)
            workers[where[0]][0] += float(spent)
            workers[where[0]][1] = max(workers[where[0]][1], float(where[1]))
    files = sorted({name for name, _ in seconds},
                   key=lambda name: -(seconds[name, "quick"] + seconds[name, "slow"]))
    rows = ["| file | quick tests | quick CPU s | slow tests | slow CPU s |",
            "| --- | ---: | ---: | ---: | ---: |"]
    for name in files:
        rows.append(f"| {name} | {counts[name, 'quick']} | {seconds[name, 'quick']:.1f} "
                    f"| {counts[name, 'slow']} | {seconds[name, 'slow']:.1f} |")
    total = {kind: sum(v for (_, k), v in seconds.items() if k == kind) for kind in ("quick", "slow")}
    number = {kind: sum(v for (_, k), v in counts.items() if k == kind) for kind in ("quick", "slow")}
    rows.append(f"| all | {number['quick']} | {total['quick']:.1f} | {number['slow']} | {total['slow']:.1f} |")
    last = max((end for _, end in workers.values()), default=0.0)
    rows += [""] * bool(workers) + [f"{name}: {spent:.1f} s of processor time, its last test ended "
                                    f"{last - end:.0f} s before the last" for name, (spent, end) in sorted(workers.items())]
    return "\n".join(rows)


if __name__ == "__main__":
    print(table(sys.argv[1]))

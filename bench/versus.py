"""Two checkouts, one benchmark, in turn: each round runs the same bench script of each
checkout (its own copy, so an older commit runs its own code) one after the other, and
the figures of every round are printed with their medians.  On a shared machine the load
changes from minute to minute: taking turns spreads it over both, and the medians (and
each round's ratio) are what to compare.

    git worktree add /tmp/base f2e213c
    python bench/versus.py /tmp/base . --rounds 4 -- games.py --players 4 --games 300
    python bench/versus.py /tmp/base . --rounds 3 -- mcts.py --repeat 3

Each number the script prints on a line that ends in `games_per_second: X` or
`X iterations/s ...` is collected, in order.
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
from pathlib import Path

FIGURE = re.compile(r"(?:games_per_second: ([\d.]+)$)|(?:^(.*): ([\d.]+) iterations/s)")


def figures(checkout: Path, script: list[str]) -> dict[str, float]:
    done = subprocess.run([sys.executable, str(checkout / "bench" / script[0]), *script[1:]], cwd=checkout,
                          capture_output=True, text=True, check=True)
    found = {}
    for line in done.stdout.splitlines():
        match = FIGURE.search(line.strip())
        if match:
            if match.group(1) is not None:
                found["games per second"] = float(match.group(1))
            else:
                found[f"{match.group(2)}: imagined games per second"] = float(match.group(3))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--rounds", type=int, default=3)
    argv = sys.argv[1:]
    if "--" not in argv or argv.index("--") == len(argv) - 1:
        parser.error("name the bench script after --: ... -- games.py --players 4")
    split = argv.index("--")
    args, script = parser.parse_args(argv[:split]), argv[split + 1:]
    runs = {"before": [], "after": []}
    for r in range(args.rounds):
        for which in ("before", "after"):
            runs[which].append(figures(getattr(args, which).resolve(), script))
        print(f"round {r + 1}: " + "; ".join(f"{k} {runs['before'][-1][k]:.1f} -> {v:.1f}"
                                             for k, v in runs["after"][-1].items() if k in runs["before"][-1]),
              flush=True)
    for key in runs["after"][0]:
        before = statistics.median(f[key] for f in runs["before"])
        after = statistics.median(f[key] for f in runs["after"])
        print(f"median {key}: {before:.1f} -> {after:.1f} ({after / before:.2f}x)")


if __name__ == "__main__":
    main()

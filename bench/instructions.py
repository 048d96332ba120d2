"""The engine's work in machine instructions, for any checkout (an older commit included):
instructions per random 4-player game, per round of the search bot's three searches of
60 imagined games, or per game of a fit (`fit`: the adaptive players' weighed seats, as
bench/checkout_speed.py times them), counted by valgrind's callgrind.
A count does not move with the load of a shared machine, where timings move by a fifth;
it runs about 50 times slower than Python alone.

    git worktree add /tmp/base f2e213c
    python bench/instructions.py /tmp/base games 20     # instructions per game
    python bench/instructions.py . games 20
    python bench/instructions.py /tmp/base search 1     # instructions per round of searches
    python bench/instructions.py . search 1
    python bench/instructions.py . fit 20               # instructions per fit game

Each figure is the count of a run doing the work less that of a run doing none (start-up,
loading and compiling the rules, the search's three positions), divided by the units,
after a plain run that caches the checkout's parsed content.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from pathlib import Path


def work(root: Path, what: str, units: int) -> None:
    """The work alone (run under valgrind by `count`)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    sys.argv = [sys.argv[0], str(root), what]
    import checkout_speed                               # loads and compiles `root`'s rules
    if what == "games":
        checkout_speed.games(5, 10 ** 6)                 # as the timed runs: memos warmed first
        checkout_speed.games(units, 0)
        return
    if what == "fit":
        checkout_speed.fit_games(3, 10 ** 6)
        checkout_speed.fit_games(units, 0)
        return
    from interpreter.bots import make_bot
    from interpreter.engine.actions import legal_actions
    positions = [checkout_speed.position(turns) for turns in (0, 6, 12)]
    for r in range(units):
        for game in positions:
            make_bot("mcts:iterations=60", r + 1).decide(game, 0, "turn", legal_actions(game, 0))


def count(root: Path, what: str, units: int) -> int:
    with tempfile.TemporaryDirectory() as folder:
        run = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={folder}/out",
                              sys.executable, __file__, "--work", str(root), what, str(units)],
                             capture_output=True, text=True, check=True)
    return int(re.search(r"Collected : (\d+)", run.stderr).group(1))


def main() -> None:
    if sys.argv[1] == "--work":
        work(Path(sys.argv[2]).resolve(), sys.argv[3], int(sys.argv[4]))
        return
    root, what = Path(sys.argv[1]).resolve(), sys.argv[2]
    units = int(sys.argv[3]) if len(sys.argv) > 3 else (1 if what == "search" else 20)
    # once without valgrind first: a checkout whose parsed content is not cached yet would
    # parse it in the first count alone (1.2 billion instructions, divided among the units)
    subprocess.run([sys.executable, __file__, "--work", str(root), what, "0"], capture_output=True, check=True)
    per_unit = (count(root, what, units) - count(root, what, 0)) / units
    name = {"games": "game", "fit": "fit game"}.get(what, "round of searches")
    print(f"{root}: {per_unit / 1e6:.2f} million instructions per {name} ({units} measured)")


if __name__ == "__main__":
    main()

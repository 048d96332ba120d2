"""What compiling the engine's hot modules with mypyc would buy (issue 34, item 6): a copy
of a commit with some modules compiled to C extensions in place, its random 4-player games
per processor second against the same commit as Python, alternated, and whether it still
plays the recorded games (tests/test_same_games.py run on the copy).

The wheel compiles the modules pyproject.toml lists when the machine can (hatch_build.py);
this compares any list, at any commit, in place.  It needs a C compiler and Python's headers
(`apt install gcc python3-dev`) and mypy's mypyc.

    python bench/mypyc_trial.py                    # HEAD, the default modules, 3 rounds
    python bench/mypyc_trial.py --what search      # the search's imagined games instead
    python bench/mypyc_trial.py --commit 17b2988 --rounds 5
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# the modules the wheel compiles (pyproject.toml, hatch_build.py), as paths under interpreter/
MODULES = [m.removeprefix("interpreter/") for m in tomllib.loads((ROOT / "pyproject.toml").read_text(
    encoding="utf-8"))["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["custom"]["modules"]]
BUILD = """import sys
from setuptools import setup
from mypyc.build import mypycify
modules = sys.argv[1:]
sys.argv = [sys.argv[0], "build_ext", "--inplace"]
setup(name="mypyc-trial", packages=[], py_modules=[], ext_modules=mypycify(modules, opt_level="3"))
"""


def checkout(commit: str, into: Path) -> None:
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)


class Failed(Exception):
    """A copy that would not play (a module mypyc compiles but whose compiled form differs)."""


def speed(tree: Path, what: str) -> float:
    run = subprocess.run([sys.executable, str(ROOT / "bench" / "checkout_speed.py"), str(tree), what],
                         capture_output=True, text=True)
    if run.returncode != 0:
        raise Failed(f"{tree.name} would not play:\n{run.stderr[-2000:]}")
    return float(run.stdout.rsplit(":", 1)[1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--commit", default="HEAD")
    parser.add_argument("--rounds", type=int, default=3, help="alternated runs of each (best of each taken)")
    parser.add_argument("--what", choices=("games", "search"), default="games",
                        help="random 4-player games, or the search's imagined games (bench/checkout_speed.py)")
    parser.add_argument("--modules", nargs="*", default=MODULES, help="paths under interpreter/ to compile")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="wonders-mypyc-") as scratch:
        plain, compiled = Path(scratch) / "plain", Path(scratch) / "compiled"
        for tree in (plain, compiled):
            tree.mkdir()
            checkout(args.commit, tree)
        (compiled / "build_mypyc.py").write_text(BUILD, encoding="utf-8")
        print(f"compiling {len(args.modules)} modules of {args.commit} with mypyc ...", flush=True)
        built = subprocess.run([sys.executable, "build_mypyc.py", *[f"interpreter/{m}" for m in args.modules]],
                               cwd=compiled, capture_output=True, text=True)
        if built.returncode != 0:
            print(built.stdout[-3000:] + built.stderr[-3000:], file=sys.stderr)
            return 1
        best = {"python": 0.0, "compiled": 0.0}
        try:
            for r in range(args.rounds):
                for name, tree in (("python", plain), ("compiled", compiled)):
                    best[name] = max(best[name], speed(tree, args.what))
                    print(f"round {r + 1}: {name} {best[name]:.1f} (best so far)", flush=True)
        except Failed as failed:
            print(failed, file=sys.stderr)
            return 1
        same = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "0",
                               "tests/test_same_games.py"], cwd=compiled, capture_output=True, text=True,
                              env={**os.environ, "PYTHONPATH": str(compiled)})
        verdict = same.stdout.strip().splitlines()[-1] if same.stdout.strip() else same.stderr[-300:]
    words = "random 4-player games" if args.what == "games" else "the search's imagined games"
    print(f"{words} per processor second: python {best['python']:.1f}, compiled "
          f"{best['compiled']:.1f} ({best['compiled'] / best['python']:.2f}x)")
    print(f"the recorded games, compiled: {verdict}")
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""How long `wonders check` takes on the shipped content: warm in one process, and as a
whole process (start-up, imports, grammar, parse, check, output).

    python bench/check.py                  # both measurements
    python bench/check.py --runs 100 --processes 20
    python bench/check.py --profile        # where the time goes: imports, parse vs check

Lines to read (targets: warm under 100 ms, whole process under 0.5 s):

    check_warm_ms: 12.3          median of --runs calls of check_paths(None), after a warm-up
                                 (the trees are remembered in the process: treecache.py;
                                 parse_warm_ms is parsing alone)
    check_process_s: 0.31        median wall time of --processes runs of `wonders check`
    check_process_cold_s: 0.45   the same, each run with an empty cache folder (nothing parsed kept)

Figures live in docs/performance.md.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import platform
import pstats
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from interpreter.check.load import check_files, check_paths  # noqa: E402
from interpreter.check.locate import default_files  # noqa: E402
from interpreter.syntax.parser import parse_text, read_source  # noqa: E402

WARM_TARGET_MS = 100
PROCESS_TARGET_S = 0.5


def _timed(fn, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return times


def _texts():
    out = []
    for path, shown in default_files():
        text, problems = read_source(path, shown)
        assert text is not None and not problems, problems
        out.append((text, shown))
    return out


def warm(runs: int) -> dict[str, list[float]]:
    """check_paths(None) end to end, and its two halves: parse every file; check the trees."""
    result = check_paths(None)
    assert result.ruleset is not None and not result.diagnostics, result.diagnostics
    texts = _texts()
    trees = [parse_text(text, shown)[0] for text, shown in texts]
    for _ in range(5):  # warm-up: grammar, caches, first-call costs
        check_paths(None)
    return {
        "check": _timed(lambda: check_paths(None), runs),
        "parse": _timed(lambda: [parse_text(text, shown) for text, shown in texts], runs),
        "checker": _timed(lambda: check_files(trees), runs),
    }


def command() -> list[str]:
    """The installed `wonders` script beside this Python, else the checkout's cli.py."""
    script = Path(sys.executable).parent / ("wonders.exe" if os.name == "nt" else "wonders")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "import cli; cli.run()"]


def process(runs: int, cmd: list[str], cold: bool = False) -> list[float]:
    """Wall times of `wonders check`; `cold`: each with an empty cache folder of its own, so
    that every file is parsed (interpreter/syntax/treecache.py), as on a first run."""
    env = dict(os.environ)
    env.pop("WONDERS_DEBUG", None)
    times = []
    for i in range(runs + 2):  # two warm-up runs: the parsed content kept, the OS file cache
        if cold:
            env["WONDERS_CACHE_DIR"] = tempfile.mkdtemp(prefix="wonders-bench-cache-")
        start = time.perf_counter()
        proc = subprocess.run([*cmd, "check"], cwd=str(ROOT), env=env, capture_output=True, text=True)
        elapsed = time.perf_counter() - start
        assert proc.returncode == 0, proc.stdout + proc.stderr
        if i >= 2:
            times.append(elapsed)
        if cold:
            shutil.rmtree(env["WONDERS_CACHE_DIR"], ignore_errors=True)
    return times


def import_times() -> dict[str, float]:
    """Cumulative import time (ms) of the main modules, from `python -X importtime`."""
    proc = subprocess.run([sys.executable, "-X", "importtime", "-c", "import cli; cli.run()", "check"],
                          cwd=str(ROOT), capture_output=True, text=True)
    cumulative: dict[str, float] = {}
    for line in proc.stderr.splitlines():
        m = re.match(r"import time:\s+(\d+) \|\s+(\d+) \|(\s*)(\S+)", line)
        if m:
            name = m.group(4)
            cumulative[name] = max(cumulative.get(name, 0.0), int(m.group(2)) / 1000)
    wanted = ["lark", "attrs", "click", "cli", "interpreter.check.load", "interpreter.syntax.parser",
              "interpreter.diagnostics"]
    return {name: cumulative[name] for name in wanted if name in cumulative}


def profile_once() -> None:
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(20):
        check_paths(None)
    profiler.disable()
    print("\n# cProfile of 20 warm check_paths(None) calls, by own time")
    pstats.Stats(profiler).sort_stats("tottime").print_stats(12)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=50, help="warm repetitions (default 50)")
    parser.add_argument("--processes", type=int, default=10, help="whole-process runs (default 10)")
    parser.add_argument("--profile", action="store_true", help="import times and a cProfile summary")
    args = parser.parse_args()

    print(f"# python {platform.python_version()} on {platform.system()} {platform.machine()}, "
          f"{os.cpu_count()} cores; content: {len(default_files())} files")
    ms = {name: [t * 1000 for t in times] for name, times in warm(args.runs).items()}
    for name in ("parse", "checker"):
        print(f"{name}_warm_ms: {statistics.median(ms[name]):.1f}  (min {min(ms[name]):.1f})")
    print(f"check_warm_min_ms: {min(ms['check']):.1f}")
    print(f"check_warm_ms: {statistics.median(ms['check']):.1f}")

    cmd = command()
    seconds = process(args.processes, cmd)
    print(f"# process: {' '.join(Path(c).name if i == 0 else c for i, c in enumerate(cmd))} check")
    print(f"check_process_min_s: {min(seconds):.3f}")
    print(f"check_process_s: {statistics.median(seconds):.3f}")
    print(f"check_process_cold_s: {statistics.median(process(args.processes, cmd, cold=True)):.3f}")

    ok_warm = statistics.median(ms["check"]) < WARM_TARGET_MS
    ok_process = statistics.median(seconds) < PROCESS_TARGET_S
    print(f"# targets: warm < {WARM_TARGET_MS} ms: {'met' if ok_warm else 'MISSED'}; "
          f"process < {PROCESS_TARGET_S} s: {'met' if ok_process else 'MISSED'}")

    if args.profile or not (ok_warm and ok_process):
        print("\n# cumulative import time (ms), python -X importtime")
        for name, value in import_times().items():
            print(f"import_ms[{name}]: {value:.1f}")
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        print(f"python_startup_s: {time.perf_counter() - start:.3f}")
        profile_once()
    if shutil.which("wonders") is None and cmd[0] != sys.executable:
        print("# note: the `wonders` script is not on PATH; timed", cmd[0])


if __name__ == "__main__":
    main()

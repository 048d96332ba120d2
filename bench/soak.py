"""Soak test: many random games over every shipped rule set (the first edition and the
second), each alone and with each of its variants, and with the expansion packs written for
it (each pack alone and every set of them together, each with the variants that apply on
top), every player count it seats and both wonder sides, on several cores, checking after every turn what must always hold
(interpreter/engine/invariants.py), with a save/load round trip at random turns (the game
then goes on from the loaded copy).

    python bench/soak.py                          # 100,000 games on 2 processes
    python bench/soak.py --games 20000 --seconds 1800 --workers 2
    python bench/soak.py --games 20000 --packs-only     # the rule sets with packs only

Game number i has its own seed, player count, side and rules (a rule set, alone or with one
of its variants), so a break can be replayed alone:  python bench/soak.py --only 1234
Ctrl-C stops cleanly, printing the games reached (exit 130).  The last line is
`soak: games N  turns T  invariant breaks B  seconds S`.  Figures live in
docs/performance.md.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import signal
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from interpreter.check.load import check_paths  # noqa: E402
from interpreter.compile import compile_rules  # noqa: E402
from interpreter.bots import make_bot  # noqa: E402
from interpreter.engine.game import Game  # noqa: E402
from interpreter.engine.invariants import Recorder, TurnWatch  # noqa: E402
from interpreter.engine.saves import game_from_data, game_to_data  # noqa: E402
from interpreter.engine.game import RulesError  # noqa: E402
from interpreter.check.locate import UsageError, pack_folders, with_expansions  # noqa: E402
from interpreter.paths import expansion_packs  # noqa: E402
from interpreter.paths import rule_sets as shipped_rule_sets  # noqa: E402

PLAYERS = (2, 3, 4, 5, 6, 7, 8)
SAVE_CHANCE = 0.05          # per turn: save, load, check the copy, go on with it
CHUNK = 50                  # games per task handed to a worker

_RULES: list = []           # per worker: [(name, tables)], the base first
_COMBINATIONS: list = []    # per worker: [(rules index, players, side)]


def pack_sets() -> list[tuple[str, ...]]:
    """No pack, each shipped pack alone, and every set of them together."""
    from itertools import combinations as subsets
    names = sorted(expansion_packs())
    return [combo for size in range(len(names) + 1) for combo in subsets(names, size)]


def rule_sets(packs_only: bool = False) -> list[tuple[str, object]]:
    """Every shipped rule set, alone and with each variant of its own `variants/` folder,
    then with each set of packs written for it, with those variants and with each of the
    packs' own (`variants/` of a pack folder: the team game); a pack for other rules is
    passed over, as is a variant that changes what a pack changes."""
    found = []
    for rules, folder in shipped_rule_sets().items():
        names = sorted(p.stem for p in (folder / "variants").glob("*.wonders"))
        for packs in pack_sets():
            if packs_only and not packs:
                continue
            try:
                combined = with_expansions(rules, packs)
            except UsageError:                      # a pack written for other rules
                continue
            own = sorted(p.stem for f in pack_folders(combined) for p in (f / "variants").glob("*.wonders"))
            for name in [None] + names + own:
                result = check_paths(None, variants=[name] if name else [], rules=combined)
                label = "+".join((rules,) + packs) + (f" + {name}" if name else "")
                if result.ruleset is None:
                    if packs and name:              # the variant and a pack change one thing
                        continue
                    raise SystemExit(f"soak: the rules {label} do not check clean")
                found.append((label, compile_rules(result.ruleset)))
    return found


def combinations(found) -> list[tuple[int, int, str]]:
    """(rules index, players, side) for every rule set, each player count it can seat and
    each side its wonders have, in a fixed order: game i plays combination i mod their number."""
    out = []
    for which, (_label, tables) in enumerate(found):
        sides = list(dict.fromkeys(info.side for info in tables.sides))
        for players in PLAYERS:
            try:
                Game(tables, players, seed=0, sides=sides[0])
            except RulesError:
                continue
            out += [(which, players, side) for side in sides]
    return out


def _init_worker(packs_only: bool = False) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)    # the parent stops the workers
    _RULES.extend(rule_sets(packs_only))
    _COMBINATIONS.extend(combinations(_RULES))


def play_one(i: int) -> tuple[int, list[str]]:
    """Play game i to its end; returns (turns, problems found)."""
    which, players, side = _COMBINATIONS[i % len(_COMBINATIONS)]
    name, tables = _RULES[which]
    chance = random.Random(i)
    game = Game(tables, players, seed=i, sides=side)
    recorders = [Recorder(make_bot("random", i * 10 + seat)) for seat in range(players)]
    turns, problems = 0, []
    where = f"game {i} ({name}, {players} players, side {side})"
    while not game.finished:
        watch = TurnWatch(game, recorders)
        game.step(recorders)
        turns += 1
        problems += [f"{where}, turn {turns}: {p}" for p in watch.problems()]
        if chance.random() < SAVE_CHANCE:
            data = json.loads(json.dumps(game_to_data(game)))
            loaded = game_from_data(tables, data)
            if game_to_data(loaded) != data:
                problems.append(f"{where}, turn {turns}: a saved game loads differently")
            game = loaded
        if problems:
            break
    return turns, problems


def play_chunk(first: int, count: int) -> tuple[int, int, list[str]]:
    turns, problems = 0, []
    for i in range(first, first + count):
        t, p = play_one(i)
        turns += t
        problems += p
    return count, turns, problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=None, help="stop after this long (the games reached are reported)")
    parser.add_argument("--only", type=int, default=None, help="play game number ONLY alone, in this process")
    parser.add_argument("--packs-only", action="store_true",
                        help="only the rule sets with expansion packs (game numbers count among them)")
    args = parser.parse_args()
    if args.only is not None:
        _init_worker(args.packs_only)
        turns, problems = play_one(args.only)
        print("\n".join(problems) or f"game {args.only}: {turns} turns, no invariant break")
        return 1 if problems else 0

    signal.signal(signal.SIGINT, signal.default_int_handler)   # even when started in the background
    start = time.perf_counter()
    games = turns = 0
    breaks: list[str] = []
    stopped = ""
    pool = multiprocessing.Pool(args.workers, initializer=_init_worker, initargs=(args.packs_only,))
    tasks = [(first, min(CHUNK, args.games - first)) for first in range(0, args.games, CHUNK)]
    try:
        for count, t, problems in pool.imap_unordered(_star, tasks):
            games += count
            turns += t
            breaks += problems
            for p in problems:
                print(f"BREAK {p}", flush=True)
            if games % 1000 < CHUNK:
                print(f"  {games:,} games  {turns:,} turns  {len(breaks)} breaks  "
                      f"{time.perf_counter() - start:.0f} s", flush=True)
            if args.seconds is not None and time.perf_counter() - start > args.seconds:
                stopped = " (time limit reached)"
                break
    except KeyboardInterrupt:
        stopped = " (stopped by Ctrl-C)"
    finally:
        pool.terminate()
        pool.join()
    elapsed = time.perf_counter() - start
    print(f"soak: games {games}  turns {turns}  invariant breaks {len(breaks)}  seconds {elapsed:.0f}"
          f"  workers {args.workers}{stopped}", flush=True)
    if stopped == " (stopped by Ctrl-C)":
        return 130
    return 1 if breaks else 0


def _star(task):
    return play_chunk(*task)


if __name__ == "__main__":
    sys.exit(main())

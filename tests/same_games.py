"""Fingerprints of many complete games: every shipped rule set and variant, 2 to 7 players,
each side choice, several seeds, random bots.  A fingerprint is a hash of the game's whole
log (setup, hands dealt, every choice, every resolution, coins and tokens) and its scores,
so two engines that give equal fingerprints played the same games.

tests/test_same_games.py compares the engine with tests/data/same_games.json, recorded
before the engine became a machine of decision points (issue 17).  To record again after
a deliberate change of the games (never to make a failing test pass):

    python tests/same_games.py > tests/data/same_games.json
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if os.environ.get("WONDERS_TEST_INSTALLED"):       # the installed package's engine (tests/conftest.py)
    if str(ROOT) not in sys.path:
        sys.path.append(str(ROOT))
else:
    sys.path.insert(0, str(ROOT))

from interpreter.check.load import check_paths  # noqa: E402
from interpreter.compile import compile_rules  # noqa: E402
from interpreter.engine.game import Game, RulesError  # noqa: E402
from interpreter.bots.seats import make_deciders  # noqa: E402

VARIANTS = sorted(p.name for p in (ROOT / "content" / "variants").glob("*.wonders")) + \
    sorted(f"bench/variants/{p.name}" for p in (ROOT / "bench" / "variants").glob("*.wonders"))
SETS = [("first-edition", None), ("second-edition", None)] + [("first-edition", v) for v in VARIANTS]
PLAYERS = range(2, 8)
SIDES = ("A", "B", "random")
SEEDS = (1, 2)


@functools.lru_cache(maxsize=None)
def tables(rules: str, variant: str | None):
    variants = []
    if variant is not None:
        variants = [str(ROOT / variant) if "/" in variant else str(ROOT / "content" / "variants" / variant)]
    return compile_rules(check_paths(None, variants, rules).ruleset)


def fingerprint(game: Game) -> str:
    text = json.dumps([game.log, game.scores()], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def play(rules: str, variant: str | None, players: int, sides: str, seed: int, bots=("random",)) -> str:
    try:
        game = Game(tables(rules, variant), players, seed, sides)
    except RulesError as err:
        return f"not played: {err}"
    game.play(make_deciders(list(bots), players, seed, None))
    return fingerprint(game)


def cases():
    for rules, variant in SETS:
        for players in PLAYERS:
            for sides in SIDES:
                for seed in SEEDS:
                    yield rules, variant, players, sides, seed


def key(rules, variant, players, sides, seed) -> str:
    return f"{rules}|{variant or '-'}|{players}|{sides}|{seed}"


def record() -> dict[str, str]:
    return {key(*case): play(*case) for case in cases()}


if __name__ == "__main__":
    json.dump(record(), sys.stdout, indent=0, sort_keys=True)
    print()

"""Does the search bot pay for an option when it is worth it, and not when it is not?
(issue 37 item 5; figures in bots.md, "Offers").

For each priced choice below (a rules trigger `on age end: may pay PRICE to ACTION`, a
variant of the first edition), games of 3 heuristic players are played to their offers;
at each offer the search bot (`mcts:iterations=N`), searching the two answers, and the
heuristic bot (by the rules' values, bots/offers.py) are both asked.  Printed: the share
of offers each pays.

    python lab/offers.py --games 6 --iterations 60
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]          # this checkout's interpreter and test helpers

from interpreter.bots import make_bot            # noqa: E402
from test_triggers import new_game, variant      # noqa: E402

OFFERS = [("1 coin", "take a military token worth 3"),        # 3 points for a coin: worth it
          ("2 coins", "gain 3 coins"),                         # a coin more: worth it
          ("3 coins", "gain 1 coin"),                          # two coins lost: not
          ("2 coins", "take a military token worth -1")]       # a point lost: not


def measure(price: str, action: str, games: int, iterations: int) -> tuple[float, float, int]:
    tables = variant(Path(tempfile.mkdtemp()), rules=f"    on age end: may pay {price} to {action}\n")
    paid = {"mcts": 0, "heuristic": 0}
    asked = 0
    for seed in range(games):
        game = new_game(tables, seed=seed)
        players = [make_bot("heuristic", s) for s in range(3)]
        search = make_bot(f"mcts:iterations={iterations}", seed)
        while (decision := game.decision()) is not None:
            options = decision.options
            if decision.kind == "offer":
                asked += 1
                pick = search.decide(game, decision.seat, "offer", options)
                paid["mcts"] += options[pick].kind == "accept"
            choice = players[decision.by].decide(game, decision.seat, decision.kind, options)
            choice = choice if isinstance(choice, int) else options.index(choice)
            if decision.kind == "offer":
                paid["heuristic"] += options[choice].kind == "accept"
            decision.choose(choice)
    return paid["mcts"] / max(1, asked), paid["heuristic"] / max(1, asked), asked


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--iterations", type=int, default=60)
    args = parser.parse_args()
    print("| offer | offers | search bot pays | heuristic pays |\n| --- | --- | --- | --- |")
    for price, action in OFFERS:
        mcts, heuristic, asked = measure(price, action, args.games, args.iterations)
        print(f"| pay {price} to {action} | {asked} | {mcts:.0%} | {heuristic:.0%} |", flush=True)


if __name__ == "__main__":
    main()

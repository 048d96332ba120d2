"""Play opening an example game of Weigh (sim/examples.py) at the point where its figure
shows: the game played again from its seed with the same bots, seeded as `wonders play
--seed` and `simulate` seed them (tools/play.py `make_deciders`), under the same rules, so
it is the very game the figures counted.

Every turn of the replay is a point of the game's line (a node holding the game between
two turns), so the page steps back and forward through it; from any point the example's
seat can be played in the page instead of by its bot (a new line, the replay kept).

Where it opens (`at`, as the example says): "turn" after that turn (counted from 1, as
records count turns); "built" the turn the seat built the card (the end when it did not);
"end" the end of the game, its score pad.
"""

from __future__ import annotations

from .play import Session
from .play_rules import PlayError


class ReplaySession(Session):
    """A game replayed from its seed by its bots, opened at one of its turns."""

    def __init__(self, *args, seed: int, at: dict, **kwargs):
        super().__init__(*args, **kwargs)
        self.seed, self.at = seed, at
        self.opened_at: int | None = None          # the turn it opened after

    def _playing(self) -> list[str]:
        return list(self.bots)                    # every seat's bot, the followed seat's too

    def _open(self, game) -> None:
        """Play the whole game as its bots played it, a point after every turn, and open it
        at the point where the example's figure shows."""
        from ..bots.seats import make_deciders
        deciders = make_deciders(self.bots, game.players, self.seed, None)
        node = self._node(game.clone(log=True), None, None)
        turns = [node]
        while not game.finished:
            game.step(deciders)
            node = self._node(game.clone(log=True), node, f"turn {len(turns)} as played")
            turns.append(node)
        self.opened_at = self._target(turns)
        self.current = turns[self.opened_at]

    def _target(self, turns: list) -> int:
        """The index of the point to open at (a point per turn, 0 the start)."""
        last = len(turns) - 1
        if self.at.get("at") == "turn":
            return max(0, min(int(self.at.get("turn", last)), last))
        if self.at.get("at") == "built":
            names = {i for i, card in enumerate(self.tables.cards) if card.name == self.at.get("card")}
            for index, node in enumerate(turns):
                if names & set(node.game.cities[self.seat].built):
                    return index
        return last

    def view(self) -> dict:
        answer = super().view()
        answer["replay"] = {"seed": self.seed, "at": self.at, "turn": self.opened_at}
        return answer


def replay_request(data: dict, players: int) -> tuple[int, dict]:
    """The example's game seed and where to open it, checked."""
    seed, at = data.get("seed"), data.get("at", {"at": "end"})
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise PlayError("the field 'seed' is the game's seed, a whole number")
    if not isinstance(at, dict) or at.get("at") not in ("end", "turn", "built"):
        raise PlayError("the field 'at' says where to open the game: end, turn or built")
    if at["at"] == "turn" and (not isinstance(at.get("turn"), int) or isinstance(at.get("turn"), bool)):
        raise PlayError("'at' turn needs the turn, a whole number")
    if at["at"] == "built" and not isinstance(at.get("card"), str):
        raise PlayError("'at' built needs the card's name")
    return seed, {k: at[k] for k in ("at", "turn", "card") if k in at}

"""Deciders that replay a log: each decision must be the one recorded, and legal."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..errors import WondersError

if TYPE_CHECKING:
    from .actions import Action
    from .game import Game


class ReplayError(WondersError):
    pass


class ReplayDecider:
    """Shared by every seat: hands out the recorded choices in order, checking each."""

    def __init__(self, choices: list[dict[str, Any]]):
        self.choices = choices
        self.position = 0

    def decide(self, game: Game, seat: int, kind: str, options: Sequence[Action]) -> int:
        step = self.position + 1
        if self.position >= len(self.choices):
            raise ReplayError(f"step {step}: the log ends, but seat {seat + 1} has a {kind} decision to make")
        record = self.choices[self.position]
        self.position += 1
        if (record.get("age"), record.get("turn")) != (game.age.number, game.turn):
            raise ReplayError(f"step {step}: the log says age {record.get('age')}, turn {record.get('turn')}, "
                              f"but the game is at age {game.age.number}, turn {game.turn}")
        if record.get("seat") != seat or record.get("kind") != kind:
            raise ReplayError(f"step {step}: the log has seat {record.get('seat', 0) + 1}'s {record.get('kind')} "
                              f"decision, but the game asks seat {seat + 1} for a {kind} decision")
        labels = [o.label(game.tables) for o in options]
        if record.get("action") not in labels:
            raise ReplayError(f"step {step}: {record.get('action')!r} is not a legal action for seat {seat + 1} here "
                              f"(age {game.age.number}, turn {game.turn})")
        return labels.index(record["action"])

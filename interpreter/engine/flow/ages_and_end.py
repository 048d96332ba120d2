"""An age's start and end, and the game's end: the steps around the turns.

`start age N` and `end age N` are statements of an age's phase (phases.py pushes them);
the game's end comes after the sequence's last phase (machine.py `go_on`): each city's
game-end actions, `game end`, then the score pad.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..neutral import set_holders
from .chains import fire
from .phases import phase_steps
from .search_log import NoLog
from .turn import reset_limits
from ...kinds.event_base import Event
from ..program import FIXED_EVENTS

if TYPE_CHECKING:
    from ..game import Game
    from .machine import Step, Steps


def _start_age(game: Game, number: int | None = None) -> None:
    """`start age N`: the age is age N (the ages are numbered from I without gaps);
    `age start` fires, then the phases at the start of this age run."""
    if number is not None:
        game.age_index = number - 1
    reset_limits(game, "age")
    set_holders(game)
    game.stack += phase_steps(game.tables.rules, "start", game.age.number)
    fire(game, FIXED_EVENTS[Event.AGE_START], None)


def _end_age(game: Game) -> None:
    """`end age N`: `age end` fires (the military conflicts), then what its triggers set
    aside for the end of the turn (this is still the age's last turn)."""
    if type(game.log) is not NoLog:
        game.log.append({"event": "age end", "age": game.age.number, "shields": [c.shields for c in game.cities]})
    game.stack.append(("run_pending",))
    fire(game, FIXED_EVENTS[Event.AGE_END], None)


def game_end(game: Game) -> None:
    """After the sequence's last phase: each city's game-end actions, `game end`, then the
    score pad."""
    game.stack += [("finish",), ("run_pending",), ("fire", FIXED_EVENTS[Event.GAME_END], None)]
    game.stack += [("game_end_city", seat) for seat in reversed(range(len(game.cities)))]


def _game_end_city(game: Game, seat: int) -> None:
    steps: list[Step] = []
    for source in game.cities[seat].owned_sources():
        for op in source.run.game_end:          # (the scoring's choices, a copy, are not among them)
            steps.append(("run", op, seat, None, source.name))
    game.stack += reversed(steps)


def _finish(game: Game) -> None:
    game.finished = True
    if type(game.log) is not NoLog:
        scores = game.scores()
        game.log.append({"event": "end", "scores": scores, "winners": game.winners(scores)})



AGE_AND_END_STEPS: Steps = {"start_age": _start_age, "end_age": _end_age, "game_end_city": _game_end_city,
                     "finish": _finish}

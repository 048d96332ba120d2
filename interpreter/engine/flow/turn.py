"""A turn's steps, from its start to the hands passing on.

One turn: `turn` (limits reset, `turn start` fires) -> `open_turn` (neutral draws, every
player's card asked for) -> the cards resolved (resolve.py) -> `after_turn` -> after the
last turn of a `play N turns`, `open_last` (the last cards) -> `end_turn` -> `pass`.
Kept apart from how the cards are resolved: this is the turn's order, that is what a
card does once chosen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..neutral import draw_for_neutrals, pass_holders
from .chains import fire
from .phases import turns_run
from .resolve import run_pending
from ...kinds.event_base import Event
from ..program import FIXED_EVENTS

if TYPE_CHECKING:
    from ..decisions import DecisionKind
    from ..game import Game
    from .machine import Steps

# the events of every turn, read once (a member of an Enum class is a slow look-up: every turn)
_TURN_START, _TURN_END = FIXED_EVENTS[Event.TURN_START], FIXED_EVENTS[Event.TURN_END]   # (their numbers)


def _turn(game: Game) -> None:
    reset_limits(game, "turn")
    game.stack.append(("open_turn",))
    fire(game, _TURN_START, None)


def _open_turn(game: Game) -> None:
    """Every player's card is asked for at once; a neutral city's turn is asked of its
    holder once the holder has chosen its own (its options may depend on it)."""
    game.stack.append(("after_turn",))
    waiting: list[tuple[int, DecisionKind]]
    if game.neutrals:
        waiting = []
        for seat in range(game.players):
            draw_for_neutrals(game, seat)
            waiting.append((seat, "turn"))
            for n in game.neutrals:           # (a loop: a comprehension would make `game` a cell)
                if game.holders.get(n) == seat:
                    waiting.append((n, "neutral turn"))
    else:
        waiting = [(seat, "turn") for seat in range(game.players)]
    game.chosen = [None] * len(game.cities)
    game.waiting = waiting


def _after_turn(game: Game) -> None:
    """After the last turn of a `play N turns`, its last cards, then the turn's end; the
    sequence then goes on.  When another `play` follows from the same hands, the hands
    pass on to it instead (`pass_on`).  A table's `turns` is the age's last turn."""
    p, i = game.rounds  # type: ignore[misc]  # (after a turn of a play; `turns_played()` without its call)
    rounds = game.tables.rules.phases[p].steps[i]
    before, more = turns_run(game.tables, p, i)
    last = before + rounds.count.value
    if game.table and game.table.turns and not more:
        last = game.table.turns
    if game.turn < last:
        game.stack.append(("pass",))
        _end_turn(game)
    elif more:
        game.stack.append(("pass_on",))
        _end_turn(game)
    else:
        game.rounds = None
        game.stack.append(("end_turn",))
        _open_last(game, rounds.discard_last)


def _open_last(game: Game, discarded: bool) -> None:
    """After the last turn: a `may play the last card` city plays its last card; with
    `discarding the last cards`, the others' are discarded (without coins)."""
    if discarded:
        game.stack.append(("discard_last",))
    waiting: list[tuple[int, DecisionKind]] = [(seat, "last card") for seat, city in enumerate(game.cities[:game.players])
               if city.play_last and game.hands[seat]]
    if waiting:
        game.chosen = [None] * len(game.cities)
        game.waiting = waiting


def _discard_last(game: Game) -> None:
    for seat in range(len(game.cities)):
        game.discard += game.hands[seat]
        game.hands[seat] = []


def _end_turn(game: Game) -> None:
    """Actions set aside for the end of the turn, then `turn end`; actions that its
    triggers set aside for the end of the turn run at once, still in this turn.  (Without
    `turn end`, `run_pending` runs until nothing is pending: no step is left for after.)"""
    if game.may_act(_TURN_END):
        game.stack.append(("run_pending",))
        game.stack.append(("fire", _TURN_END, None))
    run_pending(game)


def _pass(game: Game) -> None:
    """Hands pass among the players (each to its neighbour in the age's direction, the
    next player seat for left); neutral cities keep theirs."""
    hands = game.hands[:game.players]
    direction = game.passing()
    if direction == "left":
        hands = [hands[-1]] + hands[:-1]
    else:
        hands = hands[1:] + [hands[0]]
    game.hands[:game.players] = hands
    if game.neutrals:
        pass_holders(game, direction)
    game.turn += 1


def _pass_on(game: Game) -> None:
    """The hands pass after the last turn of a `play` that another one follows, whose
    turns then begin (the sequence goes on)."""
    _pass(game)
    game.rounds = None


def _still_fired(fired: dict[str, str], scope: str) -> dict[str, str]:
    """The limits that a new `scope` leaves in force (apart from `reset_limits`, run every
    turn, whose locals a comprehension would make cells)."""
    return {k: v for k, v in fired.items() if v != scope}


def reset_limits(game: Game, scope: str) -> None:
    if game.fired:
        game.fired = _still_fired(game.fired, scope)
    for city in game.cities:
        if city.free_build_used:
            city.renew_free_builds(scope)
        if scope == "turn":
            city.bank_used = 0                # `buy N resources from the bank each turn`



TURN_STEPS: Steps = {"turn": _turn, "open_turn": _open_turn, "after_turn": _after_turn, "open_last": _open_last,
              "discard_last": _discard_last, "end_turn": _end_turn, "pass": _pass, "pass_on": _pass_on}

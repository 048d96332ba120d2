"""The run-time program the engine runs: the rules' actions as operations and their
triggers as hooks, each numbered, made by the compile pass (compile/tables.py `Tables._program`)
before the first game and never during play.

An `Operation` is one action of the rules with what it needs resolved once: its kind's
`run` (called as `op.carry(events, op, seat, where, source)`, no look-up by the action's
type), what it counts compiled into a function of a `Where`, the operation it holds (`at
end of turn, ...`, `each other city: ...`, `may pay ... to ...`) as an operation too.
A `Hook` is one trigger: the number of the event it listens to, its conditions compiled,
its limit, and the operation it carries out.  `Events` numbers the events of the program:
the engine fires, hears and dispatches numbers, never the events' words.  The game's
stack, its pending actions and its chain of triggers hold these, and a save writes each
by its number (`id`: its place in compile/tables.py
`Tables.operations`, the same as the rule object's number in saves made before there
were operations, so those saves load as they were).

Each keeps the rule object it was made of (`node`): what its kind reads of its arguments
(a zone's name, a scope, a price) and what words, bots and checks read of it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from ..kinds.event_base import Event

if TYPE_CHECKING:
    from ..diagnostics import Span
    from ..kinds.base import ActionKind
    from .quantities import Check, Value


@attrs.frozen(slots=True, eq=False)
class Operation:
    """One action of the rules, compiled: `carry(events, op, seat, where, source)` does it."""
    id: int                         # its number in the program (-1: made outside the rules, a test's)
    node: Any                       # the action as the rules wrote it: its arguments, its words
    kind: ActionKind[Any]           # its kind (kinds/actions/): its `idle`, `options`, declarations
    carry: Callable[..., None]      # the kind's `run`, bound
    idle: Callable[..., bool] | None   # the kind's `idle` (events, node, seat), bound; None: it is never idle
    value: Value | None             # what it counts (its kind's `counted`: a gain's amount), compiled
    inner: Operation | None         # the operation it holds and carries out, or None
    compared: Value | None          # `each ... city with fewer VALUE`: the VALUE, compiled
    coins: bool                     # it moves coins to or from the bank (a trigger's coins are logged)
    loss: bool                      # it loses coins (a debt may be settled by a decision)
    span: Span | None               # where the rules write it


@attrs.frozen(slots=True, eq=False)
class Hook:
    """One trigger of the rules, compiled: on `event`, where `check` holds (None: always),
    within its `limit`, it carries out `operation`."""
    id: int                         # its number in the program (as Operation's)
    node: Any                       # the trigger as the rules wrote it (`node.event`: the event's words)
    event: int                      # the number of the event it listens to (Events; -1: no event of the rules)
    check: Check | None             # its conditions, compiled
    operation: Operation
    limit: str | None               # `once per turn|age|game`, or None
    each_neighbour: bool            # tried for each neighbour the city faces
    label: str                      # how the log names it: its name, or its event
    span: Span | None

    @property
    def action(self) -> Any:
        """The action it carries out as the rules wrote it (what the bots weigh of a trigger
        the dispatcher lists: `Dispatcher.listeners`)."""
        return self.operation.node


# The events of their own (Event's members), numbered in Event's order: the same numbers in
# every program, so the engine's steps fire them by constants made once (`FIXED_EVENTS[Event.AGE_END]`).
FIXED_EVENTS: dict[str, int] = {event: number for number, event in enumerate(Event)}


@attrs.frozen(slots=True, eq=False)
class Events:
    """The events of one program, numbered (compile/program.py `number_events`): the events
    of their own first (`FIXED_EVENTS`), then each event of a family that the rules name (a
    trigger's, a law's trigger's, `sit out the next ...`, `partners face ... at ...`), in the
    order the rules name them.  An event no rule names has no number: nothing could hear it,
    so the engine does not fire it.  Saves and logs write an event by its words (`names`)."""
    names: tuple[str, ...]                      # by number: the event's words (`age end`, `blue card built`)
    numbers: dict[str, int]                     # words -> number
    colour_built: dict[str | None, int]         # a colour -> its `COLOUR card built`, for the colours named
    kept_taken: dict[str, int]                  # a kind of token -> its `KIND token taken`, for the kinds named
    sit_out: tuple[tuple[str, int, bool], ...]  # `holders of KIND tokens sit out the next EVENT`: (kind, event, once)
    faced_other: frozenset[int]                 # `partners face their other neighbour instead at EVENT`

    def number(self, words: str) -> int:
        """The number of the event `words`, or -1 when no rule names it (never heard)."""
        return self.numbers.get(words, -1)

"""Decision points: what the game waits for, and the one loop that gets it answered.

The engine never calls out for a choice.  `game.decision()` says what it waits for (a
`Decision`: whose choice, for which city, of what kind, among which options) or None when
the game is over; `game.choose(choice, seat)` takes the answer and runs the game on to
the next decision point.  A turn is a simultaneous node: every player's card is asked for
(`game.decisions()` lists those open at once), the choices are kept as state, and the
turn is resolved when the last arrives.  Between two decision points the game can be
copied (`clone`) and saved (`engine/saves.py`).

`drive` is the loop every caller shares: bots, a person at the terminal, a replayed log,
the simulation runner and the search's imagined games.  A decider is anything with
`decide(game, seat, kind, options)` answering the index of an option, or an action of
its own naming (checked by the engine; interpreter/bots/view.py wraps a plug-in bot,
which answers an index).  The options are listed only when the decider reads them, so a
decider that names its action never pays for every payment of every card.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Callable, Literal, Protocol, Union, cast, runtime_checkable

from ..kinds.actions import ACTIONS, STATEMENTS
from ..kinds.decisions import DECISIONS
from .actions import Action
from .flow.search_log import NoLog

if TYPE_CHECKING:
    from .game import Game

# The names of the kinds of decision, closed: KINDS at run time, DecisionKind for the checker;
# each kind is a module of kinds/decisions/ (`DECISIONS[name]`: what every pass asks of it).
# Held equal here, when the engine is imported, and by tests/test_decisions.py.
DecisionKind = Literal["turn", "neutral turn", "last card", "discard", "draft", "zone", "copy", "debt", "offer",
                       "remove", "put"]
KINDS: tuple[DecisionKind, ...] = ("turn", "neutral turn", "last card", "discard", "draft", "zone", "copy", "debt",
                                   "offer", "remove", "put")


def _check_kinds() -> None:
    """The names are the registry's; the decision an action kind opens and the one a
    phase's statement asks are kinds of it (a phase's, for a statement)."""
    if set(KINDS) != set(DECISIONS) or len(KINDS) != len(DECISIONS):
        raise TypeError(f"engine/decisions.py KINDS {KINDS} are not the kinds of kinds/decisions/ {tuple(DECISIONS)}")
    for node, kind in ACTIONS.items():
        if kind.decision and kind.decision not in DECISIONS:
            raise TypeError(f"the action kind of {node.__name__} opens {kind.decision!r}: no kind of kinds/decisions/")
    for node, statement in STATEMENTS.items():
        if statement.asks and (statement.asks not in DECISIONS or not DECISIONS[statement.asks].phase):
            raise TypeError(f"the statement kind of {node.__name__} asks {statement.asks!r}: no phase's decision kind")


_check_kinds()


@runtime_checkable
class Decider(Protocol):
    """What `drive` asks for a choice: `decide(game, seat, kind, options)` answers the index
    of one of `options` (a `Decision`, or the list a caller hands it), or an action of its
    own naming, which the engine checks against the rules.  Bots (through
    bots/view.py `BotSeat`), a person (commands/human.py), a log (replay.py) and the search's
    imagined players (bots/rollout.py) are deciders; none derives from this class."""

    def decide(self, game: Game, seat: int, kind: str, options: Sequence[Any]) -> int | Action: ...


@runtime_checkable
class NamesLegal(Decider, Protocol):
    """A decider that may say its actions come from the engine's own lists (the search's
    rollout policy): while `names_legal` is true they are not checked a second time."""

    names_legal: bool


@runtime_checkable
class PicksMoves(Decider, Protocol):
    """A decider that may say it always pays the cheapest way: while `picks_moves` is true
    it is asked a turn (or an age's last card) with `decide_move(game, seat, kind)`, an
    action of `actions.legal_moves`, so the turn's payments are not all listed."""

    picks_moves: bool

    def decide_move(self, game: Game, seat: int, kind: str) -> Action: ...


Deciders = Union[Sequence[Decider], Mapping[int, Decider]]     # by player seat


@functools.cache
def _members(protocol: type) -> frozenset[str]:
    """The names a runtime-checkable Protocol asks for (its own and its bases' methods and
    attributes), as typing's `isinstance` reads them."""
    return frozenset(name for base in protocol.__mro__
                     if base.__dict__.get("_is_protocol") and base is not Protocol
                     for name in (*base.__dict__, *base.__dict__.get("__annotations__", {}))
                     if not name.startswith("_"))


_CLASSES: dict[tuple[type, type], bool] = {}     # (class, Protocol): the class itself has every member


def conforms(decider: object, protocol: type) -> bool:
    """`isinstance(decider, protocol)`, known once per class when the class itself holds
    every member (then each of its instances does): typing's check lists the Protocol's
    members at every call, 0.1 ms, which `drive` paid for each seat of each imagined game;
    otherwise its members are looked for on the instance, as typing does."""
    key = (type(decider), protocol)
    known = _CLASSES.get(key)
    if known is None:
        known = _CLASSES[key] = all(hasattr(key[0], name) for name in _members(protocol))
    return known or all(hasattr(decider, name) for name in _members(protocol))   # (typing's own test)


def names_legal(decider: Decider) -> bool:
    """Whether `decider` names only actions taken from the engine's lists (NamesLegal)."""
    return conforms(decider, NamesLegal) and cast(NamesLegal, decider).names_legal


def picks_moves(decider: Decider) -> bool:
    """Whether `decider` is asked its moves with `decide_move` (PicksMoves)."""
    return conforms(decider, PicksMoves) and cast(PicksMoves, decider).picks_moves


class Decision(Sequence[Any]):
    """A choice the game waits for: `by` (a player seat) chooses for the city `seat` a
    `kind` of decision among `options` (computed when first read: a search that names
    its action with `game.choose(action, seat)` never lists every payment).  It is also
    the sequence of its options (what `drive` hands a decider)."""

    __slots__ = ("game", "seat", "by", "kind", "_options")

    def __init__(self, game: Game, seat: int, kind: DecisionKind):
        self.game, self.seat, self.kind = game, seat, kind
        self.by: int = game.holders.get(seat, seat)
        self._options: list[Any] | None = None

    @property
    def options(self) -> list[Any]:
        if self._options is None:
            self._options = self.game.options_for(self.seat, self.kind)
        return self._options

    def __len__(self) -> int:
        return len(self._options if self._options is not None else self.options)

    def __getitem__(self, index: Any) -> Any:
        return (self._options if self._options is not None else self.options)[index]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._options if self._options is not None else self.options)

    def choose(self, choice: int | Action) -> None:
        """Answer this decision: the index of one of its options, or an action (checked
        against the rules); the game then runs on (see Game.choose)."""
        self.game.take_choice(self, choice)

    def __repr__(self) -> str:
        return f"<Decision {self.kind} for seat {self.seat} by {self.by}>"


def drive(game: Game, deciders: Deciders, stop: Callable[[Game], bool] | None = None) -> None:
    """Ask `deciders[decision.by]` for every decision until the game ends (or until
    `stop(game)` is true after a choice).  A `NamesLegal` decider's actions are not
    checked against the rules a second time; a `PicksMoves` decider answers a turn with
    `decide_move` (see those Protocols)."""
    seats = dict(deciders.items() if isinstance(deciders, Mapping) else enumerate(deciders))
    trusted = {by: names_legal(d) for by, d in seats.items()}   # by seat
    movers = {by: cast(PicksMoves, d) for by, d in seats.items() if picks_moves(d)}
    quick = stop is None and all(trusted[by] or by in movers for by in seats)
    while True:
        decision = game.decision()
        if decision is None:
            return
        by = decision.by
        kind = DECISIONS[decision.kind]
        if quick and kind.turn_cards and not game.neutrals:
            _turn_cards(game, decision, seats, movers)
        elif by in movers and kind.moves:
            game.take_choice(decision, movers[by].decide_move(game, decision.seat, decision.kind), True)
        else:
            answer = seats[by].decide(game, decision.seat, decision.kind, decision)
            game.take_choice(decision, answer, trusted[by])
        if stop is not None and stop(game):
            return


def _turn_cards(game: Game, first: Decision, deciders: dict[int, Decider], movers: dict[int, PicksMoves]) -> None:
    """`drive` over a turn's cards when no neutral city plays and every decider's actions
    are taken as listed (random games, the search's imagined games): each card asked for
    in seat order and kept as `Game.take_choice` keeps it, with no `game.decision()`,
    check and `take` per card (a tenth of an imagined game's loop); the turn is then
    resolved as after its last card (`Flow.take`).  tests/test_decisions.py plays the
    same games through both ways."""
    waiting, chosen, logged = game.waiting, game.chosen, type(game.log) is not NoLog
    decision: Decision | None = first
    while waiting:
        seat = waiting[0][0]
        if seat in movers:
            action = movers[seat].decide_move(game, seat, "turn")
        else:
            if decision is None:
                decision = Decision(game, seat, "turn")
            answer = deciders[seat].decide(game, seat, "turn", decision)
            action = answer if type(answer) is Action else decision[answer]
        if logged:
            game._log_choice(seat, "turn", action, seat)
        del waiting[0]
        chosen[seat] = action
        decision = None
    game.resolve_turn()

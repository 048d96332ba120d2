"""The game's machine: a stack of small steps, run until a decision opens.

Each step is a tuple `(name, *arguments)` of plain values and things of the compiled
program (engine/program.py: an action's `Operation`, a trigger's `Hook`, a source); the
step named `name` is `STEPS[name]`, gathered here from the modules of this folder (turn.py,
resolve.py, chains.py, ages_and_end.py, phases.py).  A step may push further steps (they
run before the rest, as a call would) or open decisions (`game.waiting`), which stops the
machine until the choices arrive (`Flow.take`).  Because what is left to do is data, a
game that waits for a choice anywhere can be copied and saved.

Between two turns the stack is empty; what comes next is the rules' sequence of phases,
whose place is `at` (the next statement) and `rounds` (the `play N turns` being played):
`go_on` pushes the next statement when the stack runs out, and after the last, the game's
end.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..actions import Action
from ...kinds.decisions import DECISIONS
from ..laws import refresh as refresh_laws, turned_round
from .ages_and_end import AGE_AND_END_STEPS, game_end
from .answers import ENGINE
from .chains import CHAIN_STEPS
from ...compile.phases import PhaseOp
from .phases import PHASE_STEPS, dealt_at_setup, first_turns, log_phase, turns_run
from .resolve import RESOLVE_STEPS
from .turn import TURN_STEPS
from ...kinds.event_base import Event
from ..program import FIXED_EVENTS
from ..triggers import Dispatcher

if TYPE_CHECKING:
    from ...rulesdata import AgeDef, NeutralDef
    from ...compile import Tables
    from ..city import City
    from ..decisions import DecisionKind

# a step of the stack: its name (a key of STEPS), then its arguments
Step = tuple[Any, ...]
Steps = dict[str, Callable[..., None]]     # each module's steps, by name


class Flow(Dispatcher):
    """The game's machine (mixed into Game, over the dispatcher of events, triggers.py): its
    stack, its open decisions, the choices of the simultaneous decision being collected.
    A Flow is always a Game: the steps, which take the game, are handed `self` (mypy cannot
    know it: `# type: ignore[arg-type]`)."""

    # the game's state the machine reads, set by Game (game.py): declared here for the checker,
    # and only here (annotated again in Game, mypyc's collector would count it twice)
    tables: Tables
    players: int
    neutrals: dict[int, NeutralDef]
    holders: dict[int, int]
    cities: list[City]
    hands: list[list[int]]
    turn: int
    finished: bool
    started: bool
    at: tuple[int, int]
    rounds: tuple[int, int] | None

    @property
    def age(self) -> AgeDef:
        """The age being played, defined by Game (a declaration under `if TYPE_CHECKING:`
        would be a statement mypyc cannot compile in a class body)."""
        raise NotImplementedError("Game.age")

    def reset_flow(self) -> None:
        self.stack: list[Step] = []          # steps still to do in this turn, the next last
        self.waiting: list[tuple[int, DecisionKind]] = []   # open decisions (seat, kind), in asking order
        self.chosen: list[Action | None] = []                # the choices of the turn (or last cards) being collected

    def turns_played(self) -> Any:
        """The `play N turns` statement whose turns are being played."""
        assert self.rounds is not None, "between the turns of a play"
        p, i = self.rounds
        return self.tables.rules.phases[p].steps[i]

    def passing(self, turn: int | None = None) -> str:
        """The way ("left" or "right") the hands pass after the age's turn `turn` (default:
        this one) of the `play` being played: `passing left then right` takes its ways in
        turn, counted from the play's first turn.  Outside a play, the age's first way.  A
        law `hands pass the other way` in force in some city turns it round (the laws in
        force now, also for an earlier `turn`)."""
        if self.rounds is None:
            way = self.age.direction
        else:
            p, i = self.rounds
            rounds = self.tables.rules.phases[p].steps[i]
            way = rounds.direction
            if rounds.then:
                ways = rounds.directions
                way = ways[((self.turn if turn is None else turn) - 1 - turns_run(self.tables, p, i)[0]) % len(ways)]
        if self.tables.has_laws and turned_round(self):     # type: ignore[arg-type]  # (a Flow is a Game)
            return "left" if way == "right" else "right"
        return way

    def between_turns(self) -> bool:
        """Nothing is waiting and nothing is left to do: a turn is over (or the game)."""
        return not self.waiting and not self.stack

    def is_open(self, seat: int, kind: DecisionKind) -> bool:
        """The decision is open now: a neutral city's turn once its holder has chosen."""
        return not DECISIONS[kind].after_holder or self.chosen[self.holders[seat]] is not None

    def advance(self) -> None:
        """Between two turns, start the next one; run until a decision opens or the turn ends.
        The first time, the game's set-up and what the sequence does before its first turn."""
        if self.waiting or self.finished:
            return
        if not self.stack:
            if self.rounds is not None:
                self.stack.append(("turn",))
            if not self.started:
                self.started = True
                self.stack += reversed(self.opening())
                self.stack.append(("fire", FIXED_EVENTS[Event.GAME_SETUP], None))
        self.run()

    def do(self, step: str, *arguments: Any) -> None:
        """Run one step now, with what it leads to (a test sets up a position with it:
        `game.do("start_age")`, `game.do("fire", game.tables.events.number("turn start"), (0,))`)."""
        self.stack.append((step, *arguments))
        self.run()

    def run(self) -> None:
        stack = self.stack
        while not self.waiting:
            if stack:
                step = stack.pop()
                n = len(step)                   # (a call with *arguments is not specialised: the
                if n == 1:                      # common arities are written out)
                    STEPS[step[0]](self)
                elif n == 2:
                    STEPS[step[0]](self, step[1])
                elif n == 3:
                    STEPS[step[0]](self, step[1], step[2])
                elif n == 5:                    # `run`, `trigger_done`
                    STEPS[step[0]](self, step[1], step[2], step[3], step[4])
                elif n == 6:                    # `trigger`
                    STEPS[step[0]](self, step[1], step[2], step[3], step[4], step[5])
                else:
                    STEPS[step[0]](self, *step[1:])
            elif not self.started or self.rounds is not None or not self.go_on():
                break
        if self.tables.has_laws:              # the game stops here: the laws in force now
            refresh_laws(self)                # type: ignore[arg-type]  # (a Flow is a Game)

    def go_on(self) -> bool:
        """Nothing is left of the statement running: the next statement of the rules'
        sequence of phases, or after the last, the game's end.  False when it has ended."""
        rules = self.tables.rules
        sequence = rules.sequence
        k, i = self.at
        while k < len(sequence):
            phase = rules.phases[sequence[k]]
            if i < len(phase.steps):
                self.at = (k, i + 1)
                self.stack.append(("phase_step", sequence[k], i))
                if i == 0:
                    log_phase(self, sequence[k])     # type: ignore[arg-type]  # (a Game)
                return True
            k, i = k + 1, 0
        if k > len(sequence):
            return False
        self.at = (k + 1, 0)
        game_end(self)                        # type: ignore[arg-type]  # (a Flow is a Game)
        return True

    def opening(self) -> list[Step]:
        """The steps before the turns where a new game stands, in order: from the start
        of the sequence, but the first hands dealt at set-up; or, when the game was set
        to stand in a later age (`deal_age()`), that age's phase after its deal."""
        rules = self.tables.rules
        assert self.rounds is not None, "a new game stands before a turn"
        sequence, k, turns = rules.sequence, self.at[0], self.rounds[1]
        start = 0 if first_turns(self.tables)[0] == k else k
        steps: list[Step] = []
        for j in range(start, k + 1):
            p = sequence[j]
            phase = rules.phases[p]
            first = 0
            if j == 0 and dealt_at_setup(self.tables) or j == start != 0:
                first = self.tables.phase_ops[p].index(PhaseOp.AGE_DEAL) + 1
            if first == 0:
                steps.append(("phase_log", p))
            steps += [("phase_step", p, n) for n in range(first, turns if j == k else len(phase.steps))]
        return steps

    def reopen(self, player: int) -> None:
        """Take back the choices collected at this decision point that `player` did not
        make: a player imagining the game (search) cannot know them."""
        if not self.chosen:
            return
        hands = self.hands
        for seat, action in enumerate(self.chosen):
            by = self.holders.get(seat, seat)
            if action is None or by == player:
                continue
            neutral = self.neutrals.get(seat)
            if neutral is not None and neutral.pile:
                hands[seat].remove(action.card)
                hands[by].append(action.card)
            self.chosen[seat] = None
        # the point's kind (a turn's and a neutral city's turn reopen alike)
        DECISIONS[self.waiting[0][1] if self.waiting else "turn"].reopen(self, ENGINE)

    def take(self, seat: int, kind: DecisionKind, action: Action) -> None:
        """A choice has arrived (already checked): keep it, and when it is the last one
        of its decision point, go on."""
        self.waiting.remove((seat, kind))
        if DECISIONS[kind].answer(self, seat, action, ENGINE):     # kept, or carried out (kinds/decisions/)
            self.run()

    def resolve_turn(self) -> None:
        """Every choice of the turn has arrived: resolve them, and run on."""
        self.stack.append(("resolve", tuple(self.chosen)))
        self.chosen = []
        self.run()


STEPS: Steps = {**TURN_STEPS, **AGE_AND_END_STEPS, **RESOLVE_STEPS, **CHAIN_STEPS, **PHASE_STEPS}

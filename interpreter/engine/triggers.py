"""Events and the triggers that listen to them.

When an event happens, triggers fire seat by seat (seat order), and for each seat the
rules' own triggers first, then those of the seat's board, its built stages and its
buildings in the order they came into play, each in declaration order.  A trigger fires
only if its limit (once per turn, age or game) allows and its conditions hold; a
`for each neighbour` trigger is tried for the left neighbour, then the right one.  The
conditions of every seat are read as the event happens, before any trigger of it acts.

Actions can cause events (building a card fires `building built`), so triggers can cause
triggers.  A chain deeper than MAX_DEPTH is stopped with TriggerLoop, which names the
content lines of the triggers involved.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, cast

from ..diagnostics import Note
from .options import build_options_from, card_copy_options, offer_options, removal_options, stage_copy_options
from .placed import put_from, put_options, remove_built
from .flow.phases import ask_zone_play, draw_into, zone_options
from .flow.search_log import NoLog
from .held import Heard
from .quantities import Where, where_in
from .teams import faced
from .tokens import LIMIT, bounded, give_back, take_kept, worth_under_laws
from ..errors import WondersError
from ..kinds.event_base import Event
from .program import FIXED_EVENTS

if TYPE_CHECKING:
    from .city import City
    from .decisions import DecisionKind
    from .game import Game
    from .program import Hook, Operation

MAX_DEPTH = 25
_new_where = tuple.__new__
# the events the dispatcher fires itself, by number (engine/program.py FIXED_EVENTS)
BANK_COINS = FIXED_EVENTS[Event.COINS_TAKEN_FROM_THE_BANK]     # a `gain` or a sale; never a neighbour's payment
_VICTORY_TAKEN, _DEFEAT_TAKEN = FIXED_EVENTS[Event.VICTORY_TOKEN_TAKEN], FIXED_EVENTS[Event.DEFEAT_TOKEN_TAKEN]
# a trigger listening, as (key, its hook, its conditions compiled or None): the hook's own
# conditions, or with a law's (engine/laws.py)
Listener = Heard
# a trigger due, as (seat, key, hook, neighbour seat, event's number)
Due = tuple[int, str, "Hook", int | None, int]
def log_coins(game: Game, seat: int, change: int, owner: int, source: str) -> None:
    """A city's coins changed by an action of `owner`'s `source` (a card, a stage or a
    trigger) done in it, in the log."""
    if change and type(game.log) is not NoLog:
        game.log.append({"event": "coins", "seat": seat, "change": change, "source": source, "by": owner})


def copy_stage(game: Game, seat: int, choice: Any) -> None:
    """`copy stage N of ...`: the city has the stage's lasting effects from now on, and its
    `when built` actions run for it now (its `at end of turn` ones are set aside)."""
    stage = game.cities[seat].add_stage_copy(choice.card, choice.stage)
    game.log.append({"event": "resolve", "seat": seat, "paid": [], "action": choice.label(game.tables),
                     "coins": game.cities[seat].coins})
    game.pending += [(seat, op, stage.name) for op in stage.run.turn_end]
    for op in reversed(stage.run.when_built):
        game.stack.append(("run", op, seat, None, stage.name))


class TriggerLoop(WondersError):
    """Triggers that keep causing each other: the content lines involved are in `notes`;
    `depth`, `event` and `fired` (each trigger's event and span) let the command that
    shows it word it in the reader's language (the engine speaks no language of its own).
    `event` is the event's words (engine/program.py `Events.names`)."""

    def __init__(self, event: str, stack: Sequence[Hook]) -> None:
        self.event = event
        self.depth = MAX_DEPTH
        distinct = list({id(t): t for t in stack}.values())
        self.fired = tuple((t.node.event, t.span) for t in distinct[-6:])
        self.notes = tuple(Note(f"`on {e}` fires here", span) for e, span in self.fired)
        super().__init__(f"triggers caused each other more than {MAX_DEPTH} times in a row "
                         f"(the last event was `{event}`)")


# The dispatcher's parts of a game's state (engine/game.py STATE): the chain of triggers
# acting, the rules' listeners (shared), the Wheres made so far, the laws' triggers in force.
EVENT_STATE = ("acting", "rule_triggers", "heard", "sit_out", "wheres", "law_triggers")


class Dispatcher:
    """The game's events and what actions do, mixed into Game (under its machine, Flow):
    `game.events` is the game itself, so the kinds and the steps that are handed the events
    hold no second object that would hold the game (a game and a dispatcher of its own
    would hold each other, and a finished game, an imagined one among thousands a search,
    would wait for the cyclic collector; a compiled game cannot be held weakly)."""

    def reset_events(self) -> None:
        """The dispatcher's parts for a game just made or loaded (its tables set)."""
        tables = self.game.tables
        self.acting: list[Hook] = []          # the triggers acting, the latest last
        self.rule_triggers = tables.rule_listeners     # compiled (compile/tables.py `Tables.rule_listeners`, `heard`)
        self.heard = tables.heard              # the numbers of the events heard (engine/program.py `Events`)
        self.sit_out = tables.events.sit_out   # read at every event: kept at hand
        self.wheres: dict[tuple[int, int | None, int], Where] = {}
        self.law_triggers: dict[int, list[Listener]] = {}    # event -> the laws' triggers in force (engine/laws.py)

    def copy_events_to(self, other: Dispatcher) -> None:
        """The same parts for a copy of the game (the rules' trigger index shared, the chain
        of triggers acting now copied, the Wheres made afresh for the copy's cities)."""
        other.reset_events()
        other.acting = self.acting[:]
        other.law_triggers = self.law_triggers

    @property
    def events(self) -> Dispatcher:
        """What the kinds' actions and the steps are handed: the game itself."""
        return self

    @property
    def game(self) -> Game:
        return cast("Game", self)

    def where(self, seat: int, neighbour: City | int | None = None) -> Where:
        """What an action or condition of `seat` reads; `neighbour` is a city or its seat.
        (A Where holds the live cities, so one is made per seat, neighbour and age.)"""
        game = self.game
        at = neighbour if type(neighbour) is int or neighbour is None else neighbour.seat  # type: ignore[union-attr]
        key = (seat, at, game.age_index)
        found = self.wheres.get(key)
        if found is None:
            left, right = game.neighbours(seat)
            age = game.age
            found = self.wheres[key] = _new_where(Where, (game.cities[seat], left, right,   # (`Where(...)` without
                                                  None if at is None else game.cities[at],     # its defaults' call)
                                                  tuple(game.cities), age.number, age.victory, None))
        return found

    def may_act(self, event: int) -> bool:
        """Whether `event` can do anything: some trigger of the rules listens to it, or the
        rules make cities sit events out (which spends tokens).  The engine does not
        schedule the others (most events of the base game)."""
        return event in self.heard or bool(self.sit_out)

    def listeners(self, seat: int, event: int) -> Sequence[Listener]:
        """The rules' triggers for `event`, then the city's (kept by City as it grows:
        `heard_by`), then the laws', as (key, hook, its conditions compiled or None): one
        of the three as it is kept when the others are empty (to read, not to change)."""
        rules = self.rule_triggers.get(event)
        own = self.game.cities[seat].heard_by.get(event)
        laws = self.law_triggers.get(event)
        if not laws:
            if not own:
                return rules or ()
            return [*rules, *own] if rules else own
        return [*(rules or ()), *(own or ()), *laws]

    def fire(self, event: int, seats: Iterable[int] | None = None) -> None:
        """Make `event` (its number: engine/program.py `Events`) happen next (its triggers
        act when the game runs on)."""
        self.game.stack.append(("fire", event, None if seats is None else tuple(seats)))

    def due(self, event: int, seats: Iterable[int] | None = None) -> list[Due]:
        """The triggers `event` sets off, in order, as (seat, key, hook, neighbour seat,
        event).  Every seat's conditions are read first, then the triggers whose conditions
        held act: an event happens to all cities at once, so "the city with the fewest coins
        gains 2" gives to each city that had the fewest, whatever the others gain first."""
        sitting, once = self.sitting_out(event) if self.sit_out else (None, None)
        if event not in self.heard:
            return []                         # the common case: nothing in these rules listens
        game = self.game
        plain = sitting is None and once is None and event not in game.tables.events.faced_other
        due: list[Due] = []
        for seat in range(len(game.cities)) if seats is None else seats:
            sides: list[tuple[int, Where]] | None = None   # (neighbour seat, its Where) of each neighbour faced
            for key, trigger, check in self.listeners(seat, event):
                if not trigger.each_neighbour:
                    if check is None or check(self.where(seat)):
                        due.append((seat, key, trigger, None, event))
                    continue
                if sitting is not None and seat in sitting:
                    continue                  # sits this event out
                if sides is None or not plain:
                    neighbours = game.neighbours(seat) if plain else faced(game, seat, event, sitting, once)
                    sides = self._sides(seat, neighbours)
                for neighbour, where in sides:
                    if check is None or check(where):
                        due.append((seat, key, trigger, neighbour, event))
        return due

    def _sides(self, seat: int, neighbours: Iterable[City]) -> list[tuple[int, Where]]:
        """(seat, Where) of each neighbour `seat` faces (apart from `due`, whose locals a
        comprehension would make cells)."""
        return [(n.seat, self.where(seat, n)) for n in neighbours]

    def lose(self, seat: int, amount: int, paid: int | None = None) -> None:
        """The city loses `amount` coins; under `coins owed become KIND tokens`, what it does
        not pay (cannot, or with `may`, chooses `paid` coins only) becomes tokens of that kind."""
        city = self.game.cities[seat]
        debt = self.game.tables.rules.debt
        if debt is None or amount <= 0:
            city.coins = bounded(city.coins - amount)
            return
        amount = min(amount, LIMIT)
        paid = min(amount, city.coins) if paid is None else max(0, min(paid, amount, city.coins))
        city.coins -= paid
        if amount > paid:
            take_kept(city, debt, amount - paid)
            self.game.log.append({"event": "debt", "seat": seat, "kind": debt, "count": amount - paid})

    def group(self, seat: int, action: Any) -> list[int]:
        """The seats an `each ...:` action of the rules acts in (`group_of` its operation:
        what the bots ask)."""
        return self.group_of(seat, self.game.tables.operation_of(action))

    def group_of(self, seat: int, op: Operation) -> list[int]:
        """The seats an `each ...:` operation acts in, in seat order from the owner's left;
        with `with fewer VALUE` (`more`), those whose VALUE (`op.compared`), counted as if
        each were the owner, is below (above) the owner's."""
        n = len(self.game.cities)
        action = op.node
        group = action.group
        if group == "neighbours":
            seats = [s for s in dict.fromkeys(((seat + 1) % n, (seat - 1) % n)) if s != seat]
        else:
            others = [(seat + k) % n for k in range(1, n)]
            seats = others + [seat] if group == "every" else others
        value = op.compared
        if value is None:
            return seats
        owner = self.where(seat)
        mine = value(owner)
        cities = self.game.cities
        values = {s: value(where_in(owner, cities[s])) for s in seats}
        return [s for s in seats if (values[s] < mine if action.compare == "fewer" else values[s] > mine)]

    def sitting_out(self, event: int) -> tuple[frozenset[int] | None, frozenset[int] | None]:
        """The seats that sit `event` out (`holders of KIND tokens sit out the next EVENT`)
        and those that face each city once at it (`... face each city once at ...`), each
        giving up one token as it does; None for either when no city does."""
        if not self.sit_out:
            return None, None                 # the common case: every event, kept off the hot path
        sitting: set[int] = set()
        once: set[int] = set()
        for kind, at, face_once in self.sit_out:
            if at != event:
                continue
            for city in self.game.cities:
                if city.kept.get(kind):
                    city.kept[kind] -= 1
                    if not city.kept[kind]:
                        del city.kept[kind]
                    (once if face_once else sitting).add(city.seat)
                    self.game.log.append({"event": "faces once" if face_once else "sits out",
                                          "seat": city.seat, "kind": kind,
                                          "at": self.game.tables.events.names[event]})
        return frozenset(sitting) or None, frozenset(once) or None

    def idle(self, op: Operation, seat: int) -> bool:
        """True when the operation would do nothing now (building from an empty pile)."""
        return op.idle is not None and op.idle(self, op.node, seat)

    def build_options_from_discard(self, seat: int) -> list[Any]:
        """What the city may build from the discard pile now."""
        return build_options_from(self.game, seat, self.game.discard)

    def card_copy_options(self, seat: int, action: Any) -> list[Any]:
        """The cards a `copy a ... card` (`copy the last card built by ...`) may copy now
        (engine/actions.py)."""
        return card_copy_options(self.game, seat, action)

    def stage_copy_options(self, seat: int, action: Any) -> list[Any]:
        """The stages a `copy stage N of ...` may copy now (engine/actions.py)."""
        return stage_copy_options(self.game, seat, action)

    def copy_stage(self, seat: int, choice: Any) -> None:
        """The city copies the stage chosen (`copy_stage`)."""
        copy_stage(self.game, seat, choice)

    def put_options(self, seat: int, action: Any) -> list[Any]:
        """The cards `put a ... card from "Z" into "T"` may move (engine/placed.py)."""
        return put_options(self.game, seat, action)

    def put_from(self, seat: int, action: Any, choice: Any) -> None:
        put_from(self.game, seat, action, choice)

    def removal_options(self, seat: int, action: Any) -> list[Any]:
        """The cards a card moved may take from the city `seat` (engine/actions.py)."""
        return removal_options(self.game, seat, action)

    def remove_built(self, seat: int, choice: Any, action: Any, owner: int) -> None:
        """The card chosen leaves the city `seat` (or `owner`'s zone) (engine/placed.py)."""
        remove_built(self.game, seat, choice, action, owner)

    def draw_into(self, seat: int, action: Any) -> None:
        """`draw N cards from deck "D" into "Z"` for the city (flow/phases.py)."""
        draw_into(self.game, action, seat)

    def zone_options(self, seat: int, action: Any) -> list[Any]:
        """What the city may do with a card of the zone a play from it names (flow/phases.py)."""
        return zone_options(self.game, seat, action)

    def play_from_zone(self, seat: int, op: Operation) -> None:
        """`when built: build a card from "Z"`: the owner is asked (a decision of kind "zone")
        when it may play a card of the zone (flow/phases.py `ask_zone_play`)."""
        ask_zone_play(self.game, op, seat)

    def offer(self, seat: int, op: Operation, neighbour: int | None, source: str) -> None:
        """`may pay PRICE to ACTION`: the owner is asked, when it can pay the price at all
        (`options.offer_options`); the step left under the decision carries out the answer
        (flow/chains.py `offer_taken`, from Flow.take)."""
        game = self.game
        game.stack.append(("offer", op, seat, neighbour, source))
        if len(offer_options(game, seat)) > 1:
            game.waiting = [(seat, "offer")]
        else:
            game.stack.pop()                  # it cannot pay: nothing to choose, nothing done

    def ask(self, seat: int, decision: DecisionKind, step: tuple[Any, ...]) -> None:
        """The city is asked a decision of kind `decision` (engine/decisions.py KINDS) in the
        middle of the chain; `step`, left on the game's stack under it, holds what its
        options read (`game.options`) and is popped when it is answered."""
        game = self.game
        game.stack.append(step)
        game.waiting = [(seat, decision)]

    def run_operation(self, op: Operation, seat: int, where: Where, source: str = "") -> None:
        """Carry out one operation for `seat` (an action that is a player's choice opens its
        decision, `game.waiting`)."""
        op.carry(self, op, seat, where, source)

    def gain(self, seat: int, amount: int) -> None:
        """The city takes `amount` coins from the bank (`coins taken from the bank` fires)."""
        city = self.game.cities[seat]
        before = city.coins
        city.coins = bounded(city.coins + amount)
        if city.coins > before and BANK_COINS in self.heard:
            self.fire(BANK_COINS, (seat,))

    def take_kept_tokens(self, seat: int, kind: str, count: int, source: str) -> None:
        """The city takes `count` tokens of a kept kind (`KIND token taken` fires)."""
        take_kept(self.game.cities[seat], kind, count)
        if count > 0 and type(self.game.log) is not NoLog:
            self.game.log.append({"event": "kept", "seat": seat, "kind": kind, "count": min(count, LIMIT),
                                  "source": source})
        if count > 0:
            event = self.game.tables.events.kept_taken.get(kind, -1)
            if event in self.heard:
                self.fire(event, (seat,))

    def run_in(self, op: Operation, target: int, owner: int, source: str) -> None:
        """An `each ...:` action carried out in one city: the coins it gives or takes there
        are logged (the owner's own gains show in its turn's line or its trigger's)."""
        city = self.game.cities[target]
        before = city.coins
        op.carry(self, op, target, self.where(target), source)
        log_coins(self.game, target, city.coins - before, owner, source)

    def take_token(self, seat: int, value: int, where: Where) -> None:
        """The city takes a military token worth `value` (`where.neighbour`: the city it
        faces, which takes a defeat token under `defeat tokens go to the neighbour`)."""
        game = self.game
        city = game.cities[seat]
        value = max(-LIMIT, min(LIMIT, value))
        against = where.neighbour.seat if where.neighbour is not None else None
        if value < 0 and against is not None and city.gives_defeats:
            seat, against, city = against, seat, cast("City", where.neighbour)     # `defeat tokens go to the neighbour`
        if value and city.laws:               # `victory tokens taken are worth 2 less`: a token at 0 is not taken
            value = worth_under_laws(city.laws, value, against is not None)
            if not value:
                return
        city.tokens.append(value)
        if city.shields_per:
            city.count_shields()              # `shields N per defeat token`
        if type(game.log) is not NoLog:       # a search copy keeps no log
            game.log.append({"event": "token", "seat": seat, "value": value, "against": against})
        if value:
            event = _VICTORY_TAKEN if value > 0 else _DEFEAT_TAKEN
            if event in self.heard:
                self.fire(event, (seat,))

    def later(self, seat: int, op: Operation, source: str) -> None:
        """The operation waits for the end of the turn (`at end of turn, ...` from a trigger)."""
        self.game.pending.append((seat, op, source))

    def give_back_tokens(self, seat: int, what: str, kind: str | None, count: int | None, source: str) -> None:
        """`discard N victory|defeat|KIND tokens`: given back (`give_back`; `count` None: all),
        in the log; no event fires (giving back is not taking)."""
        city = self.game.cities[seat]
        gone = give_back(city, what, kind, count)
        if gone and type(self.game.log) is not NoLog:
            entry: dict[str, Any] = {"event": "given back", "seat": seat, "kind": kind or what, "count": len(gone),
                     "source": source}
            if kind is None:
                entry["values"] = gone
            self.game.log.append(entry)

    def gain_shields(self, seat: int, count: int, source: str) -> None:
        """`gain N shields`: lasting shields of the city (a count below 1 gives none)."""
        count = min(LIMIT, count)
        city = self.game.cities[seat]
        if count > 0:
            city.gain_shields(count)
            if type(self.game.log) is not NoLog:
                self.game.log.append({"event": "shields", "seat": seat, "count": count, "source": source})

    def lose_board(self, seat: int, source: str) -> None:
        """`lose the board production`: for the rest of the game (engine/city.py
        `lose_board`), logged the first time."""
        city = self.game.cities[seat]
        if city.board_lost:
            return
        city.lose_board()
        if type(self.game.log) is not NoLog:
            self.game.log.append({"event": "board lost", "seat": seat, "source": source})


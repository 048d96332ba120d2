"""How a game runs between two decision points: a stack of small steps.

Each step is a tuple `(name, *arguments)` of plain values and compiled rule objects; the
step named `name` is `STEPS[name]` below.  A step may push further steps (they run before
the rest, as a call would) or open decisions (`game.waiting`), which stops the machine
until the choices arrive (Game.choose).  Because what is left to do is data, a game that
waits for a choice anywhere (a turn's cards, an age's last card, a card from the discard
pile in the middle of a trigger chain) can be copied and saved.

One turn, as steps: `turn` (limits reset, `turn start` fires) -> `open_turn` (neutral
draws, every player's card asked for) -> `resolve` (cards placed, then each one's
effects: `resolve_one`, `built`, `fire`, `trigger`, `run`) -> `after_turn` -> after the
last turn of a `play N turns`, `open_last` (the last cards) -> `end_turn` -> `pass`.

Between two turns the stack is empty; what comes next is the rules' sequence of phases,
whose place is `at` (the next statement) and `rounds` (the `play N turns` being played):
`go_on` pushes the next statement when the stack runs out (engine/phases.py runs it), and
after the last, the game's end.
"""

from __future__ import annotations

from ..syntax import ast
from .actions import Action, copy_options
from .discounts import coins_paid
from .quantities import per_value
from .neutral import draw_for_neutrals, pass_holders, set_holders
from ..check.model import AgeDeal
from .phases import (PHASE_KINDS, PHASE_STEPS, ask_zone_play, dealt_at_setup, draw_into, first_turns, log_phase,
                     phase_steps, reopen_phase)
from .triggers import BANK_COINS, MAX_DEPTH, TriggerLoop


class NoLog(list):
    """The log of a search copy: entries are dropped (search never reads them)."""

    def append(self, entry) -> None:
        pass


class Flow:
    """The game's machine (mixed into Game): its stack, its open decisions, the choices of
    the simultaneous decision being collected."""

    def reset_flow(self) -> None:
        self.stack: list[tuple] = []          # steps still to do in this turn, the next last
        self.waiting: list[tuple[int, str]] = []   # open decisions (seat, kind), in asking order
        self.chosen: list = []                # the choices of the turn (or last cards) being collected

    def turns_played(self):
        """The `play N turns` statement whose turns are being played."""
        p, i = self.rounds
        return self.tables.rules.phases[p].steps[i]

    def between_turns(self) -> bool:
        """Nothing is waiting and nothing is left to do: a turn is over (or the game)."""
        return not self.waiting and not self.stack

    def is_open(self, seat: int, kind: str) -> bool:
        return kind != "neutral turn" or self.chosen[self.holders[seat]] is not None

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
                self.stack.append(("fire", "game setup", None))
        self.run()

    def do(self, step: str, *arguments) -> None:
        """Run one step now, with what it leads to (a test sets up a position with it:
        `game.do("start_age")`, `game.do("fire", "turn start", (0,))`)."""
        self.stack.append((step, *arguments))
        self.run()

    def run(self) -> None:
        stack = self.stack
        while not self.waiting:
            if stack:
                step = stack.pop()
                STEPS[step[0]](self, *step[1:])
            elif not self.started or self.rounds is not None or not self.go_on():
                return

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
                    log_phase(self, sequence[k])
                return True
            k, i = k + 1, 0
        if k > len(sequence):
            return False
        self.at = (k + 1, 0)
        _game_end(self)
        return True

    def opening(self) -> list[tuple]:
        """The steps before the turns where a new game stands, in order: from the start
        of the sequence, but the first hands dealt at set-up; or, when the game was set
        to stand in a later age (`deal_age()`), that age's phase after its deal."""
        rules = self.tables.rules
        sequence, k, turns = rules.sequence, self.at[0], self.rounds[1]
        start = 0 if first_turns(rules)[0] == k else k
        steps = []
        for j in range(start, k + 1):
            p = sequence[j]
            phase = rules.phases[p]
            first = 0
            if j == 0 and dealt_at_setup(rules) or j == start != 0:
                first = next(n for n, s in enumerate(phase.steps) if isinstance(s, AgeDeal)) + 1
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
        kinds = {kind for _seat, kind in self.waiting}
        phase = kinds.intersection(PHASE_KINDS)
        if phase:
            reopen_phase(self, phase.pop())
            return
        if "last card" in kinds:
            self.waiting = [(s, "last card") for s, a in enumerate(self.chosen[:self.players])
                            if a is None and self.cities[s].play_last and hands[s]]
            return
        waiting = []
        for seat in range(self.players):
            if self.chosen[seat] is None:
                waiting.append((seat, "turn"))
            waiting += [(n, "neutral turn") for n in self.neutrals
                        if self.holders.get(n) == seat and self.chosen[n] is None]
        self.waiting = waiting

    def take(self, seat: int, kind: str, action: Action) -> None:
        """A choice has arrived (already checked): keep it, and when it is the last one
        of its decision point, go on."""
        waiting = self.waiting
        waiting.remove((seat, kind))
        if kind == "turn" and waiting and not self.neutrals:
            self.chosen[seat] = action        # the common case: more cards of the turn to come
            return
        if kind == "discard":
            _build_from_discard(self, seat, action)
        elif kind == "debt":                  # the coins paid go into the waiting settle step
            step = self.stack.pop()
            self.stack.append(step[:3] + (action.left,))
        elif kind == "copy":
            _copy_card(self, seat, action)
        elif kind in PHASE_KINDS:                   # carried out by the phase's step under it
            self.chosen[seat] = action
        else:
            self.chosen[seat] = action
            neutral = self.neutrals.get(seat)
            if neutral is not None and neutral.pile:      # the card leaves the holder's hand for the city's
                holder = self.holders[seat]
                self.hands[holder].remove(action.card)
                self.hands[seat].append(action.card)
            if not self.waiting:
                self.stack.append(("resolve", tuple(self.chosen)))
                self.chosen = []
        self.run()


# ------------------------------------------------------------------------- a turn
def _turn(game) -> None:
    _reset_limits(game, "turn")
    game.stack.append(("open_turn",))
    _fire(game, "turn start", None)


def _open_turn(game) -> None:
    """Every player's card is asked for at once; a neutral city's turn is asked of its
    holder once the holder has chosen its own (its options may depend on it)."""
    game.stack.append(("after_turn",))
    if game.neutrals:
        waiting = []
        for seat in range(game.players):
            draw_for_neutrals(game, seat)
            waiting.append((seat, "turn"))
            waiting += [(n, "neutral turn") for n in game.neutrals if game.holders.get(n) == seat]
    else:
        waiting = [(seat, "turn") for seat in range(game.players)]
    game.chosen = [None] * len(game.cities)
    game.waiting = waiting


def _after_turn(game) -> None:
    """After the last turn of a `play N turns` (N: the table's `turns` if it says), its
    last cards, then the turn's end; the sequence then goes on."""
    rounds = game.turns_played()
    count = game.table.turns if game.table and game.table.turns else rounds.count.value
    if game.turn >= count:
        game.rounds = None
        game.stack.append(("end_turn",))
        _open_last(game, rounds.discard_last)
    else:
        game.stack.append(("pass",))
        _end_turn(game)


def _open_last(game, discarded: bool) -> None:
    """After the last turn: a `may play the last card` city plays its last card; with
    `discarding the last cards`, the others' are discarded (without coins)."""
    if discarded:
        game.stack.append(("discard_last",))
    waiting = [(seat, "last card") for seat, city in enumerate(game.cities[:game.players])
               if city.play_last and game.hands[seat]]
    if waiting:
        game.chosen = [None] * len(game.cities)
        game.waiting = waiting


def _discard_last(game) -> None:
    for seat in range(len(game.cities)):
        game.discard += game.hands[seat]
        game.hands[seat] = []


def _end_turn(game) -> None:
    """Actions set aside for the end of the turn, then `turn end`; actions that its
    triggers set aside for the end of the turn run at once, still in this turn."""
    game.stack.append(("run_pending",))
    if game.events.may_act("turn end"):
        game.stack.append(("fire", "turn end", None))
    _run_pending(game)


def _pass(game) -> None:
    """Hands pass among the players (each to its neighbour in the age's direction, the
    next player seat for left); neutral cities keep theirs."""
    hands = game.hands[:game.players]
    direction = game.turns_played().direction
    if direction == "left":
        hands = [hands[-1]] + hands[:-1]
    else:
        hands = hands[1:] + [hands[0]]
    game.hands[:game.players] = hands
    pass_holders(game, direction)
    game.turn += 1


def _reset_limits(game, scope: str) -> None:
    if game.fired:
        game.fired = {k: v for k, v in game.fired.items() if v != scope}
    for city in game.cities:
        if city.free_build_used:
            city.renew_free_builds(scope)
        if scope == "turn":
            city.bank_used = 0                # `buy N resources from the bank each turn`


# ------------------------------------------------------------------------- ages and the end
def _start_age(game, number: int | None = None) -> None:
    """`start age N`: the age is age N (the ages are numbered from I without gaps);
    `age start` fires, then the phases at the start of this age run."""
    if number is not None:
        game.age_index = number - 1
    _reset_limits(game, "age")
    set_holders(game)
    game.stack += phase_steps(game.tables.rules, "start", game.age.number)
    _fire(game, "age start", None)


def _end_age(game) -> None:
    """`end age N`: `age end` fires (the military conflicts), then what its triggers set
    aside for the end of the turn (this is still the age's last turn)."""
    if type(game.log) is not NoLog:
        game.log.append({"event": "age end", "age": game.age.number, "shields": [c.shields for c in game.cities]})
    game.stack.append(("run_pending",))
    _fire(game, "age end", None)


def _game_end(game) -> None:
    """After the sequence's last phase: each city's game-end actions, `game end`, then the
    score pad."""
    game.stack += [("finish",), ("run_pending",), ("fire", "game end", None)]
    game.stack += [("game_end_city", seat) for seat in reversed(range(len(game.cities)))]


def _game_end_city(game, seat: int) -> None:
    steps = [("run", action, seat, None, source.name)
             for source in list(game.cities[seat].owned_sources()) for action in source.game_end
             if not isinstance(action, (ast.CopyCard, ast.CopySymbol))]     # copies are scoring choices
    game.stack += reversed(steps)


def _finish(game) -> None:
    game.finished = True
    if type(game.log) is not NoLog:
        scores = game.scores()
        game.log.append({"event": "end", "scores": scores, "winners": game.winners(scores)})


# ------------------------------------------------------------------------- resolving
def _resolve(game, choices: tuple) -> None:
    """1. every card is placed, every price paid; then, seat by seat, coins move and
    effects apply (`resolve_one`); 3. the log shows the coins after the turn."""
    hands, cities, cards = game.hands, game.cities, game.tables.cards
    placed = []
    for seat, action in enumerate(choices):
        if action is None:
            continue
        kind, index, left, right, free, bank = action    # unpacked: a named tuple's fields are slow to read
        city = cities[seat]
        hands[seat].remove(index)
        stage = -1
        if kind == "build":
            card = cards[index]
            if not free:
                city.coins -= coins_paid(game, seat, card) + left + right + bank
                if bank:
                    city.bank_used += bank // city.bank[1]
            elif free.startswith("power"):
                city.use_free_build(free.partition(" ")[2])
            city.add_card(card)
        elif kind == "stage":
            stage = city.stages
            city.coins -= coins_paid(game, seat, city.side.stages[stage]) + left + right + bank
            if bank:
                city.bank_used += bank // city.bank[1]
            city.add_stage()
            city.under_stages.append(index)
        else:
            game.discard.append(index)
        placed.append((seat, action, stage))
    if type(game.log) is not NoLog:       # a search copy writes no log: no step for it
        game.stack.append(("resolve_log", tuple([(seat, action) for seat, action, _ in placed])))
    # each city's effects in seat order, at once while they set nothing going; the cities
    # after one that did are left as steps under what it set going (which runs first)
    stack = game.stack
    for n, p in enumerate(placed):
        depth = len(stack)
        _resolve_one(game, *p)
        if len(stack) > depth and n + 1 < len(placed):
            stack[depth:depth] = [("resolve_one", *q) for q in reversed(placed[n + 1:])]
            return


def _resolve_one(game, seat: int, action: Action, stage: int) -> None:
    kind, index, to_left, to_right, free, _bank = action
    city = game.cities[seat]
    if to_left or to_right:
        left, right = game.neighbours(seat)
        left.coins += to_left
        right.coins += to_right
    if kind == "sell":
        city.coins += game.tables.rules.sell_coins
        if game.tables.rules.sell_coins > 0:
            _heard(game, BANK_COINS, seat)
        _fire(game, "card sold", (seat,))
    else:
        source = game.tables.cards[index] if kind == "build" else city.side.stages[stage]
        if free == "chain":
            _heard(game, "building built by chain", seat)
        _built(game, seat, source)
    if to_left:
        _heard(game, "resources bought", seat)
    if to_right:
        _heard(game, "resources bought", seat)


def _resolve_log(game, placed: tuple) -> None:
    if type(game.log) is NoLog:
        return
    cities, tables = game.cities, game.tables
    for seat, action in placed:
        paid = []
        if action.left or action.right:               # who sits where: Game.neighbours, asked only on a trade
            paid = [[city.seat, coins] for city, coins in zip(game.neighbours(seat), (action.left, action.right))
                    if coins]
        entry = {"event": "resolve", "seat": seat, "action": action.label(tables),
                 "paid": paid, "coins": cities[seat].coins}
        if seat in game.holders:
            entry["by"] = game.holders[seat]
        game.log.append(entry)


def _built(game, seat: int, source) -> None:
    """A building or stage has come into play: its own actions, then its `at end of
    turn` actions set aside, then the event."""
    event = "stage built" if source.kind == "stage" else "building built"
    stack = game.stack
    if source.kind == "card":
        _heard(game, f"{source.color}{ast.COLOR_BUILT}", seat)
    if game.events.may_act(event):
        stack.append(("fire", event, (seat,)))
    if source.turn_end:
        stack.append(("pend", seat, source))
    if source.when_built:
        stack += [("run", action, seat, None, source.name) for action in reversed(source.when_built)]


def _copy_from(game, action, seat: int) -> None:
    """The copy has been chosen (Flow.take): nothing is left to do."""


def _copy_card(game, seat: int, choice: Action) -> None:
    card = game.tables.cards[choice.card]
    game.cities[seat].add_copy(card)
    game.log.append({"event": "resolve", "seat": seat, "paid": [], "action": choice.label(game.tables),
                     "coins": game.cities[seat].coins})


def _heard(game, event: str, seat: int) -> None:
    """Make one city's event happen next, when some trigger of the rules listens to it (the
    events a rule set's content does not name cost nothing)."""
    if event in game.events.heard:
        game.stack.append(("fire", event, (seat,)))


def _pend(game, seat: int, source) -> None:
    for action in source.turn_end:
        game.pending.append((seat, action, source.name))


def _build_from_discard(game, seat: int, choice: Action) -> None:
    game.discard.remove(choice.card)
    card = game.tables.cards[choice.card]
    game.cities[seat].add_card(card)
    game.log.append({"event": "resolve", "seat": seat, "paid": [],
                     "action": choice.label(game.tables) + " from the discard pile",
                     "coins": game.cities[seat].coins})
    _built(game, seat, card)


def _run_pending(game) -> None:
    if game.pending:
        pending, game.pending = game.pending, []
        game.stack.append(("run_pending",))            # and again, for what these set aside
        game.stack += [("run", action, seat, None, source) for seat, action, source in reversed(pending)]


# ------------------------------------------------------------------------- events and actions
def _fire(game, event: str, seats) -> None:
    """Every seat's conditions are read now, then the triggers whose conditions held act
    in order (events happen to all cities at once)."""
    events = game.events
    if events.may_act(event):                # `due` is empty otherwise (most events)
        due = events.due(event, seats)
        game.stack += [("trigger", *entry) for entry in reversed(due)]


def _trigger(game, seat: int, key: str, trigger, neighbour, event: str) -> None:
    fired_key = f"{seat}|{key}"
    if trigger.limit is not None and fired_key in game.fired:
        return
    if game.events.idle(trigger.action, seat):
        return                        # nothing to do: no chain goes on from here
    if trigger.limit is not None:
        game.fired[fired_key] = trigger.limit.text
    chain = game.events.stack
    chain.append(trigger)
    if len(chain) > MAX_DEPTH:
        raise TriggerLoop(event, chain)
    game.stack.append(("trigger_done", seat, trigger, event, game.cities[seat].coins))
    _run(game, trigger.action, seat, neighbour, key)


def _trigger_done(game, seat: int, trigger, event: str, before: int) -> None:
    game.events.stack.pop()
    after = game.cities[seat].coins
    if after != before and isinstance(trigger.action, (ast.GainCoins, ast.LoseCoins)):
        game.log.append({"event": "coins", "seat": seat, "change": after - before,
                         "trigger": trigger.name.text if trigger.name else event})


def _run(game, action, seat: int, neighbour, source: str) -> None:
    if isinstance(action, ast.BuildFromDiscard):       # a decision in the middle of the chain
        if game.events.idle(action, seat):
            return
        game.waiting = [(seat, "discard")]
        return
    if isinstance(action, ast.DrawInto):
        draw_into(game, action, seat)
        return
    if isinstance(action, ast.PlayFrom):               # `when built: build a card from "Z"`: chosen now
        ask_zone_play(game, action, seat)
        return
    if isinstance(action, ast.CopyCard):               # `when built: copy ...`: chosen now
        if copy_options(game, seat, action):
            game.stack.append(("copy_from", action, seat))      # what the decision's options read
            game.waiting = [(seat, "copy")]
        return
    rules = game.tables.rules
    if rules.debt_by_choice:
        if isinstance(action, ast.InEachCity):         # each city's loss may be its own decision
            game.stack += [("run", action.action, target, None, source)
                           for target in reversed(game.events.group(seat, action.group))]
            return
        if isinstance(action, ast.LoseCoins):
            amount = per_value(action.amount, action.per, game.events.where(seat, neighbour))
            if amount > 0 and game.cities[seat].coins > 0:
                game.stack.append(("settle", seat, amount, -1))
                game.waiting = [(seat, "debt")]
                return
    game.events.run(action, seat, game.events.where(seat, neighbour), source)


def _settle(game, seat: int, amount: int, paid: int) -> None:
    """A loss under `coins owed may become ... tokens`, once its payer chose what to pay."""
    game.events.lose(seat, amount, paid=paid)


STEPS = {
    "turn": _turn, "open_turn": _open_turn, "after_turn": _after_turn, "open_last": _open_last,
    "discard_last": _discard_last, "end_turn": _end_turn, "pass": _pass,
    "start_age": _start_age, "end_age": _end_age, "game_end_city": _game_end_city,
    "finish": _finish,
    "resolve": _resolve, "resolve_one": _resolve_one, "resolve_log": _resolve_log,
    "pend": _pend, "run_pending": _run_pending,
    "fire": _fire, "trigger": _trigger, "trigger_done": _trigger_done, "run": _run, "copy_from": _copy_from,
    "settle": _settle, **PHASE_STEPS,
}

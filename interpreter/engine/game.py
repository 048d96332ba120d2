"""A game: setup, the ages' simultaneous turns, end-of-turn powers, military, scoring.

The game is a machine of decision points (decisions.py): it runs until it needs a
player's choice and waits there.  What is still to do is data, a stack of small steps
(`flow/`), so a game waiting for a choice in the middle of a trigger chain can be
copied and saved like one waiting for a turn's cards.  All cards chosen in a turn are
placed before any of their effects apply; trade coins and coins gained arrive after the
turn's choices, so they cannot be spent on that turn.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ..compile import SideInfo, Tables
from ..decks import dealing
from ..marked import N_, Worded
from ..kinds.decisions import DECISIONS
from .actions import Action, is_legal
from .city import City
from .decisions import Decision, drive
from .flow.machine import Flow
from .flow.search_log import NoLog
from .moves import Move
from .neutral import set_holders
from .placed import share_zones
from .flow.answers import ENGINE
from .flow.phases import dealt_at_setup, first_turns, in_age
from .scoring import score_city, winners
from .teams import team_counts_refused
from .triggers import EVENT_STATE

if TYPE_CHECKING:
    from ..rulesdata import AgeDeal, AgeDef, TableDef
    from .decisions import DecisionKind, Deciders


def _as_move(action: Action, seat: int) -> Action:
    """An action a decider named with its kind's bare words, as the engine holds it (its
    kind a `Move`, which the compiled engine reads as such)."""
    try:
        return action._replace(kind=Move(action.kind))
    except ValueError:
        raise ValueError(f"seat {seat} chose {action!r}, not a legal action") from None


class RulesError(Worded):
    """Options that the rule set cannot play (player count, wonder names, sides)."""


# A game's state, declared once, each part by how a copy (`clone`) gets it: shared (the
# rules, and what does not change in play), as a value, copied one level, or by its own
# means.  tests/test_decisions.py checks that a game holds exactly these parts and that
# copies and saves give every one back.
SHARED = ("tables", "seed", "options", "table", "players", "neutrals")
VALUES = ("age_index", "turn", "finished", "started", "at", "rounds")
COPIED = ("holders", "fired", "discard", "box", "pending", "stack", "waiting", "chosen", "revealed")
OWN_COPY = ("hands", "zones", "stacked", "cities", "rng", "log")
STATE = SHARED + VALUES + COPIED + OWN_COPY + EVENT_STATE     # (the last: engine/triggers.py `Dispatcher`)


class Game(Flow):
    def __new__(cls, *args: object, **kwargs: object) -> Game:
        """A bare game, which `clone` and a save's load fill.  Declared so that a build
        compiled by mypyc makes one too: its classes' own `__new__` would otherwise run `__init__`."""
        return super().__new__(cls)

    def __init__(self, tables: Tables, players: int, seed: int = 0, sides: str = "random",
                 wonders: list[str] | None = None, names: list[str] | None = None) -> None:
        rules = tables.rules
        self.table: TableDef | None = None                     # a `table for N players` outside the rules' range
        if not rules.min_players <= players <= rules.max_players:
            self.table = tables.ruleset.table(players)
            if self.table is None:
                counts = sorted({*range(rules.min_players, rules.max_players + 1),
                                 *(t.players for t in tables.ruleset.tables)})
                variants = tables.ruleset.variants      # named, so a house rule's limit is found
                if variants:
                    raise RulesError(N_("these rules (with the variant {variants}) play with {counts} players, "
                                        "not {players}"), variants=", ".join(map(repr, variants)),
                                     counts=", ".join(map(str, counts)), players=players)
                raise RulesError(N_("these rules play with {counts} players, not {players}"),
                                 counts=", ".join(map(str, counts)), players=players)
        refused = team_counts_refused(tables, players)
        if refused:
            raise RulesError(*refused[:1], **refused[1])
        self.options: dict[str, Any]
        self.tables, self.seed, self.options = tables, seed, {"players": players, "seed": seed, "sides": sides,
                                                              "wonders": list(wonders or [])}
        self.players = players                # seats 0 .. players-1; neutral cities after them
        self.neutrals = {players + i: n for i, n in enumerate(self.table.neutrals)} if self.table else {}
        self.holders = {}                     # neutral seat -> the player seat holding its card (declared in Flow)
        seats = players + len(self.neutrals)
        self.rng = random.Random(seed)
        self.log: list[dict[str, Any]] = []
        self.age_index, self.turn = 0, 0
        self.discard: list[int] = []
        self.hands = [[] for _ in range(seats)]                        # (declared in Flow)
        self.box: list[int] = []              # cards not used at this player count
        self.zones: dict[str, list[list[int]]] = {z: [[] for _ in range(seats + (z in rules.table_zones))]
                                                  for z in rules.zones}   # a zone for the table: a pile more, the table's
        self.stacked: dict[str, list[int]] = {z: [] for z in rules.table_zones}   # engine/placed.py
        # cards face up on the table (`reveal N cards from deck "D"`), each reveal's own list,
        # never changed once made (a later reveal from the deck covers it: `shown_cards`)
        self.revealed: list[list[int]] = []
        self.pending: list[tuple[int, object, str]] = []   # (seat, action, source) at turn end
        self.finished = False
        self.started = False                  # `game setup` and age I's `age start` fired
        self.fired: dict[str, str] = {}       # triggers with a limit that fired: key -> limit
        self.reset_events()
        self.reset_flow()
        given = list(names or [])
        names = [given[s] if s < len(given) else f"P{s + 1}" for s in range(players)]
        names += [n.name for n in self.neutrals.values()]
        self.cities = self._seat_players(seats, sides, wonders or [], names)
        share_zones(self)
        self.log.append({"event": "setup", "players": [[c.name, c.side.wonder, c.side.side] for c in self.cities]})
        # a new game stands before the first turn of the rules' sequence of phases; what
        # comes before it runs when the game starts (Flow.advance), but the first hands,
        # dealt now when the sequence opens with an age's deal (the table is set with them)
        k, p, i = first_turns(tables)
        self.at = (k, i + 1)                  # the next statement of the sequence
        self.rounds = (p, i)                  # the `play N turns` being played (declared in Flow)
        if dealt_at_setup(tables):
            self.deal_age(rules.phases[rules.sequence[0]].steps[0])
        set_holders(self)

    def shown_cards(self) -> list[int]:
        """The revealed cards every city sees now: of each deck, those of its last reveal."""
        cards, last = self.tables.cards, {}
        for batch in self.revealed:
            last[cards[batch[0]].deck] = batch
        return [card for batch in last.values() for card in batch]

    def show_revealed(self) -> None:
        """Every city, a neutral one too, holds the cards shown now, in play in it as in
        every other (`City.set_shown`): after a reveal and when a save is loaded."""
        shown = tuple(self.shown_cards())
        for city in self.cities:
            city.set_shown(shown)

    def clone(self, seed: int | None = None, log: bool = False) -> "Game":
        """An independent copy at this decision point (or between two turns), for search:
        cities, hands, piles and the work still to do copied, the compiled rule tables
        shared.  `seed` gives the copy its own random generator (what it deals next is then
        not this game's); without the log unless asked (search does not need it)."""
        other = Game.__new__(Game)
        for name in SHARED + VALUES:
            setattr(other, name, getattr(self, name))
        for name in COPIED:
            setattr(other, name, getattr(self, name).copy())
        other.hands = [h[:] for h in self.hands]
        other.zones = {z: [h[:] for h in held] for z, held in self.zones.items()}
        other.stacked = {z: order[:] for z, order in self.stacked.items()}
        other.cities = [c.copy() for c in self.cities]
        share_zones(other)
        other.rng = random.Random(seed) if seed is not None else random.Random()
        if seed is None:
            other.rng.setstate(self.rng.getstate())
        other.log = list(self.log) if log else NoLog()
        self.copy_events_to(other)
        return other

    # ---------------------------------------------------------------- setup
    def _seat_players(self, players: int, sides: str, wonders: list[str], names: list[str]) -> list[City]:
        by_name: dict[str, list[SideInfo]] = {}
        for info in self.tables.sides:
            by_name.setdefault(info.wonder, []).append(info)
        chosen = list(wonders)
        for w in chosen:
            if w not in by_name:
                from ..diagnostics import did_you_mean
                guess = did_you_mean(w, by_name)
                if guess:
                    raise RulesError(N_("no wonder named {wonder!r} (did you mean {guess!r}?)"), wonder=w, guess=guess)
                raise RulesError(N_("no wonder named {wonder!r}"), wonder=w)
        if len(set(chosen)) != len(chosen):
            raise RulesError(N_("a wonder can be chosen only once"))
        # with a side named, the wonders drawn are those that have it (a board printed on one
        # side only); when none has it, the first one drawn says so below
        rest = [w for w in by_name if w not in chosen]
        having = [w for w in rest if any(o.side == sides for o in by_name[w])]
        if sides != "random" and having:
            rest = having
        self.rng.shuffle(rest)
        chosen = (chosen + rest)[:players]
        if len(chosen) < players:
            if sides != "random" and len(rest) + len(wonders) < len(by_name):
                raise RulesError(N_("only {count} wonders have a side {side}, for {players} players"), count=len(chosen),
                                 side=sides, players=players)
            raise RulesError(N_("only {count} wonders for {players} players"), count=len(by_name), players=players)
        cities = []
        for seat, wonder in enumerate(chosen):
            options = by_name[wonder]
            if sides == "random":
                side = self.rng.choice(options)
            else:
                named = next((o for o in options if o.side == sides), None)
                if named is None:
                    raise RulesError(N_("wonder {wonder!r} has no side {side!r}"), wonder=wonder, side=sides)
                side = named
            name = names[seat]
            cities.append(City(self.tables, seat, name, side, self.tables.rules.starting_coins))
        return cities

    @property
    def age(self) -> AgeDef:
        age = self.tables.rules.ages[self.age_index]
        return self.table.age(age) if self.table else age

    def neighbours(self, seat: int) -> tuple[City, City]:
        cities = self.cities
        return cities[(seat + 1) % len(cities)], cities[seat - 1]   # left, right (seat 0's right: the last)

    def free_build_available(self, seat: int) -> bool:
        city = self.cities[seat]
        return city.free_build_left()

    def deal_age(self, deal: AgeDeal | None = None) -> None:
        """Every city's hand from an age's deck: `deal` (a `deal N cards from age A`), or
        by default the current age's own deal, the game then standing before the age's
        first turn (a test or a scenario sets a position so).  A table's `hand` is every
        age's hand."""
        age = deal or self.age
        if deal is None:
            position = in_age(self.tables, age.number)
            assert position is not None, age          # (every age has its turns)
            self.at, self.rounds = position
        hand = self.table.hand if self.table and self.table.hand else deal.count if deal else self.age.hand
        seats = len(self.cities)
        players = self.table.deal_as if self.table else self.players    # the decks' player count
        dealt, boxed, draws = dealing(self.tables, age, players)
        deck: list[int] = list(dealt)
        self.box += boxed
        for pool, count in draws:
            drawn = self.rng.sample(pool, min(len(pool), count))
            deck += drawn
            self.box += [i for i in pool if i not in drawn]
        self.rng.shuffle(deck)
        for seat in range(seats):
            self.hands[seat] = deck[seat * hand:(seat + 1) * hand]
        self.box += deck[seats * hand:]
        self.turn = 1
        self.log.append({"event": "age", "age": age.number,
                         "hands": [[self.tables.cards[i].name for i in h] for h in self.hands]})

    # ---------------------------------------------------------------- decision points
    def decision(self) -> Decision | None:
        """The next decision the game waits for (the first open one of a turn, in seat
        order, a neutral city's after its holder's own), or None when the game is over.
        Between two turns this starts the next turn."""
        if not self.waiting:
            self.advance()
            if not self.waiting:
                return None
        seat, kind = self.waiting[0]
        return Decision(self, seat, kind)

    def decisions(self) -> list[Decision]:
        """Every decision open now: each player's card of a turn may come in any order (a
        neutral city's turn opens when its holder has chosen its own card)."""
        if not self.waiting:
            self.advance()
        return [Decision(self, seat, kind) for seat, kind in self.waiting if self.is_open(seat, kind)]

    def choose(self, choice: int | Action, seat: int | None = None, listed: bool = False) -> None:
        """Take the choice of `seat` (default: that of `decision()`): the index of one of
        its options, or an action, checked against the rules (unless `listed`: an action
        of the engine's own options for this decision, as a search that copied the game
        at it knows).  The game then runs on to its next decision point, or to the end of
        the turn."""
        if not self.waiting:
            self.advance()
        if self.finished:
            raise ValueError("the game is over: there is no decision to make")
        kind: DecisionKind | None
        if seat is None:
            seat, kind = self.waiting[0]
        else:
            kind = next((k for s, k in self.waiting if s == seat), None)
            if kind is None:
                raise ValueError(f"seat {seat} has no decision to make now")
        self.take_choice(Decision(self, seat, kind), choice, listed)

    def take_choice(self, decision: Decision, choice: int | Action, listed: bool = False) -> None:
        """`listed`: an action taken from the engine's own options for this open decision
        (`drive`'s trusted deciders, a search's own move in its copy), not checked again."""
        seat, kind = decision.seat, decision.kind
        if listed and type(choice) is Action:
            action = choice
        elif (seat, kind) not in self.waiting:
            raise ValueError(f"seat {seat} has no {kind} decision to make now")
        elif not self.is_open(seat, kind):
            raise ValueError(f"seat {seat}'s {kind} decision opens when its holder has chosen")
        elif type(choice) is Action:
            action = choice if type(choice.kind) is Move else _as_move(choice, seat)
            known = decision._options
            legal = action in known if known is not None else self.allows(seat, kind, action)
            if not legal:
                raise ValueError(f"seat {seat} chose {action!r}, not a legal action")
        else:
            options = decision.options
            if isinstance(choice, bool) or not isinstance(choice, int) or not 0 <= choice < len(options):
                raise ValueError(f"seat {seat} chose option {choice!r} of {len(options)}")
            action = options[choice]
        if type(self.log) is not NoLog:
            self._log_choice(seat, kind, action, decision.by)
        self.take(seat, kind, action)

    def options_for(self, seat: int, kind: DecisionKind) -> list[Action]:
        """The legal options of an open decision, cheapest payment first (its kind's, kinds/decisions/)."""
        return DECISIONS[kind].options(self, seat, ENGINE)

    def allows(self, seat: int, kind: DecisionKind, action: Action) -> bool:
        """Is `action` one of the options of `seat`'s open decision?"""
        if DECISIONS[kind].moves:
            return is_legal(self, seat, action)
        return action in self.options_for(seat, kind)

    def _log_choice(self, seat: int, kind: DecisionKind, action: Action, by: int) -> None:
        log = self.log
        if type(log) is NoLog:                # a search copy: no labels to write
            return
        tables = self.tables                  # (`self.age.number`, without the property: every choice)
        entry = {"event": "choice", "age": tables.rules.ages[self.age_index].number, "turn": self.turn,
                 "seat": seat, "kind": kind, "action": action.label(tables)}
        if by != seat:
            entry["by"] = by
        log.append(entry)

    # ---------------------------------------------------------------- the old driving interface
    def play(self, deciders: Deciders) -> None:
        """Play to the end, asking `deciders[seat].decide(game, seat, kind, options)`."""
        drive(self, deciders)

    def step(self, deciders: Deciders) -> None:
        """Play one turn; after an age's last turn, the age's end and the next deal (or the end)."""
        if not self.finished:
            drive(self, deciders, stop=lambda game: game.between_turns())

    # ---------------------------------------------------------------- scoring
    def scores(self) -> list[dict[str, int]]:
        tables, cities, age = self.tables, self.cities, self.age
        everyone = tuple(cities)                    # (made once for every city's pad)
        pads = []
        for seat, city in enumerate(cities):        # (a loop: the search scores every imagined game)
            left, right = self.neighbours(seat)
            pads.append(score_city(tables, city, left, right, everyone, age.number, age.victory))
        return pads

    def winners(self, scores: list[dict[str, int]] | None = None) -> list[int]:
        """The winning seats; `scores` are this game's `scores()` when the caller has them."""
        can_win = [s for s in range(len(self.cities)) if s not in self.neutrals or self.neutrals[s].can_win]
        return winners(self.tables.rules, self.scores() if scores is None else scores, self.cities, can_win)

"""A game: setup, the ages' simultaneous turns, end-of-turn powers, military, scoring.

Every decision goes through `deciders[seat].decide(game, seat, kind, options)`, so a
seat can be a bot, a person or a replayed log (a turn's card may instead be named by
`propose(game, seat, kind)`, checked against the rules: see `_turn_choice`).  All cards
chosen in a turn are placed before any of their effects apply; trade coins and coins gained arrive after the turn's
choices, so they cannot be spent on that turn.
"""

from __future__ import annotations

import random

from ..compile import Tables
from ..syntax import ast
from .actions import Action, build_options_from, is_legal, legal_actions
from .city import City
from .scoring import score_city, winners
from .neutral import choose_for_neutrals, draw_for_neutrals, pass_holders, set_holders
from .triggers import Dispatcher


class RulesError(Exception):
    """Options that the rule set cannot play (player count, wonder names, sides)."""


class _NoLog(list):
    """The log of a search copy: entries are dropped (search never reads them)."""

    def append(self, entry) -> None:
        pass


class Game:
    def __init__(self, tables: Tables, players: int, seed: int = 0, sides: str = "random",
                 wonders: list[str] | None = None, names: list[str] | None = None):
        rules = tables.rules
        self.table = None                     # a `table for N players` outside the rules' range
        if not rules.min_players <= players <= rules.max_players:
            self.table = tables.ruleset.table(players)
            if self.table is None:
                counts = sorted({*range(rules.min_players, rules.max_players + 1),
                                 *(t.players for t in tables.ruleset.tables)})
                raise RulesError(f"these rules play with {', '.join(map(str, counts))} players, not {players}")
        self.tables, self.seed, self.options = tables, seed, {"players": players, "seed": seed, "sides": sides,
                                                              "wonders": list(wonders or [])}
        self.players = players                # seats 0 .. players-1; neutral cities after them
        self.neutrals = {players + i: n for i, n in enumerate(self.table.neutrals)} if self.table else {}
        self.holders: dict[int, int] = {}     # neutral seat -> the player seat holding its card
        seats = players + len(self.neutrals)
        self.rng = random.Random(seed)
        self.log: list[dict] = []
        self.age_index, self.turn = 0, 0
        self.discard: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(seats)]
        self.box: list[int] = []              # cards not used at this player count
        self.pending: list[tuple[int, object, str]] = []   # (seat, action, source) at turn end
        self.finished = False
        self.started = False                  # `game setup` and age I's `age start` fired
        self.fired: dict[str, str] = {}       # triggers with a limit that fired: key -> limit
        self.events = Dispatcher(self)
        given = list(names or [])
        names = [given[s] if s < len(given) else f"P{s + 1}" for s in range(players)]
        names += [n.name for n in self.neutrals.values()]
        self.cities = self._seat_players(seats, sides, wonders or [], names)
        self.log.append({"event": "setup", "players": [[c.name, c.side.wonder, c.side.side] for c in self.cities]})
        self.deal_age()
        set_holders(self)

    def clone(self, seed: int | None = None, log: bool = False) -> "Game":
        """An independent copy of the state between two turns, for search: cities, hands
        and piles copied, the compiled rule tables shared.  `seed` gives the copy its own
        random generator (what it deals next is then not this game's); without the log
        unless asked (search does not need it)."""
        other = Game.__new__(Game)
        other.tables, other.seed, other.options = self.tables, self.seed, self.options
        other.table, other.players, other.neutrals = self.table, self.players, self.neutrals
        other.holders, other.fired = dict(self.holders), dict(self.fired)
        other.age_index, other.turn = self.age_index, self.turn
        other.finished, other.started = self.finished, self.started
        other.rng = random.Random(seed) if seed is not None else random.Random()
        if seed is None:
            other.rng.setstate(self.rng.getstate())
        other.log = list(self.log) if log else _NoLog()
        other.discard, other.box = self.discard[:], self.box[:]
        other.hands = [h[:] for h in self.hands]
        other.pending = self.pending[:]
        other.cities = [c.copy() for c in self.cities]
        other.events = self.events.copy_for(other)
        return other

    # ---------------------------------------------------------------- setup
    def _seat_players(self, players, sides, wonders, names):
        by_name: dict[str, list] = {}
        for info in self.tables.sides:
            by_name.setdefault(info.wonder, []).append(info)
        chosen = list(wonders)
        for w in chosen:
            if w not in by_name:
                from ..diagnostics import did_you_mean
                guess = did_you_mean(w, by_name)
                raise RulesError(f"no wonder named {w!r}" + (f" (did you mean {guess!r}?)" if guess else ""))
        if len(set(chosen)) != len(chosen):
            raise RulesError("a wonder can be chosen only once")
        rest = [w for w in by_name if w not in chosen]
        self.rng.shuffle(rest)
        chosen = (chosen + rest)[:players]
        if len(chosen) < players:
            raise RulesError(f"only {len(by_name)} wonders for {players} players")
        cities = []
        for seat, wonder in enumerate(chosen):
            options = by_name[wonder]
            if sides == "random":
                side = self.rng.choice(options)
            else:
                side = next((o for o in options if o.side == sides), None)
                if side is None:
                    raise RulesError(f"wonder {wonder!r} has no side {sides!r}")
            name = names[seat]
            cities.append(City(self.tables, seat, name, side, self.tables.rules.starting_coins))
        return cities

    @property
    def age(self):
        return self.tables.rules.ages[self.age_index]

    def neighbours(self, seat: int):
        n = len(self.cities)
        return self.cities[(seat + 1) % n], self.cities[(seat - 1) % n]   # left, right

    def free_build_available(self, seat: int) -> bool:
        city = self.cities[seat]
        return bool(city.free_build) and not city.free_build_used

    # ---------------------------------------------------------------- ages
    def deal_age(self) -> None:
        age = self.age
        seats = len(self.cities)
        players = self.table.deal_as if self.table else self.players    # the decks' player count
        deck: list[int] = []
        for card in self.tables.cards:
            if card.age == age.number:
                n = sum(1 for threshold in card.copies if threshold <= players)
                deck += [card.index] * n
                self.box += [card.index] * (len(card.copies) - n)
        for add in age.random_additions:
            colors = {c.text for c in add.colors}
            pool = [c.index for c in self.tables.cards if c.age == age.number and c.color in colors and not c.copies]
            drawn = self.rng.sample(pool, min(len(pool), max(0, add.count.at(players))))
            deck += drawn
            self.box += [i for i in pool if i not in drawn]
        self.rng.shuffle(deck)
        for seat in range(seats):
            self.hands[seat] = deck[seat * age.hand:(seat + 1) * age.hand]
        self.box += deck[seats * age.hand:]
        self.turn = 1
        self.log.append({"event": "age", "age": age.number,
                         "hands": [[self.tables.cards[i].name for i in h] for h in self.hands]})

    def play(self, deciders) -> None:
        while not self.finished:
            self.step(deciders)

    def step(self, deciders) -> None:
        """Play one turn; after an age's last turn, the age's end and the next deal (or the end)."""
        if self.finished:
            return
        if not self.started:
            self.started = True
            self.events.fire("game setup", deciders)
            self._start_age(deciders)
        self._reset_limits("turn")
        self.events.fire("turn start", deciders)
        choices: list = [None] * len(self.cities)
        for seat in range(self.players):      # players in seat order; each then plays the
            draw_for_neutrals(self, seat)     # neutral cities whose card it holds
            choices[seat] = self._turn_choice(deciders, seat)
            choose_for_neutrals(self, seat, choices[seat], deciders, choices)
        self._resolve(choices, deciders)
        last = self.turn >= self.age.turns
        if last:
            self._last_cards(deciders)
        self._end_of_turn(deciders)
        if last:
            self._end_of_age(deciders)
        else:
            self._pass_hands()
            pass_holders(self)
            self.turn += 1

    def _start_age(self, deciders) -> None:
        self._reset_limits("age")
        set_holders(self)
        self.events.fire("age start", deciders)

    def _reset_limits(self, scope: str) -> None:
        self.fired = {k: v for k, v in self.fired.items() if v != scope}
        for city in self.cities:
            if scope in city.free_build:
                city.free_build_used = False

    def _turn_choice(self, deciders, seat: int) -> Action:
        """A player's card for this turn.  A decider with `propose(game, seat, kind)` names
        its action itself (a search's rollout player, which weighs a few cards rather than
        every payment of every card); the engine checks that it is legal."""
        propose = getattr(deciders[seat], "propose", None)
        if propose is None:
            options = legal_actions(self, seat)
            return options[self._ask(deciders, seat, "turn", options)]
        action = propose(self, seat, "turn")
        if not is_legal(self, seat, action):
            raise ValueError(f"seat {seat} proposed {action!r}, not a legal action")
        self._log_choice(seat, "turn", action, seat)
        return action

    def _ask(self, deciders, seat, kind, options) -> int:
        """A decision for `seat`, made by its player (a neutral city's: by its holder)."""
        by = self.holders.get(seat, seat)
        index = deciders[by].decide(self, seat, kind, options)
        if not 0 <= index < len(options):
            raise ValueError(f"seat {seat} chose option {index} of {len(options)}")
        self._log_choice(seat, kind, options[index], by)
        return index

    def _log_choice(self, seat: int, kind: str, action: Action, by: int) -> None:
        if type(self.log) is _NoLog:          # a search copy: no labels to write
            return
        entry = {"event": "choice", "age": self.age.number, "turn": self.turn, "seat": seat,
                 "kind": kind, "action": action.label(self.tables)}
        if by != seat:
            entry["by"] = by
        self.log.append(entry)

    def _pass_hands(self) -> None:
        """Hands pass among the players (each to its neighbour in the age's direction, the
        next player seat for left); neutral cities keep theirs."""
        hands = self.hands[:self.players]
        if self.age.direction == "left":
            hands = [hands[-1]] + hands[:-1]
        else:
            hands = hands[1:] + [hands[0]]
        self.hands[:self.players] = hands

    # ---------------------------------------------------------------- resolving
    def _resolve(self, choices: list[Action], deciders) -> None:
        hands = self.hands
        seats = [s for s, a in enumerate(choices) if a is not None]
        placed = []
        for seat in seats:                       # 1. every card is placed, every price paid
            action, city = choices[seat], self.cities[seat]
            hands[seat].remove(action.card)
            source = None
            if action.kind == "build":
                card = self.tables.cards[action.card]
                if not action.free:
                    city.coins -= card.cost_coins + action.left + action.right
                elif action.free == "power":
                    city.free_build_used = True
                city.add_card(card)
                source = card
            elif action.kind == "stage":
                stage = city.next_stage()
                city.coins -= stage.cost_coins + action.left + action.right
                city.add_stage()
                city.under_stages.append(action.card)
                source = stage
            else:
                self.discard.append(action.card)
            placed.append((seat, action, source))
        for seat, action, source in placed:      # 2. then coins move and effects apply
            city = self.cities[seat]
            left, right = self.neighbours(seat)
            left.coins += action.left
            right.coins += action.right
            if action.kind == "sell":
                city.coins += self.tables.rules.sell_coins
                self.events.fire("card sold", deciders, [seat])
            else:
                self._built(seat, source, deciders)
        for seat, action, _source in placed:     # 3. the log shows the coins after the turn
            if type(self.log) is _NoLog:
                break
            left, right = self.neighbours(seat)
            paid = [[other.seat, n] for other, n in ((left, action.left), (right, action.right)) if n]
            entry = {"event": "resolve", "seat": seat, "action": action.label(self.tables),
                     "paid": paid, "coins": self.cities[seat].coins}
            if seat in self.holders:
                entry["by"] = self.holders[seat]
            self.log.append(entry)

    def _built(self, seat: int, source, deciders) -> None:
        """A building or stage has come into play: its own actions, then the events."""
        where = self.events.where(seat)
        for action in source.when_built:
            self.events.run(action, seat, deciders, where, source.name)
        for action in source.turn_end:
            self.pending.append((seat, action, source.name))
        self.events.fire("stage built" if source.kind == "stage" else "building built", deciders, [seat])

    def build_from_discard(self, seat: int, deciders) -> None:
        options = build_options_from(self, seat, self.discard)
        if not options:
            return
        choice = options[self._ask(deciders, seat, "discard", options)]
        self.discard.remove(choice.card)
        card = self.tables.cards[choice.card]
        self.cities[seat].add_card(card)
        self.log.append({"event": "resolve", "seat": seat, "paid": [],
                         "action": choice.label(self.tables) + " from the discard pile",
                         "coins": self.cities[seat].coins})
        self._built(seat, card, deciders)

    def _end_of_turn(self, deciders) -> None:
        """Actions set aside for the end of the turn, then `turn end`; actions that its
        triggers set aside for the end of the turn run at once, still in this turn."""
        self._run_pending(deciders)
        self.events.fire("turn end", deciders)
        self._run_pending(deciders)

    def _run_pending(self, deciders) -> None:
        while self.pending:
            pending, self.pending = self.pending, []
            for seat, action, source in pending:    # in the order they were set aside
                self.events.run(action, seat, deciders, self.events.where(seat), source)

    def _last_cards(self, deciders) -> None:
        """After an age's last turn: a `may play the last card` city plays its last card;
        the others' last cards are discarded (without coins)."""
        extra: list[Action | None] = [None] * len(self.cities)
        for seat, city in enumerate(self.cities[:self.players]):
            if city.play_last and self.hands[seat]:
                options = legal_actions(self, seat)
                extra[seat] = options[self._ask(deciders, seat, "last card", options)]
        if any(extra):
            self._resolve(extra, deciders)
        if self.age.last_card_discarded:
            for seat in range(len(self.cities)):
                self.discard += self.hands[seat]
                self.hands[seat] = []

    def _end_of_age(self, deciders) -> None:
        self.log.append({"event": "age end", "age": self.age.number, "shields": [c.shields for c in self.cities]})
        self.events.fire("age end", deciders)
        self._run_pending(deciders)           # `at end of turn` set aside now: this last turn's end
        if self.age_index + 1 < len(self.tables.rules.ages):
            self.age_index += 1
            self.deal_age()
            self._start_age(deciders)
        else:
            for seat, city in enumerate(self.cities):
                for source in list(city.owned_sources()):
                    for action in source.game_end:
                        if not isinstance(action, ast.CopyCard):      # copies are scoring choices
                            self.events.run(action, seat, deciders, self.events.where(seat), source.name)
            self.events.fire("game end", deciders)
            self._run_pending(deciders)
            self.finished = True
            if type(self.log) is not _NoLog:
                self.log.append({"event": "end", "scores": self.scores(), "winners": self.winners()})

    # ---------------------------------------------------------------- scoring
    def scores(self) -> list[dict[str, int]]:
        return [score_city(self.tables, city, *self.neighbours(seat), everyone=self.cities,
                           age_number=self.age.number, age_victory=self.age.victory)
                for seat, city in enumerate(self.cities)]

    def winners(self, scores: list[dict[str, int]] | None = None) -> list[int]:
        """The winning seats; `scores` are this game's `scores()` when the caller has them."""
        can_win = [s for s in range(len(self.cities)) if s not in self.neutrals or self.neutrals[s].can_win]
        return winners(self.tables.rules, self.scores() if scores is None else scores, self.cities, can_win)

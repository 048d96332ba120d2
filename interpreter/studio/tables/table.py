"""A table: one engine game played by people and bots, and the places around it.

A *place* is what an invite link names: a person (or a bot) sitting at the table.  Game k
of the table seats place p at seat (p + k) mod N, so "play again" rotates the seats and
every link keeps naming its person.  The game is the engine's pull-based game
(engine/decisions.py): the bots answer their decisions at once, a person's choice is
taken when it arrives, and a turn resolves when its last card is chosen.

A choice names the decision it answers by the seat's count of choices made so far
(`number`): a message sent twice, or one answering a decision already made, is refused,
so no choice is taken twice and none is taken for a decision the person has not seen.
Nothing here talks to the network or the disk (hub.py and store.py do).
"""

from __future__ import annotations

import secrets
import time

from ...kinds.decisions import DECISIONS
from ..play_rules import PlayError
from ...engine.moves import BUILD

GRACE = 60.0                 # seconds a person may be away before the host can hand the seat to a bot
MAX_NAME = 40


class TableError(PlayError):
    """What a page asked cannot be done at this table: said to it in words."""


def new_token() -> str:
    return secrets.token_urlsafe(18)


class Place:
    """Someone at the table: a person (with an invite link) or a bot; a person away may
    have a bot standing in (`stand_in`) until they take the seat back."""

    def __init__(self, kind: str, name: str, bot: str | None, token: str, stand_in: str | None = None):
        self.kind, self.name, self.bot, self.token, self.stand_in = kind, name, bot, token, stand_in
        self.connections = 0
        self.left_at = time.time()            # away since (a person who never came is away since the start)

    @property
    def playing_bot(self) -> str | None:
        """The bot that answers this place's decisions now, or None when a person does."""
        return self.bot if self.kind == "bot" else self.stand_in

    def to_data(self) -> dict:
        return {"kind": self.kind, "name": self.name, "bot": self.bot, "token": self.token, "stand_in": self.stand_in}

    @classmethod
    def from_data(cls, data: dict) -> Place:
        return cls(data["kind"], data["name"], data.get("bot"), data["token"], data.get("stand_in"))


class Table:
    """One table: its rule set (compiled `tables`), its places, and the game under way."""

    def __init__(self, table_id: str, edition: str, variants: list[str], tables, places: list[Place], sides: str,
                 grace: float = GRACE, spectator: str | None = None):
        self.id, self.edition, self.variants, self.tables = table_id, edition, variants, tables
        self.places, self.sides, self.grace = places, sides, grace
        self.spectator = spectator or new_token()
        self.players = len(places)
        self.round = 0                        # games played at this table before this one
        self.game = None
        self.moves: list[int] = []            # choices each seat made in this game
        self.chosen_ages: list[list[int]] = []  # the age of each build chosen, not yet seen built
        self.built_in: list[list[int]] = []   # the age each building of each city was built in
        self.turn_keys: list[list[int]] = []  # (age, turn) of the turns played (a record's "turns")
        self.recorded: int | None = None      # the game's number in the records file, once written
        self._deciders: dict[tuple[int, str], object] = {}

    # ---------------------------------------------------------------- seats
    def seat_of(self, place: int) -> int:
        return (place + self.round) % self.players

    def place_at(self, seat: int) -> Place:
        return self.places[(seat - self.round) % self.players]

    def place_by_token(self, token: str) -> int | None:
        for i, place in enumerate(self.places):
            if place.kind == "person" and secrets.compare_digest(place.token.encode(), token.encode()):
                return i
        return None

    def seat_bots(self) -> list[str]:
        """Each seat's player as a record names it: "human" for a person, else the bot."""
        return [self.place_at(s).playing_bot or "human" for s in range(self.players)]

    # ---------------------------------------------------------------- the game
    def start(self, seed: int | None = None) -> None:
        """A new game (the table's first, or "play again"): the seats as this round places them."""
        from ...engine.game import Game, RulesError
        seed = secrets.randbelow(2 ** 31) if seed is None else seed
        names = [self.place_at(s).name for s in range(self.players)]
        try:
            self.game = Game(self.tables, self.players, seed, self.sides, names=names)
        except RulesError as err:
            raise TableError(str(err)) from None
        self.game.options.update(names=names, bots=self.seat_bots(), variants=list(self.variants))
        seats = len(self.game.cities)
        self.moves = [0] * seats
        self.chosen_ages = [[] for _ in range(seats)]
        self.built_in = [[] for _ in range(seats)]
        self.turn_keys, self.recorded, self._deciders = [], None, {}
        self.run_bots()

    def open_decisions(self) -> list:
        game = self.game
        if game is None or game.finished:
            return []
        found = game.decisions()
        if not found:
            decision = game.decision()
            found = [] if decision is None else [decision]
        return found

    def decision_of(self, seat: int):
        """The decision the player at `seat` must make now (its own city's or a neutral
        city's whose card it holds), or None."""
        return next((d for d in self.open_decisions() if d.by == seat), None)

    def run_bots(self) -> None:
        """The bots answer every open decision of theirs, until only people's are left or
        the game is over."""
        while True:
            bot = next((d for d in self.open_decisions() if self.place_at(d.by).playing_bot), None)
            if bot is None:
                return
            self._take(bot, self._decider(bot.by).decide(self.game, bot.seat, bot.kind, bot))

    def _decider(self, seat: int):
        from ...bots import make_bot
        name = self.place_at(seat).playing_bot
        key = (seat, name)
        if key not in self._deciders:
            self._deciders[key] = make_bot(name, self.game.seed * 1000 + seat)
        return self._deciders[key]

    def _take(self, decision, choice) -> None:
        """Apply a choice and keep what a game record needs: the age of each build."""
        game = self.game
        option = decision[choice] if isinstance(choice, int) else choice
        if option.kind == BUILD:
            self.chosen_ages[decision.seat].append(game.age.number)
        key = [game.age.number, game.turn]
        if DECISIONS[decision.kind].turn_cards and key not in self.turn_keys[-1:]:
            self.turn_keys.append(key)
        age = game.age.number
        decision.choose(choice)
        self.moves[decision.by] += 1
        for city, ages, chosen in zip(game.cities, self.built_in, self.chosen_ages):
            new = len(city.built) - len(ages)
            if new > 0:
                taken = chosen[:new]
                ages += taken + [age] * (new - len(taken))
                del chosen[:new]

    def choose(self, place: int, number, option) -> None:
        """A person's choice: `number` is the count of choices the seat had made when the
        decision was shown to them; `option` an index of its options."""
        if self.game is None or self.game.finished:
            raise TableError("the game is over: there is no decision to make")
        seat = self.seat_of(place)
        if self.places[place].playing_bot:
            raise TableError("a bot plays your seat now: take it back first")
        if not _whole(number) or not _whole(option):
            raise TableError("a choice names its decision ('decision', a whole number) and its option ('option')")
        decision = self.decision_of(seat)
        if decision is None:
            raise TableError("you have no decision to make now: the others are choosing")
        if number != self.moves[seat]:
            raise TableError(f"that choice answers decision {number}, not the one open now ({self.moves[seat]}): "
                             "it was sent twice or is out of date")
        if not 0 <= option < len(decision.options):
            raise TableError(f"there is no option {option} here ({len(decision.options)} options)")
        self._take(decision, option)
        self.run_bots()

    # ---------------------------------------------------------------- the host
    def hand_to_bot(self, seat, bot, now: float | None = None) -> None:
        """The host lets `bot` play the seat of a person away for longer than the grace period."""
        if not _whole(seat) or not 0 <= seat < self.players:
            raise TableError(f"there is no seat {seat!r} at this table")
        place = self.place_at(seat)
        if place.kind != "person":
            raise TableError(f"seat {seat + 1} is played by a bot already")
        if place.connections:
            raise TableError(f"{place.name} is at the table: a seat is handed to a bot only when its player is away")
        away = (time.time() if now is None else now) - place.left_at
        if away < self.grace:
            raise TableError(f"{place.name} has been away {away:.0f} s: the seat can be handed to a bot after "
                             f"{self.grace:.0f} s")
        place.stand_in = installed_bot(bot)
        self.run_bots()

    def take_back(self, place: int) -> None:
        self.places[place].stand_in = None

    def again(self) -> None:
        if self.game is None or not self.game.finished:
            raise TableError("the game is not over: play again once it ends")
        self.round += 1
        self.start()

    # ---------------------------------------------------------------- saved
    def to_data(self) -> dict:
        from ...engine.saves import game_to_data
        return {"format": "wonders-table/1", "id": self.id, "edition": self.edition, "variants": self.variants,
                "sides": self.sides, "grace": self.grace, "spectator": self.spectator,
                "places": [p.to_data() for p in self.places], "round": self.round,
                "game": game_to_data(self.game), "moves": self.moves, "chosen_ages": self.chosen_ages,
                "built_in": self.built_in, "turn_keys": self.turn_keys, "recorded": self.recorded}

    @classmethod
    def from_data(cls, data: dict, tables) -> Table:
        from ...engine.saves import game_from_data
        table = cls(data["id"], data["edition"], list(data["variants"]), tables,
                    [Place.from_data(p) for p in data["places"]], data["sides"], float(data["grace"]),
                    data["spectator"])
        table.round = int(data["round"])
        table.game = game_from_data(tables, data["game"])
        table.moves, table.chosen_ages = list(data["moves"]), [list(a) for a in data["chosen_ages"]]
        table.built_in, table.turn_keys = [list(a) for a in data["built_in"]], [list(k) for k in data["turn_keys"]]
        table.recorded = data.get("recorded")
        return table

    def record(self, index: int) -> dict:
        """The finished game as `wonders simulate` records a game (sim/records.py), with the
        table, the round and each person's name beside it."""
        from ...engine.saves import content_digest
        from ...sim.records import RunOptions, game_record
        options = RunOptions(self.players, tuple(self.seat_bots()), self.sides, variants=tuple(self.variants))
        built = [[*ages, *([ages[-1] if ages else 1] * (len(c.built) - len(ages)))][:len(c.built)]
                 for c, ages in zip(self.game.cities, self.built_in)]
        record = game_record(self.game, index, self.seat_bots(), built, len(self.turn_keys),
                             content_digest(self.tables), options)
        record["table"], record["round"] = self.id, self.round
        for seat in record["seats"]:
            place = self.place_at(seat["seat"] - 1)
            if place.kind == "person":
                seat["person"] = place.name
        return record


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def installed_bot(name) -> str:
    """An installed bot's name, its parameters checked (no bot from a file: a table plays
    installed bots only, by the studio's one rule, play_rules.installed_bot)."""
    from ...bots import BotSpecError, make_bot
    from ..play_rules import PlayError, installed_bot as studio_bot
    try:
        studio_bot(name)
        make_bot(name, 0)
    except (PlayError, BotSpecError) as err:
        raise TableError(str(err)) from None
    return name.strip()


def place_name(name, fallback: str) -> str:
    """A person's name as the host typed it: printable, at most MAX_NAME characters."""
    if not isinstance(name, str) or not name.strip():
        return fallback
    cleaned = "".join(ch for ch in name.strip() if ch.isprintable())[:MAX_NAME]
    return cleaned or fallback

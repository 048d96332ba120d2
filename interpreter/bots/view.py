"""What a seat may see, handed to a bot instead of the game.

`SeatView` reads the live game on demand (nothing is copied unless asked for) and gives
out only immutable values: tuples, frozensets, read-only mappings and `CityView`s.  It
shows the seat's hand, every city's public state (cards built, wonder stages, coins,
shields, tokens; not the cards hidden under wonder stages), the discard pile only while
the seat is choosing from it, and what the seat remembers: the hands it held earlier in
the age and what it did with them (`Memory`).  Questions that need the engine (the score
pad, a score after a hypothetical action, a sampled copy of the game for search) are
answered by methods that work on copies.
"""

from __future__ import annotations

import threading
from types import MappingProxyType

from .base import BotError, ChoosesMoves, PlugInBot, bot_code
from .valuation import Appraiser, settle_worth
from ..engine.actions import Action, legal_moves
from ..engine.decisions import conforms
from .offers import offer_values
from ..engine.teams import partners
from ..kinds.decisions import DECISIONS
from ..engine.moves import BUILD, SELL, USE


_shared = threading.local()     # per thread: the game, its state's fingerprint, its appraisers


def _fingerprint(game) -> tuple:
    """What an appraisal reads changes only with these (every build, stage, sale, payment,
    token and turn moves one of them)."""
    return (game.age_index, game.turn, tuple((len(c.built), c.stages, c.coins, c.shields, len(c.tokens),
                                              c.free_build_used) for c in game.cities))


def shared_appraiser(game, seat: int, key: tuple | None = None) -> Appraiser:
    """The appraiser of `seat` in the game as it is now, shared by every seat's view of the
    same position: the players of one turn decide on one position, and a seat appraised by
    its neighbour (to deny it a card) is then appraised again by itself.  `key` is the
    position's `_fingerprint` when the caller has it."""
    key = _fingerprint(game) if key is None else key
    if getattr(_shared, "game", None) is not game or _shared.key != key:
        _shared.game, _shared.key, _shared.made = game, key, {}
    found = _shared.made.get(seat)
    if found is None:
        found = _shared.made[seat] = Appraiser(game, seat)
    return found


class CityView:
    """The public face of one city."""

    __slots__ = ("_city", "_hidden_under")

    def __init__(self, city, hidden_under: bool):
        self._city, self._hidden_under = city, hidden_under

    seat = property(lambda self: self._city.seat)
    name = property(lambda self: self._city.name)
    wonder = property(lambda self: self._city.side.wonder)
    side = property(lambda self: self._city.side.side)
    stages_total = property(lambda self: len(self._city.side.stages))
    coins = property(lambda self: self._city.coins)
    built = property(lambda self: tuple(self._city.built))
    names = property(lambda self: frozenset(self._city.names))
    stages = property(lambda self: self._city.stages)
    tokens = property(lambda self: tuple(self._city.tokens))
    kept = property(lambda self: MappingProxyType(self._city.kept))    # kept tokens by kind (`tokens: KIND`)
    shields = property(lambda self: self._city.shields)
    symbols = property(lambda self: tuple(self._city.symbols))
    wild_symbols = property(lambda self: tuple(self._city.wild_symbols))
    colors = property(lambda self: MappingProxyType(self._city.colors))
    produces = property(lambda self: tuple(self._city.own_fixed))
    produces_choices = property(lambda self: tuple(self._city.own_choices))
    sells = property(lambda self: tuple(self._city.trade_fixed))
    sells_choices = property(lambda self: tuple(self._city.trade_choices))
    free_build = property(lambda self: self._city.free_build_left())
    play_last = property(lambda self: self._city.play_last)

    @property
    def prices(self):
        """Coins per unit of each resource bought from the left and right neighbour."""
        return MappingProxyType({d: tuple(p) for d, p in self._city.prices.items()})

    @property
    def next_stage(self):
        """The compiled next wonder stage (a rule table entry), or None when all are built."""
        return self._city.next_stage()

    @property
    def board(self):
        return self._city.side

    @property
    def under_stages(self):
        """The cards under this city's stages: only your own city's (others' are face down)."""
        return None if self._hidden_under else tuple(self._city.under_stages)

    def __repr__(self):
        return f"<CityView {self.name}: {self.wonder} {self.side}>"


class Memory:
    """What one player has seen: the hand it held at each decision, its own choices, the
    cards it knows are in the discard pile.  Kept by the seat, not read from the game."""

    def __init__(self):
        self.hands: dict[tuple[int, int], tuple[int, ...]] = {}     # (age, turn) -> hand held
        self.choices: list[tuple[int, int, int, str, object]] = []  # (age, turn, seat, kind, action)
        self.discard_known: list[int] = []                           # cards it saw go to the pile

    def observe(self, game, player: int, seat: int, kind: str) -> None:
        if seat == player and DECISIONS[kind].moves:      # (`game.age.number` without the property)
            self.hands[game.tables.rules.ages[game.age_index].number, game.turn] = tuple(game.hands[player])

    def record(self, game, seat: int, kind: str, action) -> None:
        self.choices.append((game.tables.rules.ages[game.age_index].number, game.turn, seat, kind, action))
        if action.kind in (SELL, USE):          # a card sold or used goes to the pile
            self.discard_known.append(action.card)
        elif DECISIONS[kind].sees_pile and action.card in self.discard_known:
            self.discard_known.remove(action.card)


class SeatView:
    """What the player deciding for `seat` may see now (see the module docstring)."""

    def __init__(self, game, seat: int, kind: str, memory: Memory, options=()):
        self._game, self._memory, self._options = game, memory, options
        self.seat = seat                                   # the city this decision is for
        self.player = game.holders.get(seat, seat)         # the seat deciding (its holder, for a neutral city)
        self.kind = kind
        self._appraisers: dict | None = None             # made when a bot first asks for a valuation
        self._position: tuple | None = None
        self._sampler = None                             # sample_game's, made on its first call

    # ------------------------------------------------------------ the table
    tables = property(lambda self: self._game.tables)        # the compiled rule set (read it, never change it)
    rules = property(lambda self: self._game.tables.rules)
    players = property(lambda self: self._game.players)       # seats 0 .. players-1 are players
    age = property(lambda self: self._game.age.number)
    age_index = property(lambda self: self._game.age_index)
    turn = property(lambda self: self._game.turn)
    ages = property(lambda self: self._game.tables.rules.ages)
    neutral = property(lambda self: self.seat in self._game.neutrals)
    holders = property(lambda self: MappingProxyType(self._game.holders))
    discard_size = property(lambda self: len(self._game.discard))

    @property
    def age_rules(self):
        return self._game.age

    @property
    def turns_left(self) -> int:
        """Turns of this age after this one."""
        return self._game.age.turns - self._game.turn

    @property
    def hand(self) -> tuple[int, ...]:
        """The cards you hold (card indexes into `tables.cards`)."""
        return tuple(self._game.hands[self.player])

    @property
    def partner_hands(self):
        """The hands of your partners (`teams of ...`: partners show each other their
        cards), by seat; empty without teams."""
        game = self._game
        return MappingProxyType({s: tuple(game.hands[s]) for s in partners(game.tables.rules, self.player, game.players)})

    @property
    def zones(self):
        """The cards you keep in each zone of the rules (docs/language.md, "Phases"); others'
        are hidden."""
        return MappingProxyType({z: tuple(held[self.player]) for z, held in self._game.zones.items()})

    @property
    def cities(self) -> tuple[CityView, ...]:
        return tuple(CityView(c, c.seat != self.player) for c in self._game.cities)

    @property
    def city(self) -> CityView:
        return self.cities[self.seat]

    def neighbours(self, seat: int | None = None) -> tuple[CityView, CityView]:
        """(left, right) of `seat` (default: the city deciding)."""
        left, right = self._game.neighbours(self.seat if seat is None else seat)
        return CityView(left, left.seat != self.player), CityView(right, right.seat != self.player)

    @property
    def discard(self) -> tuple[int, ...] | None:
        """The discard pile while you choose a card from it; otherwise None (it is face down)."""
        return tuple(self._game.discard) if DECISIONS[self.kind].sees_pile else None

    @property
    def memory(self) -> Memory:
        """What you have seen this game (hands held, your choices, cards you know are discarded)."""
        return self._memory

    # ------------------------------------------------------------ questions for the engine
    def scores(self) -> tuple[dict, ...]:
        """Every city's score pad if the game ended now."""
        return tuple(MappingProxyType(p) for p in self._game.scores())

    def appraise(self, option):
        """What `option` is worth, part by part, read from the rules (valuation.Appraisal)."""
        return self.appraiser().appraise(option)

    def appraiser(self, seat: int | None = None):
        """The valuation of moves for `seat` (default: the city deciding) in this position."""
        seat = self.seat if seat is None else seat
        if self._appraisers is None:
            self._appraisers = {}
        found = self._appraisers.get(seat)
        if found is None:
            if self._position is None:                    # one decision sees one position
                self._position = _fingerprint(self._game)
            found = self._appraisers[seat] = shared_appraiser(self._game, seat, self._position)
        return found

    def settle_values(self, options, coin: float | None = None) -> list[float]:
        """Each way to settle a loss (`pay N coins and take M debt tokens`) in points: the
        coins paid at `coin` points each (default: the rules' value of a coin), the tokens
        as the score lines count them."""
        model = self.appraiser().model
        return [settle_worth(model, o, coin) for o in options]

    def offer_values(self, options, coin: float | None = None) -> list[float]:
        """Each answer to an offer (`may pay PRICE to ACTION`) in points: 0 to decline, the
        action's worth less the price (coins at `coin` points each, default the rules'
        value of a coin) for each way to pay (bots/offers.py)."""
        appraiser = self.appraiser()

        def card_worth(card: int) -> float:
            return sum(appraiser.appraise(Action(BUILD, card, free="power")))
        return offer_values(appraiser.model, self._game, self.seat, options, card_worth, coin)

    def next_to_receive(self, seat: int | None = None) -> int:
        """The player seat that receives this seat's hand after this turn."""
        seat = self.player if seat is None else seat
        step = 1 if self._game.passing() == "left" else -1
        return (seat + step) % self._game.players

    def sample_game(self, rng):
        """A copy of the game for search, with everything this player cannot see (other
        hands, the deck, the discard pile) sampled consistently with what it has seen."""
        if self._sampler is None:           # what the player knows, worked out once per decision
            from .determinize import sampler
            self._sampler = sampler(self._game, self.player, self._memory, self.kind)
        return self._sampler(rng)


class BotSeat:
    """A decider for the engine (`decide(game, seat, kind, options)`) that shows its bot
    only a SeatView, remembers what the seat saw, and checks the bot's answer."""

    def __init__(self, bot: PlugInBot, spec: str = ""):
        self.bot, self.spec = bot, spec or getattr(bot, "name", type(bot).__name__)
        self.name = self.spec
        self.memory = Memory()
        self._choosing = bot_code(self.spec, "choosing")     # (one, not one per decision)

    @property
    def rng(self):
        """The bot's random generator (a test may copy its state onto a twin)."""
        return self.bot.rng

    @property
    def picks_moves(self) -> bool:
        """Whether its bot always pays the cheapest way and says so with `choose_move`
        (the random bot): then a turn's decision is `decide_move`."""
        return conforms(self.bot, ChoosesMoves)      # (typing's isinstance lists the members each call)

    def decide_move(self, game, seat, kind):
        """The action of a turn (or an age's last card) of a bot that pays the cheapest way,
        chosen by its `choose_move(view, moves)` among the cheapest option of each move
        (`legal_moves`): the option its `choose` would take, without listing every payment."""
        moves = legal_moves(game, seat)
        return moves[self.decide(game, seat, kind, moves, self.bot.choose_move)]

    def decide(self, game, seat, kind, options, choose=None) -> int:
        options = tuple(options)
        view = SeatView(game, seat, kind, self.memory, options)
        self.memory.observe(game, view.player, seat, kind)
        # settling a loss: the bot's `settle` (Bot's: by the rules' values), or its `choose`
        hook = DECISIONS[kind].hook           # a method of its own, not its `choose` (kinds/decisions/)
        answer = getattr(self.bot, hook, None) if hook else None
        with self._choosing:
            index = (answer or choose or self.bot.choose)(view, options)
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(options):
            raise BotError(f"bot {self.spec!r} answered {index!r}, not the index of one of its "
                           f"{len(options)} options")
        self.memory.record(game, seat, kind, options[index])
        return index

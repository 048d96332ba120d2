"""A city's derived tables: the production, shields, science, prices and powers that follow
from what it owns, added up source by source (`_add_static`, each source's `Held` compiled
by compile/tables.py) and rebuilt from the owned sources when a saved game is loaded or the laws
in force change (`rebuild`), so they are never stored and never disagree with what the
city owns.  Their lists are kept sorted, so a rebuilt city equals the live one whatever
order its stages and buildings came in.  The city's ownership, how it grows and what it
is asked, is engine/city.py `City`, which derives from `CityTables`."""

from __future__ import annotations

import bisect
from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..kinds.effects.cards_change import CARD_CHANGES
from .held import NOTHING, _OFF, CoinRate, CostCut, Heard, Held, Like, Listener, Options, ShieldsPer, TokenBuild
from .payment.trio import signature

if TYPE_CHECKING:
    from ..compile import SideInfo, Source, Tables
    from .city import City
    from ..compile.laws import InForce

DIRECTIONS = ("left", "right")

# The tables' parts (engine/city.py declares the city's others: FIXED, OWNED), by how a
# copy gets each: shared, copied one level, or two (the nested ones).
DERIVED_VALUES = ("shields", "shields_counted", "play_last", "use_sig", "sell_sig", "gives_defeats", "laws",
                  "zones",                     # the game's zones, shared (engine/placed.py)
                  "chains_paid", "chains_from", "coinage", "revealed",
                  "free_tokens")               # a tuple, replaced whole: shared by copies
DERIVED_LISTS = ("own_fixed", "own_choices", "trade_fixed", "trade_choices", "symbols", "wild_symbols",
                 "free_build", "free_rules", "discounts", "rebate", "bank", "like", "like_choices",
                 "shields_per")
DERIVED_DICTS = ("colors", "heard_by")     # (heard_by: event's number -> a tuple, replaced whole)
DERIVED_NESTED = ("prices", "listening")        # direction -> list, event -> list
DERIVED = DERIVED_VALUES + DERIVED_LISTS + DERIVED_DICTS + DERIVED_NESTED
_MAX_SIGNED_AFTER = 200_000      # entries of a rule set's "signed after" table (CityTables._sign_after)


def ruling(index: int, laws: Iterable[InForce]) -> str | None:
    """What the laws in force over cards (`SELECTOR produce nothing`, ...) do to the card
    `index`: the strongest change of those that select it (kinds/effects/cards_change.py CARD_CHANGES, strongest
    first), or None."""
    found = None
    for law in laws:
        for indexes, change in law.cards:
            if index in indexes and (found is None or _RANK[change] < _RANK[found]):
                found = change
    return found


_RANK = {change: rank for rank, change in enumerate(CARD_CHANGES)}


def ruled_held(source: Source, change: str, tables: Tables) -> Held:
    """What `source` adds to a city's tables under a law's change (compiled with the
    tables: compile/tables.py `ruled_helds`)."""
    return tables.ruled[(id(source), change)]


class CityTables:
    """The derived half of a city (engine/city.py `City`): its tables and how they follow
    what it owns.  Its slots are the tables' (DERIVED); `City` adds what the city is and owns."""
    __slots__ = DERIVED

    # what the tables read of the city's ownership (engine/city.py `City`)
    tables: Tables
    side: SideInfo
    built: list[int]
    copied: list[int]
    revealed: tuple[int, ...]
    laws: tuple[InForce, ...]
    board_lost: bool
    gained_shields: int
    stages: int

    # what the tables read of the city's ownership, defined by `City` (a method declared
    # under `if TYPE_CHECKING:` would be a statement mypyc cannot compile in a class body)
    def built_stages(self) -> list[Source]:
        raise NotImplementedError("City.built_stages")

    def stage_copies(self) -> list[Source]:
        raise NotImplementedError("City.stage_copies")

    def owned_sources(self) -> list[Source]:
        raise NotImplementedError("City.owned_sources")

    def _reset_tables(self) -> None:
        n = len(self.tables.resources)
        price = self.tables.rules.trade_price
        self.colors: dict[str | None, int] = {}   # buildings by colour (a card's, compile/tables.py `Source.color`)
        self.own_fixed = [0] * n
        self.own_choices: list[tuple[int, ...]] = []
        self.trade_fixed = [0] * n
        self.trade_choices: list[tuple[int, ...]] = []
        self.shields = self.gained_shields    # the shields of actions stay whatever the city loses
        self.shields_per: list[ShieldsPer] = []   # `shields N per ...`: (N, every, count of the city)
        self.shields_counted = 0              # the shields they give now, part of `shields`
        self.symbols = [0] * len(self.tables.symbols)
        self.wild_symbols: list[tuple[int, ...]] = []
        self.prices = {d: [price] * n for d in DIRECTIONS}
        self.free_build: list[str] = []       # keys of "may build a card for free" powers (kinds/effects/free_build.py `key`)
        self.free_rules: list[tuple[str, str]] = []   # ("first", "color"), ("last", "age"), ...
        self.free_tokens: tuple[TokenBuild, ...] = ()   # (what, kind, count, colour) of the builds paid by tokens, sorted
        self.play_last = False
        self.gives_defeats = False
        self.chains_paid = False              # a law's `no free chains`: a chain builds nothing for free
        self.chains_from: tuple[str, ...] = ()   # a law's `chains from SCOPE`: the neighbours ("left", "right")
        #                                       whose buildings give chains too
        self.coinage: tuple[CoinRate, ...] = ()   # a law's `resources of ... are paid in coins, N a unit`:
        #                                       ((colours, or () for wonder stages), N) each (engine/discounts.py)
        # (colours, or () for wonder stages; "resources" or "coins"; amount, -1 for all;
        # whose buildings: scope parts) of the `... cost ... less` powers (engine/discounts.py)
        self.discounts: list[CostCut] = []
        self.rebate = [0, 0]                  # coins off the turn's payment to left, right
        self.bank = [0, 0]                    # units a turn's payment may buy from the bank, at what price
        self.like: list[Like] = []    # `produces a resource [not] of own ...` effects
        self.like_choices: list[tuple[Options, bool]] = []   # (options, private): what they produce now
        # event's number -> [(rank, key, trigger, its compiled conditions)]: the board's, then the built
        # stages' in order, then the buildings' in the order built (the same live and after loading a save)
        self.listening: dict[int, list[Listener]] = {}
        # event's number -> the same in order without their ranks: what `Dispatcher.listeners` hands out,
        # made when the city's listeners change, not at each event
        self.heard_by: dict[int, tuple[Heard, ...]] = {}
        self._sign()

    def rebuild(self) -> None:
        """Recompute every derived table from the owned board, stages and cards, then add
        the laws in force."""
        laws, self.laws = self.laws, ()
        self._reset_tables()
        cards = self.tables.cards
        for index in self.revealed:
            self._add_static(cards[index], self._ruled(cards[index], laws))
        self._add_static(self.side.board, ruled_held(self.side.board, "nothing", self.tables)
                         if self.board_lost else None)
        for stage in self.built_stages():
            self._add_static(stage)
        for index in self.built:
            card = cards[index]
            self.colors[card.color] = self.colors.get(card.color, 0) + 1
            self._add_static(card, self._ruled(card, laws))
        for index in self.copied:
            self._add_static(cards[index], self._ruled(cards[index], laws))
        for stage in self.stage_copies():
            self._add_static(stage)
        self.laws = laws
        if laws:
            if self.like and any(law.cards for law in laws):
                self._follow_like()           # what follows the city follows the laws over its cards too
            self._apply_laws()

    def _ruled(self, card: Source, laws: tuple[InForce, ...]) -> Held | None:
        """What `card` adds to the tables under the laws over cards in force (None: its own
        effects, as printed)."""
        if not laws:
            return None
        change = ruling(card.index, laws)
        return None if change is None else ruled_held(card, change, self.tables)

    def set_laws(self, laws: tuple[InForce, ...]) -> None:
        """The laws in force now (engine/laws.py): the tables are worked out again when
        they changed."""
        if laws != self.laws:
            self.laws = laws
            self.rebuild()

    def _apply_laws(self) -> None:
        """Add the laws in force to the city's own tables, in the documented order: the
        laws' production and discounts add to the city's own; each trade price is the
        lowest of the city's own and the laws' `buy ... for N coins`; then the laws' `for N
        coins more` and `less` are added up, and a price never goes below 0."""
        changes = {direction: [0] * len(self.own_fixed) for direction in DIRECTIONS}
        for held, changed, chains_paid, _turns_round, _tokens, _cards, chains_from, coinage in self.laws:
            if chains_paid:
                self.chains_paid = True
            if chains_from:
                self.chains_from = tuple(d for d in DIRECTIONS if d in chains_from or d in self.chains_from)
            if coinage:
                self.coinage += (coinage,)
            for r, n in held.own_fixed:
                self.own_fixed[r] += n
            for r, n in held.trade_fixed:
                self.trade_fixed[r] += n
            for options in held.own_choices:
                bisect.insort(self.own_choices, options)
            for options in held.trade_choices:
                bisect.insort(self.trade_choices, options)
            for direction, r, price in held.discounts:
                prices = self.prices[direction]
                prices[r] = min(prices[r], price)
            for discount in held.cost_discounts:
                bisect.insort(self.discounts, discount)
            if held.free_tokens:
                self.free_tokens = tuple(sorted({*self.free_tokens, *held.free_tokens}))
            for direction, r, delta in changed:
                changes[direction][r] += delta
        for direction, added in changes.items():
            prices = self.prices[direction]
            for r, delta in enumerate(added):
                if delta:
                    prices[r] = max(0, prices[r] + delta)
        self._sign()

    def _add_static(self, source: Source, held: Held | None = None) -> None:
        """Add what `source` does while owned to the tables: its triggers and its `Held`
        (`held`: what a law over cards leaves of it, `ruled_held`; `_OFF`: nothing)."""
        if held is _OFF:
            return
        if source.triggers:
            rank = (0, 0) if source.kind == "board" else (1, self.stages) if source.kind == "stage" \
                else (3, len(self.copied)) if source.index in self.copied \
                else (-1, self.revealed.index(source.index)) if source.index in self.revealed else (2, len(self.built))
            for index, hook in enumerate(source.run.triggers):
                listeners = self.listening.setdefault(hook.event, [])
                bisect.insort(listeners, (rank + (index,), f"{source.name}#{index}", hook, hook.check),
                              key=lambda entry: entry[0])
                self.heard_by[hook.event] = tuple([entry[1:] for entry in listeners])
        if held is None:
            held = source.held                  # (compiled with the tables)
        if held is NOTHING:
            return
        # unpacked at once: reading a named tuple's fields one by one is slow (every card built)
        (own_fixed, trade_fixed, own_choices, trade_choices, shields, shields_per, symbols, wilds, discounts,
         _free_build, _free_rules, _play_last, _cost_discounts, _gives_defeats, _rebates, _like, _bank,
         _free_tokens, trade_changed, powers) = held
        for r, n in own_fixed:
            self.own_fixed[r] += n
        for r, n in trade_fixed:
            self.trade_fixed[r] += n
        for options in own_choices:
            bisect.insort(self.own_choices, options)
        for options in trade_choices:
            bisect.insort(self.trade_choices, options)
        self.shields += shields
        if shields_per:
            self.shields_per += shields_per
        if self.shields_per:
            self.count_shields()
        for s in symbols:
            self.symbols[s] += 1
        for options in wilds:
            bisect.insort(self.wild_symbols, options)
        if discounts and self.laws:           # a law changes prices after the city's own: all again
            self.rebuild()
            return
        for direction, r, price in discounts:
            prices = self.prices[direction]
            prices[r] = min(prices[r], price)
        if powers:
            self._add_powers(held)
        if self.like:
            if self._follow_like() or trade_changed:
                self._sign()
        elif trade_changed:
            self._sign_after(held)

    def _add_powers(self, held: Held) -> None:
        """`_add_static`'s rarer parts, from `free_build` to `free_tokens` (a source without any
        skips them: `Held.powers`)."""
        (free_build, free_rules, play_last, cost_discounts, gives_defeats, rebates, like, bank,
         free_tokens) = held[9:18]
        for limit in free_build:
            bisect.insort(self.free_build, limit)
        for rule in free_rules:
            bisect.insort(self.free_rules, rule)
        if play_last:
            self.play_last = True
        for discount in cost_discounts:
            bisect.insort(self.discounts, discount)
        if gives_defeats:
            self.gives_defeats = True
        for side, amount in rebates:
            self.rebate[side] += amount
        for units, price in bank:             # the units add up; the cheapest price is paid
            self.bank = [self.bank[0] + units, min(price, self.bank[1]) if self.bank[0] else price]
        self.like += like
        if free_tokens:                       # (one power written twice is one power)
            self.free_tokens = tuple(sorted({*self.free_tokens, *free_tokens}))

    def count_shields(self) -> None:
        """Count again the shields of `shields N per ...` (the city built, or took a
        military token): they follow what they count."""
        city: City = self  # type: ignore[assignment]  # (a CityTables is always a City's)
        counted = sum(n * (count(city) // every) for n, every, count in self.shields_per)
        self.shields += counted - self.shields_counted
        self.shields_counted = counted

    def _follow_like(self) -> bool:
        """Recompute what `produces a resource [not] of own ...` gives now (the city has
        grown): each such effect is one choice among the resources its sources produce (or
        do not).  True when the production changed."""
        res = self.tables.resource_index
        made = []
        for effect in self.like:
            colors = {c.text for c in effect.colors}
            found: set[int] = set()
            for source in self.owned_sources():
                if source.kind == "board" and self.board_lost or source.kind == "card" and self.laws \
                        and ruling(source.index, self.laws) in ("no effect", "nothing"):
                    continue                  # a production lost or stopped by a law follows nothing
                if (source.kind == "card" and source.color in colors) or (source.kind == "board" and effect.board):
                    held = source.held                # what it produces as printed, compiled with it
                    found.update(resource for resource, _units in held.own_fixed)
                    for options in held.own_choices:
                        found.update(options)
            if effect.negated:
                found = set(range(len(res))) - found
            if found:
                made.append((tuple(sorted(found)), effect.private))
        made.sort()                           # the same list live and rebuilt from a save
        if made == self.like_choices:
            return False
        for options, private in self.like_choices:
            self.own_choices.remove(options)
            if not private:
                self.trade_choices.remove(options)
        for options, private in made:
            bisect.insort(self.own_choices, options)
            if not private:
                bisect.insort(self.trade_choices, options)
        self.like_choices = made
        return True

    def _sign(self) -> None:
        """The small integers the payment search knows these production tables by."""
        self.use_sig = signature(self.own_fixed, self.own_choices, self.prices["left"], self.prices["right"])
        self.sell_sig = signature(self.trade_fixed, self.trade_choices)

    def _sign_after(self, held: Held) -> None:
        """`_sign` once `held` was added to the tables signed `use_sig` and `sell_sig`: the
        same tables with the same production added are the same tables, so each such step
        is signed once and then looked up (signing builds, hashes and compares a key of the
        whole tables; an imagined game builds a dozen resource cards).  The entry keeps the
        `Held` itself, so that its id cannot name another while the entry lives; the table
        belongs to the compiled rules, whose sources the Helds are (`Tables.cache`: (use
        signature, sell signature, id of a Held) -> (the Held, the signatures after))."""
        signed = self.tables.cache.get("signed after")
        if signed is None:
            signed = self.tables.cache["signed after"] = {}
        key = (self.use_sig, self.sell_sig, id(held))
        found = signed.get(key)
        if found is None:
            self._sign()
            if len(signed) >= _MAX_SIGNED_AFTER:
                signed.clear()
            signed[key] = (held, self.use_sig, self.sell_sig)
        else:
            _held, self.use_sig, self.sell_sig = found

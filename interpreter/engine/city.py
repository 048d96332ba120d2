"""A player's city: what it owns, and the production, prices and powers that follow.

Derived tables (production, shields, symbols, prices, powers) are updated as sources are
added and rebuilt from the owned sources when a saved game is loaded, so they are never
stored and never disagree with what the city owns.  Their lists are kept sorted, so a
rebuilt city equals the live one whatever order its stages and buildings came in.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable
from typing import TYPE_CHECKING, cast

from ..compile import SideInfo, Source, Tables
from ..kinds.effects import production_of
from ..kinds.effects.cards_change import CARD_CHANGES
from .held import (_NOTHING, _OFF, CoinRate, CostCut, Held, Like, Listener, Options, ShieldsPer,
                   TokenBuild)
from .payment.trio import signature

if TYPE_CHECKING:
    from .laws import InForce

DIRECTIONS = ("left", "right")
_MAX_SIGNED_AFTER = 200_000      # entries of a rule set's "signed after" table (City._sign_after)


# A city's state, declared once: what it is (shared by its copies), what it owns (saved),
# and the tables derived from what it owns (rebuilt on load, never saved); each part by
# how a copy gets it.  `copy`, the saves and tests/test_decisions.py read these.
FIXED = ("tables", "seat", "name", "side")
OWNED_VALUES = ("coins", "stages", "free_build_used", "bank_used", "gained_shields", "board_lost")
OWNED_LISTS = ("built", "tokens", "under_stages", "copied", "stage_order", "entombed", "copied_stages")
OWNED_SETS = ("names",)
OWNED_DICTS = ("kept",)                         # kind -> count of kept tokens (`debt`, `diplomacy`)
DERIVED_VALUES = ("shields", "shields_counted", "play_last", "use_sig", "sell_sig", "gives_defeats", "laws",
                  "zones",                     # the game's zones, shared (engine/placed.py)
                  "chains_paid", "chains_from", "coinage", "revealed",
                  "free_tokens")               # a tuple, replaced whole: shared by copies
DERIVED_LISTS = ("own_fixed", "own_choices", "trade_fixed", "trade_choices", "symbols", "wild_symbols",
                 "free_build", "free_rules", "discounts", "rebate", "bank", "like", "like_choices",
                 "shields_per")
DERIVED_DICTS = ("colors",)
DERIVED_NESTED = ("prices", "listening")        # direction -> list, event -> list
OWNED = OWNED_VALUES + OWNED_LISTS + OWNED_SETS + OWNED_DICTS
DERIVED = DERIVED_VALUES + DERIVED_LISTS + DERIVED_DICTS + DERIVED_NESTED


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
    """What `source` adds to a city's tables under a law's change (worked out once per
    source and change): nothing at all (`no effect`, `_OFF`); its effects without their
    production (`nothing`, and a board whose production the city lost); or each resource
    of its fixed production as many times as the largest cost of the rule set asks, for
    the city's own use, its neighbours buying what it prints (`as needed`)."""
    # (id of a source of these tables, change) -> Held
    memo: dict[tuple[int, str], Held] = tables.cached("ruled held", dict)  # type: ignore[no-untyped-call]  # (compile.py: not yet typed)
    key = (id(source), change)
    found = memo.get(key)
    if found is None:
        held: Held = source.held  # type: ignore[assignment]  # (compile.py Source.held: object, a Held, compiled)
        if change == "no effect":
            found = _OFF
        elif change == "nothing":
            found = held._replace(own_fixed=(), trade_fixed=(), own_choices=(), trade_choices=(),
                                  trade_changed=True)
        else:
            most: tuple[int, ...] = tables.cached("most asked", lambda: most_asked(tables))  # type: ignore[no-untyped-call]  # (compile.py: not yet typed)
            found = held._replace(own_fixed=tuple((r, max(n, most[r])) for r, n in held.own_fixed))
        memo[key] = found
    return found


def most_asked(tables: Tables) -> tuple[int, ...]:
    """The most units of each resource that one cost of the rule set asks (a card's, a
    wonder stage's): as many as a city can ever need of it at once."""
    costs = [c.cost for c in tables.cards] + [s.cost for side in tables.sides for s in side.stages]
    return tuple(max([cost[r] for cost in costs], default=0) for r in range(len(tables.resources)))


class City:
    __slots__ = FIXED + OWNED + DERIVED

    def __init__(self, tables: Tables, seat: int, name: str, side: SideInfo, coins: int) -> None:
        self.tables = tables
        self.seat, self.name, self.side, self.coins = seat, name, side, coins
        self.built: list[int] = []            # card indexes, in the order built
        self.names: set[str] = set()
        self.stages = 0
        self.stage_order: list[int] = []      # the side's stages built (numbers from 0), in the order built
        self.tokens: list[int] = []           # military tokens, in the order taken
        self.under_stages: list[int] = []     # cards used to mark built stages
        self.kept: dict[str, int] = {}        # kept tokens by kind, only kinds the city holds
        self.copied: list[int] = []           # cards of neighbours whose effects it has (`when built: copy`)
        self.revealed: tuple[int, ...] = ()   # the cards shown on the table, in play in every city (set by the game)
        self.entombed: list[tuple[int, int]] = []       # (stage from 0, card) put under a stage (`put ... under`)
        self.copied_stages: list[tuple[int, int]] = []  # (side in tables.sides, stage from 0) copied (`copy stage`)
        self.free_build_used: tuple[str, ...] = ()   # the colours of the free-build powers used ("" for any colour)
        self.bank_used = 0                    # units bought from the bank this turn (`buy N ... each turn`)
        self.gained_shields = 0               # shields an action gave (`gain 2 shields`), part of `shields`
        self.zones: dict[str, list[list[int]]] = {}   # the game's zones, read by `cards in "Z"` (engine/placed.py)
        self.laws: tuple[InForce, ...] = ()   # the laws in force, each an engine/laws.py InForce (set by the game)
        self.board_lost = False               # `lose the board production`: its board produces nothing any more
        self._reset_tables()
        self._add_static(side.board)

    def _reset_tables(self) -> None:
        n = len(self.tables.resources)
        price = self.tables.rules.trade_price
        self.colors: dict[str | None, int] = {}   # buildings by colour (a card's, compile.py `Source.color`)
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
        # event -> [(rank, key, trigger, its compiled conditions)]: the board's, then the built stages' in order, then
        # the buildings' in the order built (the same live and after loading a save)
        self.listening: dict[str, list[Listener]] = {}
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

    def lose_board(self) -> None:
        """`lose the board production`: the board produces nothing from now on (its other
        effects stay); the tables are worked out again."""
        if not self.board_lost:
            self.board_lost = True
            self.rebuild()

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

    # ---------------------------------------------------------------- growing
    def add_card(self, card: Source) -> None:
        self.built.append(card.index)
        self.names.add(card.name)
        self.colors[card.color] = self.colors.get(card.color, 0) + 1
        self._add_static(card, self._ruled(card, self.laws) if self.laws else None)

    def remove_card(self, index: int) -> None:
        """A building leaves the city (`discard a ... card from ...`): with it its name, its
        colour's count and every effect it had; the tables are rebuilt from what is left,
        so nothing it gave stays (production, shields, science, powers, triggers)."""
        self.built.remove(index)
        self.names.discard(self.tables.cards[index].name)
        self.rebuild()

    def add_copy(self, card: Source) -> None:
        """A neighbour's card whose effects the city has from now on, as if its own: its
        lasting effects, triggers and score lines (not its colour, name or `when built`)."""
        self.copied.append(card.index)
        self._add_static(card, self._ruled(card, self.laws) if self.laws else None)

    def set_shown(self, shown: tuple[int, ...]) -> None:
        """The cards shown on the table now (`Game.shown_cards`: of each deck, those of its
        last reveal), in play in this city as in every other: their lasting effects,
        triggers and score lines (not their colour, name or `when built`), their triggers
        firing after the rules' and before the board's (docs/language.md, "reveal").  Set
        by the game, like the laws: the tables are worked out again when they changed (a
        covered card leaves play)."""
        if shown != self.revealed:
            self.revealed = shown
            self.rebuild()

    def add_stage_copy(self, side: int, number: int) -> Source:
        """A neighbour's wonder stage whose effects the city has from now on (`copy stage N
        of ...`): its lasting effects, triggers, points and score lines."""
        self.copied_stages.append((side, number))
        stage = self.tables.sides[side].stages[number]
        self._add_static(stage)
        return stage

    def stage_copies(self) -> list[Source]:
        sides = self.tables.sides
        return [sides[side].stages[number] for side, number in self.copied_stages]

    def free_builds_for(self, color: str | None) -> list[str]:
        """The colours ("" for any) of the free-build powers not used yet that may build a
        card of `color`."""
        found = []
        for key in self.free_build:
            which = key.partition(" ")[2]
            if which in ("", color) and which not in self.free_build_used and which not in found:
                found.append(which)
        return found

    def free_build_left(self) -> bool:
        """Whether some free-build power is not used yet."""
        return any(key.partition(" ")[2] not in self.free_build_used for key in self.free_build)

    def use_free_build(self, color: str) -> None:
        self.free_build_used = tuple(sorted({*self.free_build_used, color}))

    def renew_free_builds(self, limit: str) -> None:
        """A new turn or age: the powers of that limit may be used again."""
        renewed = {key.partition(" ")[2] for key in self.free_build if key.partition(" ")[0] == limit}
        if renewed & set(self.free_build_used):
            self.free_build_used = tuple(c for c in self.free_build_used if c not in renewed)

    def add_stage(self, number: int = -1) -> Source:
        """Build the stage `number` (from 0) of the side; -1: the next one (`stage_of`)."""
        number = self.stages if number < 0 else number
        stage = self.side.stages[number]
        self.stage_order.append(number)
        self.stages += 1
        self._add_static(stage)
        return stage

    def _add_static(self, source: Source, held: Held | None = None) -> None:
        """Add what `source` does while owned to the tables: its triggers and its `Held`
        (`held`: what a law over cards leaves of it, `ruled_held`; `_OFF`: nothing)."""
        if held is _OFF:
            return
        if source.triggers:
            rank = (0, 0) if source.kind == "board" else (1, self.stages) if source.kind == "stage" \
                else (3, len(self.copied)) if source.index in self.copied \
                else (-1, self.revealed.index(source.index)) if source.index in self.revealed else (2, len(self.built))
            checks = source.run.checks   # type: ignore[attr-defined]  # (compile.py Source.run: object, a Run)
            for index, trigger in enumerate(source.triggers):
                listeners = self.listening.setdefault(trigger.event, [])
                bisect.insort(listeners, (rank + (index,), f"{source.name}#{index}", trigger, checks[index]),
                              key=lambda entry: entry[0])
        if held is None:
            held = cast(Held, source.held)      # (compile.py Source.held: object, a Held, compiled)
        if held is _NOTHING:
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

    def gain_shields(self, count: int) -> None:
        """Lasting shields from an action (`gain 2 shields`): none for a count below 1."""
        if count > 0:
            self.gained_shields += count
            self.shields += count

    def count_shields(self) -> None:
        """Count again the shields of `shields N per ...` (the city built, or took a
        military token): they follow what they count."""
        counted = sum(n * (count(self) // every) for n, every, count in self.shields_per)
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
                    for e in source.static:
                        printed = production_of(e)
                        if printed is not None:
                            found.update(res[resource] for resource, _units in printed[0])
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

    def copy(self) -> "City":
        """An independent copy for search and hypotheses: its own lists and tables, the
        compiled rule tables shared (never copied).  (Written out from the declared parts
        below, `_copy`: a search copies cities thousands of times a second.)"""
        return _copy(self)

    # ---------------------------------------------------------------- queries
    def owned_sources(self) -> list[Source]:
        """The cards shown on the table, the board, the built stages, the copied stages, the
        buildings and the copied cards, in that order."""
        cards = self.tables.cards
        found = [cards[i] for i in self.revealed] if self.revealed else []
        found += [self.side.board, *self.built_stages()]
        if self.copied_stages:          # (most cities copy none: no list made for them)
            found += self.stage_copies()
        for i in self.built:            # (loops: a comprehension here would make `cards` a cell)
            found.append(cards[i])
        for i in self.copied:
            found.append(cards[i])
        return found

    def built_stages(self) -> list[Source]:
        """The stages built: the first `stages` of a side built in order, else in the order built."""
        stages = self.side.stages
        if not self.side.any_order:
            return list(stages[:self.stages])
        return [stages[n] for n in self.stage_order]

    def next_stage(self) -> Source | None:
        """The stage a wonder stage builds next: on a side of `stages in any order`, the
        first not built yet (its other open stages: `open_stages`)."""
        if self.stages >= len(self.side.stages):
            return None
        if self.side.any_order:
            return self.side.stages[self.open_stages()[0]]
        return self.side.stages[self.stages]

    def open_stages(self) -> list[int]:
        """The numbers (from 0) of the stages a wonder stage may build now: the next one,
        or on a side of `stages in any order`, each one not built yet."""
        if not self.side.any_order:
            return [self.stages] if self.stages < len(self.side.stages) else []
        built = self.stage_order
        return [n for n in range(len(self.side.stages)) if n not in built]

    def stage_of(self, number: int) -> Source:
        """The stage an action's `stage` names (-1: the next, on a side built in order)."""
        return self.side.stages[self.stages if number < 0 else number]

    def free_by_rule(self, card: Source, turn: int, last_turn: int) -> bool:
        """Does a `builds the first/last card of each color/age for free` power make this
        building free now (on `turn` of an age of `last_turn` turns)?"""
        for which, unit in self.free_rules:
            if unit == "color" and not self.colors.get(card.color):
                return True
            if unit == "age" and turn == (1 if which == "first" else last_turn):
                return True
        return False

    def has_chain_for(self, card: Source) -> bool:
        return bool(card.chains & self.names)


_SAME = FIXED + OWNED_VALUES + DERIVED_VALUES
_ONE_LEVEL = OWNED_LISTS + OWNED_SETS + OWNED_DICTS + DERIVED_LISTS + DERIVED_DICTS


_new = object.__new__


def _copy(self: City) -> City:
    """`City.copy`, one statement per declared part (the parts above): each shared, copied
    one level, or (the nested tables) two levels.  Written out, not looped over the names:
    a search copies cities thousands of times a second.  tests/test_decisions.py checks
    that it sets every declared part and shares no list."""
    other = _new(City)
    other.tables = self.tables
    other.seat = self.seat
    other.name = self.name
    other.side = self.side
    other.coins = self.coins
    other.stages = self.stages
    other.free_build_used = self.free_build_used
    other.bank_used = self.bank_used
    other.gained_shields = self.gained_shields
    other.board_lost = self.board_lost
    other.shields = self.shields
    other.shields_counted = self.shields_counted
    other.play_last = self.play_last
    other.use_sig = self.use_sig
    other.sell_sig = self.sell_sig
    other.gives_defeats = self.gives_defeats
    other.laws = self.laws
    other.revealed = self.revealed
    other.zones = self.zones
    other.chains_paid = self.chains_paid
    other.free_tokens = self.free_tokens
    other.chains_from = self.chains_from
    other.coinage = self.coinage
    other.built = self.built.copy()
    other.tokens = self.tokens.copy()
    other.under_stages = self.under_stages.copy()
    other.stage_order = self.stage_order.copy()
    other.copied = self.copied.copy()
    other.entombed = self.entombed.copy()
    other.copied_stages = self.copied_stages.copy()
    other.names = self.names.copy()
    other.kept = self.kept.copy()
    other.own_fixed = self.own_fixed.copy()
    other.own_choices = self.own_choices.copy()
    other.trade_fixed = self.trade_fixed.copy()
    other.trade_choices = self.trade_choices.copy()
    other.symbols = self.symbols.copy()
    other.wild_symbols = self.wild_symbols.copy()
    other.free_build = self.free_build.copy()
    other.free_rules = self.free_rules.copy()
    other.discounts = self.discounts.copy()
    other.rebate = self.rebate.copy()
    other.bank = self.bank.copy()
    other.like = self.like.copy()
    other.like_choices = self.like_choices.copy()
    other.shields_per = self.shields_per.copy()
    other.colors = self.colors.copy()
    other.prices = {k: v[:] for k, v in self.prices.items()}
    other.listening = {k: v[:] for k, v in self.listening.items()}
    return other

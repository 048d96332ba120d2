"""A player's city: what it owns (saved), how it grows, and what it is asked.

Its derived tables (production, shields, symbols, prices, powers), updated as sources are
added and rebuilt from the owned sources, are engine/city_tables.py's `CityTables`, which
`City` derives from; the parts of its state are declared here, once (FIXED, OWNED,
DERIVED), for the copies and the saves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..compile import SideInfo, Source, Tables
from .city_tables import (DERIVED, DERIVED_DICTS, DERIVED_LISTS, DERIVED_NESTED, DERIVED_VALUES,  # noqa: F401  (declared there)
                          CityTables)

if TYPE_CHECKING:
    from ..compile.laws import InForce


# A city's state, declared once: what it is (shared by its copies), what it owns (saved),
# and the tables derived from what it owns (rebuilt on load, never saved: engine/city_tables.py
# DERIVED); each part by how a copy gets it.  `copy`, the saves and tests/test_decisions.py read these.
FIXED = ("tables", "seat", "name", "side")
OWNED_VALUES = ("coins", "stages", "free_build_used", "bank_used", "gained_shields", "board_lost")
OWNED_LISTS = ("built", "tokens", "under_stages", "copied", "stage_order", "entombed", "copied_stages")
OWNED_SETS = ("names",)
OWNED_DICTS = ("kept",)                         # kind -> count of kept tokens (`debt`, `diplomacy`)
OWNED = OWNED_VALUES + OWNED_LISTS + OWNED_SETS + OWNED_DICTS


class City(CityTables):
    """A city's ownership (what it owns, saved; how it grows) and its queries; its derived
    tables are `CityTables`' (engine/city_tables.py)."""

    __slots__ = FIXED + OWNED                 # (DERIVED: CityTables')

    def __new__(cls, *args: object, **kwargs: object) -> City:
        """A bare city, which `_copy` fills.  Declared so that a build compiled by mypyc
        makes one too: its classes' own `__new__` would otherwise run `__init__`."""
        return super().__new__(cls)

    def __init__(self, tables: Tables, seat: int, name: str, side: SideInfo, coins: int) -> None:
        self.tables = tables
        self.seat, self.name, self.side, self.coins = seat, name, side, coins
        # (built, copied, revealed and laws are annotated once, in CityTables: annotated here
        # too, mypyc's collector would count them twice: hatch_build.py `doubly_visited`)
        self.built = []                       # card indexes, in the order built
        self.names: set[str] = set()
        self.stages = 0
        self.stage_order: list[int] = []      # the side's stages built (numbers from 0), in the order built
        self.tokens: list[int] = []           # military tokens, in the order taken
        self.under_stages: list[int] = []     # cards used to mark built stages
        self.kept: dict[str, int] = {}        # kept tokens by kind, only kinds the city holds
        self.copied = []                      # cards of neighbours whose effects it has (`when built: copy`)
        self.revealed = ()                    # the cards shown on the table, in play in every city (set by the game)
        self.entombed: list[tuple[int, int]] = []       # (stage from 0, card) put under a stage (`put ... under`)
        self.copied_stages: list[tuple[int, int]] = []  # (side in tables.sides, stage from 0) copied (`copy stage`)
        self.free_build_used: tuple[str, ...] = ()   # the colours of the free-build powers used ("" for any colour)
        self.bank_used = 0                    # units bought from the bank this turn (`buy N ... each turn`)
        self.gained_shields = 0               # shields an action gave (`gain 2 shields`), part of `shields`
        self.zones: dict[str, list[list[int]]] = {}   # the game's zones, read by `cards in "Z"` (engine/placed.py)
        self.laws = ()                        # the laws in force, each a compile/laws.py InForce (set by the game)
        self.board_lost = False               # `lose the board production`: its board produces nothing any more
        self._reset_tables()
        self._add_static(side.board)

    def lose_board(self) -> None:
        """`lose the board production`: the board produces nothing from now on (its other
        effects stay); the tables are worked out again."""
        if not self.board_lost:
            self.board_lost = True
            self.rebuild()

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

    def gain_shields(self, count: int) -> None:
        """Lasting shields from an action (`gain 2 shields`): none for a count below 1."""
        if count > 0:
            self.gained_shields += count
            self.shields += count

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


_new = City.__new__      # (City's own: a class mypyc compiles refuses `object.__new__`)


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
    other.heard_by = self.heard_by.copy()
    other.prices = {k: v[:] for k, v in self.prices.items()}
    other.listening = {k: v[:] for k, v in self.listening.items()}
    return other

"""Tree-builder methods for triggers: `[trigger "name"] on EVENT [for each neighbour]
[once per LIMIT] [if ...]: ACTION`, the events and the conditions."""

from __future__ import annotations

from lark import v_args
from lark.tree import Meta

from .. import ast
from ...kinds.conditions.comparison import Comparison
from ...kinds.effects.trigger import Trigger
from .base import BuilderBase, Kept
from ..ast_base import COLOR_BUILT, KEPT_TAKEN, Event


class TriggerBuilder(BuilderBase):
    """Mixed into TreeBuilder (`builder/__init__.py`)."""

    @v_args(meta=True)
    def trigger(self, meta: Meta, c: Kept) -> Trigger:
        name = None
        if isinstance(c[0], tuple) and c[0][:1] == ("named",):
            name, c = c[0][1], c[1:]
        event, rest = c[0], list(c[1:])
        each = bool(rest) and rest[0] == "each"
        if each:
            rest.pop(0)
        limit = rest.pop(0) if rest and isinstance(rest[0], ast.Name) else None
        conditions = rest.pop(0) if rest and isinstance(rest[0], tuple) else ()
        return Trigger(name=name, event=event, each_neighbour=each, limit=limit,
                           conditions=conditions, action=rest[0], span=self._span(meta))

    def trigger_name(self, c: Kept) -> tuple[str, ast.Name]:
        return ("named", self._string(c[0]))

    def game_setup(self, c: Kept) -> Event: return Event.GAME_SETUP
    def age_start(self, c: Kept) -> Event: return Event.AGE_START
    def age_end(self, c: Kept) -> Event: return Event.AGE_END
    def turn_start(self, c: Kept) -> Event: return Event.TURN_START
    def turn_end(self, c: Kept) -> Event: return Event.TURN_END
    def game_end(self, c: Kept) -> Event: return Event.GAME_END
    def building_built(self, c: Kept) -> Event: return Event.BUILDING_BUILT
    def stage_built(self, c: Kept) -> Event: return Event.STAGE_BUILT
    def card_sold(self, c: Kept) -> Event: return Event.CARD_SOLD
    def chain_built(self, c: Kept) -> Event: return Event.BUILDING_BUILT_BY_CHAIN
    def color_card_built(self, c: Kept) -> str: return f"{c[0]}{COLOR_BUILT}"
    def victory_taken(self, c: Kept) -> Event: return Event.VICTORY_TOKEN_TAKEN
    def defeat_taken(self, c: Kept) -> Event: return Event.DEFEAT_TOKEN_TAKEN
    def kept_taken(self, c: Kept) -> str: return f"{c[0]}{KEPT_TAKEN}"
    def bank_coins_taken(self, c: Kept) -> Event: return Event.COINS_TAKEN_FROM_THE_BANK
    def resources_bought(self, c: Kept) -> Event: return Event.RESOURCES_BOUGHT

    def each_neighbour(self, c: Kept) -> str:
        return "each"

    def limit(self, c: Kept) -> ast.Name:
        return self._name(c[0])

    def condition(self, c: Kept) -> tuple[object, ...]:
        return tuple(c)

    @v_args(meta=True)
    def comparison(self, meta: Meta, c: Kept) -> Comparison:
        return Comparison(op=str(c[1]), left=c[0], right=c[2], span=self._span(meta))

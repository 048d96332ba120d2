"""Tree-builder methods for triggers: `[trigger "name"] on EVENT [for each neighbour]
[once per LIMIT] [if ...]: ACTION`, the events and the conditions."""

from __future__ import annotations

from lark import v_args

from .. import ast
from ..ast_base import Event


class TriggerBuilder:
    """Mixed into TreeBuilder (`builder/__init__.py`)."""

    @v_args(meta=True)
    def trigger(self, meta, c):
        name = None
        if isinstance(c[0], tuple) and c[0][:1] == ("named",):
            name, c = c[0][1], c[1:]
        event, rest = c[0], list(c[1:])
        each = bool(rest) and rest[0] == "each"
        if each:
            rest.pop(0)
        limit = rest.pop(0) if rest and isinstance(rest[0], ast.Name) else None
        conditions = rest.pop(0) if rest and isinstance(rest[0], tuple) else ()
        return ast.Trigger(name=name, event=event, each_neighbour=each, limit=limit,
                           conditions=conditions, action=rest[0], span=self._span(meta))

    def trigger_name(self, c):
        return ("named", self._string(c[0]))

    def game_setup(self, c): return Event.GAME_SETUP
    def age_start(self, c): return Event.AGE_START
    def age_end(self, c): return Event.AGE_END
    def turn_start(self, c): return Event.TURN_START
    def turn_end(self, c): return Event.TURN_END
    def game_end(self, c): return Event.GAME_END
    def building_built(self, c): return Event.BUILDING_BUILT
    def stage_built(self, c): return Event.STAGE_BUILT
    def card_sold(self, c): return Event.CARD_SOLD
    def chain_built(self, c): return Event.BUILDING_BUILT_BY_CHAIN
    def color_card_built(self, c): return f"{c[0]}{ast.COLOR_BUILT}"
    def victory_taken(self, c): return Event.VICTORY_TOKEN_TAKEN
    def defeat_taken(self, c): return Event.DEFEAT_TOKEN_TAKEN
    def kept_taken(self, c): return f"{c[0]}{ast.KEPT_TAKEN}"
    def bank_coins_taken(self, c): return Event.COINS_TAKEN_FROM_THE_BANK
    def resources_bought(self, c): return Event.RESOURCES_BOUGHT

    def each_neighbour(self, c):
        return "each"

    def limit(self, c):
        return self._name(c[0])

    def condition(self, c):
        return tuple(c)

    @v_args(meta=True)
    def comparison(self, meta, c):
        return ast.Comparison(op=str(c[1]), left=c[0], right=c[2], span=self._span(meta))

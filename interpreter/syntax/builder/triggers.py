"""Tree-builder methods for triggers: `[trigger "name"] on EVENT [for each neighbour]
[once per LIMIT] [if ...]: ACTION`, the events and the conditions."""

from __future__ import annotations

from lark import v_args

from .. import ast


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

    def game_setup(self, c): return "game setup"
    def age_start(self, c): return "age start"
    def age_end(self, c): return "age end"
    def turn_start(self, c): return "turn start"
    def turn_end(self, c): return "turn end"
    def game_end(self, c): return "game end"
    def building_built(self, c): return "building built"
    def stage_built(self, c): return "stage built"
    def card_sold(self, c): return "card sold"
    def chain_built(self, c): return "building built by chain"
    def color_card_built(self, c): return f"{c[0]}{ast.COLOR_BUILT}"
    def victory_taken(self, c): return "victory token taken"
    def defeat_taken(self, c): return "defeat token taken"
    def kept_taken(self, c): return f"{c[0]}{ast.KEPT_TAKEN}"
    def bank_coins_taken(self, c): return "coins taken from the bank"
    def resources_bought(self, c): return "resources bought"

    def each_neighbour(self, c):
        return "each"

    def limit(self, c):
        return self._name(c[0])

    def condition(self, c):
        return tuple(c)

    @v_args(meta=True)
    def comparison(self, meta, c):
        return ast.Comparison(op=str(c[1]), left=c[0], right=c[2], span=self._span(meta))

"""A source's static effects resolved to what they add to a city's tables while owned
(engine/held.py `Held`): each static kind of kinds/effects/ says what it adds (`hold`).
Part of the compile pass: compile/tables.py makes every source's (`Source.held`) and
compile/laws.py a law's, so the engine reads numbers and never the effects."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..engine.held import NOTHING, Held
from ..kinds.base import UnhandledKind
from ..kinds.effects import effect_kind_of

if TYPE_CHECKING:
    from .tables import Tables

# the parts of a `Held` that are powers (with `play_last` and `gives_defeats`): `Held.powers`
POWERS = ("free_build", "free_rules", "cost_discounts", "rebates", "like", "bank", "free_tokens")


def held_by(effects: Iterable[object], tables: Tables) -> Held:
    """The effects that act while owned, resolved (each static kind of kinds/effects/ says what
    it adds, `hold`)."""
    # what a kind's `hold` gives is a plain dict (kinds/effect_base.py): its entries are
    # read as the `Held` fields they name
    parts: dict[str, list[Any]] = {name: [] for name in ("own_fixed", "trade_fixed", "own_choices", "trade_choices", "symbols",
                                   "wilds", "discounts", "free_build", "free_rules", "cost_discounts",
                                   "rebates", "like", "bank", "shields_per", "free_tokens")}
    counts = {"shields": 0}
    flags = {"play_last": False, "trade_changed": False, "gives_defeats": False}
    for effect in effects:
        kind = effect_kind_of(effect)
        if kind is not None and kind.static:     # a kind of kinds/effects/ says what it adds
            for name, value in kind.hold(effect, tables).items():
                if name in parts:
                    parts[name] += value
                elif name in counts:             # a number added up
                    counts[name] += value
                else:                            # a flag (a name of no field: KeyError)
                    flags[name] = flags[name] or value
        else:
            raise UnhandledKind(f"compile/held.py has no place for the effect kind {type(effect).__name__}")
    fields: dict[str, Any] = {**{name: tuple(found) for name, found in parts.items()}, **counts, **flags}
    held = Held(**fields)
    powers = flags["play_last"] or flags["gives_defeats"] or any(parts[name] for name in POWERS)
    held = held._replace(powers=bool(powers))
    return NOTHING if held == NOTHING else held

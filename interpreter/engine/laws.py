"""Laws for the whole table: `law [while CONDITION and ...]: EFFECT` on a card, a board or
a stage acts in every city while its source is in play and its conditions hold.

Which laws are in force is worked out when the game stops for a decision (`Flow.run`) and
when a save is loaded, never in the middle of a move: a law that a card brings into force
reaches the next decision.  Every city then holds the same laws in force (`City.laws`)
and adds them to its own tables after its own effects (`City.rebuild`), so the payment
search, the prices and the bots read a law as they read the city's own production and
prices.  Rules without any law never come here (`Tables.has_laws`).

A law's source is in play while a city owns it (built, a stage, its board), or, for
`law while on top of "Z"`, while the card is the last one put in some city's zone Z (of
a zone for the table: the last one put there by any city), and for `in the top N of "Z"`,
while it is among the last N (engine/placed.py `shown`); the city that owns it, or whose
pile of the zone holds it, is the law's owner, in whose city its comparisons are read.
A law's trigger is every city's while the law is in force: it fires after the city's own
(engine/triggers.py `Dispatcher.listeners`).
"""

from __future__ import annotations

from typing import NamedTuple

from ..syntax import ast
from .city import DIRECTIONS, held_by
from .placed import shown
from .quantities import check_fn, value_fn


class InForce(NamedTuple):
    """What a law adds to every city: a city's `Held` for a production, a discount or a
    trade price (`buy ... for N coins`), and the price changes of `for N coins more/less`
    as (direction, resource, coins added)."""
    held: object
    changes: tuple


class Compiled(NamedTuple):
    zone: str | None                  # `on top of "Z"`, `in the top N of "Z"`: in play there, else while owned
    depth: object                     # how deep in Z: a number, or a function of the owner's Where
    check: object                     # its comparisons as a function of a Where, or None
    effect: InForce | None            # what it adds to every city's tables (None for a trigger)
    trigger: tuple | None             # a trigger given to every city: (key, trigger, its conditions)


def _compiled(source, tables) -> tuple[Compiled, ...]:
    """The source's laws, resolved once per rule set."""
    memo = tables.cached("laws", dict)
    found = memo.get(source)
    if found is None:
        found = memo[source] = tuple(_compile(law, tables, f"law {source.name}#{i}")
                                     for i, law in enumerate(source.laws))
    return found


def _compile(law: ast.Law, tables, key: str) -> Compiled:
    effect, changes, trigger = law.effect, (), None
    if isinstance(effect, ast.Trigger):
        trigger = (key, effect, check_fn(effect.conditions) if effect.conditions else None)
        held = None
    elif isinstance(effect, ast.PriceChange):
        sign = 1 if effect.change == "more" else -1
        changes = tuple((direction, tables.resource_index[name.text], sign * effect.amount)
                        for direction in effect.scope.parts for name in effect.resources)
        held = InForce(held_by((), tables), changes)
    else:
        held = InForce(held_by((effect,), tables), changes)
    top = law.on_top
    depth = 1 if top is None or isinstance(top, ast.OnTop) else \
        top.count.value if isinstance(top.count, ast.Number) else value_fn(top.count)
    comparisons = law.comparisons
    return Compiled(None if top is None else top.zone.text, depth,
                    check_fn(comparisons) if comparisons else None, held, trigger)


def _zones(tables) -> tuple[str, ...]:
    """The zones some card's law is on top of (worked out once per rule set)."""
    return tables.cached("law zones", lambda: tuple(dict.fromkeys(
        law.on_top.zone.text for card in tables.cards for law in card.laws if law.on_top is not None)))


def law_events(tables) -> frozenset:
    """The events the laws' triggers listen to (engine/triggers.py `heard_events`)."""
    return frozenset(law.effect.event for card in tables.cards for law in card.laws
                     if isinstance(law.effect, ast.Trigger)) | frozenset(
        law.effect.event for side in tables.sides for source in (side.board, *side.stages)
        for law in source.laws if isinstance(law.effect, ast.Trigger))


def in_force(game) -> tuple[InForce, ...]:
    """What the laws in force now add to every city's tables (`in_force_laws`, less their
    triggers)."""
    return tuple(law.effect for law in in_force_laws(game) if law.effect is not None)


def in_force_laws(game) -> tuple[Compiled, ...]:
    """The laws in force now, in a fixed order: the owners' seats in turn, each owner's
    sources in order (board, stages, buildings as built), then the cards shown in zones
    (each zone in turn, the newest card first)."""
    tables, cities = game.tables, game.cities
    found = []
    for seat, city in enumerate(cities):
        for source in city.owned_sources():
            if source.laws:
                found += [law for law in _compiled(source, tables)
                          if law.zone is None and (law.check is None or law.check(game.events.where(seat)))]
    for zone in _zones(tables):
        for seat, card, k in shown(game, zone, _deepest(tables, zone, game)):
            for law in _compiled(tables.cards[card], tables):
                if law.zone != zone:
                    continue
                where = game.events.where(seat if seat < len(game.cities) else 0)   # the table's: the first seat reads
                depth = law.depth if type(law.depth) is int else law.depth(where)
                if k < depth and (law.check is None or law.check(where)):
                    found.append(law)
    return tuple(found)


def _deepest(tables, zone: str, game) -> int:
    """How deep the laws on top of `zone` can look (a depth counted in the owner's city is
    at most the zone's size)."""
    deepest = tables.cached(("law depth", zone), lambda: _static_depth(tables, zone))
    return sum(len(pile) for pile in game.zones.get(zone, ())) if deepest < 0 else deepest


def _static_depth(tables, zone: str) -> int:
    """The deepest number of the laws on top of `zone`, or -1 when one counts it in its
    owner's city (worked out once per rule set)."""
    depths = [law.depth for card in tables.cards for law in _compiled(card, tables) if law.zone == zone]
    return -1 if any(type(d) is not int for d in depths) else max(depths, default=0)


def refresh(game) -> None:
    """Give every city the laws in force now (a city whose laws change works its tables
    out again), and the dispatcher the laws' triggers."""
    laws = in_force_laws(game)
    effects = tuple(law.effect for law in laws if law.effect is not None)
    for city in game.cities:
        city.set_laws(effects)
    triggers: dict[str, list] = {}
    for law in laws:
        if law.trigger is not None:
            triggers.setdefault(law.trigger[1].event, []).append(law.trigger)
    game.events.law_triggers = triggers

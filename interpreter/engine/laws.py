"""Laws for the whole table: `law [while CONDITION and ...]: EFFECT` on a card, a board or
a stage acts in every city while its source is in play and its conditions hold.

Which laws are in force is worked out when the game stops for a decision (`Flow.run`) and
when a save is loaded, never in the middle of a move: a law that a card brings into force
reaches the next decision.  Every city then holds the same laws in force (`City.laws`)
and adds them to its own tables after its own effects (`City.rebuild`), so the payment
search, the prices and the bots read a law as they read the city's own production and
prices.  Rules without any law never come here (`Tables.has_laws`).

A law's source is in play while a city owns it (built, a stage, its board), or, for
`law while on top of "Z"`, while the card is the last one put in some city's zone Z; the
city that owns it, or whose zone shows it, is the law's owner, in whose city its
comparisons are read.  A law of the rules themselves (a house rule, `law ...` in the
rules block) is always in play, and a card's `law while revealed` while the card is shown
on the table (`reveal N cards from deck "D"`); neither has an owner: their comparisons are
read in each city, and the law is in force in those where they hold.  They come first.
"""

from __future__ import annotations

from typing import NamedTuple

from ..syntax import ast
from .city import DIRECTIONS, held_by
from .quantities import check_fn


class InForce(NamedTuple):
    """What a law adds to every city: a city's `Held` for a production, a discount or a
    trade price (`buy ... for N coins`), and the price changes of `for N coins more/less`
    as (direction, resource, coins added); `no free chains` as `chains_paid`; `hands pass
    the other way` as `turns_round` (read by the game, `Flow.passing`)."""
    held: object
    changes: tuple
    chains_paid: bool = False
    turns_round: bool = False


class Compiled(NamedTuple):
    zone: str | None                  # `on top of "Z"`: in play on top of Z, else while owned
    check: object                     # its comparisons as a function of a Where, or None
    effect: InForce
    revealed: bool = False            # `while revealed`: in play while its card is shown on the table


def _compiled(source, tables) -> tuple[Compiled, ...]:
    """The source's laws, resolved once per rule set."""
    memo = tables.cached("laws", dict)
    found = memo.get(source)
    if found is None:
        found = memo[source] = tuple(_compile(law, tables) for law in source.laws)
    return found


def _compile(law: ast.Law, tables) -> Compiled:
    effect, changes, chains_paid, turns_round = law.effect, (), False, False
    if isinstance(effect, ast.NoFreeChains):
        held, chains_paid = held_by((), tables), True
    elif isinstance(effect, ast.OtherWay):
        held, turns_round = held_by((), tables), True
    elif isinstance(effect, ast.PriceChange):
        sign = 1 if effect.change == "more" else -1
        changes = tuple((direction, tables.resource_index[name.text], sign * effect.amount)
                        for direction in effect.scope.parts for name in effect.resources)
        held = held_by((), tables)
    else:
        held = held_by((effect,), tables)
    top = law.on_top
    comparisons = law.comparisons
    return Compiled(None if top is None else top.zone.text, check_fn(comparisons) if comparisons else None,
                    InForce(held, changes, chains_paid, turns_round), law.revealed is not None)


def _zones(tables) -> tuple[str, ...]:
    """The zones some card's law is on top of (worked out once per rule set)."""
    return tables.cached("law zones", lambda: tuple(dict.fromkeys(
        law.on_top.zone.text for card in tables.cards for law in card.laws if law.on_top is not None)))


def in_force(game) -> tuple[InForce, ...]:
    """The laws in force now, in a fixed order: the owners' seats in turn, each owner's
    sources in order (board, stages, buildings as built), then the cards on top of zones."""
    tables, cities = game.tables, game.cities
    found = []
    for seat, city in enumerate(cities):
        for source in city.owned_sources():
            if source.laws:
                found += [law.effect for law in _compiled(source, tables) if law.zone is None and not law.revealed
                          and (law.check is None or law.check(game.events.where(seat)))]
    for zone in _zones(tables):
        for seat, held in enumerate(game.zones.get(zone, ())):
            if held:
                top = tables.cards[held[-1]]
                found += [law.effect for law in _compiled(top, tables)
                          if law.zone == zone and (law.check is None or law.check(game.events.where(seat)))]
    return tuple(found)


def _rules_laws(tables) -> tuple[Compiled, ...]:
    """The rules' own laws, compiled once per rule set."""
    return tables.cached("rules laws", lambda: tuple(_compile(law, tables) for law in tables.rules.laws))


def _ownerless(game) -> list[Compiled]:
    """The laws no city owns: the rules' own, then those of the cards shown on the table
    (`law while revealed`), in the order revealed."""
    tables = game.tables
    found = list(_rules_laws(tables))
    if game.revealed:
        for card in game.shown_cards():
            found += [law for law in _compiled(tables.cards[card], tables) if law.revealed]
    return found


def refresh(game) -> None:
    """Give every city the laws in force now (a city whose laws change works its tables
    out again): the laws without an owner whose comparisons hold in it, then the table's."""
    table = in_force(game)
    ownerless = _ownerless(game)
    for seat, city in enumerate(game.cities):
        own = tuple(law.effect for law in ownerless if law.check is None or law.check(game.events.where(seat)))
        city.set_laws(own + table if own else table)


def turned_round(game) -> bool:
    """Whether a law `hands pass the other way` is in force in some city now (rules whose
    laws never say it never look)."""
    tables = game.tables
    if not tables.cached("turns round", lambda: _says_other_way(tables)):
        return False
    return any(law.turns_round for city in game.cities for law in city.laws)


def _says_other_way(tables) -> bool:
    sources = [*tables.cards, *(s for side in tables.sides for s in (side.board, *side.stages))]
    return any(isinstance(law.effect, ast.OtherWay) for law in (*tables.rules.laws, *(x for s in sources for x in s.laws)))

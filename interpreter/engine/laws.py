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
A law of the rules themselves (a house rule, `law ...` in the rules block) is always in
play, and a card's `law while revealed` while the card is shown on the table (`reveal N
cards from deck "D"`); neither has an owner: their comparisons are read in each city, and
the law is in force in those where they hold.  They come first.
A law's trigger is every city's while the law is in force: it fires after the city's own
(engine/triggers.py `Dispatcher.listeners`); an ownerless law's trigger acts in the cities
where the law's comparisons hold.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from ..kinds.conditions import condition_kind
from ..kinds.effects import effect_kind_of, part_of
from .held import CoinRate, Held, held_by
from .placed import shown

if TYPE_CHECKING:
    from ..kinds.effects import Effect
    from ..compile import Source, Tables
    from .game import Game
    from .quantities import Where

Check = Callable[["Where"], bool]                # comparisons compiled (expressions.py `check_fn`, `Tables.check_of`)
# a trigger a law gives every city: (key, the trigger, its conditions compiled or None)
LawTrigger = tuple[str, "Effect", "Check | None"]


class InForce(NamedTuple):
    """What a law adds to every city: a city's `Held` for a production, a discount or a
    trade price (`buy ... for N coins`), and the price changes of `for N coins more/less`
    as (direction, resource, coins added); `no free chains` as `chains_paid`; `hands pass
    the other way` as `turns_round` (read by the game, `Flow.passing`); `victory tokens
    taken ... are worth N less` as `tokens`, (kind, against a neighbour only, value added)
    (read as a city takes a token, engine/triggers.py `worth_under_laws`); a law over cards
    as `cards`: (the indexes of the cards it selects, its change), read by each city as it
    adds its cards (engine/city_tables.py `ruling`); `chains from SCOPE` as `chains_from` (the
    directions, "left" and "right"); `resources of ... are paid in coins, N a unit` as
    `coinage`: ((colours, or () for wonder stages), N)."""
    held: Held
    changes: tuple[tuple[str, int, int], ...]
    chains_paid: bool = False
    turns_round: bool = False
    tokens: tuple[tuple[str, bool, int], ...] = ()
    cards: tuple[tuple[frozenset[int], str], ...] = ()
    chains_from: tuple[str, ...] = ()
    coinage: CoinRate | tuple[()] = ()


class Compiled(NamedTuple):
    zone: str | None                  # `on top of "Z"`, `in the top N of "Z"`: in play there, else while owned
    depth: "int | Callable[[Where], int]"   # how deep in Z: a number, or a function of the owner's Where
    check: Check | None               # its comparisons as a function of a Where, or None
    effect: InForce | None            # what it adds to every city's tables (None for a trigger)
    trigger: LawTrigger | None        # a trigger given to every city: (key, trigger, its conditions)
    revealed: bool = False            # `while revealed`: in play while its card is shown on the table


def _compiled(source: Source, tables: Tables) -> tuple[Compiled, ...]:
    """The source's laws, resolved once per rule set."""
    memo: dict[Source, tuple[Compiled, ...]] = tables.cached("laws", dict)
    found = memo.get(source)
    if found is None:
        found = memo[source] = tuple(_compile(law, tables, f"law {source.name}#{i}")
                                     for i, law in enumerate(source.laws))
    return found


def compile_laws(tables: Tables) -> None:
    """Every source's laws and the rules' own, compiled with the tables (compile.py), so
    that a game finds them made."""
    for source in (*tables.cards, *(s for side in tables.sides for s in (side.board, *side.stages))):
        if source.laws:
            _compiled(source, tables)
    _rules_laws(tables)


def _compile(law: Effect, tables: Tables, key: str) -> Compiled:
    effect = law.effect
    trigger: LawTrigger | None = None
    force: dict[str, Any] = {}                  # fields of InForce, as the kind says (`law_force`)
    told = law_force(effect, tables)
    if told is not None:                        # a kind of kinds/effects/ says what it adds
        held, force = held_by((), tables), told
    elif part_of(effect) == "triggers":          # a trigger, every city's while in force
        trigger = (key, effect, tables.check_of(effect.conditions) if effect.conditions else None)
        held = None
    else:
        held = held_by((effect,), tables)
    top = law.on_top
    depth = 1 if top is None else condition_kind(top).depth(top, tables.lent)
    comparisons = law.comparisons
    return Compiled(None if top is None else top.zone.text, depth,
                    tables.check_of(comparisons) if comparisons else None,
                    None if held is None else InForce(held, **{"changes": (), **force}),
                    trigger,
                    law.revealed is not None)


def law_force(effect: object, tables: Tables) -> dict[str, Any] | None:
    """The fields of `InForce` a law of `effect` sets, as its kind says
    (kinds/effect_base.py `in_force`), or None (a trigger, or an effect held as every
    city's own)."""
    kind = effect_kind_of(effect)
    return kind.in_force(effect, tables) if kind is not None else None


def _zones(tables: Tables) -> tuple[str, ...]:
    """The zones some card's law is on top of (worked out once per rule set)."""
    found: tuple[str, ...] = tables.cached("law zones", lambda: tuple(dict.fromkeys(
        law.on_top.zone.text for card in tables.cards for law in card.laws if law.on_top is not None)))
    return found


def law_events(tables: Tables) -> frozenset[str]:
    """The events the laws' triggers listen to (engine/triggers.py `heard_events`)."""
    return frozenset(law.effect.event for law in _every_law(tables) if part_of(law.effect) == "triggers")


def _every_law(tables: Tables) -> tuple[Effect, ...]:
    """Every law the rules can bring into force: the rules' own, the cards', boards' and stages'."""
    sources = [*tables.cards, *(s for side in tables.sides for s in (side.board, *side.stages))]
    return (*tables.rules.laws, *(x for s in sources for x in s.laws))


def in_force(game: Game) -> tuple[InForce, ...]:
    """What the laws in force now add to every city's tables (`in_force_laws`, less their
    triggers)."""
    return tuple(law.effect for law in in_force_laws(game) if law.effect is not None)


def in_force_laws(game: Game) -> tuple[Compiled, ...]:
    """The laws in force now, in a fixed order: the owners' seats in turn, each owner's
    sources in order (board, stages, buildings as built), then the cards shown in zones
    (each zone in turn, the newest card first)."""
    tables, cities = game.tables, game.cities
    found: list[Compiled] = []
    for seat, city in enumerate(cities):
        for source in city.owned_sources():
            if source.laws:
                found += [law for law in _compiled(source, tables) if law.zone is None and not law.revealed
                          and (law.check is None or law.check(game.events.where(seat)))]
    for zone in _zones(tables):
        for seat, card, k in shown(game, zone, _deepest(tables, zone, game)):
            for law in _compiled(tables.cards[card], tables):
                if law.zone != zone:
                    continue
                where = game.events.where(seat if seat < len(game.cities) else 0)   # the table's: the first seat reads
                depth = law.depth if isinstance(law.depth, int) else law.depth(where)
                if k < depth and (law.check is None or law.check(where)):
                    found.append(law)
    return tuple(found)


def _deepest(tables: Tables, zone: str, game: Game) -> int:
    """How deep the laws on top of `zone` can look (a depth counted in the owner's city is
    at most the zone's size)."""
    deepest: int = tables.cached(("law depth", zone), lambda: _static_depth(tables, zone))
    return sum(len(pile) for pile in game.zones.get(zone, ())) if deepest < 0 else deepest


def _static_depth(tables: Tables, zone: str) -> int:
    """The deepest number of the laws on top of `zone`, or -1 when one counts it in its
    owner's city (worked out once per rule set)."""
    depths = [law.depth for card in tables.cards for law in _compiled(card, tables) if law.zone == zone]
    numbers = [d for d in depths if isinstance(d, int)]
    return -1 if len(numbers) < len(depths) else max(numbers, default=0)


def _rules_laws(tables: Tables) -> tuple[Compiled, ...]:
    """The rules' own laws, compiled once per rule set."""
    found: tuple[Compiled, ...] = tables.cached("rules laws", lambda: tuple(
        _compile(law, tables, f"law rules#{i}") for i, law in enumerate(tables.rules.laws)))
    return found


def _ownerless(game: Game) -> list[Compiled]:
    """The laws no city owns: the rules' own, then those of the cards shown on the table
    (`law while revealed`), in the order revealed."""
    tables = game.tables
    found = list(_rules_laws(tables))
    if game.revealed:
        for card in game.shown_cards():
            found += [law for law in _compiled(tables.cards[card], tables) if law.revealed]
    return found


def refresh(game: Game) -> None:
    """Give every city the laws in force now (a city whose laws change works its tables
    out again): the laws without an owner whose comparisons hold in it, then the table's;
    and the dispatcher the laws' triggers."""
    laws = in_force_laws(game)
    table = tuple(law.effect for law in laws if law.effect is not None)
    ownerless = _ownerless(game)
    for seat, city in enumerate(game.cities):
        own = tuple(law.effect for law in ownerless if law.effect is not None
                    and (law.check is None or law.check(game.events.where(seat))))
        city.set_laws(own + table if own else table)
    triggers: dict[str, list[LawTrigger]] = {}
    for trigger in (*(_ownerless_trigger(law.trigger, law.check) for law in ownerless if law.trigger is not None),
                    *(law.trigger for law in laws if law.trigger is not None)):
        triggers.setdefault(trigger[1].event, []).append(trigger)
    game.events.law_triggers = triggers


def _ownerless_trigger(given: LawTrigger, held: Check | None) -> LawTrigger:
    """An ownerless law's trigger (`given`), acting where the law's comparisons (`held`)
    hold too."""
    key, trigger, check = given
    if held is None:
        return given
    return key, trigger, (lambda where: held(where) and (check is None or check(where)))


def turned_round(game: Game) -> bool:
    """Whether a law `hands pass the other way` is in force in some city now (rules whose
    laws never say it never look)."""
    tables = game.tables
    if not tables.cached("turns round", lambda: _says_other_way(tables)):
        return False
    return any(law.turns_round for city in game.cities for law in city.laws)


def _says_other_way(tables: Tables) -> bool:
    return any((law_force(law.effect, tables) or {}).get("turns_round") for law in _every_law(tables))

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

The laws are compiled with the rest of the program (compile/laws.py, `Tables.law_program`):
here they are only run.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..compile.laws import CompiledLaw, InForce, LawTrigger
from .placed import shown

if TYPE_CHECKING:
    from ..compile.laws import Check
    from .game import Game


def in_force(game: Game) -> tuple[InForce, ...]:
    """What the laws in force now add to every city's tables (`in_force_laws`, less their
    triggers)."""
    return tuple(law.effect for law in in_force_laws(game) if law.effect is not None)


def in_force_laws(game: Game) -> tuple[CompiledLaw, ...]:
    """The laws in force now, in a fixed order: the owners' seats in turn, each owner's
    sources in order (board, stages, buildings as built), then the cards shown in zones
    (each zone in turn, the newest card first)."""
    tables, cities = game.tables, game.cities
    program = tables.law_program
    found: list[CompiledLaw] = []
    for seat, city in enumerate(cities):
        for source in city.owned_sources():
            if source.laws:
                found += [law for law in program.sources[source] if law.zone is None and not law.revealed
                          and (law.check is None or law.check(game.events.where(seat)))]
    for zone in program.zones:
        deepest = program.depths[zone]
        if deepest < 0:                       # a depth counted in the owner's city is at most the zone's size
            deepest = sum(len(pile) for pile in game.zones.get(zone, ()))
        for seat, card, k in shown(game, zone, deepest):
            for law in program.sources.get(tables.cards[card], ()):
                if law.zone != zone:
                    continue
                where = game.events.where(seat if seat < len(game.cities) else 0)   # the table's: the first seat reads
                depth = law.depth if isinstance(law.depth, int) else law.depth(where)
                if k < depth and (law.check is None or law.check(where)):
                    found.append(law)
    return tuple(found)


def _ownerless(game: Game) -> list[CompiledLaw]:
    """The laws no city owns: the rules' own, then those of the cards shown on the table
    (`law while revealed`), in the order revealed."""
    tables = game.tables
    program = tables.law_program
    found = list(program.rules)
    if game.revealed:
        for card in game.shown_cards():
            found += [law for law in program.sources.get(tables.cards[card], ()) if law.revealed]
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
    triggers: dict[int, list[LawTrigger]] = {}      # by the event's number
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
    if not game.tables.law_program.turns_round:
        return False
    return any(law.turns_round for city in game.cities for law in city.laws)

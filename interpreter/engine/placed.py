"""Cards put from zone to zone, and zones for the table (docs/language.md, "Zones for the
table"): one concept, kept here; and a card moved out of a city or a zone (`remove_built`).

Every zone holds one pile per seat (`Game.zones`): a city's own cards, or, for a zone for
the table (`zone "Z" for the table`), the cards that city put there, and one pile more,
the table's, for the cards a phase draws there (no city put them).  A zone for the table
also keeps the order its cards arrived in, across the seats (`Game.stacked`: the seat of
each card put, oldest first), so that `in the top N of "Z"` and `on top of "Z"` name the
cards of the whole table's pile that no later card covers.  `cards in "Z"` counts a city's
pile (`City.zones` is the game's zones, shared).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .actions import Action
from .moves import PUT

if TYPE_CHECKING:
    from .city import City
    from .game import Game


def _between(action: Any) -> tuple[str, str]:
    """The zone a put takes its card from and the one it puts it into: a move between
    zones names both (the moved card's `between_zones`, kinds/actions/discard_built.py)."""
    zone, into = action.zone, action.into
    assert zone is not None and into is not None, action
    return zone.text, into.text


def put_options(game: Game, seat: int, action: Any) -> list[Action]:
    """What `put a [COLOURS] card from "Z" into "T"` may move: each distinct card of the
    owner's Z (of those colours)."""
    held = game.zones[_between(action)[0]][seat]
    if action.colors:
        colors, cards = {c.text for c in action.colors}, game.tables.cards
        held = [card for card in held if cards[card].color in colors]
    return [Action(PUT, card) for card in dict.fromkeys(held)]


def put_card(game: Game, seat: int | None, zone: str, card: int) -> None:
    """`card` joins `seat`'s pile of `zone` (and, for a zone for the table, the top of its
    pile); `seat` None: the table's own pile of a zone for the table (a phase's draw)."""
    piles = game.zones[zone]
    seat = len(piles) - 1 if seat is None else seat
    piles[seat].append(card)
    order = game.stacked.get(zone)
    if order is not None:
        order.append(seat)


def put_from(game: Game, seat: int, action: Any, choice: Action) -> None:
    """The owner's card leaves its zone for the other one, in the log."""
    zone, into = _between(action)
    game.zones[zone][seat].remove(choice.card)
    put_card(game, seat, into, choice.card)
    game.log.append({"event": "put", "seat": seat, "card": game.tables.cards[choice.card].name,
                     "from": zone, "onto": into})


def shown(game: Game, zone: str, depth: int) -> list[tuple[int, int, int]]:
    """The cards of `zone` that no later card covers, `depth` deep, as (seat, card, how
    deep: 0 on top), the newest first: of a zone for the table, the last `depth` put by
    any city; of a city's own zone, the last `depth` of each city's pile."""
    piles: Sequence[list[int]] = game.zones.get(zone, ())
    order = game.stacked.get(zone)
    if order is None:
        return [(seat, held[-1 - k], k) for seat, held in enumerate(piles) for k in range(min(depth, len(held)))]
    seen = [0] * len(piles)
    found: list[tuple[int, int, int]] = []
    for seat in reversed(order[-depth:] if depth > 0 else ()):
        seen[seat] += 1
        found.append((seat, piles[seat][-seen[seat]], len(found)))
    return found


def zone_count(city: City, zone: str) -> int:
    """`cards in "Z"`: the city's cards in its own zone Z, or those it put in a zone for the table."""
    piles = city.zones.get(zone)
    return len(piles[city.seat]) if piles is not None and city.seat < len(piles) else 0


def share_zones(game: Game) -> None:
    """Every city reads the game's zones (`cards in "Z"`): after set-up, a copy and a load."""
    for city in game.cities:
        city.zones = game.zones


def remove_built(game: Game, seat: int, choice: Action, action: Any, owner: int) -> None:
    """A card leaves the city `seat` (its effects with it) or the zone of `owner` for the
    discard pile, `owner`'s zone or under `owner`'s stage (`action`: the card moved, kinds/actions/discard_built.py)."""
    city = game.cities[seat]
    if action.zone is not None:
        game.zones[action.zone.text][owner].remove(choice.card)
    else:
        city.remove_card(choice.card)
    if action.to == "zone":                    # (a zone for the table keeps the order its cards came in)
        put_card(game, owner, action.into.text, choice.card)
    elif action.to == "stage":
        game.cities[owner].entombed.append((action.stage, choice.card))
    else:
        game.discard.append(choice.card)
    game.log.append({"event": "resolve", "seat": seat, "paid": [], "action": choice.label(game.tables),
                     "coins": city.coins})

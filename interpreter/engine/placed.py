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

from .actions import Action


def put_options(game, seat: int, action) -> list[Action]:
    """What `put a [COLOURS] card from "Z" into "T"` may move: each distinct card of the
    owner's Z (of those colours)."""
    held = game.zones[action.zone.text][seat]
    if action.colors:
        colors, cards = {c.text for c in action.colors}, game.tables.cards
        held = [card for card in held if cards[card].color in colors]
    return [Action("put", card) for card in dict.fromkeys(held)]


def put_card(game, seat: int | None, zone: str, card: int) -> None:
    """`card` joins `seat`'s pile of `zone` (and, for a zone for the table, the top of its
    pile); `seat` None: the table's own pile of a zone for the table (a phase's draw)."""
    piles = game.zones[zone]
    seat = len(piles) - 1 if seat is None else seat
    piles[seat].append(card)
    order = game.stacked.get(zone)
    if order is not None:
        order.append(seat)


def put_from(game, seat: int, action, choice: Action) -> None:
    """The owner's card leaves its zone for the other one, in the log."""
    game.zones[action.zone.text][seat].remove(choice.card)
    put_card(game, seat, action.into.text, choice.card)
    game.log.append({"event": "put", "seat": seat, "card": game.tables.cards[choice.card].name,
                     "from": action.zone.text, "onto": action.into.text})


def shown(game, zone: str, depth: int) -> list[tuple[int, int, int]]:
    """The cards of `zone` that no later card covers, `depth` deep, as (seat, card, how
    deep: 0 on top), the newest first: of a zone for the table, the last `depth` put by
    any city; of a city's own zone, the last `depth` of each city's pile."""
    piles = game.zones.get(zone, ())
    order = game.stacked.get(zone)
    if order is None:
        return [(seat, held[-1 - k], k) for seat, held in enumerate(piles) for k in range(min(depth, len(held)))]
    seen = [0] * len(piles)
    found = []
    for seat in reversed(order[-depth:] if depth > 0 else ()):
        seen[seat] += 1
        found.append((seat, piles[seat][-seen[seat]], len(found)))
    return found


def zone_count(city, zone: str) -> int:
    """`cards in "Z"`: the city's cards in its own zone Z, or those it put in a zone for the table."""
    piles = city.zones.get(zone)
    return len(piles[city.seat]) if piles is not None and city.seat < len(piles) else 0


def share_zones(game) -> None:
    """Every city reads the game's zones (`cards in "Z"`): after set-up, a copy and a load."""
    for city in game.cities:
        city.zones = game.zones


def remove_built(game, seat: int, choice, action, owner: int) -> None:
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

"""The whole game state as JSON, and back.  Saved at a turn boundary: between two
`Game.step` calls nothing is pending, so hands, cities, piles, the random generator and
the log are the whole state.  Derived city tables are rebuilt on load, never stored."""

from __future__ import annotations

import hashlib
import json
import random

from ..compile import Tables
from .city import City
from .game import Game
from .triggers import Dispatcher

FORMAT = "wonders-save/1"


class SaveError(Exception):
    """A save that does not fit these rules, or is not a save at all."""


_DIGESTS: dict[int, tuple[Tables, str]] = {}    # id(tables) -> (tables, digest): computed once


def content_digest(tables: Tables) -> str:
    """A fingerprint of the effective content (variants applied), blind to layout and
    comments: a log or save made with other rules is refused.  Computed once per rule set
    (it describes every item: a tenth of a second, and saves are made every turn)."""
    known = _DIGESTS.get(id(tables))
    if known is not None and known[0] is tables:
        return known[1]
    from ..describe import to_data
    text = json.dumps(to_data(tuple(tables.ruleset.items)), sort_keys=True)
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    if len(_DIGESTS) > 64:
        _DIGESTS.clear()
    _DIGESTS[id(tables)] = (tables, digest)
    return digest


def card_ref(tables: Tables, index: int) -> str:
    card = tables.cards[index]
    return f"{card.name}@{card.age}"


def game_to_data(game: Game) -> dict:
    t = game.tables
    refs = lambda indexes: [card_ref(t, i) for i in indexes]  # noqa: E731
    version, internal, gauss = game.rng.getstate()
    return {
        "format": FORMAT,
        "content": content_digest(t),
        "options": game.options,
        "age_index": game.age_index, "turn": game.turn, "finished": game.finished,
        "started": game.started, "fired": dict(sorted(game.fired.items())),
        "holders": {str(seat): holder for seat, holder in sorted(game.holders.items())},
        "rng": [version, list(internal), gauss],
        "cities": [{"name": c.name, "wonder": c.side.wonder, "side": c.side.side, "coins": c.coins,
                    "built": refs(c.built), "stages": c.stages, "under_stages": refs(c.under_stages),
                    "tokens": list(c.tokens), "free_build_used": c.free_build_used}
                   for c in game.cities],
        "hands": [refs(h) for h in game.hands],
        "discard": refs(game.discard),
        "box": refs(game.box),
        "log": game.log,
    }


def game_from_data(tables: Tables, data: dict) -> Game:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"not a saved game (expected \"format\": \"{FORMAT}\")")
    if data.get("content") != content_digest(tables):
        raise SaveError("the save was made with other content (its rules, cards or wonders differ)")
    index = {card_ref(tables, c.index): c.index for c in tables.cards}

    def cards(refs, field):
        if not isinstance(refs, list):
            raise SaveError(f"{field} must be a list of cards, each written \"Name@age\"")
        unknown = [r for r in refs if not isinstance(r, str) or r not in index]
        if unknown:
            raise SaveError(f"{field}: unknown card {unknown[0]!r} (cards are written \"Name@age\")")
        return [index[r] for r in refs]

    try:
        game = Game.__new__(Game)
        game.tables, game.options = tables, dict(data["options"])
        game.seed = game.options.get("seed", 0)
        game.rng = random.Random()
        version, internal, gauss = data["rng"]
        game.rng.setstate((version, tuple(internal), gauss))
        game.age_index, game.turn, game.finished = data["age_index"], data["turn"], data["finished"]
        game.started, game.fired = bool(data["started"]), dict(data["fired"])
        game.players = int(game.options["players"])
        rules = tables.rules
        game.table = None if rules.min_players <= game.players <= rules.max_players \
            else tables.ruleset.table(game.players)
        game.neutrals = {game.players + i: n for i, n in enumerate(game.table.neutrals)} if game.table else {}
        game.holders = {int(seat): int(holder) for seat, holder in dict(data["holders"]).items()}
        game.events = Dispatcher(game)
        game.log = list(data["log"])
        game.pending = []
        game.hands = [cards(h, f"hands[{i}]") for i, h in enumerate(data["hands"])]
        game.discard = cards(data["discard"], "discard")
        game.box = cards(data["box"], "box")
        game.cities = []
        for seat, c in enumerate(data["cities"]):
            side = next((s for s in tables.sides if s.wonder == c["wonder"] and s.side == c["side"]), None)
            if side is None:
                raise SaveError(f"cities[{seat}]: no wonder side {c['wonder']} {c['side']}")
            city = City(tables, seat, c["name"], side, c["coins"])
            city.built = cards(c["built"], f"cities[{seat}].built")
            city.names = {tables.cards[i].name for i in city.built}
            city.stages = c["stages"]
            city.under_stages = cards(c["under_stages"], f"cities[{seat}].under_stages")
            city.tokens = list(c["tokens"])
            city.free_build_used = c["free_build_used"]
            city.rebuild()
            game.cities.append(city)
    except SaveError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as err:
        field = f'"{err.args[0]}"' if isinstance(err, KeyError) and err.args else "a field"
        raise SaveError(f"the save is missing {field} or has a field of the wrong kind") from None
    problem = _impossible(game)
    if problem:
        raise SaveError(problem)
    return game


def _impossible(game: Game) -> str | None:
    """A loaded state the rules could never reach, in words (None when it is possible)."""
    rules = game.tables.rules
    seats = game.players + len(game.neutrals)
    if len(game.cities) != seats or len(game.hands) != seats:
        return f"{game.players} players need {seats} cities and hands, not {len(game.cities)} and {len(game.hands)}"
    if not isinstance(game.age_index, int) or not 0 <= game.age_index < len(rules.ages):
        return f'"age_index" must be between 0 and {len(rules.ages) - 1}'
    if not isinstance(game.turn, int) or not 1 <= game.turn <= game.age.turns:
        return f'"turn" must be a whole number from 1 to {game.age.turns}'
    wonders = [c.side.wonder for c in game.cities]
    if len(set(wonders)) != len(wonders):
        return "two cities have the same wonder"
    for seat, city in enumerate(game.cities):
        where = f"cities[{seat}]"
        if not isinstance(city.coins, int) or city.coins < 0:
            return f"{where}.coins must be a whole number, at least 0"
        if not isinstance(city.stages, int) or not 0 <= city.stages <= len(city.side.stages):
            return f"{where}.stages must be between 0 and {len(city.side.stages)}"
        if len(city.names) != len(city.built):
            return f"{where}.built holds two buildings of one name"
        if any(game.tables.cards[i].age > game.age.number for i in city.built):
            return f"{where}.built holds a card of a later age"
    for seat, holder in game.holders.items():
        if seat not in game.neutrals or not 0 <= holder < game.players:
            return '"holders" must map each neutral city\'s seat to a player\'s seat'
    return None

"""The fields of a save read back one by one and checked (engine/saves.py `game_from_data`
reads the whole): where the game stands, the random generator, the zones, and a city's
parts.  A hand-edited or broken save gets a `SaveError` naming the field, never a failure
later in the game.  `SaveError` and the way a save writes a card (`card_ref`) live here,
below both engine/saves.py and engine/save_flow.py, which use them."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..compile import Tables
from ..compile.phases import PhaseOp
from ..errors import WondersError
from ..marked import N_
from .city import City
from .flow.phases import in_age

# A save is JSON: what json.loads gives (a dict whose values are of any JSON kind), read
# field by field and checked before use.
Data = dict[str, Any]
Cards = Callable[[object, str], list[int]]   # `game_from_data`'s reader of card references: (refs, field) -> indexes

class SaveError(WondersError):
    """A save that does not fit these rules, or is not a save at all.  The engine speaks
    no language: `template` (marked with N_) and `params` let the command that shows it
    word it in the reader's language; str() is the English."""

    def __init__(self, template: str, **params: object) -> None:
        super().__init__(template.format(**params))
        self.template, self.params = template, params



def card_ref(tables: Tables, index: int) -> str:
    card = tables.cards[index]
    return f"{card.name}@{card.age}"



def order_parts(c: Data, city: City, seat: int, cards: Cards) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """A city's cards under its stages and its copied stages (docs/language.md, "Order and
    removal"), checked: each a pair of a stage number and a card, or of a side and a stage."""
    tables = city.tables
    entombed, copied = c.get("entombed", []), c.get("copied_stages", [])
    field = f"cities[{seat}].entombed"
    if not isinstance(entombed, list) or not all(isinstance(p, list) and len(p) == 2 and type(p[0]) is int
                                                 and 0 <= p[0] < len(city.side.stages) for p in entombed):
        raise SaveError(N_('{field} must be a list of [stage number, "Name@age"]'), field=field)
    field = f"cities[{seat}].copied_stages"
    if not isinstance(copied, list) or not all(
            isinstance(p, list) and len(p) == 2 and all(type(n) is int and n >= 0 for n in p)
            and p[0] < len(tables.sides) and p[1] < len(tables.sides[p[0]].stages) for p in copied):
        raise SaveError(N_("{field} must be a list of [side, stage number]"), field=field)
    return ([(n, cards([ref], f"cities[{seat}].entombed")[0]) for n, ref in entombed],
            [(side, n) for side, n in copied])



def position(tables: Tables, data: Data, age_index: int) -> tuple[tuple[int, int], tuple[int, int] | None]:
    """Where the game stands in the rules' sequence of phases: saved (`at`, `rounds`), or
    for a save made before the ages were phases, between two turns of its age."""
    rules = tables.rules
    if "at" not in data:
        position = in_age(tables, age_index + 1) if type(age_index) is int else None
        if position is None:
            raise SaveError(N_('"age_index" must be between 0 and {last}'), last=len(rules.ages) - 1)
        return position
    at, rounds = data["at"], data["rounds"]
    if not (isinstance(at, list) and len(at) == 2 and all(type(n) is int for n in at)
            and 0 <= at[0] <= len(rules.sequence) + 1):
        raise SaveError(N_('"at" must be [place in the sequence of phases, statement]'))
    if rounds is not None:
        if not (isinstance(rounds, list) and len(rounds) == 2 and all(type(n) is int for n in rounds)
                and 0 <= rounds[0] < len(rules.phases) and 0 <= rounds[1] < len(rules.phases[rounds[0]].steps)
                and tables.phase_ops[rounds[0]][rounds[1]] == PhaseOp.PLAY_TURNS):
            raise SaveError(N_('"rounds" must name a `play N turns` of these rules: [phase, statement], or null'))
        rounds = tuple(rounds)
    return tuple(at), rounds


def stacked(saved: object, names: tuple[str, ...], zones: dict[str, list[list[int]]]) -> dict[str, list[int]]:
    """The order the cards of each zone for the table came in: a seat for each card put,
    as many times as that seat's pile holds cards (engine/placed.py)."""
    if not isinstance(saved, dict) or set(saved) - set(names):
        raise SaveError(N_('"stacked" must map zones for the table ({zones}) to the seats that put their cards'),
                        zones=", ".join(names) or "-")
    found = {}
    for name in names:
        order = saved.get(name, [])
        piles = zones.get(name, [])
        if not isinstance(order, list) or any(type(s) is not int or not 0 <= s < len(piles) for s in order) \
                or any(order.count(seat) != len(pile) for seat, pile in enumerate(piles)):
            raise SaveError(N_('"stacked"."{name}" must name, in order, the seat of each card of the zone'), name=name)
        found[name] = list(order)
    return found


def zones(saved: object, names: tuple[str, ...], seats: int, cards: Cards,
           table: tuple[str, ...] = ()) -> dict[str, list[list[int]]]:
    """The cards each city keeps in each zone of the rules (none in a save without zones);
    a zone for the table has one pile more, the table's (engine/placed.py)."""
    if not isinstance(saved, dict) or set(saved) - set(names):
        raise SaveError(N_('"zones" must map zones of these rules ({zones}) to each city\'s cards'),
                        zones=", ".join(names) or "-")
    zones = {}
    for name in names:
        piles = seats + (name in table)
        held = saved.get(name, [[] for _ in range(piles)])
        if not isinstance(held, list) or len(held) != piles:
            raise SaveError(N_('"zones"."{name}" must hold a list of cards for each of the {seats} cities'), name=name,
                            seats=piles)
        zones[name] = [cards(h, f'zones."{name}"[{i}]') for i, h in enumerate(held)]
    return zones


def random_state(saved: Any) -> random.Random:   # (JSON, checked here)
    """The random generator a save records: [version, 625 words, gauss], checked word by word
    (random.setstate itself fails with errors that name nothing)."""
    ok = isinstance(saved, list) and len(saved) == 3 and saved[0] == 3 and isinstance(saved[1], list) \
        and len(saved[1]) == 625 and all(type(w) is int and 0 <= w < 2 ** 32 for w in saved[1]) \
        and saved[1][-1] <= 624 and (saved[2] is None or type(saved[2]) is float)
    if not ok:
        raise SaveError(N_('"rng" must be the random generator\'s state as the game saved it '
                           "(3, 625 whole numbers from 0 to 4294967295, and null)"))
    rng = random.Random()
    rng.setstate((3, tuple(saved[1]), saved[2]))
    return rng


def kept(kept: object, seat: int, tables: Tables) -> dict[str, int]:
    """A city's kept tokens from a save: kinds of the rule set, counts above 0."""
    field = f"cities[{seat}].kept"
    if not isinstance(kept, dict):
        raise SaveError(N_("{field} must map token kinds to counts"), field=field)
    for kind, count in kept.items():
        if kind not in tables.ruleset.vocabulary.tokens:
            raise SaveError(N_("{field}: {kind!r} is not a token kind of these rules"), field=field, kind=kind)
        if type(count) is not int or count < 1:
            raise SaveError(N_("{field}.{kind} must be a whole number above 0"), field=field, kind=kind)
    return dict(kept)



def stage_order(value: object, city: City, seat: int) -> list[int]:
    """The stages a city built, by number from 0, in the order built: written on a side of
    `stages in any order`, else its first `stages` (a wrong count is `_impossible`'s to say)."""
    count = len(city.side.stages)
    if not city.side.any_order or value is None:
        return list(range(min(city.stages, count))) if type(city.stages) is int else []
    if not isinstance(value, list) or len(set(value)) != len(value) or len(value) != city.stages \
            or not all(type(n) is int and 0 <= n < count for n in value):
        raise SaveError(N_("cities[{seat}].stage_order: must list the {stages} stages built, each once, by their "
                           "numbers from 0 to {last}"), seat=seat, stages=city.stages, last=count - 1)
    return value


def board_lost(value: object, seat: int) -> bool:
    """`cities[N].board_lost`: true once the city lost its board's production."""
    if type(value) is not bool:
        raise SaveError(N_("cities[{seat}].board_lost: must be true or false"), seat=seat)
    return value


def bank_used(value: object, seat: int) -> int:
    """The units a city bought from the bank this turn (saved mid-turn, after a payment)."""
    if type(value) is not int or not 0 <= value <= 1000:
        raise SaveError(N_("cities[{seat}].bank_used: must be a whole number of units from 0 to 1000"), seat=seat)
    return value


def gained_shields(value: object, seat: int) -> int:
    """The lasting shields a city's actions gave it (`gain 2 shields`)."""
    if type(value) is not int or value < 0:
        raise SaveError(N_("cities[{seat}].gained_shields: must be a whole number of shields, at least 0"), seat=seat)
    return value


def free_builds_used(value: object, seat: int) -> tuple[str, ...]:
    """The colours of the free-build powers a city has used ("" for any colour); a save
    written before powers had colours holds true or false."""
    if type(value) is bool:
        return ("",) if value else ()
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise SaveError(N_('cities[{seat}].free_build_used: must be a list of colours ("" for any colour)'), seat=seat)
    return tuple(sorted(set(value)))

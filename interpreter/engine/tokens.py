"""The tokens a city takes, gives up and gives back: kept tokens (`KIND tokens`, counted
per kind), and military tokens under the laws that change their worth.  Apart from
engine/triggers.py, whose actions take and give them, because the bots weigh the same
rules (what a city would give back, what a token is worth under the laws in force)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .flow.search_log import NoLog

if TYPE_CHECKING:
    from ..compile.laws import InForce
    from .city import City
    from .game import Game


LIMIT = 10 ** 9          # coins and token values stay within this, whatever content computes


def bounded(coins: int) -> int:
    return max(0, min(LIMIT, coins))


def take_kept(city: City, kind: str, count: int) -> None:
    """The city takes `count` tokens of a kept kind (none when the count is not above 0)."""
    if count > 0:
        city.kept[kind] = min(LIMIT, city.kept.get(kind, 0) + count)


def give_up_kept(game: Game, seat: int, tokens: Iterable[tuple[str, int]], source: str | None) -> None:
    """The city gives up a price's kept tokens ((kind, count), as `written_cost` gives them:
    it holds them, `actions.holds`), in the log for `source` (None: the move's own label
    says it, `free by token (KIND)`)."""
    city = game.cities[seat]
    for kind, count in tokens:
        left = city.kept.get(kind, 0) - count
        if left > 0:
            city.kept[kind] = left
        else:
            city.kept.pop(kind, None)
        if source is not None and type(game.log) is not NoLog:
            game.log.append({"event": "gives up", "seat": seat, "kind": kind, "count": count, "source": source})


def give_back(city: City, what: str, kind: str | None, count: int | None) -> list[int]:
    """The city gives back `count` tokens (None: all) of a sort it holds, as `discard N
    victory|defeat|KIND tokens` says; what it holds fewer of, it gives back all.  Of military
    tokens those it would best lose go first, which every quantity of the language and so
    every score line agrees on: the victory tokens of least value, the defeat tokens of
    greatest loss.  The values given back (a kept kind's: one 0 a token), each once."""
    if what == "kept":
        held = city.kept.get(kind, 0) if kind is not None else 0
        n = held if count is None else max(0, min(count, held))
        if n and kind is not None:
            city.kept[kind] = held - n
            if not city.kept[kind]:
                del city.kept[kind]
        return [0] * n
    tokens = sorted(t for t in city.tokens if (t > 0 if what == "victory" else t < 0))   # the least first
    gone = tokens if count is None else tokens[:max(0, count)]
    for value in gone:                        # the latest taken of each value goes
        del city.tokens[len(city.tokens) - 1 - city.tokens[::-1].index(value)]
    if gone and city.shields_per:
        city.count_shields()                  # `shields N per victory token`
    return gone


def worth_under_laws(laws: Iterable[InForce], value: int, against: bool) -> int:
    """A military token's value once the laws in force in the taking city change it
    (`victory tokens taken are worth 2 less`): their changes of its kind added up; 0 when
    it would reach 0 or cross it (the token is not taken)."""
    kind = "victory" if value > 0 else "defeat"
    delta = sum(change for law in laws for sort, only_against, change in law.tokens
                if sort == kind and (against or not only_against))
    if not delta:
        return value
    changed = value + delta
    return changed if (changed > 0) == (value > 0) and changed else 0

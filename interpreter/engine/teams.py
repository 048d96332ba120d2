"""Teams (`teams of N seated side by side`) and whom a city faces at an event.

With teams, seats 0 .. N-1 are the first team, the next N seats the second, and so on:
partners sit side by side.  A team's score is the sum of its players' totals, and the
winners are every player of the best team (ties broken as the rules say, on the team's
coins).  Whom a city faces in an event's `for each neighbour` triggers follows three
rules statements: `sit out` (the holder is skipped, its neighbours face the nearest city
that takes part), `partners face their other neighbour instead` (a partner's place is
taken by the other neighbour: two meetings with it) and `face each city once` (a holder
and the cities it faces meet at most once).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..rulesdata import RulesDef
    from ..compile import Tables
    from .city import City
    from .game import Game


def team_of(rules: RulesDef, seat: int) -> int | None:
    """The team of a seat (0 for the first), None without teams."""
    return None if rules.team_size is None else seat // rules.team_size


def are_partners(rules: RulesDef, seat: int, other: int) -> bool:
    return rules.team_size is not None and seat != other and seat // rules.team_size == other // rules.team_size


def partners(rules: RulesDef, seat: int, players: int) -> list[int]:
    """The other seats of `seat`'s team (none without teams)."""
    return [s for s in range(players) if are_partners(rules, seat, s)]


def team_counts_refused(tables: Tables, players: int) -> tuple[str, dict[str, Any]] | None:
    """Why `players` cannot play these rules' teams (None when they can), as a template
    marked with N_ and its values: the players must make at least two whole teams."""
    rules = tables.rules
    size = rules.team_size
    if size is None or (players % size == 0 and players // size >= 2):
        return None
    seated = {*range(rules.min_players, rules.max_players + 1), *(t.players for t in tables.ruleset.tables)}
    counts = sorted(n for n in seated if n % size == 0 and n // size >= 2)
    from ..marked import N_
    if not counts:
        return N_("the team game (teams of {size}) plays with no number of players"), {"size": size}
    return (N_("the team game (teams of {size}) plays with {counts} players, not {players}"),
            {"size": size, "counts": ", ".join(map(str, counts)), "players": players})


def faced(game: Game, seat: int, event: int, sitting: Collection[int] | None,
          once: Collection[int] | None) -> tuple[City, ...]:
    """The cities `seat` faces in `event`'s `for each neighbour` triggers (`event`: its
    number, engine/program.py `Events`), a city listed twice when it is faced twice.
    `sitting`, `once`: the seats that sit the event out and those that face each city once
    at it (None when none)."""
    rules = game.tables.rules
    if sitting:
        n = len(game.cities)
        left = next((game.cities[(seat + k) % n] for k in range(1, n) if (seat + k) % n not in sitting), None)
        right = next((game.cities[(seat - k) % n] for k in range(1, n) if (seat - k) % n not in sitting), None)
        if left is None or right is None:      # (both or neither: the same seats, either way round)
            return ()
        cities: tuple[City, ...] = (left,) if left is right else (left, right)
    else:
        cities = game.neighbours(seat)
    if event in game.tables.events.faced_other:
        others = [c for c in cities if not are_partners(rules, seat, c.seat)]
        cities = tuple(others[0] if are_partners(rules, seat, c.seat) else c for c in cities) if others else ()
    if once:
        kept: list[City] = []
        for city in cities:
            if not ((seat in once or city.seat in once) and city in kept):
                kept.append(city)
        cities = tuple(kept)
    return cities


def team_totals(rules: RulesDef, pads: list[dict[str, int]], cities: Sequence[City], players: int) -> list[tuple[list[int], int, int]]:
    """(seats, summed total, summed coins) of each team, in seat order."""
    size = rules.team_size
    assert size is not None, "teams"
    out = []
    for first in range(0, players - players % size, size):
        seats = list(range(first, first + size))
        out.append((seats, sum(sum(pads[s].values()) for s in seats), sum(cities[s].coins for s in seats)))
    return out


def team_winners(rules: RulesDef, pads: list[dict[str, int]], cities: Sequence[City], players: int) -> list[int]:
    """Every seat of the best team or teams (the team's coins break a tie when the rules
    break ties on coins)."""
    teams = team_totals(rules, pads, cities, players)
    top = max(total for _seats, total, _coins in teams)
    best = [t for t in teams if t[1] == top]
    if "coins" in rules.tie_break and len(best) > 1:
        most = max(coins for _seats, _total, coins in best)
        best = [t for t in best if t[2] == most]
    return [s for seats, _total, _coins in best for s in seats]


def team_results(rules: RulesDef, names: list[str], pads: list[dict[str, int]],
                 cities: Sequence[City]) -> list[dict[str, Any]] | None:
    """Each team's players (by name), summed total and coins, for the score pad and the
    records; None without teams."""
    if rules.team_size is None:
        return None
    return [{"players": [names[s] for s in seats], "total": total, "coins": coins}
            for seats, total, coins in team_totals(rules, pads, cities, len(names))]

"""`wonders score`: the score pad of a finished real table, from a JSON description.

Input: {"players": [{"name", "wonder", "side", "stages", "coins", "military": [tokens],
"cards": [names]}]}, players clockwise (a player's left neighbour is the next one).
Every problem names the player and the field.
"""

from __future__ import annotations

import re

from ..diagnostics import did_you_mean
from ..engine.city import City
from ..engine.scoring import score_city, winners
from ..engine.teams import team_results
from ..i18n import _, names
from ..errors import WondersError

FIELDS = {"name": str, "wonder": str, "side": str, "stages": int, "coins": int, "military": list, "cards": list}


SHOWN_ALIKE = 5      # problems of one kind shown before "... and N more like this"


class TableError(WondersError):
    def __init__(self, problems: list[str]):
        problems = summarised(problems)
        super().__init__("\n".join(problems))
        self.problems = problems


def summarised(problems: list[str]) -> list[str]:
    """The problems, with those alike (the same but for the player, the names and the
    numbers) shown SHOWN_ALIKE times and then counted: a table of 100,000 unknown cards
    gets a few lines, not 100,000."""
    groups: dict[str, list[str]] = {}
    for problem in problems:
        groups.setdefault(re.sub(r"'[^']*'|\([^)]*\)|\d+", "#", problem), []).append(problem)
    out = []
    for alike in groups.values():
        out += alike[:SHOWN_ALIKE]
        if len(alike) > SHOWN_ALIKE:
            out.append(_("... and {count} more like this").format(count=f"{len(alike) - SHOWN_ALIKE:,}"))
    return out


def cities_from_table(tables, data) -> list[City]:
    problems: list[str] = []
    if not isinstance(data, dict) or not isinstance(data.get("players"), list) or not data["players"]:
        raise TableError([_('the table needs a "players" list with one entry per player, clockwise')])
    by_name = {}
    for card in tables.cards:
        by_name.setdefault(card.name, card)
    seats = _seat_counts(tables)
    if len(data["players"]) > max(seats):
        raise TableError([_("players: {count} cities, but games have {counts}").format(
            count=f"{len(data['players']):,}", counts=", ".join(map(str, sorted(seats))))])
    cities = []
    for seat, player in enumerate(data["players"]):
        who = f"players[{seat}]"
        if not isinstance(player, dict):
            problems.append(_("{who}: must be an object with {fields}").format(who=who, fields=", ".join(FIELDS)))
            continue
        who = f"players[{seat}] ({player.get('name', '?')})"
        bad = False
        for field, kind in FIELDS.items():
            value = player.get(field)
            if value is None:
                problems.append(_('{who}: missing field "{field}"').format(who=who, field=field))
                bad = True
            elif not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
                must = _("a number") if kind is int else _("text") if kind is str else _("a list")
                problems.append(_("{who}.{field}: must be {kind}").format(who=who, field=field, kind=must))
                bad = True
        if bad:
            continue
        player["wonder"] = names().wonder_named(player["wonder"], {s.wonder for s in tables.sides})
        side = next((s for s in tables.sides if s.wonder == player["wonder"] and s.side == player["side"]), None)
        if side is None:
            wonders = sorted({s.wonder for s in tables.sides})
            if player["wonder"] not in wonders:
                guess = did_you_mean(player["wonder"], wonders)
                problems.append(_("{who}.wonder: unknown wonder {name!r}").format(who=who, name=player["wonder"]) +
                                (_(" (did you mean {guess!r}?)").format(guess=guess) if guess else ""))
            else:
                problems.append(_("{who}.side: {wonder} has no side {side!r}").format(
                    who=who, wonder=player["wonder"], side=player["side"]))
            continue
        if not 0 <= player["stages"] <= len(side.stages):
            problems.append(_("{who}.stages: {wonder} side {side} has {count} stages, not {stages}").format(
                who=who, wonder=player["wonder"], side=side.side, count=len(side.stages), stages=player["stages"]))
            continue
        if not 0 <= player["coins"] <= 10 ** 6:
            problems.append(_("{who}.coins: must be between 0 and 1000000").format(who=who))
            continue
        if not all(isinstance(t, int) and not isinstance(t, bool) and abs(t) <= 100 for t in player["military"]) \
                or len(player["military"]) > 100:
            problems.append(_("{who}.military: must be a list of token values such as [1, 3, -1]").format(who=who))
            continue
        if len(player["cards"]) > len(by_name):
            problems.append(_("{who}.cards: {count} cards, but a city holds at most one of each of the {buildings} "
                              "buildings of these rules").format(who=who, count=f"{len(player['cards']):,}",
                                                                 buildings=len(by_name)))
            continue
        city = City(tables, seat, player["name"], side, player["coins"])
        for _stage in range(player["stages"]):
            city.add_stage()
        city.tokens = list(player["military"])
        for name in player["cards"]:
            card = by_name.get(names().to_english("card", name, by_name) or name) if isinstance(name, str) else None
            if card is None:
                guess = did_you_mean(str(name), by_name)
                problems.append(_("{who}.cards: unknown card {name!r}").format(who=who, name=name)
                                + (_(" (did you mean {guess!r}?)").format(guess=guess) if guess else ""))
            elif card.name in city.names:
                problems.append(_("{who}.cards: {name!r} is listed twice; a city never holds two buildings of one "
                                  "name").format(who=who, name=name))
            else:
                city.add_card(card)
        cities.append(city)
    if problems:
        raise TableError(problems)
    return _possible(tables, cities)


def _possible(tables, cities: list[City]) -> list[City]:
    """A table the game could have: a player count the rules (or a table) play, one city
    per wonder, a name per player."""
    counts = _seat_counts(tables)
    problems = []
    if len(cities) not in counts:
        problems.append(_("players: {count} cities, but games have {counts}").format(
            count=len(cities), counts=", ".join(map(str, sorted(counts)))))
    seen: dict[str, int] = {}
    names: dict[str, int] = {}
    for seat, city in enumerate(cities):
        who = f"players[{seat}] ({city.name})"
        if city.side.wonder in seen:
            problems.append(_("{who}.wonder: {wonder} is already players[{seat}]'s").format(
                who=who, wonder=city.side.wonder, seat=seen[city.side.wonder]))
        seen.setdefault(city.side.wonder, seat)
        if not city.name.strip() or city.name in names:
            problems.append(_("{who}.name: every player needs a name of their own").format(who=who))
        names.setdefault(city.name, seat)
    if problems:
        raise TableError(problems)
    return cities


def _seat_counts(tables) -> set[int]:
    rules = tables.rules
    return {*range(rules.min_players, rules.max_players + 1), *(t.seats for t in tables.ruleset.tables)}


def score_table_data(tables, data) -> dict:
    cities = cities_from_table(tables, data)
    n = len(cities)
    last = tables.rules.ages[-1]
    pads = [score_city(tables, c, cities[(i + 1) % n], cities[(i - 1) % n], everyone=cities,
                       age_number=last.number, age_victory=last.victory) for i, c in enumerate(cities)]
    best = winners(tables.rules, pads, cities)
    result = {"players": [{"name": c.name, **pad, "total": sum(pad.values())} for c, pad in zip(cities, pads)],
              "winners": [cities[i].name for i in best]}
    teams = team_results(tables.rules, [c.name for c in cities], pads, cities)
    if teams is not None:
        result["teams"] = teams
    return result

"""Whether a line of a records file is a game record this program could have written,
field by field: a records file is read back by `--resume`, and a damaged or hand-edited
record must be refused with its field named, never summarised into wrong figures or left
to fail deep inside the summary.  `problem` returns what is wrong (the field and why), or
None; the store adds the file and the line.  What the record says is quoted as JSON in the
message, so a planted escape sequence is shown escaped, never sent to the terminal.
"""

from __future__ import annotations

import math

import attrs


def _whole(value, low: int = 0) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= low


def _number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _text(value) -> bool:
    return isinstance(value, str)


def _is(field: str, value, ok: bool, what: str) -> str | None:
    return None if ok else f"{field} must be {what}, not {_shown(value)}"


def _shown(value) -> str:
    import json
    text = json.dumps(value)
    return text if len(text) <= 60 else text[:57] + "..."


def problem(record, players: int | None, rules: str | None) -> str | None:
    """What is wrong with `record` (a game of a run of `players` with the rules' fingerprint
    `rules`), or None."""
    if not isinstance(record, dict):
        return f"a game record must be a JSON object, not {_shown(record)}"
    for key in ("game", "seed"):
        if key not in record:
            return f'"{key}" is missing'
        if not _whole(record[key]):
            return _is(f'"{key}"', record[key], False, "a whole number, 0 or more")
    if "error" in record:
        for key in ("error", "replay"):
            if key not in record:
                return f'"{key}" is missing (a failed game\'s record holds its error and the command that replays it)'
            if not _text(record[key]):
                return _is(f'"{key}"', record[key], False, "text")
        return None
    return _game_problem(record, players, rules)


def _game_problem(record: dict, players: int | None, rules: str | None) -> str | None:
    for key in ("players", "rules", "variants", "turns", "seats"):
        if key not in record:
            return f'"{key}" is missing'
    checks = [('"players"', record["players"], _whole(record["players"], 1), "a whole number, 1 or more"),
              ('"rules"', record["rules"], _text(record["rules"]), "a rules fingerprint (text)"),
              ('"variants"', record["variants"],
               isinstance(record["variants"], list) and all(map(_text, record["variants"])), "a list of names"),
              ('"turns"', record["turns"], _whole(record["turns"]), "a whole number, 0 or more"),
              ('"seats"', record["seats"], isinstance(record["seats"], list), "a list of seats")]
    for field, value, ok, what in checks:
        if not ok:
            return _is(field, value, ok, what)
    if "dealt" in record:               # (records made before it was recorded have none)
        dealt = record["dealt"]
        if not isinstance(dealt, dict):
            return _is('"dealt"', dealt, False, "an object of cards dealt per city by colour")
        for name, count in dealt.items():
            if not (_number(count) and count >= 0):
                return _is(f'"dealt".{_shown(name)}', count, False, "a number, 0 or more")
    if "arc" in record:                 # (records made before it was recorded have none)
        found = _arc_problem(record["arc"], record["players"], record["turns"])
        if found:
            return found
    if players is not None and record["players"] != players:
        return f'"players" is {record["players"]}, but the run plays with {players}'
    if rules is not None and record["rules"] != rules:
        return f'"rules" is {_shown(record["rules"])}, but the run\'s rules are {rules}'
    seats = record["seats"]
    if len(seats) != record["players"]:
        return f'"seats" has {len(seats)} entries for {record["players"]} players'
    categories = None
    for number, seat in enumerate(seats):
        found = _seat_problem(f'"seats"[{number}]', seat, number, record["players"])
        if found:
            return found
        if categories is None:
            categories = list(seat["scores"])
        elif list(seat["scores"]) != categories:
            return f'"seats"[{number}]."scores" has other categories than "seats"[0]."scores"'
    wins = sum(seat["win"] for seat in seats)
    if abs(wins - 1) > 1e-6:
        return f'the "win" shares of the seats add up to {wins:g}, not 1'
    if "value" in record or "draft" in record:          # a value study's (`--value`, sim/study.py)
        return study_problem(record)
    return None


def study_problem(record: dict) -> str | None:
    """What is wrong with the `value` and `draft` fields of a value study's record (sim/study.py), or None."""
    values = record.get("value")
    if values is not None:
        if not isinstance(values, list):
            return _is('"value"', values, False, "a list of restricted games")
        for i, v in enumerate(values):
            field = f'"value"[{i}]'
            if not isinstance(v, dict):
                return _is(field, v, False, "an object")
            for key, ok, what in (("value", _text, "text"), ("seat", lambda x: _whole(x, 1), "a seat from 1"),
                                  ("total", _number, "a number"), ("win", lambda x: _number(x) and 0 <= x <= 1,
                                                                   "a share of a win, from 0 to 1"),
                                  ("built_before", _whole, "a whole number"), ("built", _whole, "a whole number")):
                if key not in v:
                    return f'{field}."{key}" is missing'
                if not ok(v[key]):
                    return _is(f'{field}."{key}"', v[key], False, what)
            if v["seat"] > len(record["seats"]):
                return f'{field}."seat" is {v["seat"]}, but the game has {len(record["seats"])} seats'
    draft = record.get("draft")
    if draft is not None:
        if not isinstance(draft, dict):
            return _is('"draft"', draft, False, "an object of cards")
        for name, entry in draft.items():
            if not (isinstance(entry, list) and len(entry) == 4 and all(_whole(x) for x in entry)):
                return _is(f'"draft".{name!r}', entry, False, "four whole numbers")
    return None


def _arc_problem(arc, players, turns) -> str | None:
    """The value of every seat after each turn (sim/arc.py): one entry a turn, each an age
    number and a total per seat."""
    if not isinstance(arc, list) or len(arc) != turns:
        return _is('"arc"', arc, False, f"a list of {turns} turns (one per turn of the game)")
    for index, row in enumerate(arc):
        if not (isinstance(row, list) and len(row) == 1 + players and _whole(row[0])
                and all(map(_number, row[1:]))):
            return _is(f'"arc"[{index}]', row, False, f"an age and {players} totals")
    return None


def _seat_problem(at: str, seat, number: int, players: int) -> str | None:
    if not isinstance(seat, dict):
        return _is(at, seat, False, "an object")
    for key in ("seat", "wonder", "side", "bot", "scores", "total", "coins", "rank", "win", "stages", "built"):
        if key not in seat:
            return f'{at}."{key}" is missing'
    checks = [("seat", seat["seat"] == number + 1 and _whole(seat["seat"]), f"{number + 1}"),
              ("wonder", _text(seat["wonder"]), "a name"), ("side", _text(seat["side"]), "a name"),
              ("bot", _text(seat["bot"]), "a bot's name"),
              ("scores", isinstance(seat["scores"], dict), "an object of points by category"),
              ("total", _number(seat["total"]), "a number"),
              ("coins", _whole(seat["coins"]), "a whole number, 0 or more"),
              ("rank", _whole(seat["rank"], 1) and seat["rank"] <= players, f"a rank from 1 to {players}"),
              ("win", _number(seat["win"]) and 0 <= seat["win"] <= 1, "a share of a win, from 0 to 1"),
              ("stages", _whole(seat["stages"]), "a whole number, 0 or more"),
              ("built", isinstance(seat["built"], list), "a list of [card, age] pairs")]
    if "team" in seat:
        checks.append(("team", _whole(seat["team"], 1) and seat["team"] <= players, f"a team from 1 to {players}"))
    for key, ok, what in checks:
        if not ok:
            return _is(f'{at}."{key}"', seat[key], False, what)
    for category, points in seat["scores"].items():
        if not _number(points):
            return _is(f'{at}."scores".{_shown(category)}', points, False, "a number")
    if abs(sum(seat["scores"].values()) - seat["total"]) > 1e-6:
        return f'{at}."total" is {seat["total"]:g}, but its "scores" add up to {sum(seat["scores"].values()):g}'
    for index, entry in enumerate(seat["built"]):
        if not (isinstance(entry, list) and len(entry) == 2 and _text(entry[0]) and _whole(entry[1], 1)):
            return _is(f'{at}."built"[{index}]', entry, False, "a pair [card name, age]")
    return None


@attrs.frozen
class Cast:
    """What a run's games may seat: each wonder of its rules with the sides it may be dealt
    (`sides`: the run's --sides, "random" for any side of the board), and its bots."""
    wonders: dict[str, tuple[str, ...]]
    bots: tuple[str, ...]
    sides: str = "random"


def cast_problem(record: dict, cast: Cast) -> str | None:
    """What a (well-formed) record seats that its run could not have: a wonder its rules do
    not have, a side the board lacks or the run does not deal, a bot the run does not play."""
    if "error" in record:
        return None
    for number, seat in enumerate(record["seats"]):
        at = f'"seats"[{number}]'
        wonder, side, bot = seat["wonder"], seat["side"], seat["bot"]
        if wonder not in cast.wonders:
            return f'{at}."wonder" is {_shown(wonder)}, but the run\'s rules have no wonder of that name'
        if cast.sides != "random" and side != cast.sides:
            return f'{at}."side" is {_shown(side)}, but the run plays side {cast.sides}'
        if side not in cast.wonders[wonder]:
            return f'{at}."side" is {_shown(side)}, but {wonder} has no side of that name (its sides: ' \
                   f'{", ".join(cast.wonders[wonder])})'
        if bot not in cast.bots:
            return f'{at}."bot" is {_shown(bot)}, but the run\'s bots are {", ".join(cast.bots)}'
    return None

"""`wonders play` and `wonders replay`: run a game, render its log and its score pad."""

from __future__ import annotations

import json

from ..check.rules import roman
from ..bots import make_bot
from ..engine.game import Game
from ..engine.saves import content_digest
from ..printable import printable
from .table import render_table

LOG_FORMAT = "wonders-log/1"


def make_deciders(bot_names: list[str], players: int, seed: int, human_seat: int | None, human=None):
    names = bot_names or ["random"]
    deciders = []
    for seat in range(players):
        if human_seat is not None and seat == human_seat:
            deciders.append(human)
        else:
            kind = names[seat] if seat < len(names) else names[-1]
            deciders.append(make_bot(kind, seed * 1000 + seat))
    return deciders


def log_data(game: Game, bots: list[str]) -> dict:
    return {"format": LOG_FORMAT, "content": content_digest(game.tables),
            "options": {**game.options, "bots": bots},
            "choices": [{k: e[k] for k in ("age", "turn", "seat", "kind", "action")}
                        for e in game.log if e["event"] == "choice"],
            "result": {"scores": game.scores(), "winners": [game.cities[i].name for i in game.winners()]}
            if game.finished else None}


def text_log(game: Game) -> str:
    out = []
    cities = game.cities
    for event in game.log:
        kind = event["event"]
        if kind == "setup":
            out.append("Players (clockwise; each one's left neighbour is the next):")
            out += [f"  {name}: {wonder} side {side}" for name, wonder, side in event["players"]]
        elif kind == "age":
            out.append(f"\nAge {roman(event['age'])}")
            current_turn = None
        elif kind == "choice":
            if event["kind"] == "turn" and event["turn"] != current_turn:
                current_turn = event["turn"]
                out.append(f"  Turn {current_turn}")
        elif kind == "resolve":
            paid = "".join(f"; {cities[seat].name} gets {n}" for seat, n in event.get("paid", ()))
            coins = event["coins"]
            by = f" (played by {cities[event['by']].name})" if "by" in event else ""
            out.append(f"    {cities[event['seat']].name}{by}: {event['action']}{paid} "
                       f"(now {coins} coin{'s' * (coins != 1)})")
        elif kind == "age end":
            out.append(f"  End of age {roman(event['age'])}: shields " +
                       ", ".join(f"{c.name} {s}" for c, s in zip(cities, event["shields"])))
        elif kind == "coins":
            change = event["change"]
            verb = "gains" if change > 0 else "loses"
            out.append(f"    {cities[event['seat']].name} {verb} {abs(change)} coin{'s' * (abs(change) != 1)} "
                       f"(trigger \"{event['trigger']}\")")
        elif kind == "token":
            against = f" against {cities[event['against']].name}" if event.get("against") is not None else ""
            out.append(f"    {cities[event['seat']].name} takes a military token ({event['value']:+d}){against}")
    return printable("\n".join(out), keep_newlines=True) + "\n"


def score_table(categories, names, pads, winner_names) -> str:
    headers = ["Category"] + list(names)
    rows = [[cat] + [str(p[cat]) for p in pads] for cat in categories]
    rows.append(["total"] + [str(sum(p.values())) for p in pads])
    return render_table(headers, rows) + \
        f"\nWinner{'s' if len(winner_names) > 1 else ''}: {printable(', '.join(winner_names))}\n"


def final_text(game: Game) -> str:
    pads = game.scores()
    names = [f"{c.name} ({c.side.wonder} {c.side.side})" for c in game.cities]
    return "\nFinal scores\n" + score_table(game.tables.rules.score_pad, names, pads,
                                            [game.cities[i].name for i in game.winners()])


def final_json(game: Game, bots) -> str:
    pads = game.scores()
    data = {"options": {**game.options, "bots": bots},
            "players": [{"name": c.name, "city": {"wonder": c.side.wonder, "side": c.side.side}, **pad,
                         "total": sum(pad.values())} for c, pad in zip(game.cities, pads)],
            "winners": [game.cities[i].name for i in game.winners()],
            "log": [e for e in game.log if e["event"] != "choice"]}
    return json.dumps(data, indent=2) + "\n"


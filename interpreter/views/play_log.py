"""A game as `wonders play` and `wonders replay` show it: its log (text and data), its score
pad; the deciders of its seats are bots/seats.py."""

from __future__ import annotations

import json

from ..check.rules import roman
from .render.effect_icons import event_word
from ..engine.game import Game
from ..engine.saves import content_digest
from ..engine.teams import team_results
from ..i18n import _, names, ngettext
from ..printable import printable
from .action_words import shown_action
from .table import render_table
from ..kinds.decisions import DECISIONS

LOG_FORMAT = "wonders-log/1"


def log_data(game: Game, bots: list[str]) -> dict:
    return {"format": LOG_FORMAT, "content": content_digest(game.tables),
            "options": {**game.options, "bots": bots},
            "choices": [{k: e[k] for k in ("age", "turn", "seat", "kind", "action")}
                        for e in game.log if e["event"] == "choice"],
            "result": {"scores": game.scores(), "winners": [game.cities[i].name for i in game.winners()]}
            if game.finished else None}


def text_log(game: Game, words=None) -> str:
    """The game's turn log; `words` (access/notation.py) names its cards and adds what the
    reader's notation shows of each board after the players (None: words, no boards)."""
    out = []
    n = names()
    city = [n.city(c.name) for c in game.cities]
    current_turn = None                 # a loaded position's log may begin inside an age
    for event in game.log:
        kind = event["event"]
        if kind == "setup":
            out.append(_("Players (clockwise; each one's left neighbour is the next):"))
            out += ["  " + _("{player}: {wonder} side {side}").format(player=n.city(name), wonder=n.city(wonder), side=side)
                    for name, wonder, side in event["players"]]
            if words is not None:
                out += words.boards(game.cities)
        elif kind == "age":
            out.append("\n" + _("Age {age}").format(age=roman(event['age'])))
            current_turn = None
        elif kind == "phase":
            out.append("\n" + _("Phase \"{phase}\"").format(phase=event["phase"]))
            current_turn = None
        elif kind == "choice":
            decision = DECISIONS.get(event["kind"])
            if decision is not None and decision.told:     # a pick, an offer's answer: said as chosen
                out.append(f"    {city[event['seat']]}: {shown_action(event['action'])}")
            elif decision is not None and decision.turn_cards and event["turn"] != current_turn:
                current_turn = event["turn"]
                out.append("  " + _("Turn {turn}").format(turn=current_turn))
        elif kind == "resolve":
            paid = "".join("; " + _("{city} gets {coins}").format(city=city[seat], coins=k)
                           for seat, k in event.get("paid", ()))
            coins = event["coins"]
            by = " " + _("(played by {city})").format(city=city[event["by"]]) if "by" in event else ""
            out.append(f"    {city[event['seat']]}{by}: {shown_action(event['action'], words)}{paid} " +
                       ngettext("(now {coins} coin)", "(now {coins} coins)", coins).format(coins=coins))
        elif kind == "age end":
            out.append("  " + _("End of age {age}: shields {shields}").format(
                age=roman(event['age']), shields=", ".join(f"{c} {s}" for c, s in zip(city, event["shields"]))))
        elif kind == "coins" and "source" in event:     # an `each ...:` action done in this city
            change = event["change"]
            sentence = ngettext('{city} gains {coins} coin ("{source}" of {owner})',
                                '{city} gains {coins} coins ("{source}" of {owner})', change) if change > 0 else \
                ngettext('{city} loses {coins} coin ("{source}" of {owner})',
                         '{city} loses {coins} coins ("{source}" of {owner})', abs(change))
            out.append("    " + sentence.format(city=city[event["seat"]], coins=abs(change), source=event["source"],
                                                owner=city[event["by"]]))
        elif kind == "put":                             # `put a card from "Z" onto "T"`
            out.append("    " + _('{city} puts {card} from "{source}" onto "{zone}"').format(
                city=city[event["seat"]], card=names().card(event["card"]), source=event["from"], zone=event["onto"]))
        elif kind == "board lost":                     # `lose the board production`
            out.append("    " + _('{city} loses its board\'s production for the rest of the game ("{source}")').format(
                city=city[event["seat"]], source=event["source"]))
        elif kind == "kept":
            sentence = ngettext('{city} takes {count} {kind} token ("{source}")',
                                '{city} takes {count} {kind} tokens ("{source}")', event["count"])
            out.append("    " + sentence.format(city=city[event["seat"]], count=event["count"],
                                                kind=names().token(event["kind"]), source=event["source"]))
        elif kind == "gives up":                        # a price's tokens (`may pay ... 1 joker token ...`)
            sentence = ngettext('{city} gives up {count} {kind} token ("{source}")',
                                '{city} gives up {count} {kind} tokens ("{source}")', event["count"])
            out.append("    " + sentence.format(city=city[event["seat"]], count=event["count"],
                                                kind=names().token(event["kind"]), source=event["source"]))
        elif kind == "coins":
            change = event["change"]
            sentence = ngettext("{city} gains {coins} coin (trigger \"{trigger}\")",
                             "{city} gains {coins} coins (trigger \"{trigger}\")", change) if change > 0 else \
                ngettext("{city} loses {coins} coin (trigger \"{trigger}\")",
                         "{city} loses {coins} coins (trigger \"{trigger}\")", abs(change))
            out.append("    " + sentence.format(city=city[event['seat']], coins=abs(change), trigger=event['trigger']))
        elif kind == "token":
            against = event.get("against")
            sentence = _("{city} takes a military token ({value}) against {other}") if against is not None else \
                _("{city} takes a military token ({value})")
            out.append("    " + sentence.format(city=city[event['seat']], value=f"{event['value']:+d}",
                                             other=city[against] if against is not None else ""))
        elif kind == "given back":                      # `discard N victory|defeat|KIND tokens`
            out.append("    " + _given_back(event, city[event["seat"]]))
        elif kind == "shields":                         # `gain N shields`
            sentence = ngettext('{city} gains {count} shield ("{source}")', '{city} gains {count} shields ("{source}")',
                                event["count"])
            out.append("    " + sentence.format(city=city[event["seat"]], count=event["count"], source=event["source"]))
        elif kind == "debt":
            sentence = ngettext("{city} takes {count} {kind} token for coins it does not pay",
                                "{city} takes {count} {kind} tokens for coins it does not pay", event["count"])
            out.append("    " + sentence.format(city=city[event['seat']], count=event["count"],
                                            kind=names().token(event["kind"])))
        elif kind == "sits out":
            out.append("    " + _("{city} gives up a {kind} token and sits out the {event}").format(
                city=city[event['seat']], kind=names().token(event["kind"]), event=event_word(event["at"])))
        elif kind == "reveal":                # a phase's draw onto a zone for the table
            out.append("    " + _('Drawn onto "{zone}" for the table: {cards}').format(
                zone=event["zone"], cards=", ".join(names().card(c) for c in event["cards"])))
        elif kind == "draw" and "cards" not in event:   # a draw as another seat's page is told it
            sentence = ngettext('{city} draws {count} card into "{zone}"', '{city} draws {count} cards into "{zone}"',
                                event["count"])
            out.append("    " + sentence.format(city=city[event["seat"]], count=event["count"], zone=event["zone"]))
        elif kind == "draw":                  # a card's or stage's `draw N cards from deck "D" into "Z"`
            sentence = ngettext('{city} draws {count} card into "{zone}": {cards}',
                                '{city} draws {count} cards into "{zone}": {cards}', len(event["cards"]))
            out.append("    " + sentence.format(city=city[event["seat"]], count=len(event["cards"]), zone=event["zone"],
                                                cards=", ".join(n.card(c) for c in event["cards"])))
        elif kind == "reveal":                # `reveal N cards from deck "D"`: face up for every city
            out.append("    " + _('Revealed from "{deck}": {cards}').format(
                deck=event["deck"], cards=", ".join(n.card(c) for c in event["cards"])))
        elif kind == "faces once":
            out.append("    " + _("{city} gives up a {kind} token and faces each city once at the {event}").format(
                city=city[event['seat']], kind=names().token(event["kind"]), event=event_word(event["at"])))
    return printable("\n".join(out), keep_newlines=True) + "\n"


def _given_back(event: dict, city: str) -> str:
    """A city's tokens given back, in words: military tokens with their values."""
    count, source = event["count"], event["source"]
    if "values" not in event:
        return ngettext('{city} gives back {count} {kind} token ("{source}")',
                        '{city} gives back {count} {kind} tokens ("{source}")', count).format(
            city=city, count=count, kind=names().token(event["kind"]), source=source)
    values = ", ".join(f"{v:+d}" for v in event["values"])
    sentence = ngettext('{city} gives back {count} victory token ({values}, "{source}")',
                        '{city} gives back {count} victory tokens ({values}, "{source}")', count) \
        if event["kind"] == "victory" else \
        ngettext('{city} gives back {count} defeat token ({values}, "{source}")',
                 '{city} gives back {count} defeat tokens ({values}, "{source}")', count)
    return sentence.format(city=city, count=count, values=values, source=source)


def score_table(categories, names_shown, pads, winner_names, teams=None) -> str:
    """The score pad, each team's total under it when the rules make teams, and the winners."""
    n = names()
    headers = [_("Category")] + list(names_shown)
    rows = [[n.score(cat)] + [str(p[cat]) for p in pads] for cat in categories]
    rows.append([_("total")] + [str(sum(p.values())) for p in pads])
    winners = printable(", ".join(n.city(w) for w in winner_names))
    team_rows = [[printable(" & ".join(n.city(p) for p in t["players"])), str(t["total"]), str(t["coins"])]
                 for t in teams or ()]
    shown_teams = "\n" + render_table([_("Team"), _("total"), _("coins")], team_rows) if team_rows else ""
    return render_table(headers, rows) + shown_teams + "\n" + ngettext("Winner: {names}", "Winners: {names}",
                                                          len(winner_names)).format(names=winners) + "\n"


def final_text(game: Game) -> str:
    pads = game.scores()
    n = names()
    shown = [f"{n.city(c.name)} ({n.city(c.side.wonder)} {c.side.side})" for c in game.cities]
    teams = team_results(game.tables.rules, [c.name for c in game.cities], pads, game.cities)
    return "\n" + _("Final scores") + "\n" + score_table(game.tables.rules.score_pad, shown, pads,
                                                         [game.cities[i].name for i in game.winners()], teams)


def final_json(game: Game, bots) -> str:
    pads = game.scores()
    data = {"options": {**game.options, "bots": bots},
            "players": [{"name": c.name, "city": {"wonder": c.side.wonder, "side": c.side.side}, **pad,
                         "total": sum(pad.values())} for c, pad in zip(game.cities, pads)],
            "winners": [game.cities[i].name for i in game.winners()],
            "log": [e for e in game.log if e["event"] != "choice"]}
    teams = team_results(game.tables.rules, [c.name for c in game.cities], pads, game.cities)
    if teams is not None:
        data["teams"] = teams
    return json.dumps(data, indent=2) + "\n"


"""What each page at a table is shown, made on the server for the page's role alone.

Every role sees the public state: the seats (who plays each, who is connected, who has
still to choose), each city's wonder, stages built, coins, shields, tokens and buildings,
and the log of the turns resolved.  A seat's page also gets its own hand, the options
of its own decision, and in its log the cards it drew into a zone and its own draft picks
(the others' logs say only how many cards went into which zone); nothing else of the
hidden state ever leaves the server: no other hand, no choice made before its turn
resolves, not the discard pile, not the game's seed or random state (from which the deck
could be worked out).  Once the game is over,
everyone gets the score pads and where each point came from (scorepad.py).
"""

from __future__ import annotations

import time

from ...check.rules import roman
from ...kinds.decisions import DECISIONS
from ...views.render.colors import ink, paint
from ...views.action_words import face_down
from .scorepad import score_sheet


def view(table, role: str, place: int | None = None, host: bool = False, now: float | None = None,
         shared: dict | None = None) -> dict:
    """The view of `role` ("seat" with its `place`, "spectator" or "host") of `table`;
    `shared`: `public(table)` when it was made already for the other pages of a broadcast."""
    game, t = table.game, table.tables
    answer = dict(public(table, now) if shared is None else shared, role=role, host=host)
    if host:
        from ...bots.registry import bot_names
        answer["bots"] = [b for b in bot_names() if b != "human"]
        answer["seats"] = [{**s, "handable": s["kind"] == "person" and not s["bot"] and s["away"] is not None
                            and s["away"] >= table.grace} for s in answer["seats"]]
    if role == "seat":
        seat = table.seat_of(place)
        me = table.places[place]
        answer.update(seat=seat, name=me.name, stand_in=me.stand_in, hand=[_card(t, i) for i in game.hands[seat]])
        if private_to(game, seat):
            answer["log"] = public_log(game, seat)
        decision = None if me.playing_bot else table.decision_of(seat)
        if decision is not None:
            answer["decision"] = _decision(table, decision)
    return answer


def public(table, now: float | None = None) -> dict:
    """What every page at the table is shown alike (made once for all of them)."""
    game, t = table.game, table.tables
    now = time.time() if now is None else now
    waiting = {d.by for d in table.open_decisions()}
    seats = []
    for seat in range(table.players):
        p = table.place_at(seat)
        away = None if p.kind != "person" or p.connections else max(0.0, now - p.left_at)
        seats.append({"seat": seat, "name": p.name, "kind": p.kind, "bot": p.playing_bot, "connected": bool(p.connections),
                      "away": None if away is None else round(away), "choosing": seat in waiting, "handable": False})
    answer = {"type": "view", "table": table.id, "rules": t.rules.name, "edition": table.edition,
              "variants": table.variants, "players": table.players, "round": table.round + 1,
              "grace": table.grace, "seats": seats, "finished": game.finished,
              "age": roman(game.age.number), "turn": game.turn, "turns": game.age.turns,
              "cities": [_city(t, c, game) for c in game.cities], "log": public_log(game)}
    if game.finished:
        answer["end"] = score_sheet(game)
    return answer


def _card(t, index: int) -> dict:
    """A card as pages show it: the drawing is fetched by its index; the colour's paint is
    the drawings' own (views/render/colors.py), for the cities' lists of buildings."""
    card = t.cards[index]
    band = paint(card.color or "")
    return {"index": index, "name": card.name, "age": card.age, "color": card.color, "paint": band, "ink": ink(band)}


def _city(t, c, game) -> dict:
    return {"seat": c.seat, "name": c.name, "wonder": c.side.wonder, "side": c.side.side,
            "neutral": c.seat in game.neutrals, "coins": c.coins, "shields": c.shields, "tokens": list(c.tokens),
            "stages": c.stages, "stages_total": len(c.side.stages), "built": [_card(t, i) for i in c.built]}


def _decision(table, decision) -> dict:
    """The seat's own decision: its options with their payments, and the cards they name
    (the hand; for a choice from the discard pile or a neutral city's, the cards offered)."""
    t, game = table.tables, table.game
    options = decision.options
    moves = [{"index": i, "kind": o.kind, "card": o.card, "left": o.left, "right": o.right, "bank": o.bank,
              "free": o.free, "label": o.label(t)} for i, o in enumerate(options)]
    if DECISIONS[decision.kind].shows in ("options", "pile"):      # the cards offered (kinds/decisions/)
        shown = list(dict.fromkeys(o.card for o in options if o.card >= 0))
    else:
        shown = list(dict.fromkeys(game.hands[decision.seat]))
    return {"number": table.moves[decision.by], "kind": decision.kind, "city": game.cities[decision.seat].name,
            "for_neutral": decision.seat != decision.by, "moves": moves, "cards": [_card(t, i) for i in shown]}


class _Public:
    """The game's log as `seat` may read it (None: as a spectator): the events of resolved
    turns, without the choices (a draft's pick, a turn's card) logged when they were made,
    save the seat's own picks; a card drawn into a zone is named to the seat that drew it
    alone, the others are told how many cards went into which zone; a card sold or put
    under a stage, face down, is named to the seat that played it alone."""

    def __init__(self, game, seat: int | None = None):
        self.cities = game.cities
        self.log = [_as_seen(e, seat) for e in game.log
                    if e.get("event") != "choice" or e.get("kind") == "turn" or _own_pick(e, seat)]


def _own_pick(event: dict, seat: int | None) -> bool:
    return event.get("event") == "choice" and event.get("kind") == "draft" and event.get("seat") == seat


def _as_seen(event: dict, seat: int | None) -> dict:
    kind = event.get("event")
    if kind == "draw" and event.get("seat") != seat:
        return {k: v for k, v in event.items() if k != "cards"} | {"count": len(event["cards"])}
    if kind == "resolve" and not _played_by(event, seat):
        return dict(event, action=face_down(event["action"]))
    if kind == "age" or (kind == "choice" and not _own_pick(event, seat)):
        return {k: v for k, v in event.items() if k not in ("hands", "action")}
    return event


def _played_by(event: dict, seat: int | None) -> bool:
    """Whether `seat` chose the card of a resolved move (for its city, or a neutral one's)."""
    return seat is not None and seat in (event["seat"], event.get("by"))


def private_to(game, seat: int) -> bool:
    """Whether the log tells `seat` something it tells no other page (a draw, a pick, a
    card it sold or put under a stage)."""
    for e in game.log:
        kind = e.get("event")
        if (kind == "draw" and e["seat"] == seat) or _own_pick(e, seat) or \
                (kind == "resolve" and _played_by(e, seat) and face_down(e["action"]) != e["action"]):
            return True
    return False


def public_log(game, seat: int | None = None) -> list[str]:
    from ...views.play_log import text_log
    try:
        return text_log(_Public(game, seat)).splitlines()
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, NameError) as err:
        return [f"(the log of this game cannot be written: {err!r})"]

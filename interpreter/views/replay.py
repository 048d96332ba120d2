"""`wonders replay` and `wonders moves`: re-run a log step by step, show a position."""

from __future__ import annotations

import json
from typing import NamedTuple

from ..engine.actions import legal_actions
from ..engine.decisions import drive
from ..kinds.decisions import DECISIONS
from ..engine.game import Game, RulesError
from ..engine.replay import ReplayDecider, ReplayError
from ..engine.saves import content_digest, game_to_data
from ..i18n import _, names, ngettext, worded
from ..printable import printable
from ..check.rules import roman
from .action_words import shown_action
from .play_log import LOG_FORMAT, final_text, text_log
from ..errors import WondersError


class ReplayFailure(WondersError):
    pass


class Replayed(NamedTuple):
    """A log replayed: the game where it stopped, whether the whole log was replayed (and
    its recorded result confirmed), and how many turns were replayed (none with `to_choice`)."""
    game: Game
    done: bool
    turns: int


def run_replay(tables, data, to_turn=None, to_choice=None) -> Replayed:
    """Replay `data` (a log); stop after `to_turn` turns, or after `to_choice` recorded
    choices (at any decision point, inside a turn too), or at the log's end if it comes
    first (`past_the_end` says so for `to_turn`)."""
    if not isinstance(data, dict) or data.get("format") != LOG_FORMAT:
        raise ReplayFailure(_('not a game log (expected "format": "{format}")').format(format=LOG_FORMAT))
    if data.get("content") != content_digest(tables):
        raise ReplayFailure(_("the log was played with other content (its rules, cards or wonders differ)"))
    options = data.get("options")
    problem = _bad_log(options, data.get("choices"))
    if problem:
        raise ReplayFailure(problem)
    try:
        game = Game(tables, options["players"], options["seed"], options["sides"], options["wonders"],
                    options.get("names"))
    except RulesError as err:
        raise ReplayFailure(worded(err)) from None
    game.options["variants"] = list(options.get("variants", []))
    for key in ("rules", "expansions"):
        if key in options:
            game.options[key] = options[key]
    if "names" in options:
        game.options["names"] = list(options["names"])
    decider = ReplayDecider(list(data["choices"]))
    deciders = [decider] * len(game.cities)
    turns = 0
    unfinished = data.get("result") is None          # written by `play --log` during the game
    try:
        if to_choice is not None:
            target = min(to_choice, len(decider.choices)) if unfinished else to_choice
            if target > 0:
                drive(game, deciders, stop=lambda g: decider.position >= target)
            to_turn = 0                               # and no turn more
        while not game.finished and (to_turn is None or turns < to_turn):
            if unfinished and decider.position == len(decider.choices):
                break                                 # the end of what was played so far
            game.step(deciders)
            turns += 1
    except ReplayError as err:
        raise ReplayFailure(worded(err)) from None
    if game.finished:
        if decider.position != len(decider.choices):
            raise ReplayFailure(_("the game ended after {done} decisions but the log has {count}").format(
                done=decider.position, count=len(decider.choices)))
        recorded = data.get("result")
        winners = [game.cities[i].name for i in game.winners()]
        if not isinstance(recorded, dict) or recorded.get("scores") != game.scores() \
                or recorded.get("winners") != winners:
            raise ReplayFailure(_("the replayed game's scores differ from the ones the log recorded"))
    return Replayed(game, game.finished, turns)


def past_the_end(replayed: Replayed, to_turn=None) -> str | None:
    """A note when `--to` asked for more turns than the log holds (None when not): the
    replay then shows the last state the log reaches.  (`--to-choice` past the end replays
    the whole log, and a finished one is checked to its result, as with no stop at all.)"""
    if to_turn is not None and replayed.turns < to_turn:
        return _("--to {to} is past the end of the log, which holds {turns} turns: the last state is shown").format(
            to=to_turn, turns=replayed.turns)
    return None


def _bad_log(options, choices) -> str | None:
    """What is wrong with a log's options and choices, in words (None when they are fine)."""
    if not isinstance(options, dict):
        return 'the log has no "options" object'
    kinds = {"players": int, "seed": int, "sides": str, "wonders": list}
    for field, kind in kinds.items():
        value = options.get(field)
        if not isinstance(value, kind) or isinstance(value, bool):
            return f'"options"."{field}" is missing or not {"a whole number" if kind is int else kind.__name__}'
    if not all(isinstance(w, str) for w in options["wonders"]):
        return '"options"."wonders" must be a list of wonder names'
    for field in ("variants", "names"):
        if field in options and (not isinstance(options[field], list)
                                 or not all(isinstance(n, str) for n in options[field])):
            return f'"options"."{field}" must be a list of {field}'
    if "names" in options and (not isinstance(options["names"], list)
                               or not all(isinstance(n, str) for n in options["names"])):
        return '"options"."names" must be a list of names'
    if not isinstance(choices, list):
        return 'the log has no "choices" list'
    for step, record in enumerate(choices, 1):
        if not isinstance(record, dict):
            return f"step {step}: a choice must be an object"
        for field, kind in (("age", int), ("turn", int), ("seat", int), ("kind", str), ("action", str)):
            if not isinstance(record.get(field), kind) or isinstance(record.get(field), bool):
                return f'step {step}: "{field}" is missing or not {"a whole number" if kind is int else "text"}'
    return None


def state_data(game: Game) -> dict:
    return game_to_data(game)


def replay_json(game: Game) -> str:
    pads = game.scores()
    return json.dumps({"players": [{"name": c.name, **p, "total": sum(p.values())} for c, p in zip(game.cities, pads)],
                       "winners": [game.cities[i].name for i in game.winners()]}, indent=2)


def state_text(game: Game, done: bool, words=None) -> str:
    """The replay's verdict and log, or the position where it stopped; `words` as text_log's."""
    if done:
        return _("Replay checked: every step was legal and the result matches the log.") + "\n" + \
            text_log(game, words) + final_text(game)
    t = game.tables
    n = names()
    where = dict(age=roman(game.age.number), turn=game.turn)
    out = [_("State at the end of the game:") if game.finished else _("State before age {age}, turn {turn}:").format(**where)]
    if game.waiting:                                  # stopped at a decision point inside a turn
        out = [_("State at a decision in age {age}, turn {turn}:").format(**where),
               "  " + _("waiting for: {decisions}").format(decisions=", ".join(
                   _("{city}'s {kind}").format(city=n.city(game.cities[d.seat].name), kind=_(DECISIONS[d.kind].words))
                   for d in game.decisions()))]
    for seat, city in enumerate(game.cities):
        built = ", ".join(n.card(t.cards[i].name) for i in city.built) or "-"
        hand = ", ".join(n.card(t.cards[i].name) for i in game.hands[seat]) or "-"
        out.append("  " + _("{city} ({wonder} {side}): {coins}, {shields}, stages {stages}/{of}, tokens {tokens}").format(
            city=n.city(city.name), wonder=n.city(city.side.wonder), side=city.side.side,
            coins=ngettext("{count} coin", "{count} coins", city.coins).format(count=city.coins),
            shields=ngettext("{count} shield", "{count} shields", city.shields).format(count=city.shields),
            stages=city.stages, of=len(city.side.stages), tokens=" ".join(f"{k:+d}" for k in city.tokens) or "-"))
        out.append("    " + _("built: {cards}").format(cards=built))
        out.append("    " + _("hand: {cards}").format(cards=hand))
    out.append("  " + _("discard pile: {cards}").format(
        cards=ngettext("{count} card", "{count} cards", len(game.discard)).format(count=len(game.discard))))
    return printable("\n".join(out), keep_newlines=True) + "\n"


def moves_data(game: Game) -> dict:
    t = game.tables
    players = []
    in_phase = {seat: kind for seat, kind in game.waiting if DECISIONS[kind].phase}   # a draft, a zone's play
    for seat, city in enumerate(game.cities):
        if in_phase:
            actions = game.options_for(seat, in_phase[seat]) if seat in in_phase else []
        else:
            actions = legal_actions(game, seat) if not game.finished else []
        players.append({"name": city.name, "actions": [
            {"kind": a.kind, "card": t.cards[a.card].name if a.card >= 0 else None,
             "pay_left": a.left, "pay_right": a.right, "pay_bank": a.bank,
             "free": a.free or None, "label": a.label(t)} for a in actions]})
    return {"age": game.age.number, "turn": game.turn, "finished": game.finished, "players": players}


def moves_text(game: Game, words=None) -> str:
    """Each player's legal actions, their cards named by `words` as text_log's."""
    if game.finished:
        return _("The game is over: no player has a move.") + "\n"
    data = moves_data(game)
    out = [_("Age {age}, turn {turn}").format(age=roman(data['age']), turn=data['turn'])]
    for player in data["players"]:
        out.append(f"{names().city(player['name'])}:")
        out += [f"  {shown_action(a['label'], words)}" for a in player["actions"]]
    return printable("\n".join(out), keep_newlines=True) + "\n"

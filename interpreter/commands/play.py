"""`wonders play`: a full game with bots (and optionally a person), its log kept safe.

The log (`--log FILE`) is written before the first turn (so a path that cannot be written
is reported before anyone plays) and again after every turn, each time whole and
atomically (common.write_atomic).  A FIFO or a device given as the log (`--log
/dev/null`, a pipe another program reads) is written into once, when the game ends or
stops: its reader gets one whole log, and a FIFO is not waited on after every turn.  Ctrl-C, SIGTERM, SIGHUP or the end of the input stop
the game with the log holding every finished turn; `play --load` goes on from a saved
position (`replay LOG --save FILE` makes one from an unfinished log).
"""

from __future__ import annotations

import json
import os
import sys
import click

from interpreter.commands.click_language import Command
from interpreter.i18n import N_, worded

from interpreter.i18n import _

from .common import WriteError, game_options, load_position, \
    game_writer, rules_record, run_game, shown, tables as load_tables, variant_record, write_atomic
from .outputs import bot_inputs, check_outputs, content_inputs


@click.command(cls=Command,
               help=N_("Play a full game with bots (and optionally you) and print the log and score pad."))
@click.option("--players", type=int, help=N_("number of players (required unless --load)"))
@click.option("--seed", type=int, default=0, show_default=True, help=N_("random seed: same seed, same game"))
@click.option("--sides", default="random", show_default=True,
              help=N_("the side of every board (A or B in the first edition, Day or Night in the second), "
                   "or random"))
@click.option("--wonders", "wonder_list", default="", help=N_("comma-separated wonders for seats 1, 2, ..."))
@click.option("--bots", default="random", show_default=True,
              help=N_("comma-separated bots per seat (random, greedy, heuristic, mcts, an installed "
                   "bot, or path/to/file.py:Class; parameters as name:key=value); the last one fills the rest"))
@click.option("--human", type=int, help=N_("seat K (1-based) is played by you at the terminal"))
@click.option("--names", default="", help=N_("comma-separated player names"))
@click.option("--log", "log_file", type=click.Path(dir_okay=False),
              help=N_("write the game's log (for replay) here, after every turn"))
@click.option("--load", "load_file", type=click.Path(dir_okay=False),
              help=N_("go on from a saved position (made by `replay LOG --save FILE`)"))
@game_options
def play(players, seed, sides, wonder_list, bots, human, names, log_file, load_file, fmt, notation, paths, variants,
         rules):
    from interpreter.bots import BotError
    from interpreter.bots import BotSpecError, make_bot, split_bot_list
    from interpreter.bots.seats import make_deciders
    from interpreter.views import play_log as tool
    bot_names = split_bot_list(bots)
    check_outputs([("--log", log_file)], [(N_("the saved position"), load_file)] * (load_file is not None)
                  + content_inputs(paths, variants, rules) + bot_inputs(bot_names))
    for b in bot_names:
        try:
            make_bot(b, 0)
        except BotSpecError as err:
            raise click.BadParameter(shown(worded(err)), param_hint="--bots") from None
    if load_file is not None:
        game = _loaded_game(load_file, paths, variants, rules, players, wonder_list, names)
    else:
        if players is None:
            raise click.UsageError(_("Missing option '--players' (or --load a saved position)."))
        game = _new_game(players, seed, sides, _split(wonder_list), _split(names), paths, variants, rules)
    players = game.players
    if human is not None and not 1 <= human <= players:
        raise click.BadParameter(_("seat must be between 1 and {players}").format(players=players),
                                 param_hint="--human")
    if len(bot_names) > players:
        raise click.BadParameter(_("{bots} bots named for {players} seats").format(
            bots=len(bot_names), players=players),
                                 param_hint="--bots")
    game.options["names"] = [c.name for c in game.cities[:players]]
    from .sim_common import prepare
    prepare(bot_names, game.tables, players)
    human_decider = None
    words = game_writer(game.tables, notation, paths, rules, fmt)
    if human is not None:
        from interpreter.commands.human import HumanDecider, read_answer
        err = fmt == "json"                    # keep stdout for the JSON document
        human_decider = HumanDecider(ask=lambda question: read_answer(question, err=err),
                                     echo=lambda text: click.echo(text, err=err), words=words)
    try:
        deciders = make_deciders(bot_names, players, game.seed, None if human is None else human - 1,
                                 human_decider)
    except BotSpecError as err:
        raise click.BadParameter(shown(worded(err)), param_hint="--bots") from None
    log = GameLog(log_file, game, bot_names)
    log.write(before_start=True)
    try:
        run_game(lambda: _play_turns(game, deciders, log))
    except (KeyboardInterrupt, EOFError):
        log.say_stopped()
        raise
    except BotError as err:                    # the bot's fault, not the rules': status 1, not a crash
        click.echo(_("error: {problem}").format(problem=shown(err)), err=True)
        log.say_stopped()
        sys.exit(1)
    if fmt == "json":
        click.echo(tool.final_json(game, bot_names), nl=False)
    else:
        log_text = tool.text_log(game, words)
        click.echo(log_text + tool.final_text(game), nl=False)
    if not log.ok():
        click.echo(_("error: {file}: the log could not be written: {reason}").format(file=shown(log_file),
                                                                                  reason=log.problem), err=True)
        sys.exit(1)


def _split(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def _new_game(players, seed, sides, wonders, names, paths, variants, rules):
    from interpreter.engine.game import Game, RulesError
    if players < 1:
        raise click.BadParameter(_("a game needs at least one player"), param_hint="--players")
    if len(wonders) > players:
        raise click.BadParameter(_("{wonders} wonders named for {players} players").format(
            wonders=len(wonders), players=players), param_hint="--wonders")
    if len(names) > players:
        raise click.BadParameter(_("{names} names given for {players} players").format(
            names=len(names), players=players), param_hint="--names")
    if len(set(names)) != len(names):
        raise click.BadParameter(_("every player needs a name of their own"), param_hint="--names")
    tables = load_tables(paths, variants, rules)
    from interpreter.i18n import names as shown_names
    wonders = [shown_names().wonder_named(w, {s.wonder for s in tables.sides}) for w in wonders]
    known_sides = sorted({s.side for s in tables.sides})
    if sides != "random" and sides not in known_sides:
        raise click.BadParameter(_("{side!r} is not a side of these rules' boards (sides: {sides}, or random)")
                                 .format(side=shown(sides), sides=", ".join(known_sides)), param_hint="--sides")
    try:
        game = Game(tables, players, seed, sides, wonders, names or None)
    except RulesError as err:
        raise click.UsageError(shown(worded(err))) from None
    game.options["variants"] = variant_record(variants)
    if not paths:
        game.options.update(rules_record(rules))
    return game


def _loaded_game(load_file, paths, variants, rules, players, wonder_list, names):
    ctx = click.get_current_context()
    given = [name for name in ("seed", "sides")
             if ctx.get_parameter_source(name) is not click.core.ParameterSource.DEFAULT]
    if players is not None or wonder_list or names or given:
        raise click.UsageError(_("--load goes on with the saved game's players, wonders, names, seed and "
                                 "sides; leave out --players, --wonders, --names, --seed and --sides"))
    game = load_position(load_file, paths, variants, rules)
    if game.finished:
        click.echo(_("error: {file}: the saved game is already over").format(file=shown(load_file)), err=True)
        sys.exit(1)
    return game


def _play_turns(game, deciders, log: "GameLog") -> None:
    while not game.finished:
        game.step(deciders)
        log.write(last=game.finished)


class GameLog:
    """The --log file of a game in progress: rewritten whole after every turn (a FIFO or a
    device: written once, `last`, when the game ends or stops)."""

    def __init__(self, path: str | None, game, bots: list[str]):
        from interpreter.atomic import writes_in_place
        self.path, self.game, self.bots = path, game, bots
        self.turns_written = None             # decisions in the last log written
        self.problem: str | None = None
        self.stream = path is not None and writes_in_place(path)

    def write(self, before_start: bool = False, last: bool = False) -> None:
        if self.path is None:
            return
        if self.stream and not last:
            if before_start and not os.access(self.path, os.W_OK):
                raise click.UsageError(_("{file}: cannot write the log: {reason}").format(
                    file=shown(self.path), reason=_("permission denied"))) from None
            return
        from interpreter.views.play_log import log_data
        data = log_data(self.game, self.bots)
        try:
            write_atomic(self.path, json.dumps(data, indent=1) + "\n")
        except WriteError as err:
            if before_start:                  # nothing is lost yet: refuse to start
                raise click.UsageError(_("{file}: cannot write the log: {reason}").format(
                    file=shown(self.path), reason=err)) from None
            if self.problem is None:
                click.echo(_("warning: {file}: cannot write the log ({reason}); the game goes on and the log is "
                             "tried again after every turn").format(file=shown(self.path), reason=err), err=True)
            self.problem = str(err)
            return
        self.problem = None
        self.turns_written = len(data["choices"])

    def ok(self) -> bool:
        return self.problem is None

    def say_stopped(self) -> None:
        if self.stream:
            self.write(last=True)
        if self.path is None or self.turns_written is None:
            return
        click.echo("\n" + _("stopped; the game so far ({count} decisions, every finished turn) is in {file}. To go "
                            "on: wonders replay {file} --save position.json, then wonders play --load "
                            "position.json").format(count=self.turns_written, file=shown(self.path)), err=True)

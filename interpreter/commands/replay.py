"""wonders replay: re-run a game log, checking every step; stop, show or save the state."""

from __future__ import annotations

import sys

import click

from interpreter.commands.click_language import Command
from interpreter.i18n import N_

from interpreter.i18n import _

from interpreter.commands.common import (game_options, game_writer, read_json, recorded_rules, recorded_variants,
                                         run_game, shown, tables as load_tables, write)
from interpreter.commands.outputs import check_outputs, content_inputs, same_file


@click.command(cls=Command,
               help=N_("Re-run a game log, checking every step; optionally stop and show the state.\n\n"
                       "The log says which variants the game was played with; they are applied again. A log of an "
                       "unfinished game (written by `play --log` as it goes) is replayed to its end."))
@click.argument("log_file", type=click.Path(dir_okay=False))
@click.option("--to", "to_turn", type=click.IntRange(0), help=N_("stop after this many turns and print the state"))
@click.option("--to-choice", "to_choice", type=click.IntRange(0),
              help=N_("stop after this many recorded choices, at any decision point (inside a turn too)"))
@click.option("--save", "save_file", type=click.Path(dir_okay=False), help=N_("write the state reached to this file"))
@click.option("--force", is_flag=True, help=N_("let --save replace the log being replayed"))
@game_options
def replay(log_file, to_turn, to_choice, save_file, force, fmt, notation, paths, variants, rules):
    import json
    from interpreter.i18n import _
    from interpreter.views import replay as tool
    if to_turn is not None and to_choice is not None:
        raise click.UsageError(_("give --to (turns) or --to-choice (choices), not both"))
    if save_file and not force and same_file(save_file, log_file):
        raise click.BadParameter(_("{file} is the log being replayed; saving there would replace the log with a "
                                   "position (add --force to do it anyway)").format(file=shown(save_file)),
                                 param_hint="--save")
    check_outputs([("--save", save_file)], content_inputs(paths, variants, rules))
    data = read_json(log_file, "log")
    tables = load_tables(paths, recorded_variants(data, variants, log_file),
                     None if paths else recorded_rules(data, rules, log_file))
    words = game_writer(tables, notation, paths, rules, fmt)
    try:
        replayed = run_game(lambda: tool.run_replay(tables, data, to_turn, to_choice))
    except tool.ReplayFailure as err:
        click.echo(_("error: {file}: {problem}").format(file=shown(log_file), problem=shown(err)), err=True)
        sys.exit(1)
    game = replayed.game
    past = tool.past_the_end(replayed, to_turn)
    state = tool.state_data(game)
    if save_file:
        write(save_file, json.dumps(state) + "\n")
    if fmt == "json":
        if past:                               # stdout stays the state's JSON
            click.echo(past, err=True)
        click.echo(json.dumps(state, indent=1) if to_turn is not None or to_choice is not None or not game.finished
                   else tool.replay_json(game), nl=True)
    else:
        if past:
            click.echo(past)
        elif not game.finished and to_turn is None and to_choice is None:
            click.echo(_("The log ends before the game does; every recorded turn was legal."))
        click.echo(tool.state_text(game, replayed.done and not past, words), nl=False)

"""wonders moves: each player's legal actions, with payment options, in a saved position."""

from __future__ import annotations

import click

from interpreter.commands.click_language import Command
from interpreter.i18n import N_

from interpreter.commands.common import game_options, game_writer


@click.command(cls=Command,
               help=N_("List each player's legal actions, with payment options, in a saved position."))
@click.argument("position_file", type=click.Path(dir_okay=False))
@game_options
def moves(position_file, fmt, notation, paths, variants, rules):
    import json
    from interpreter.commands.common import load_position
    from interpreter.views import replay as tool
    game = load_position(position_file, paths, variants, rules)
    words = game_writer(game.tables, notation, paths, rules, fmt)
    if fmt == "json":
        click.echo(json.dumps(tool.moves_data(game), indent=2))
    else:
        click.echo(tool.moves_text(game, words), nl=False)

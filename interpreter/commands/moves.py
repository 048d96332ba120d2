"""wonders moves: each player's legal actions, with payment options, in a saved position."""

from __future__ import annotations


import click

from interpreter.commands.common import (CONTENT, LANG, FORMATS, RULES, VARIANT)


@click.command()
@click.argument("position_file", type=click.Path(dir_okay=False))
@click.option("--format", "fmt", type=FORMATS, default="text", show_default=True)
@CONTENT
@VARIANT
@LANG
@RULES
def moves(position_file, fmt, paths, variants, rules):
    """List each player's legal actions, with payment options, in a saved position."""
    import json
    from interpreter.commands.common import load_position
    from interpreter.tools import replay as tool
    game = load_position(position_file, paths, variants, rules)
    if fmt == "json":
        click.echo(json.dumps(tool.moves_data(game), indent=2))
    else:
        click.echo(tool.moves_text(game), nl=False)

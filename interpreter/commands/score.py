"""wonders score: the score pad of a finished real table."""

from __future__ import annotations

import sys

import click

from interpreter.commands.click_language import Command
from interpreter.i18n import N_

from interpreter.commands.common import (game_options, game_writer,
                                         read_json, shown, tables as load_tables)


@click.command(cls=Command,
               help=N_("Score a finished real table: each player's score pad and the winner(s)."))
@click.argument("table_file", type=click.Path(dir_okay=False))
@game_options
def score(table_file, fmt, notation, paths, variants, rules):
    import json
    from interpreter.views.play_log import score_table
    from interpreter.i18n import _
    from interpreter.views.score_table import TableError, score_table_data
    data = read_json(table_file, "table")
    tables = load_tables(paths, variants, rules)
    words = game_writer(tables, notation, paths, rules, fmt)
    try:
        result = score_table_data(tables, data)
    except TableError as err:
        for problem in err.problems:
            click.echo(_("error: {file}: {problem}").format(file=shown(table_file), problem=shown(problem)), err=True)
        sys.exit(1)
    if fmt == "json":
        click.echo(json.dumps(result, indent=2))
    else:
        if not words.standard:
            from interpreter.views.access.listing import table_text
            click.echo(table_text(words, data), nl=False)
        pads = [{k: p[k] for k in tables.rules.score_pad} for p in result["players"]]
        click.echo(score_table(tables.rules.score_pad, [p["name"] for p in result["players"]], pads,
                               result["winners"], result.get("teams")), nl=False)

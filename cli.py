"""The `wonders` command: check content, list cards (and, as the engine grows, play).

Click gives the option parsing, help pages and exit status 2 for usage errors; the work
of each command lives in interpreter/tools/.
"""

from __future__ import annotations

import sys

import click

from interpreter import __version__
from interpreter.commands.exits import Group
from interpreter.commands.outputs import check_outputs, content_inputs, same_file
from interpreter.commands.play import play

from interpreter.commands.common import (CONTENT, FORMATS, RULES, VARIANT,  # noqa: F401
                                         age_option as _age_option, fail_on_errors as _fail_on_errors,
                                         load as _load, read_json as _read_json,
                                         recorded_rules as _recorded_rules,
                                         recorded_variants as _recorded_variants,
                                         run_game as _run, shown, tables as _tables, write as _write)


@click.group(cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="wonders")
def main() -> None:
    """Wonders: 7 Wonders as a rules language.  Check content, list cards, play games."""


@main.command()
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--format", "fmt", type=FORMATS, default="text", show_default=True,
              help="text for people, json for editors and CI")
@VARIANT
@RULES
def check(paths, fmt, variants, rules):
    """Check content files or folders (default: the shipped content).

    Exit status: 0 when clean, 1 when the content has errors, 2 for usage errors.
    """
    from interpreter.diagnostics import render_json, render_text
    result = _load(paths, variants, rules, folder_variants=True)
    if fmt == "json":
        click.echo(render_json(result.diagnostics), nl=False)
    else:
        click.echo(render_text(result.diagnostics, result.sources), nl=False)
        warnings = len(result.diagnostics) - result.errors
        summary = f"{len(result.files)} file(s) checked: {result.errors} error(s), {warnings} warning(s)"
        if result.ruleset is not None and not result.errors:     # errors of a variant in variants/
            r = result.ruleset
            summary += f"; {len(r.cards)} card{'s' * (len(r.cards) != 1)}, " \
                       f"{len(r.wonders)} wonder{'s' * (len(r.wonders) != 1)}"
        if rules is not None:
            summary += f"; rules: {result.rules}"
        if result.variants:
            summary += "; variants: " + shown(", ".join(result.variants))
        if result.variants_checked:
            summary += f"; {len(result.variants_checked)} variant(s) in variants/ checked"
        if result.variants_waiting:
            summary += f"; {len(result.variants_waiting)} variant(s) in variants/ not checked until the base is clean"
        if result.rule_sets_checked:
            summary += "; rule sets in subfolders checked: " + shown(", ".join(result.rule_sets_checked))
        click.echo(summary)
    sys.exit(1 if result.errors else 0)


@main.command()
@click.option("--age", help="only this age (1, 2, 3 or I, II, III)")
@click.option("--color", help="only cards of this colour")
@click.option("--players", type=int, help="only cards in the deck at this player count")
@click.option("--search", help="only cards whose name or effects contain this text")
@click.option("--wonders", "show_wonders", is_flag=True, help="list the wonder boards instead of the cards")
@click.option("--content", "paths", multiple=True, type=click.Path(),
              help="content file or folder (repeatable; default: the shipped content)")
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True)
@VARIANT
@RULES
def cards(age, color, players, search, show_wonders, paths, fmt, variants, rules):
    """List cards with cost, chains, copies and effects."""
    from interpreter.tools import cards as tool
    result = _load(paths, variants, rules)
    _fail_on_errors(result)
    ruleset = result.ruleset
    age_number = _age_option(age, ruleset)
    if color is not None and color not in ruleset.vocabulary.colors:
        from interpreter.diagnostics import did_you_mean
        guess = did_you_mean(color, ruleset.vocabulary.colors)
        hint = f" (did you mean {guess!r}?)" if guess else f" (colours: {', '.join(ruleset.vocabulary.colors)})"
        raise click.BadParameter(f"unknown colour {color!r}{hint}", param_hint="--color")
    if players is not None and not ruleset.rules.min_players <= players <= ruleset.rules.max_players:
        table = ruleset.table(players)
        if table is None:
            raise click.BadParameter(f"the rules allow {ruleset.rules.min_players} to "
                                     f"{ruleset.rules.max_players} players", param_hint="--players")
        players = table.deal_as                # its decks are made as for this count
    chosen = tool.select_cards(ruleset, age_number, color, players, search)
    if fmt == "json":
        click.echo(tool.cards_json(ruleset, chosen, with_wonders=True), nl=False)
    elif show_wonders:
        click.echo(tool.wonders_table(ruleset), nl=False)
    else:
        click.echo(tool.cards_table(ruleset, chosen), nl=False)


@main.command()
@click.argument("log_file", type=click.Path(dir_okay=False))
@click.option("--to", "to_turn", type=click.IntRange(0), help="stop after this many turns and print the state")
@click.option("--save", "save_file", type=click.Path(dir_okay=False), help="write the state reached to this file")
@click.option("--force", is_flag=True, help="let --save replace the log being replayed")
@click.option("--format", "fmt", type=FORMATS, default="text", show_default=True)
@CONTENT
@VARIANT
@RULES
def replay(log_file, to_turn, save_file, force, fmt, paths, variants, rules):
    """Re-run a game log, checking every step; optionally stop and show the state.

    The log says which variants the game was played with; they are applied again.
    A log of an unfinished game (written by `play --log` as it goes) is replayed to its end."""
    import json
    from interpreter.tools import replay as tool
    if save_file and not force and same_file(save_file, log_file):
        raise click.BadParameter(f"{shown(save_file)} is the log being replayed; saving there would replace "
                                 "the log with a position (add --force to do it anyway)", param_hint="--save")
    check_outputs([("--save", save_file)], content_inputs(paths, variants, rules))
    data = _read_json(log_file, "log")
    tables = _tables(paths, _recorded_variants(data, variants, log_file),
                     None if paths else _recorded_rules(data, rules, log_file))
    try:
        game, done = _run(lambda: tool.run_replay(tables, data, to_turn))
    except tool.ReplayFailure as err:
        click.echo(f"error: {shown(log_file)}: {shown(err)}", err=True)
        sys.exit(1)
    state = tool.state_data(game)
    if save_file:
        _write(save_file, json.dumps(state) + "\n")
    if fmt == "json":
        click.echo(json.dumps(state, indent=1) if to_turn is not None or not game.finished
                   else tool.replay_json(game), nl=True)
    else:
        if not game.finished and to_turn is None:
            click.echo("The log ends before the game does; every recorded turn was legal.")
        click.echo(tool.state_text(game, done), nl=False)


@main.command()
@click.argument("table_file", type=click.Path(dir_okay=False))
@click.option("--format", "fmt", type=FORMATS, default="text", show_default=True)
@CONTENT
@VARIANT
@RULES
def score(table_file, fmt, paths, variants, rules):
    """Score a finished real table: each player's score pad and the winner(s)."""
    import json
    from interpreter.tools.play import score_table
    from interpreter.tools.score_table import TableError, score_table_data
    data = _read_json(table_file, "table")
    tables = _tables(paths, variants, rules)
    try:
        result = score_table_data(tables, data)
    except TableError as err:
        for problem in err.problems:
            click.echo(f"error: {shown(table_file)}: {shown(problem)}", err=True)
        sys.exit(1)
    if fmt == "json":
        click.echo(json.dumps(result, indent=2))
    else:
        pads = [{k: p[k] for k in tables.rules.score_pad} for p in result["players"]]
        click.echo(score_table(tables.rules.score_pad, [p["name"] for p in result["players"]], pads,
                               result["winners"]), nl=False)


@main.command()
@click.argument("position_file", type=click.Path(dir_okay=False))
@click.option("--format", "fmt", type=FORMATS, default="text", show_default=True)
@CONTENT
@VARIANT
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


@main.command()
@click.option("--diff", "show_diff", is_flag=True,
              help="show what the variants change against the base, as a unified diff of the content")
@click.option("--full", is_flag=True, help="print the whole effective content, not only the rules block")
@CONTENT
@VARIANT
@RULES
def rules(show_diff, full, paths, variants, rules):
    """Print the effective rules: the base with the variants applied."""
    from interpreter.tools import rules as tool
    result = _load(paths, variants, rules)
    _fail_on_errors(result)
    if show_diff:
        base = _load(paths, (), rules)
        _fail_on_errors(base)
        click.echo(tool.diff_text(base.ruleset, result.ruleset, list(variants)), nl=False)
    else:
        click.echo(tool.rules_text(result.ruleset, full), nl=False)


from interpreter.commands.compare import compare  # noqa: E402
from interpreter.commands.fmt import fmt  # noqa: E402
from interpreter.commands.lsp import lsp  # noqa: E402
from interpreter.commands.render import render  # noqa: E402
from interpreter.commands.simulate import simulate  # noqa: E402
from interpreter.commands.ladder import ladder  # noqa: E402
from interpreter.commands.train import train  # noqa: E402

main.add_command(fmt)
main.add_command(lsp)
main.add_command(play)
main.add_command(render)
main.add_command(simulate)
main.add_command(ladder)
main.add_command(compare)
main.add_command(train)


def run() -> None:
    """Entry point: never a Python traceback for the user (WONDERS_DEBUG=1 shows it).

    Click's own standalone mode would turn Ctrl-C into "Aborted!" and status 1, and a
    closed pipe into a traceback; here Ctrl-C is 130, a closed pipe ends quietly with 0."""
    from interpreter.commands.exits import run_command
    run_command(main)


if __name__ == "__main__":
    run()

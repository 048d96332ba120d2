"""The `wonders` command: check content, list cards (and, as the engine grows, play).

Click gives the option parsing, help pages and exit status 2 for usage errors; the work
of each command lives in interpreter/tools/.
"""

from __future__ import annotations

import os
import sys

import click

from interpreter import __version__

FORMATS = click.Choice(["text", "json"])


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="wonders")
def main() -> None:
    """Wonders: 7 Wonders as a rules language.  Check content, list cards, play games."""


def _load(paths):
    from interpreter.check.load import UsageError, check_paths
    try:
        return check_paths(list(paths) or None)
    except UsageError as err:
        raise click.UsageError(str(err)) from None


def _fail_on_errors(result) -> None:
    from interpreter.diagnostics import render_text
    if result.ruleset is None:
        click.echo(render_text(result.diagnostics, result.sources), err=True, nl=False)
        click.echo(f"error: the content has {result.errors} error(s); fix them first "
                   "(`wonders check` lists them)", err=True)
        sys.exit(1)


@main.command()
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--format", "fmt", type=FORMATS, default="text", show_default=True,
              help="text for people, json for editors and CI")
def check(paths, fmt):
    """Check content files or folders (default: the shipped content).

    Exit status: 0 when clean, 1 when the content has errors, 2 for usage errors.
    """
    from interpreter.diagnostics import render_json, render_text
    result = _load(paths)
    if fmt == "json":
        click.echo(render_json(result.diagnostics), nl=False)
    else:
        click.echo(render_text(result.diagnostics, result.sources), nl=False)
        warnings = len(result.diagnostics) - result.errors
        summary = f"{len(result.files)} file(s) checked: {result.errors} error(s), {warnings} warning(s)"
        if result.ruleset is not None:
            r = result.ruleset
            summary += f"; {len(r.cards)} cards, {len(r.wonders)} wonders"
        click.echo(summary)
    sys.exit(1 if result.errors else 0)


@main.command()
@click.option("--age", help="only this age (1, 2, 3 or I, II, III)")
@click.option("--color", help="only cards of this colour")
@click.option("--players", type=click.IntRange(1), help="only cards in the deck at this player count")
@click.option("--search", help="only cards whose name or effects contain this text")
@click.option("--wonders", "show_wonders", is_flag=True, help="list the wonder boards instead of the cards")
@click.option("--content", "paths", multiple=True, type=click.Path(),
              help="content file or folder (repeatable; default: the shipped content)")
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True)
def cards(age, color, players, search, show_wonders, paths, fmt):
    """List cards with cost, chains, copies and effects."""
    from interpreter.tools import cards as tool
    result = _load(paths)
    _fail_on_errors(result)
    ruleset = result.ruleset
    age_number = _age_option(age, ruleset)
    if color is not None and color not in ruleset.vocabulary.colors:
        from interpreter.diagnostics import did_you_mean
        guess = did_you_mean(color, ruleset.vocabulary.colors)
        hint = f" (did you mean {guess!r}?)" if guess else f" (colours: {', '.join(ruleset.vocabulary.colors)})"
        raise click.BadParameter(f"unknown colour {color!r}{hint}", param_hint="--color")
    if players is not None and not ruleset.rules.min_players <= players <= ruleset.rules.max_players:
        raise click.BadParameter(f"the rules allow {ruleset.rules.min_players} to "
                                 f"{ruleset.rules.max_players} players", param_hint="--players")
    chosen = tool.select_cards(ruleset, age_number, color, players, search)
    if fmt == "json":
        click.echo(tool.cards_json(ruleset, chosen, with_wonders=True), nl=False)
    elif show_wonders:
        click.echo(tool.wonders_table(ruleset), nl=False)
    else:
        click.echo(tool.cards_table(ruleset, chosen), nl=False)


def _age_option(age, ruleset):
    if age is None:
        return None
    roman = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5}
    number = int(age) if age.isdigit() else roman.get(age.upper())
    if number not in {a.number for a in ruleset.rules.ages}:
        raise click.BadParameter(f"{age!r} is not an age of these rules", param_hint="--age")
    return number


def run() -> None:
    """Entry point: never a Python traceback for the user (WONDERS_DEBUG=1 shows it)."""
    try:
        main(standalone_mode=True)
    except SystemExit:
        raise
    except KeyboardInterrupt:
        click.echo("interrupted", err=True)
        sys.exit(130)
    except Exception as err:  # noqa: BLE001 - the last line of defence
        if os.environ.get("WONDERS_DEBUG"):
            raise
        click.echo(f"internal error: {type(err).__name__}: {err}\n"
                   "This is a bug in wonders; rerun with WONDERS_DEBUG=1 for details.", err=True)
        sys.exit(70)


if __name__ == "__main__":
    run()

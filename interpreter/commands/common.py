"""What every command shares: content and variant options, loading the rule set, reading
and writing the user's files, and turning content errors into diagnostics and exit codes.

Each command module (cli.py and the modules beside this one) imports from here, so a new
command is a new module registered in cli.py with one line.
"""

from __future__ import annotations

import sys

import click

FORMATS = click.Choice(["text", "json"])


def load(paths, variants=(), rules=None):
    """Check the content: the given files and folders, or the shipped rule set `rules`
    (None: the default one)."""
    from interpreter.check.load import UsageError, check_paths
    try:
        return check_paths(list(paths) or None, list(variants), rules)
    except UsageError as err:
        raise click.UsageError(str(err)) from None


RULES = click.option("--rules", "rules", metavar="NAME", default=None,
                     help="the shipped rule set: a folder of the content with rules of its own, by "
                          "name (default: the top-level content, first-edition)")


VARIANT = click.option("--variant", "variants", multiple=True, metavar="NAME",
                       help="apply a variant: a name from the content's variants/ folder, or a file "
                            "(repeatable, applied in order)")


def fail_on_errors(result) -> None:
    from interpreter.diagnostics import render_text
    if result.ruleset is None:
        click.echo(render_text(result.diagnostics, result.sources), err=True, nl=False)
        click.echo(f"error: the content has {result.errors} error(s); fix them first "
                   "(`wonders check` lists them)", err=True)
        sys.exit(1)


def tables(paths, variants=(), rules=None):
    from interpreter.compile import compile_rules
    result = load(paths, variants, rules)
    fail_on_errors(result)
    return compile_rules(result.ruleset)


def recorded_rules(data, given, path):
    """The rule set a log or save records (the default one when it records none);
    --rules, if given, must say the same: a game replays only with its own rules."""
    from interpreter.paths import DEFAULT_RULES
    options = data.get("options") if isinstance(data, dict) else None
    recorded = options.get("rules", DEFAULT_RULES) if isinstance(options, dict) else DEFAULT_RULES
    if not isinstance(recorded, str):
        click.echo(f"error: {path}: \"options\".\"rules\" must be the name of a rule set", err=True)
        sys.exit(1)
    if given is not None and given != recorded:
        raise click.UsageError(f"{path} was played with the rules {recorded!r}, not {given!r}; "
                               "leave out --rules to use the recorded ones")
    return recorded


def read_json(path: str, what: str):
    import json
    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except OSError as err:
        raise click.UsageError(f"{path}: cannot read the {what}: {err.strerror}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        where = f" (line {err.lineno}, column {err.colno})" if isinstance(err, json.JSONDecodeError) else ""
        click.echo(f"error: {path}{where}: the {what} is not valid JSON: {getattr(err, 'msg', err)}", err=True)
        sys.exit(1)
    except RecursionError:
        click.echo(f"error: {path}: the {what} is nested too deeply to be a {what}", err=True)
        sys.exit(1)
    except ValueError as err:                  # e.g. a number of thousands of digits
        click.echo(f"error: {path}: the {what} is not usable JSON: {err}", err=True)
        sys.exit(1)


def write(path: str, text: str) -> None:
    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
    except OSError as err:
        raise click.UsageError(f"{path}: cannot write: {err.strerror}") from None


CONTENT = click.option("--content", "paths", multiple=True, type=click.Path(),
                       help="content file or folder (repeatable; default: the shipped content)")



def recorded_variants(data, given, path):
    """The variants a log or save records; --variant, if given, must say the same."""
    options = data.get("options") if isinstance(data, dict) else None
    recorded = options.get("variants", []) if isinstance(options, dict) else []
    if not isinstance(recorded, list) or not all(isinstance(v, str) for v in recorded):
        click.echo(f"error: {path}: \"options\".\"variants\" must be a list of variant names", err=True)
        sys.exit(1)
    if given and list(given) != recorded:
        raise click.UsageError(f"{path} was played with variants {recorded or 'none'}, "
                               f"not {list(given)}; leave out --variant to use the recorded ones")
    return recorded


def run_game(play):
    """Run a game; a chain of triggers that never ends is the content's error, not a crash."""
    from interpreter.diagnostics import Diagnostic, SourceCache, render_text
    from interpreter.engine.triggers import TriggerLoop
    try:
        return play()
    except TriggerLoop as err:
        diagnostic = Diagnostic("E1501", str(err), err.notes[-1].span if err.notes else None,
                                notes=err.notes[:-1],
                                help="give one of these triggers a limit (`once per turn`) or a condition")
        click.echo(render_text([diagnostic], SourceCache()), err=True, nl=False)
        sys.exit(1)


def age_option(age, ruleset):
    if age is None:
        return None
    roman = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5}
    number = int(age) if age.isdigit() else roman.get(age.upper())
    if number not in {a.number for a in ruleset.rules.ages}:
        raise click.BadParameter(f"{age!r} is not an age of these rules", param_hint="--age")
    return number

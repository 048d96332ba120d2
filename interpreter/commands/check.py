"""wonders check: the verdict on content files or folders, then on each variant of a folder."""

from __future__ import annotations

import sys

import click

from interpreter.commands.common import (FORMATS, PLAIN, RULES, VARIANT, load,
                                         shown)


@click.command()
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--format", "fmt", type=FORMATS, default="text", show_default=True,
              help="text for people, json for editors and CI")
@PLAIN
@VARIANT
@RULES
def check(paths, fmt, variants, rules):
    """Check content files or folders (default: the shipped content).

    Exit status: 0 when clean, 1 when the content has errors, 2 for usage errors.
    """
    from interpreter.diagnostics import render_json, render_text
    result = load(paths, variants, rules, folder_variants=True)
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

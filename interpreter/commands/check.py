"""wonders check: the verdict on content files or folders, then on each variant of a folder."""

from __future__ import annotations

import sys

import click

from interpreter.commands.click_language import Command
from interpreter.i18n import N_

from interpreter.commands.common import (FORMATS, LANG, PLAIN, RULES, VARIANT, load,
                                         shown)


@click.command(cls=Command,
               help=N_("Check content files or folders (default: the shipped content).\n\n"
                       "Exit status: 0 when clean, 1 when the content has errors, 2 for usage errors."))
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--format", "fmt", type=FORMATS, default="text", show_default=True,
              help=N_("text for people, json for editors and CI"))
@PLAIN
@VARIANT
@LANG
@RULES
def check(paths, fmt, variants, rules):
    from interpreter.diagnostics import render_json, render_text
    result = load(paths, variants, rules, folder_variants=True)
    if fmt == "json":
        click.echo(render_json(result.diagnostics), nl=False)
    else:
        click.echo(render_text(result.diagnostics, result.sources), nl=False)
        from interpreter.i18n import _, ngettext
        warnings = len(result.diagnostics) - result.errors
        summary = _("{files} file(s) checked: {errors} error(s), {warnings} warning(s)").format(
            files=len(result.files), errors=result.errors, warnings=warnings)
        if result.ruleset is not None and not result.errors:     # errors of a variant in variants/
            r = result.ruleset
            summary += "; " + ngettext("{count} card", "{count} cards", len(r.cards)).format(count=len(r.cards)) \
                + ", " + ngettext("{count} wonder", "{count} wonders", len(r.wonders)).format(count=len(r.wonders))
        if rules is not None:
            from interpreter.paths import pack_label, split_rules
            base, packs = split_rules(result.rules)
            summary += "; " + _("rules: {name}").format(name=base)
            if packs:
                summary += "; " + _("expansions: {names}").format(names=shown(", ".join(map(pack_label, packs))))
        if result.variants:
            summary += "; " + _("variants: {names}").format(names=shown(", ".join(result.variants)))
        if result.variants_checked:
            summary += "; " + _("{count} variant(s) in variants/ checked").format(count=len(result.variants_checked))
        if result.variants_waiting:
            summary += "; " + _("{count} variant(s) in variants/ not checked until the base is clean").format(
                count=len(result.variants_waiting))
        if result.rule_sets_checked:
            summary += "; " + _("rule sets in subfolders checked: {names}").format(
                names=shown(", ".join(result.rule_sets_checked)))
        click.echo(summary)
    sys.exit(1 if result.errors else 0)

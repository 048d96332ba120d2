"""wonders rules: the effective rules, or what the variants change."""

from __future__ import annotations


import click

from interpreter.commands.click_language import Command
from interpreter.i18n import N_

from interpreter.commands.common import (CONTENT, LANG, RULES, VARIANT, fail_on_errors, load)


@click.command(cls=Command,
               help=N_("Print the effective rules: the base with the variants applied."))
@click.option("--diff", "show_diff", is_flag=True,
              help=N_("show what the expansion packs and variants change against the base, as a unified diff of "
                       "the content"))
@click.option("--full", is_flag=True, help=N_("print the whole effective content, not only the rules block"))
@CONTENT
@VARIANT
@LANG
@RULES
def rules(show_diff, full, paths, variants, rules):
    from interpreter import i18n
    from interpreter.views import rules as tool
    result = load(paths, variants, rules)
    fail_on_errors(result)
    in_words = i18n.language() != i18n.ENGLISH     # the content's keywords are English: its words instead
    if show_diff:     # what the variants change on the rules with the packs; with none, what the packs change
        from interpreter.paths import pack_label, split_rules
        base_rules, packs = (rules, ()) if variants else split_rules(rules)
        base = load(paths, (), base_rules)
        fail_on_errors(base)
        click.echo(tool.diff_text(base.ruleset, result.ruleset, [*map(pack_label, packs), *variants], in_words),
                   nl=False)
    elif in_words:                         # the rules (with --full every card and side) in words of the language
        click.echo((tool.full_summary if full else tool.rules_summary)(result.ruleset), nl=False)
    else:
        click.echo(tool.rules_text(result.ruleset, full), nl=False)

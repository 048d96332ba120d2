"""wonders cards: the cards (or wonder boards) of a rule set, with what they do in English."""

from __future__ import annotations


import click

from interpreter.commands.click_language import Command
from interpreter.i18n import N_

from interpreter.i18n import _

from interpreter.plainmode import is_plain

from interpreter.commands.common import (LANG, NOTATION, PLAIN, RULES, VARIANT, age_option, card_writer,
                                         fail_on_errors, load)


@click.command(cls=Command,
               help=N_("List cards with cost, chains, copies and effects."))
@click.option("--age", help=N_("only this age (1, 2, 3 or I, II, III)"))
@click.option("--color", help=N_("only cards of this colour"))
@click.option("--players", type=int, help=N_("only cards in the deck at this player count"))
@click.option("--search", help=N_("only cards whose name or effects contain this text"))
@click.option("--wonders", "show_wonders", is_flag=True, help=N_("list the wonder boards instead of the cards"))
@click.option("--content", "paths", multiple=True, type=click.Path(),
              help=N_("content file or folder (repeatable; default: the shipped content)"))
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True)
@NOTATION
@PLAIN
@VARIANT
@LANG
@RULES
def cards(age, color, players, search, show_wonders, paths, fmt, notation, variants, rules):
    from interpreter.views import cards as tool
    result = load(paths, variants, rules)
    fail_on_errors(result)
    ruleset = result.ruleset
    age_number = age_option(age, ruleset)
    if color is not None:                      # a colour or kind of building in the chosen language too
        from interpreter.i18n import names
        colors = ruleset.vocabulary.colors
        color = names().to_english("color", color, colors) or names().to_english("kind", color, colors) or color
    if color is not None and color not in ruleset.vocabulary.colors:
        from interpreter.diagnostics import did_you_mean
        guess = did_you_mean(color, ruleset.vocabulary.colors)
        hint = _(" (did you mean {guess!r}?)").format(guess=guess) if guess else \
            _(" (colours: {colours})").format(colours=", ".join(ruleset.vocabulary.colors))
        raise click.BadParameter(_("unknown colour {colour!r}").format(colour=color) + hint, param_hint="--color")
    if players is not None and not ruleset.rules.min_players <= players <= ruleset.rules.max_players:
        table = ruleset.table(players)
        if table is None:
            raise click.BadParameter(_("the rules allow {low} to {high} players").format(
                low=ruleset.rules.min_players, high=ruleset.rules.max_players), param_hint="--players")
        players = table.deal_as                # its decks are made as for this count
    chosen = tool.select_cards(ruleset, age_number, color, players, search)
    if fmt == "json":
        words = card_writer(ruleset, notation, paths, rules) if notation != "standard" else None
        click.echo(tool.cards_json(ruleset, chosen, with_wonders=True, words=words), nl=False)
    elif notation != "standard" or is_plain():
        from interpreter.views.access import listing
        words = card_writer(ruleset, notation, paths, rules)
        click.echo(listing.wonders_text(words) if show_wonders else listing.cards_text(words, chosen), nl=False)
    elif show_wonders:
        click.echo(tool.wonders_table(ruleset), nl=False)
    else:
        click.echo(tool.cards_table(ruleset, chosen), nl=False)

"""`wonders simulate`: play many games with bots and summarise them."""

from __future__ import annotations

import json

import click

from interpreter.commands.click_language import Command
from interpreter.i18n import N_

from interpreter.i18n import _

from .outputs import check_outputs, run_inputs
from .sim_common import (check_engine, check_report, common_options, finish, open_out, play_study, prepare_run,
                         rule_tables, run_options)

@click.command(cls=Command,
               help=N_("Play many games with bots and summarise them: win rates and scores by seat, wonder side and "
                       "bot, score categories, cards, with 95% intervals.\n\n"
                       "Exit status: 0 done, 1 content errors or some games failed, 2 usage errors, 130 stopped by "
                       "Ctrl-C (after summarising the games finished)."))
@common_options
@click.option("--out", "out_file", type=click.Path(dir_okay=False),
              help=N_("write one JSON line per game here as games finish"))
@click.option("--resume", is_flag=True, help=N_("continue the run recorded in --out, without replaying its games"))
@click.option("--force", is_flag=True, help=N_("replace an existing --out file"))
@click.option("--cards", "cards_shown", type=click.IntRange(min=0), default=15, show_default=True,
              help=N_("how many cards the table shows (all in --format json)"))
@click.option("--cards-of", "cards_of", multiple=True, metavar="COLOUR",
              help=N_("list only the cards of this colour in the cards table (repeatable): "
                   "`--cards-of white` with the Leaders pack ranks the leaders"))
def simulate(players, games, bots, rotate_bots, sides, seed, workers, cluster, quiet, fmt, report_file, paths,
             variants, rules, out_file, resume, force, cards_shown, cards_of):
    from ..sim.summary import Tally
    from ..sim.summary_text import summary_text
    workers = check_engine(workers, cluster)
    tables = rule_tables(paths, variants, rules)
    shown_cards = cards_of_colours(tables, cards_of)
    options = run_options(players, bots, sides, seed, rotate_bots, variants, paths, rules, tables=tables, fit=False)
    check_outputs([("--out", out_file), ("--report", report_file)], run_inputs(options))
    check_report(report_file)
    tally = Tally()                  # the figures, taken in as records come: no record is kept

    def take(record):
        if record["game"] < games:
            tally.add(record)
    writer, done = open_out(out_file, resume, force, options, on_record=take)
    try:
        prepare_run(options, quiet)
        interrupted = play_study(options, games, workers, cluster, quiet, writer=writer, done=done, sink=take)
    finally:
        if writer is not None:
            writer.close()
    summary = tally.summary()
    summary["options"] = {**options.to_data(), "games": games}
    from ..bots.fitcache import fits_played
    fits = fits_played()
    if fits:
        summary["fits"] = fits
    if shown_cards is not None:
        summary["cards"] = [c for c in summary["cards"] if c["card"] in shown_cards]
        summary["options"]["cards_of"] = list(cards_of)
    if fmt == "json":
        click.echo(json.dumps(summary, indent=1))
    else:
        click.echo(summary_text(summary, cards_shown), nl=False)
    if report_file:
        from ..sim.report import simulate_report
        from .sim_common import write_report
        write_report(report_file, simulate_report(summary, tally.charts))
    hint = f"; `--resume` continues it from {out_file}" if out_file else ""
    finish(interrupted, summary, games, hint)


def cards_of_colours(tables, colours) -> set[str] | None:
    """The names of the rule set's cards of these colours (None: no filter asked); a colour
    the rules do not have is a usage error that lists theirs."""
    if not colours:
        return None
    known = tables.ruleset.vocabulary.colors
    for colour in colours:
        if colour not in known:
            raise click.BadParameter(_("{colour!r} is not a colour of these rules (colours: {colours})").format(
                colour=colour, colours=", ".join(known)),
                                     param_hint="--cards-of")
    return {card.name for card in tables.cards if card.color in colours}

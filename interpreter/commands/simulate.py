"""`wonders simulate`: play many games with bots and summarise them."""

from __future__ import annotations

import json

import click

from interpreter.commands.click_language import Command
from interpreter.i18n import N_

from interpreter.i18n import _

from .outputs import check_outputs, run_inputs
from .skill_run import check_skill, check_skill_report, simulate_skill, skill_options
from .sim_common import (check_engine, check_report, common_options, finish, open_out, play_study, prepare_run,
                         rule_tables, run_options)
from .value_options import study_targets, value_options, with_targets


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
@value_options
@skill_options
@click.pass_context
def simulate(ctx, players, games, bots, rotate_bots, sides, seed, workers, cluster, quiet, fmt, report_file, arc,
             paths, variants, rules, out_file, resume, force, cards_shown, cards_of, values, prefers, skill, tiers):
    from ..sim.summary import Tally
    from ..views.figures.summary_text import summary_text
    from ..sim.values import ValueTally
    tiers, games = check_skill(ctx, skill, tiers, games, _refused_with_skill(ctx, rotate_bots, out_file, resume, force)
                               | {"--cards-of": cards_of, "--arc": arc, "--value": values, "--prefer": prefers})
    if arc and (values or prefers):
        raise click.UsageError(_("--arc does not go with --value or --prefer: a value study plays each deal again "
                                 "with a seat restricted, and the arc follows one game"))
    workers = check_engine(workers, cluster)
    tables = rule_tables(paths, variants, rules)
    if skill:
        check_skill_report(report_file, players, tiers, [variants], paths, rules)
        return simulate_skill(players, games, tiers, sides, seed, workers, cluster, quiet, fmt, report_file, paths,
                              variants, rules, tables)
    shown_cards = cards_of_colours(tables, cards_of)
    targets = study_targets(tables, values, prefers)
    options = with_targets(run_options(players, bots, sides, seed, rotate_bots, variants, paths, rules, tables=tables,
                                       arc=arc, fit=False), targets)
    check_outputs([("--out", out_file), ("--report", report_file)], run_inputs(options))
    check_report(report_file)
    tally = Tally()                  # the figures, taken in as records come: no record is kept
    worth = ValueTally()

    def take(record):
        if record["game"] < games:
            tally.add(record)
            worth.add(record)
    writer, done = open_out(out_file, resume, force, options, on_record=take)
    try:
        prepare_run(options, quiet)
        interrupted = play_study(options, games, workers, cluster, quiet, writer=writer, done=done, sink=take)
    finally:
        if writer is not None:
            writer.close()
    summary = tally.summary()
    summary["options"] = {**options.to_data(), "games": games}
    from ..sim.arc import with_replays
    from ..sim.records import replay_command
    with_replays(summary.get("arc"), lambda game: replay_command(options, game))
    from ..sim.examples import with_replays as example_replays
    example_replays(summary, options)
    from ..bots.fitcache import fits_played
    fits = fits_played()
    if fits:
        summary["fits"] = fits
    if targets:
        summary["values"] = worth.figures(targets)
        summary["draft"] = worth.draft_cards()
    if shown_cards is not None:
        summary["cards"] = [c for c in summary["cards"] if c["card"] in shown_cards]
        summary["options"]["cards_of"] = list(cards_of)
    if fmt == "json":
        click.echo(json.dumps(summary, indent=1))
    else:
        click.echo(summary_text(summary, cards_shown), nl=False)
    if report_file:
        from ..views.figures.report import simulate_report
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


def _refused_with_skill(ctx, rotate_bots, out, resume, force) -> dict:
    """The options --skill does not take, given (--bots only when given: it has a default)."""
    bots_given = ctx.get_parameter_source("bots") is not click.core.ParameterSource.DEFAULT
    return {"--bots": bots_given, "--rotate-bots": rotate_bots, "--out": out, "--resume": resume, "--force": force}

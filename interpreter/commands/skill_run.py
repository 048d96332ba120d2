"""`simulate --skill` and `compare --skill`: the skill-tier matrix of a rule set, and how a
variant changes it (sim/skill.py says what is measured).

Each pair of tiers is a run of its own on the parallel runner (`play_study`: its progress
bar, Ctrl-C, a cluster), every pair on the same seeds, so the pairs meet the same deals.
Nothing is kept but each pair's sums; `compare` spools side a's outcomes (a few numbers a
game) to a temporary file and pairs side b's with them as they arrive (sim/twins.py).
"""

from __future__ import annotations

import json

import click

from interpreter.i18n import N_, _

from .sim_common import list_failures, play_study, run_options

SKILL = click.option("--skill", is_flag=True,
                     help=N_("play the skill-tier matrix instead: each pair of --tiers at mixed tables, seats "
                             "rotated, --games games a pair (default 200)"))
TIERS = click.option("--tiers", default=None, metavar="B,...",
                     help=N_("the tiers of --skill, weakest first, as --bots names bots (default: random, greedy, "
                             "heuristic, adaptive, mcts:iterations=25)"))


def skill_options(command):
    return SKILL(TIERS(command))


def check_skill(ctx: click.Context, skill: bool, tiers_text: str | None, games: int,
                refused: dict[str, object]) -> tuple[tuple[str, ...], int]:
    """The tiers and the games a pair; with --skill, the options that choose players or keep
    records are usage errors (the matrix chooses its players and keeps no records file)."""
    from ..sim.skill import DEFAULT_GAMES, DEFAULT_TIERS
    if not skill:
        if tiers_text is not None:
            raise click.UsageError(_("--tiers goes with --skill"))
        return (), games
    for option, value in refused.items():
        if value:
            raise click.UsageError(_("--skill chooses its players and keeps no records: it does not take {option}")
                                   .format(option=option))
    from ..bots import split_bot_list
    tiers = tuple(split_bot_list(tiers_text)) if tiers_text is not None else DEFAULT_TIERS
    if len(set(tiers)) != len(tiers) or len(tiers) < 2:
        raise click.BadParameter(_("name at least two different tiers"), param_hint="--tiers")
    if ctx.get_parameter_source("games") is click.core.ParameterSource.DEFAULT:
        games = DEFAULT_GAMES
    return tiers, games


def check_skill_report(report_file, players, tiers, variant_sets, paths, rules) -> None:
    """Before any game: --report writes no file the run reads (content, variants, bot files)."""
    from ..sim.records import RunOptions
    from .outputs import check_outputs, run_inputs
    from .sim_common import check_report
    inputs = [i for variants in variant_sets
              for i in run_inputs(RunOptions(players, tuple(tiers), variants=tuple(variants), paths=tuple(paths),
                                             rules=rules))]
    check_outputs([("--report", report_file)], inputs)
    check_report(report_file)


def _pair_runs(players, tiers, games, sides, seed, variants, paths, rules, tables=None):
    """Each pair's (weaker, stronger, [(options, games), ...]), its tables' options checked."""
    from ..sim.skill import pairs_of, seatings, split
    out = []
    for weaker, stronger in pairs_of(tiers):
        tables_of = seatings(weaker, stronger, players)
        runs = [(run_options(players, ",".join(seating), sides, seed, True, variants, paths, rules, tables), count)
                for seating, count in zip(tables_of, split(games, len(tables_of))) if count]
        out.append((weaker, stronger, runs))
    return out


def _label(number: int, total: int, weaker: str, stronger: str, side: str | None = None) -> str:
    label = _("pair {number} of {total}: {stronger} against {weaker}").format(
        number=number, total=total, stronger=stronger, weaker=weaker)
    return f"{side}: {label}" if side else label


def simulate_skill(players, games, tiers, sides, seed, workers, cluster, quiet, fmt, report_file, paths, variants,
                   rules, tables) -> None:
    from ..sim.skill import PairTally, outcome, skill_summary
    from ..views.figures.skill_text import skill_text
    plan = _pair_runs(players, tiers, games, sides, seed, variants, paths, rules, tables)
    tallies, stopped = [], False
    for number, (weaker, stronger, runs) in enumerate(plan, start=1):
        tally = PairTally(weaker, stronger)
        tallies.append(tally)
        for options, count in runs:
            stopped = play_study(options, count, workers, cluster, quiet,
                                 label=_label(number, len(plan), weaker, stronger),
                                 sink=lambda record, t=tally, o=options: t.add(outcome(record, t.stronger, o)))
            if stopped:
                break
        if stopped:
            break
    summary = skill_summary(tallies, players, tiers)
    summary["options"] = {"players": players, "games_a_pair": games, "tiers": list(tiers), "sides": sides,
                          "seed": seed, "variants": list(variants), "content": list(paths)}
    _show(fmt, summary, skill_text, report_file, "skill_report")
    _finish(stopped, summary["failed"], fmt)


def compare_skill(players, games, tiers, sides, seed, workers, cluster, quiet, fmt, report_file, paths, variants,
                  against, rules, names) -> None:
    from ..sim.skill import PairTwins, outcome, skill_comparison
    from ..views.figures.skill_text import skill_comparison_text
    from ..sim.twins import Spool, Twins
    name_a, name_b = names
    from .sim_common import rule_tables
    plan_a = _pair_runs(players, tiers, games, sides, seed, against, paths, rules, rule_tables(paths, against, rules))
    plan_b = _pair_runs(players, tiers, games, sides, seed, variants, paths, rules,
                        rule_tables(paths, variants, rules))
    twins, stopped = [], False
    for number, ((weaker, stronger, runs_a), (_w, _s, runs_b)) in enumerate(zip(plan_a, plan_b), start=1):
        pair = PairTwins(weaker, stronger)
        twins.append(pair)
        for (options_a, count), (options_b, _count) in zip(runs_a, runs_b):
            spool = Spool()
            try:
                stopped = play_study(options_a, count, workers, cluster, quiet,
                                     label=_label(number, len(plan_a), weaker, stronger, name_a),
                                     sink=lambda record: spool.append(outcome(record, stronger, options_a)))
                if stopped:
                    break
                paired = Twins(spool.records(), count, pair.add)
                stopped = play_study(options_b, count, workers, cluster, quiet,
                                     label=_label(number, len(plan_a), weaker, stronger, name_b),
                                     sink=lambda record: paired.add(outcome(record, stronger, options_b)))
            finally:
                spool.close()
            if stopped:
                break
        if stopped:
            break
    result = skill_comparison(twins, players, tiers, name_a, name_b)
    result["options"] = {"players": players, "games_a_pair": games, "tiers": list(tiers), "sides": sides,
                         "seed": seed, "variants": list(variants), "against": list(against),
                         "content": list(paths)}
    _show(fmt, result, skill_comparison_text, report_file, "skill_compare_report")
    _finish(stopped, result["failed"], fmt)


def _show(fmt: str, data: dict, text, report_file: str | None, report: str) -> None:
    from ..bots.fitcache import fits_played
    fits = fits_played()                 # the adaptive tier's fits: which players played
    if fits:
        data["fits"] = fits
    if fmt == "json":
        click.echo(json.dumps(data, indent=1))
    else:
        click.echo(text(data), nl=False)
    if report_file:
        from ..views.figures import report_skill
        from .sim_common import write_report
        write_report(report_file, getattr(report_skill, report)(data))


def _finish(stopped: bool, failed: list[dict], fmt: str) -> None:
    """Exit 130 after Ctrl-C (the pairs finished so far are shown), 1 when games failed."""
    import sys
    if fmt == "json":
        list_failures(failed)
    if stopped:
        click.echo(_("interrupted: the figures above hold the games finished before Ctrl-C"), err=True)
        sys.exit(130)
    if failed:
        click.echo(_("error: {count} game(s) failed; each is listed with its seed and the command that replays it")
                   .format(count=len(failed)), err=True)
        sys.exit(1)

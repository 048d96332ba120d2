"""`wonders compare`: the same games under two rule sets, and what changes."""

from __future__ import annotations

import json
import os

import click

from interpreter.commands.click_language import Command
from interpreter.i18n import N_

from ..i18n import _
from ..i18n.os_reasons import os_reason
from .outputs import check_outputs, run_inputs
from .simulate import _refused_with_skill
from .skill_run import check_skill, check_skill_report, compare_skill, skill_options
from .sim_common import (check_engine, check_report, common_options, finish, list_failures, open_out, play_study,
                         prepare_run, rule_tables, run_options)
from .value_options import study_targets, value_options, with_targets


@click.command(cls=Command,
               help=N_("Play the same games (same seeds, deals, wonders and bots) with the base rules and with the "
                       "variants, and show what changes: every summary figure side by side, the difference with its "
                       "95% interval, and whether it is significant after Holm's correction.\n\n"
                       "Exit status: 0 done, 1 content errors or some games failed, 2 usage errors, 130 stopped by "
                       "Ctrl-C."))
@common_options
@click.option("--against", "against", multiple=True, metavar="NAME",
              help=N_("compare with the rules plus these variants instead of the base rules (repeatable)"))
@click.option("--all-cards", is_flag=True, help=N_("list every card in the table, not only the significant ones"))
@click.option("--out", "out_dir", type=click.Path(file_okay=False),
              help=N_("keep each side's games in this folder as they finish: a.jsonl (the base or --against "
                   "rules) and b.jsonl (the --variant rules), as `wonders simulate --out` writes them"))
@click.option("--resume", is_flag=True, help=N_("continue the comparison kept in --out, without replaying its games"))
@click.option("--force", is_flag=True, help=N_("replace the comparison kept in --out"))
@click.option("--records", "records_file", type=click.Path(dir_okay=False), metavar="FILE",
              help=N_("compare the games of a records file (the games people played at studio tables, or any "
                      "`simulate --out` file) with the bots of --bots playing the same deals under the same rules "
                      "(--content, --variant, --rules as the games were played)"))
@value_options
@skill_options
@click.pass_context
def compare(ctx, players, games, bots, rotate_bots, sides, seed, workers, cluster, quiet, fmt, report_file, arc,
            paths, variants, rules, against, all_cards, out_dir, resume, force, records_file, values, prefers, skill,
            tiers):
    from ..sim.compare import comparison_of
    from ..views.figures.compare_text import comparison_text
    if records_file is not None and (values or prefers):
        raise click.UsageError(_("--value and --prefer do not go with --records: the recorded games cannot be "
                                 "played again with a seat restricted"))
    tiers, games = check_skill(ctx, skill, tiers, games, _refused_with_skill(ctx, rotate_bots, out_dir, resume, force)
                               | {"--records": records_file, "--all-cards": all_cards, "--arc": arc,
                                  "--value": values, "--prefer": prefers})
    if arc and (values or prefers):
        raise click.UsageError(_("--arc does not go with --value or --prefer: a value study plays each deal again "
                                 "with a seat restricted, and the arc follows one game"))
    if records_file is not None:
        if arc:
            raise click.UsageError(_("--arc needs both sides' games valued turn by turn: the records of --records "
                                     "were played without it"))
        from .compare_records import compare_records
        return compare_records(records_file, players, bots, sides, rotate_bots, paths, variants, rules, against,
                               out_dir, fmt, all_cards, report_file, quiet)
    if not variants:
        raise click.UsageError(_("name the variant to compare with --variant (and, to compare two variants, "
                                 "the other with --against)"))
    if list(variants) == list(against):
        raise click.UsageError(_("--variant and --against name the same rules: there is nothing to compare"))
    workers = check_engine(workers, cluster)
    if skill:
        check_skill_report(report_file, players, tiers, [variants, against], paths, rules)
        return compare_skill(players, games, tiers, sides, seed, workers, cluster, quiet, fmt, report_file, paths,
                             variants, against, rules, shown_names(against, variants))
    tables_a, tables_b = rule_tables(paths, against, rules), rule_tables(paths, variants, rules)
    targets = study_targets(tables_a, values, prefers)
    study_targets(tables_b, values, prefers)                  # (both rule sets must know each target)
    base = with_targets(run_options(players, bots, sides, seed, rotate_bots, against, paths, rules, tables=tables_a,
                                    arc=arc, fit=False), targets)
    changed = with_targets(run_options(players, bots, sides, seed, rotate_bots, variants, paths, rules,
                                       tables=tables_b, arc=arc, fit=False), targets)
    check_outputs([("--out", out_dir)])
    records = [None, None] if out_dir is None else [os.path.join(out_dir, f"{s}.jsonl") for s in "ab"]
    check_outputs([("--out", records[0]), ("--out", records[1]), ("--report", report_file)],
                  run_inputs(base) + run_inputs(changed))
    check_report(report_file)
    name_a, name_b = shown_names(against, variants)
    file_a, file_b = out_files(out_dir, resume, force)
    writer_a, done_a = open_out(file_a, resume, force, base, missing_ok=True)
    writer_b, done_b = open_out(file_b, resume, force, changed, missing_ok=True)
    from ..sim.twins import Twinned
    from ..sim.values import ValuePairs
    worth = ValuePairs()
    twins = Twinned(games, also=[worth] if targets else [])
    try:
        # the variant's side first: a first fit of it fits the rules without it within its
        # budget (fitcache.reference), and the base side then finds that fit kept
        prepare_run(changed, quiet)
        prepare_run(base, quiet)
        stopped = play_study(base, games, workers, cluster, quiet, label=name_a, writer=writer_a, done=done_a,
                             sink=twins.spool.append if writer_a is None else None)
        if not stopped:
            twins.begin(file_a, file_b if done_b else None)
            stopped = play_study(changed, games, workers, cluster, quiet, label=name_b, writer=writer_b,
                                 done=done_b, sink=twins.add)
    finally:
        twins.close()
        for writer in (writer_a, writer_b):
            if writer is not None:
                writer.close()
    summary_a, summary_b = twins.tally_a.summary(), twins.tally_b.summary()
    if not twins.paired:
        click.echo(_("No game finished under both rule sets: nothing to compare."), err=True)
        finish(stopped, summary_a, games)
    result = comparison_of(twins.pairs, summary_a, summary_b, name_a, name_b)
    result["failed"] = ([{**f, "rules": name_a} for f in summary_a["failed"]]
                        + [{**f, "rules": name_b} for f in summary_b["failed"]])
    result["options"] = {**base.to_data(), "games": games, "variants": list(variants), "against": list(against)}
    from ..sim.examples import with_replays
    with_replays({"figures": result["figures"], "verdict": result["verdict_examples"]}, changed, base)
    from ..bots.registry import not_adapting
    result["not_adapting"] = not_adapting(base.bots)
    if targets:
        result["values"] = {"a": worth.side_a.figures(targets), "b": worth.side_b.figures(targets),
                            "change": worth.figures(targets)}
    from ..bots.fitcache import fits_played
    fits = sorted(fits_played(), key=lambda f: f["rules"].count(" + "))   # the rules with fewer variants first
    if fits:
        result["fits"] = fits
    if fmt == "json":
        click.echo(json.dumps(result, indent=1))
    else:
        click.echo(comparison_text(result, all_cards), nl=False)
    if report_file:
        from ..views.figures.report import compare_report
        from .sim_common import write_report
        write_report(report_file, compare_report(result, summary_a, summary_b, twins.tally_a.charts,
                                                  twins.tally_b.charts))
    if fmt == "json":               # the text output lists them at its end already
        list_failures(summary_a["failed"], f"{name_a}: ")
        list_failures(summary_b["failed"], f"{name_b}: ")
    failed = {"games": summary_a["games"], "failed": summary_a["failed"] + summary_b["failed"]}
    finish(stopped, failed, games, f"; `--resume` continues it from {out_dir}" if out_dir else "")


def shown_names(against, variants) -> tuple[str, str]:
    """The two rule sets as the tables name them: a variant given as a file by its file name
    (`stipend`, not the whole path), unless the two sides would then share a name, as two
    versions of one variant file do; the rules without variants are "base"."""
    def joined(names, short: bool) -> str:
        return " + ".join(_file_name(n) if short else n for n in names)
    short = joined(against, True) != joined(variants, True)
    return (joined(against, short) if against else "base"), joined(variants, short)


def _file_name(name: str) -> str:
    return os.path.splitext(os.path.basename(name))[0] if name.endswith(".wonders") else name


def out_files(out_dir, resume: bool, force: bool) -> tuple[str | None, str | None]:
    """The two records files in --out (the folder made if need be), checked before any game."""
    if out_dir is None:
        if resume or force:
            raise click.UsageError(_("--resume and --force need --out"))
        return None, None
    a, b = os.path.join(out_dir, "a.jsonl"), os.path.join(out_dir, "b.jsonl")
    if os.path.exists(out_dir) and not os.path.isdir(out_dir):
        raise click.BadParameter(_("{folder} is a file, not a folder").format(folder=out_dir), param_hint="--out")
    if not os.path.isdir(out_dir):
        if resume:
            raise click.BadParameter(_("{file} does not exist: there is nothing to resume").format(file=out_dir),
                                     param_hint="--resume")
        try:
            os.mkdir(out_dir)
        except OSError as err:
            raise click.BadParameter(_("{folder}: cannot make the folder: {reason}").format(
                    folder=out_dir, reason=os_reason(err)), param_hint="--out") from None
    elif not (resume or force) and (os.path.exists(a) or os.path.exists(b)):
        raise click.BadParameter(_("{folder} already holds a comparison; --resume continues it, "
                                   "--force replaces it").format(folder=out_dir), param_hint="--out")
    elif resume and not os.path.exists(a):
        raise click.BadParameter(_("{folder} holds no comparison (no a.jsonl): there is nothing to resume")
                                 .format(folder=out_dir), param_hint="--resume")
    return a, b

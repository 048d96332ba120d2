"""`wonders tune`: search the ranges of a tuning file for the setting that best meets its
targets, on the same deals for every setting, and write the tuned variant.

The tuning file's format is tune_file.py's, the measures tune_measure.py's, the search and
its journal tune_study.py's; this module runs the trials: each is an ordinary variant file
(the ranges replaced, the targets made comments) kept beside the study, checked and played
like `wonders simulate --variant FILE` plays, in processes or on a Dask cluster.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click

from interpreter.commands.click_language import Command
from interpreter.i18n import N_, _

from .common import CONTENT, LANG, PLAIN, RULES, VARIANT, shown
from .outputs import check_outputs
from ..errors import WondersError
from .sim_common import BOTS, CLUSTER, FORMAT, PLAYERS, QUIET, SEED, SIDES, WORKERS, bot_list, check_engine, prepare

GAMES = click.option("--games", type=click.IntRange(min=1), default=200, show_default=True,
                     help=N_("games a setting is measured on (the same deals for every setting)"))


@click.command(cls=Command,
               help=N_("Tune a house rule: FILE is a variant whose numbers may be ranges (`set trade price 1..3`) "
                       "and which states targets (`target sides within 5`, `target share of science under 30`, "
                       "`target skill heuristic over random above 10`). Each trial plays the same games with one "
                       "setting of the ranges; the search (Optuna's TPE) looks for the setting closest to every "
                       "target. Shows the best setting with its figures and intervals and the runner-up region, and "
                       "writes the tuned variant, which `wonders check` accepts. The study is kept in --study: run "
                       "the command again to resume it.\n\n"
                       "Exit status: 0 done, 1 errors in the file or the content, 2 usage errors, 130 stopped by "
                       "Ctrl-C (the trials finished are kept and the best so far written)."))
@click.argument("tune_path", metavar="FILE", type=click.Path(dir_okay=False))
@PLAYERS
@GAMES
@click.option("--trials", type=click.IntRange(min=1, max=10000), default=20, show_default=True,
              help=N_("settings to try in all (a resumed study counts the trials it holds)"))
@BOTS
@SIDES
@SEED
@WORKERS
@CLUSTER
@QUIET
@FORMAT
@click.option("--study", "study_path", type=click.Path(dir_okay=False), metavar="PATH",
              help=N_("the journal of the search (default: FILE's name with .study, in this folder); its trials' "
                      "variant files are kept in PATH.trials/"))
@click.option("--fresh", is_flag=True, help=N_("start the study again instead of resuming it"))
@click.option("--out", "out_path", type=click.Path(dir_okay=False), metavar="PATH",
              help=N_("where the tuned variant is written (default: FILE's name with -tuned.wonders, in this folder)"))
@CONTENT
@VARIANT
@LANG
@RULES
@PLAIN
def tune(tune_path, players, games, trials, bots, sides, seed, workers, cluster, quiet, fmt, study_path, fresh,
         out_path, paths, variants, rules):
    from ..sim.tune_file import TuneFileError, read_tune_file
    try:
        import optuna  # noqa: F401
    except ImportError:
        raise click.UsageError(_("wonders tune searches with Optuna: pip install 'wonders[tune]'")) from None
    workers = check_engine(workers, cluster)
    text = _read(tune_path)
    stem = Path(tune_path).stem
    study_path = study_path or f"{stem}.study"
    out_path = out_path or f"{stem}-tuned.wonders"
    check_outputs([("--study", study_path), ("--out", out_path)], [(_("the tuning file"), tune_path)])
    try:
        tuned = read_tune_file(tune_path, text)
    except TuneFileError as err:
        _refuse(err.diagnostics, tune_path, text)
    names = bot_list(bots)
    middle = {r.key: (r.low + r.high) // 2 for r in tuned.ranges}
    import tempfile
    with tempfile.TemporaryDirectory(prefix="wonders-tune-") as folder:   # checked before anything is written
        first = _trial_file(Path(folder), Path(tune_path).stem, tuned.setting(middle))
        options, tables = _options(players, bots, sides, seed, paths, variants, rules, first, fit=False)
    _check_targets(tuned, tables, names, tune_path, text)
    trial_dir = Path(f"{study_path}.trials")
    _make_folder(trial_dir)
    from ..sim.tune_study import StudyMismatch, open_study
    meta = {"file": text, "players": players, "games": games, "bots": list(names), "sides": sides, "seed": seed,
            "content": list(paths), "variants": list(variants), "rules": rules}
    try:
        study = open_study(study_path, meta, seed, fresh)
    except StudyMismatch as err:
        raise click.BadParameter(_("{file} holds a study of another file or other options ({what}); --fresh starts "
                                   "it again, or give another --study").format(file=study_path, what=err),
                                 param_hint="--study") from None
    prepare(names, tables, players, quiet)     # the first setting's fit, once nothing is left to refuse
    interrupted = _search(study, tuned, trials, trial_dir, options, names, games, workers, cluster, quiet,
                          (players, bots, sides, seed, paths, variants, rules))
    _report(study, tuned, out_path, fmt, interrupted, trials)


def _search(study, tuned, trials, trial_dir, options, names, games, workers, cluster, quiet, run_args) -> bool:
    """Run trials until the study holds `trials` finished ones; True when Ctrl-C stopped it."""
    from ..sim.progress import Progress
    from ..sim.runner import _CtrlC
    from ..sim.tune_study import finished
    done = len(finished(study))
    progress = Progress(trials, min(done, trials), quiet, _("trials"), unit=_("trials"))
    stopping = _CtrlC(lambda: None)        # a Ctrl-C between the games of two trials: stop after this step
    try:
        with stopping:
            return _trials(study, tuned, trials, trial_dir, options, names, games, workers, cluster, run_args,
                           progress, stopping)
    finally:
        progress.close()


def _trials(study, tuned, trials, trial_dir, options, names, games, workers, cluster, run_args, progress,
            stopping) -> bool:
    from ..sim.tune_study import ask, fail, finished, tell
    while len(finished(study)) < trials:
        if stopping.asked:
            return True
        trial, values = ask(study, tuned)
        path = _trial_file(trial_dir, f"trial-{trial.number}", tuned.setting(values))
        try:
            trial_options, _tables = _options(*run_args, path, exit_on_error=False)
        except _SettingRefused as err:
            fail(study, trial, str(err))
            click.echo(shown(_("note: trial {n} ({values}) does not check: {reason}").format(
                n=trial.number, values=_values_text(values), reason=err)), err=True)
            if not finished(study) and trial.number >= 4:
                raise click.UsageError(_("the first five settings tried do not check: see the notes above"))
            continue
        figures, stopped = _measure(tuned, trial_options, names, games, workers, cluster)
        if stopped or stopping.asked:
            fail(study, trial, "stopped by Ctrl-C")
            return True
        tell(study, trial, sum(f["distance"] for f in figures), figures)
        progress.advance(1)
    return False


def _measure(tuned, options, names, games, workers, cluster) -> tuple[list[dict], bool]:
    """Each target's figure for one setting; True when Ctrl-C stopped the games."""
    from ..sim.tune_measure import SkillTally, TrialTally, share_figure, sides_figure, skill_figure
    from .sim_common import play_study
    import attrs
    tally = TrialTally()
    if any(t.kind != "skill" for t in tuned.targets):
        if play_study(options, games, workers, cluster, True, sink=tally.add):
            return [], True
        _no_failures(tally.failed)
    figures = []
    for target in tuned.targets:
        if target.kind == "sides":
            figure = sides_figure(target, tally)
        elif target.kind == "share":
            figure = share_figure(target, tally)
        else:
            skill = SkillTally(target.strong)
            seats = (target.strong,) + (target.weak,) * (options.players - 1)
            skill_options = attrs.evolve(options, bots=seats, rotate_bots=True)
            if play_study(skill_options, games, workers, cluster, True, sink=skill.add):
                return [], True
            _no_failures(skill.failed)
            figure = skill_figure(target, skill)
        figures.append({"target": target.text, **figure.to_data()})
    return figures, False


def _no_failures(failed: list[dict]) -> None:
    if failed:
        first = failed[0]
        click.echo(shown(_("error: game {game} (seed {seed}) failed: {problem}").format(
            game=first["game"], seed=first["seed"], problem=first["error"])) + "\n  "
            + _("replay: {command}").format(command=first.get("replay", "")), err=True)
        sys.exit(1)


class _SettingRefused(WondersError):
    """A setting of the ranges that does not check (a trial's variant with errors)."""


def _options(players, bots, sides, seed, paths, variants, rules, trial_path, exit_on_error=True, fit=True):
    """The run options of one setting (its variant file after the --variant ones), and its
    compiled rule set; content errors end the command (exit 1) or, for a trial, are raised.
    `fit` False: the bots that fit themselves are not fitted yet (the caller `prepare`s them)."""
    from ..compile import compile_rules
    from .common import fail_on_errors, load
    from .sim_common import run_options
    every = tuple(variants) + (str(trial_path),)
    result = load(paths, every, rules)
    if result.ruleset is None:
        if exit_on_error:
            click.echo(_("note: the ranges set to their middle values do not check (line numbers are the tuning "
                         "file's):"), err=True)
            fail_on_errors(result)
        first = next((d for d in result.diagnostics if d.is_error), None)
        raise _SettingRefused(f"{first.code}: {first.message}" if first else "the content has errors")
    tables = compile_rules(result.ruleset)
    return run_options(players, bots, sides, seed, False, every, paths, rules, tables=tables, fit=fit), tables


def _check_targets(tuned, tables, names, path: str, text: str) -> None:
    """Refuse a target the games cannot measure (E2051), at its line."""
    from ..bots.registry import bot_names
    from ..diagnostics import Diagnostic, did_you_mean
    problems = []
    categories = list(tables.rules.score_pad)
    for target in tuned.targets:
        if target.kind == "share" and target.category not in categories:
            guess = did_you_mean(target.category, categories)
            problems.append(Diagnostic("E2051", _("no score category {name!r} to measure").format(name=target.category),
                                       target.span, label=_("the score pad's lines: {lines}").format(
                                           lines=", ".join(categories)),
                                       help=_("did you mean `{guess}`?").format(guess=guess) if guess else None))
        if target.kind == "skill":
            for name in (target.strong, target.weak):
                try:
                    bot_list(name)
                except click.BadParameter:
                    problems.append(Diagnostic("E2051", _("no player {name!r} to measure").format(name=name),
                                               target.span, label=_("players: {names}").format(
                                                   names=", ".join(bot_names()))))
            if target.strong == target.weak:
                problems.append(Diagnostic("E2051", _("a player against itself measures no skill"), target.span,
                                           label=_("name two different players")))
        if target.kind == "sides" and len(tables.sides) < 2:
            problems.append(Diagnostic("E2051", _("one wonder side has no balance to measure"), target.span))
    if problems:
        _refuse(problems, path, text)


def _refuse(diagnostics, path: str, text: str):
    from ..diagnostics import SourceCache, render_text
    click.echo(render_text(diagnostics, SourceCache({path: text})), err=True, nl=False)
    click.echo(_("error: {file} cannot be tuned: {count} error(s)").format(file=path, count=len(diagnostics)),
               err=True)
    sys.exit(1)


def _report(study, tuned, out_path: str, fmt: str, interrupted: bool, trials: int) -> None:
    from ..atomic import write_atomic
    from ..sim.tune_study import best_and_region, finished
    best, region, close = best_and_region(study)
    count = len(finished(study))
    if best is None:
        click.echo(_("No setting finished: nothing to report."), err=True)
        sys.exit(130 if interrupted else 1)
    header = "# " + _("Tuned by `wonders tune` from {file}: trial {n} of {count}, distance {d:.1f} points.").format(
        file=os.path.basename(tuned.path), n=best.number, count=count, d=best.value) + "\n"
    try:
        write_atomic(out_path, tuned.setting(best.params, header))
    except OSError as err:
        raise click.BadParameter(_("{file}: cannot write: {reason}").format(file=out_path, reason=err.strerror),
                                 param_hint="--out") from None
    result = {"file": tuned.path, "trials": count, "best": {"trial": best.number, "distance": best.value,
              "settings": best.params, "figures": best.user_attrs.get("figures", [])},
              "region": {k: list(v) for k, v in region.items()}, "region_trials": close, "out": out_path}
    if fmt == "json":
        click.echo(json.dumps(result, indent=1))
    else:
        click.echo("".join(shown(line) + "\n" for line in _tune_text(result, tuned)), nl=False)
    if interrupted:
        click.echo(_("interrupted: {done} of {trials} trials finished; run the command again to resume").format(
            done=count, trials=trials), err=True)
        sys.exit(130)


def _tune_text(result: dict, tuned) -> list[str]:
    best = result["best"]
    lines = [_("Best setting (trial {n} of {count}; distance to the targets {d:.1f} points):").format(
        n=best["trial"], count=result["trials"], d=best["distance"])]
    width = max(len(r.key) for r in tuned.ranges)
    for r in tuned.ranges:
        lines.append(f"  {r.key:<{width}}  {r.low}..{r.high}  ->  {best['settings'][r.key]}")
    lines.append(_("Targets:"))
    for f in best["figures"]:
        met = (_("met") if f.get("inside", True) else _("outside, but not beyond its interval")) if f["distance"] == 0 \
            else _("missed by {d:.1f}").format(d=f["distance"])
        about = f" ({f['about']})" if f["about"] else ""
        lines.append("  " + _("{target}: {value:.1f}{about} [{low:.1f} to {high:.1f}], {met}; {games} games").format(
            target=f["target"], value=f["value"], about=about, low=f["low"], high=f["high"], met=met,
            games=f["games"]))
        if f.get("width", 0) > 0 and f["width"] > _bound(tuned, f["target"]):
            lines.append("    " + _("note: with these games a side's win rate is known to about ±{width:.0f} points, "
                                  "wider than the band: play more games (--games) to tell").format(width=f["width"]))
    if result["region"]:
        parts = ", ".join(f"{k} {lo}..{hi}" if lo != hi else f"{k} {lo}" for k, (lo, hi) in result["region"].items())
        lines.append(_("Runner-up region ({n} trials whose intervals reach every target): {parts}").format(
            n=result["region_trials"], parts=parts))
    else:
        lines.append(_("Runner-up region: no trial's intervals reach every target"))
    lines.append(_("Tuned variant: {file} (`wonders check --variant {file}` accepts it)").format(file=result["out"]))
    return lines


def _bound(tuned, text: str) -> float:
    return next(t.bound for t in tuned.targets if t.text == text)


def _values_text(values: dict) -> str:
    return ", ".join(f"{k} = {v}" for k, v in values.items())


def _read(path: str) -> str:
    from ..inputs import MAX_FILE_BYTES, read_regular
    try:
        data = read_regular(Path(path), MAX_FILE_BYTES)
    except OSError as err:
        raise click.BadParameter(_("{file}: cannot read: {reason}").format(file=path, reason=err.strerror or err),
                                 param_hint="FILE") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise click.BadParameter(_("{file} is not UTF-8 text (byte {at})").format(file=path, at=err.start + 1),
                                 param_hint="FILE") from None


def _make_folder(folder: Path) -> None:
    try:
        folder.mkdir(exist_ok=True)
    except OSError as err:
        raise click.BadParameter(_("{folder}: cannot make the folder: {reason}").format(
            folder=folder, reason=err.strerror), param_hint="--study") from None


def _trial_file(folder: Path, name: str, text: str) -> Path:
    from ..atomic import write_atomic
    path = (folder / f"{name}.wonders").resolve()
    write_atomic(path, text)
    return path

"""What `wonders simulate` and `wonders compare` share: their options, checking them, and
running a study with its progress bar, its records file and Ctrl-C."""

from __future__ import annotations

import os
import sys

import click

from interpreter.i18n import N_, ngettext, worded

from interpreter.i18n import _
from interpreter.i18n.os_reasons import os_reason

from .common import CONTENT, LANG, PLAIN, RULES, VARIANT, load, shown
from interpreter.errors import WondersError

PLAYERS = click.option("--players", type=int, required=True, help=N_("number of players"))
GAMES = click.option("--games", type=click.IntRange(min=1), default=1000, show_default=True,
                     help=N_("number of games to play"))
DEFAULT_BOTS = "adaptive"       # players fitted to the rules under test (issue 38): a rule change is judged
                                # by players who respond to it, not by the rule's arithmetic on unchanged play
BOTS = click.option("--bots", default=DEFAULT_BOTS, show_default=True,
                    help=N_("comma-separated bots per seat (name or name:key=value,...); the last one fills the "
                            "rest; the default, adaptive, is fitted to the rules under test first (about a minute "
                            "the first time, then kept)"))
ROTATE = click.option("--rotate-bots", is_flag=True,
                      help=N_("game i moves the bots i seats on, so every bot plays every seat"))
SIDES = click.option("--sides", default="random", show_default=True,
                     help=N_("a side of the rule set's boards (A or B, Day or Night), or random"))
SEED = click.option("--seed", type=int, default=0, show_default=True,
                    help=N_("the run's seed: game i plays with a seed made from this and i"))
WORKERS = click.option("--workers", type=click.IntRange(min=1), default=None,
                       help=N_("processes to play in (default: one per core; 1 plays in this process; "
                            "never more than the games, nor four per core)"))
CLUSTER = click.option("--cluster", metavar="ADDRESS",
                       help=N_("play on a Dask distributed cluster, e.g. tcp://10.0.0.5:8786 (instead of --workers)"))
QUIET = click.option("--quiet", is_flag=True, help=N_("no progress bar"))
FORMAT = click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True)
ARC = click.option("--arc", type=click.IntRange(min=1), default=None, metavar="N",
                   help=N_("also value every city after every turn by N rollouts (the search's estimate) and report "
                           "the arc of a game: lead changes, when it was decided, the last city after the first age; "
                           "each rollout costs about a game"))
REPORT = click.option("--report", "report_file", type=click.Path(dir_okay=False),
                      help=N_("also write a self-contained HTML report with charts"))


def common_options(command):
    for option in reversed([PLAYERS, GAMES, BOTS, ROTATE, SIDES, SEED, WORKERS, CLUSTER, QUIET, FORMAT, REPORT,
                            ARC, CONTENT, VARIANT, LANG, RULES, PLAIN]):
        command = option(command)
    return command


def bot_list(bots: str) -> tuple[str, ...]:
    from ..bots import BotSpecError, make_bot, split_bot_list
    names = split_bot_list(bots)              # `name:a=1,b=2`: b=2 is another parameter
    for name in names:
        try:
            make_bot(name, 0)
        except BotSpecError as err:
            raise click.BadParameter(shown(worded(err)), param_hint="--bots") from None
    if not names:
        raise click.BadParameter(_("name at least one bot"), param_hint="--bots")
    return tuple(names)


def run_options(players, bots, sides, seed, rotate, variants, paths, rules=None, tables=None, arc=None, quiet=False,
                fit=True):
    """Check what is checked before any game: the content, the bots, the player count; then,
    unless `fit` is False (the caller checks its outputs first and calls `prepare_run`), fit
    the bots that fit themselves.  `tables`: the rule set already compiled from these paths,
    variants and rules."""
    from ..engine.game import Game, RulesError
    from ..paths import DEFAULT_RULES
    from ..sim.records import RunOptions
    names = bot_list(bots)
    tables = tables or rule_tables(paths, variants, rules)
    known_sides = sorted({s.side for s in tables.sides})
    if sides != "random" and sides not in known_sides:
        raise click.BadParameter(_("{side!r} is not a side of these rules' boards (sides: {sides}, or random)")
                                 .format(side=sides, sides=", ".join(known_sides)), param_hint="--sides")
    without = sorted({s.wonder for s in tables.sides} - {s.wonder for s in tables.sides if s.side == sides})
    if sides != "random" and without:
        raise click.BadParameter(ngettext(
            "{wonders} has no side {side!r}: every game that deals it would fail; give --sides random, or a side "
            "every board has",
            "{wonders} have no side {side!r}: every game that deals one would fail; give --sides random, or a side "
            "every board has", len(without)).format(wonders=", ".join(map(repr, without)), side=sides),
            param_hint="--sides")
    try:
        Game(tables, players, 0, sides)
    except RulesError as err:
        raise click.UsageError(shown(worded(err))) from None
    if fit:
        prepare(names, tables, players, quiet)
    rules = None if rules == DEFAULT_RULES else rules        # named or not, the default is one run
    return RunOptions(players, names, sides, seed, rotate, tuple(variants), tuple(paths), rules, arc or 0)


def rule_tables(paths, variants, rules):
    """The compiled rule set of the command line (content errors end the command, status 1)."""
    from ..compile import compile_rules
    from .common import fail_on_errors
    result = load(paths, variants, rules)
    fail_on_errors(result)
    return compile_rules(result.ruleset)


def prepare_run(options, quiet: bool = False) -> None:
    """`prepare` for a run's options, once its outputs are checked: a minute's fit is never
    followed by a usage error that could have been given before it."""
    from ..sim.runner import load_tables
    prepare(options.bots, load_tables(options)[0], options.players, quiet)


def prepare(names, tables, players: int, quiet: bool = False) -> None:
    """Bots that fit themselves to the rules (adaptive) fit now, in this process, before any
    game: the games' workers (and a cluster's, sharing the cache folder) then read the fit
    from the cache.  Ctrl-C during a fit ends the command with status 130 before any game:
    what the fit learnt is kept, written whole, and fitted again on the next run, since no
    acceptance check judged it."""
    from ..bots.fitcache import CacheError, shown_as
    from ..bots.registry import prepare_bots
    try:
        with shown_as(quiet=quiet):
            prepare_bots(names, tables, players)
    except CacheError as err:
        raise click.UsageError(worded(err)) from None
    except KeyboardInterrupt:
        click.echo(_("interrupted: the players' fit was stopped before any game was played; what it learnt is "
                     "kept, and fitted again on the next run, since no acceptance check judged it"), err=True)
        sys.exit(130)


def check_engine(workers, cluster) -> int:
    """The --workers asked (default: one per core), or --cluster's address checked."""
    if cluster is not None and workers is not None:
        raise click.UsageError(_("--workers and --cluster cannot be used together: the cluster decides"))
    if cluster is not None:
        from ..sim.dask_engine import cluster_address
        try:
            cluster_address(cluster)
        except ValueError as err:
            raise click.BadParameter(str(err), param_hint="--cluster") from None
    from ..sim.runner import default_workers
    return workers or default_workers()


def check_report(path: str | None) -> None:
    """Before any game: the report's folder is writable and Plotly is installed."""
    if path is None:
        return
    check_writable(path, "--report")
    try:
        import plotly  # noqa: F401
    except ImportError:
        raise click.BadParameter(_("the HTML report needs Plotly: pip install 'wonders[sim]'"),
                                 param_hint="--report") from None


def check_writable(path: str, what: str) -> None:
    folder = os.path.dirname(os.path.abspath(path)) or "."
    if os.path.isdir(path):
        raise click.BadParameter(_("{file} is a folder").format(file=path), param_hint=what)
    if not os.path.isdir(folder):
        raise click.BadParameter(_("{file}: the folder {folder} does not exist").format(file=path, folder=folder),
                                 param_hint=what)
    if not os.access(folder, os.W_OK):
        raise click.BadParameter(_("{file}: cannot write in {folder}").format(file=path, folder=folder),
                                 param_hint=what)


def open_out(out_file, resume, force, options, missing_ok: bool = False, on_record=None):
    """The writer for --out (or None) and the games it already holds (tally.Bits; for
    --resume), the file locked for this run; each record it holds goes to `on_record` as
    the file is read.  `missing_ok`: with --resume, a file not yet made starts afresh (the
    second side of a comparison stopped before it began)."""
    from ..sim.runner import load_tables
    from ..sim.store import RecordWriter, StoreError, StoreRefused, check_resumable, header, refuse_special
    from ..sim.tally import Bits
    if resume and force:
        raise click.UsageError(_("--resume continues the file and --force replaces it: choose one"))
    if out_file is None:
        if resume or force:
            raise click.UsageError(_("--resume and --force need --out"))
        return None, Bits()
    check_writable(out_file, "--out")
    run_tables, fingerprint = load_tables(options)
    data = options.to_data()

    def accept(head):                    # the file's header is this run's, its games this run's cast
        check_resumable(out_file, head, fingerprint, data)
        return run_cast(run_tables, options)
    try:
        refuse_special(out_file)
        if resume and os.path.exists(out_file):
            writer, _head, games, notes = RecordWriter.resume(out_file, on_record, accept)
            for note in notes:
                click.echo(shown(_("note: {note}").format(note=note)), err=True)
            return writer, games
        if resume and not missing_ok:
            raise click.BadParameter(_("{file} does not exist: there is nothing to resume").format(file=out_file),
                                     param_hint="--resume")
        if os.path.exists(out_file) and not (force or resume):
            raise FileExistsError()
        return RecordWriter.create(out_file, header(fingerprint, data), replace=force), Bits()
    except FileExistsError:
        raise click.BadParameter(_("{file} already exists; --resume continues it, --force replaces it")
                                 .format(file=out_file), param_hint="--out") from None
    except StoreRefused as err:
        raise click.UsageError(shown(str(err))) from None
    except StoreError as err:
        click.echo(shown(_("error: {problem}").format(problem=err)), err=True)
        sys.exit(1)
    except OSError as err:
        raise click.BadParameter(_("{file}: cannot write: {reason}").format(file=out_file, reason=os_reason(err)),
                                 param_hint="--out") from None


def run_cast(tables, options):
    """What the run's games may seat (sim/record_check.py Cast): its rules' wonders with
    their sides, the side it deals, its bots."""
    from ..sim.record_check import Cast
    wonders: dict[str, tuple[str, ...]] = {}
    for side in tables.sides:
        wonders[side.wonder] = wonders.get(side.wonder, ()) + (side.side,)
    return Cast(wonders, tuple(options.bots) or ("random",), options.sides)


class _WriteFailed(WondersError):
    """The records file could not be written (a full disk): the run stops."""


def play_study(options, games: int, workers: int, cluster, quiet: bool, label: str | None = None,
               writer=None, done=None, sink=None) -> bool:
    """Play games 0..games-1 not yet in `done` (tally.Bits), handing each record to `sink`
    as its chunk finishes (after `writer` has it); True when Ctrl-C stopped the run.  The
    games to play are made one chunk at a time, never listed, and no record is kept here."""
    from ..sim.progress import Progress
    from ..sim.runner import ContentError, EngineError, Interrupted, run_games
    from ..sim.tally import Bits
    done = done if done is not None else Bits()
    finished = done.count_below(games)
    todo = (i for i in range(games) if i not in done)
    from ..i18n import _
    progress = Progress(games, finished, quiet, label or _("games"))
    recorded = [len(done)]

    def deliver(batch):
        if writer is not None:
            try:
                writer.append(batch)
            except OSError as err:
                raise _WriteFailed(err.strerror or str(err)) from None
        recorded[0] += len(batch)
        if sink is not None:
            for record in batch:
                sink(record)
        progress.advance(len(batch))

    interrupted = False
    try:
        run_games(options, todo, deliver, workers, cluster, count=games - finished)
    except Interrupted:
        interrupted = True
    except (ContentError, EngineError) as err:
        raise click.UsageError(str(err)) from None
    except _WriteFailed as err:
        progress.close()
        click.echo(_("error: {file}: cannot write: {reason}; the run stopped. The {recorded} game(s) recorded "
                     "before stay in it, and `--resume` continues the run once there is room").format(
            file=writer.path, reason=err, recorded=recorded[0]), err=True)
        sys.exit(1)
    finally:
        progress.close()
    return interrupted


def finish(interrupted: bool, summary: dict, games: int, resume_hint: str = "") -> None:
    """Exit 130 after a Ctrl-C (the summary is already shown), 1 when games failed."""
    if interrupted:
        click.echo(_("interrupted: {done} of {games} games finished and summarised").format(
            done=summary["games"] + len(summary["failed"]), games=games) + resume_hint, err=True)
        sys.exit(130)
    if summary["failed"]:
        click.echo(_("error: {count} game(s) failed; each is listed with its seed and the command that replays it")
                   .format(count=len(summary["failed"])), err=True)
        sys.exit(1)


def list_failures(failed: list[dict], label: str = "") -> None:
    """Each failed game on stderr: its number, seed, error and the command that replays it."""
    for f in failed:
        click.echo(_("error: {label}game {game} (seed {seed}) failed: {problem}").format(
            label=label, game=f["game"], seed=f["seed"], problem=f["error"]) + "\n  "
            + _("replay: {command}").format(command=f["replay"]), err=True)


def write_report(path: str, html: str) -> None:
    """Write the report whole (a temporary file in the same folder, then moved into place)."""
    from ..atomic import write_atomic
    try:
        write_atomic(path, html)
    except OSError as err:
        raise click.BadParameter(_("{file}: cannot write: {reason}").format(file=path, reason=os_reason(err)),
                                 param_hint="--report") from None
    click.echo(_("report: {path}").format(path=path), err=True)

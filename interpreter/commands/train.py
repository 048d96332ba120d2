"""`wonders train`: fit the adaptive bot to a rule set now (it otherwise fits on first use)."""

from __future__ import annotations

import json

import click

from interpreter.commands.click_language import Command
from interpreter.fitdefaults import BUDGET, GAMES, GENERATIONS, SEED_MAX
from interpreter.i18n import N_, _, worded
from interpreter.printable import printable

from .common import CONTENT, FORMATS, LANG, PLAIN, RULES, VARIANT, FiniteFloatRange, tables as load_tables


@click.command(cls=Command,
               help=N_("Fit the adaptive bot's weights to the rules (variants applied): rules without variants by "
                       "self-play and against the heuristic bot, rules with variants against players who did not "
                       "learn the change (the fit of the rules without the variants, made first if none is kept); "
                       "keep them in the cache, replacing any fit kept for the same rules, player count and seed.\n\n"
                       "Exit status: 0 done, 1 content errors, 2 usage errors, 130 stopped by Ctrl-C (what was "
                       "learnt is kept)."))
@click.option("--players", type=int, default=4, show_default=True, help=N_("the player count to fit for"))
@click.option("--budget", type=FiniteFloatRange(min=0, min_open=True), default=BUDGET, show_default=True,
              help=N_("seconds the fit may take at most (it stops before a generation that would end later)"))
@click.option("--generations", type=click.IntRange(min=1), default=GENERATIONS, show_default=True,
              help=N_("generations of the search (the same seed and generations give the same weights)"))
@click.option("--games", type=click.IntRange(min=1), default=GAMES, show_default=True,
              help=N_("games each candidate plays per generation (more: surer steps, slower)"))
@click.option("--seed", type=click.IntRange(min=0, max=SEED_MAX), default=0, show_default=True,
              help=N_("the fit's seed: each seed's fit is kept apart, and adaptive:fit_seed=S plays it"))
@click.option("--workers", type=click.IntRange(min=1), default=None,
              help=N_("processes (default: one per core; never more than a generation's tasks, nor four per core)"))
@click.option("--quiet", is_flag=True, help=N_("no progress"))
@click.option("--format", "fmt", type=FORMATS, default="text", show_default=True)
@PLAIN
@CONTENT
@VARIANT
@RULES
@LANG
def train(players, budget, generations, games, seed, workers, quiet, fmt, paths, variants, rules):
    from ..bots.adaptive import NAMES
    from ..bots.fitcache import CacheError, train as fit_and_store
    from ..engine.game import Game, RulesError
    tables = load_tables(paths, variants, rules)
    try:
        Game(tables, players, 0)
    except RulesError as err:
        raise click.BadParameter(worded(err), param_hint="--players") from None
    try:
        result, path = fit_and_store(tables, players, budget=budget, generations=generations, games=games,
                                     seed=seed, workers=workers, quiet=quiet)
    except CacheError as err:
        raise click.UsageError(worded(err)) from None
    weights = dict(zip(NAMES, (round(w, 4) for w in result.weights)))
    if fmt == "json":
        click.echo(json.dumps({"rules": tables.rules.name, "variants": list(variants), "players": players,
                               "file": None if path is None else str(path), "seed": seed,
                               "generations": result.generations,
                               "games": result.games, "seconds": round(result.seconds, 1),
                               "stopped": result.stopped, "check": result.check, "weights": weights}, indent=1))
        return
    click.echo(_("{rules}, {players} players: {generations} generations, {games} games, {seconds} s").format(
        rules=printable(tables.rules.name + "".join(" + " + v for v in variants)), players=players,
        generations=result.generations, games=result.games, seconds=f"{result.seconds:.0f}"))
    if result.stopped == "budget":
        click.echo(_("stopped by the budget after {done} of {total} generations: the same seed makes the same "
                     "fit only when it reaches the same generations; for all of them, give more --budget "
                     "(or train on a quieter machine)").format(done=result.generations, total=generations))
    if result.check is not None:
        c = result.check
        verdict = _("the fit kept") if c["kept"] == "fit" else _("it did not beat them: the starting weights kept")
        click.echo(_("acceptance check, {games} games: the fit against the starting weights {gain} reward "
                     "(+-{half}); {verdict}").format(games=c["games"], gain=f"{c['gain']:+.3f}",
                                                     half=f"{c['half']:.3f}", verdict=verdict))
    click.echo(_("kept in {path}").format(path=path) if path is not None else
               _("not kept: the cache could not take it (the warning above says why)"))
    for name, value in weights.items():
        click.echo(f"  {name:22s} {value:7.3f}")

"""`wonders ladder`: bots play mixed tables and are rated with OpenSkill (Plackett-Luce).

Every game seats a rotation of the bots (game i starts the list i places on, so each bot
meets each other in every seat); with several player counts, the games are shared among
them.  Games are played by the parallel runner of `wonders simulate` (interpreter/sim);
ratings are updated in game order, so a run's ratings do not depend on the workers.
"""

from __future__ import annotations

import sys

import click

from interpreter.commands.click_language import Command
from interpreter.i18n import N_, _, decimal, worded

from .common import CONTENT, FORMATS, LANG, PLAIN, RULES, VARIANT
from .sim_common import check_engine, list_failures, play_study, rule_tables, run_options

LADDER_BOTS = "adaptive,heuristic,greedy,random"    # the skill tiers, the fitted players among them


def _player_counts(text: str, tables) -> list[int]:
    """The player counts of `--players` (4, 3,4,5 or 3-5), each one the rules play: checked
    before any game, and a range is checked at its ends before it is listed."""
    from ..engine.game import Game, RulesError
    rules = tables.rules
    playable = {*range(rules.min_players, rules.max_players + 1), *(t.players for t in tables.ruleset.tables)}
    counts: set[int] = set()
    for part in (p.strip() for p in text.split(",") if p.strip()):
        low, dash, high = part.partition("-")
        try:
            low, high = (int(low), int(high)) if dash else (int(low), int(low))
        except ValueError:
            raise click.BadParameter(_("{part!r} is not a player count (write 4, 3,4,5 or 3-5)").format(part=part),
                                     param_hint="--players") from None
        if low > high:
            raise click.BadParameter(_("{part!r}: the range goes down (write the smaller count first)").format(part=part),
                                     param_hint="--players")
        outside = [n for n in (low, high) if not min(playable) <= n <= max(playable)]
        for n in outside[:1] or range(low, high + 1):          # a huge range fails at its end
            try:
                Game(tables, n, 0)
            except RulesError as err:
                raise click.BadParameter(worded(err), param_hint="--players") from None
        counts.update(range(low, high + 1))
    if not counts:
        raise click.BadParameter(_("name at least one player count"), param_hint="--players")
    return sorted(counts)


def tables_of(bots: tuple[str, ...], players: int) -> list[tuple[str, ...]]:
    """The seatings of a run at one player count: the bot list rotated, cut to the table."""
    n = len(bots)
    return [tuple(bots[(start + k) % n] for k in range(players)) for start in range(n)]


def rate(records: list[dict], bots: tuple[str, ...]) -> dict:
    """OpenSkill ratings of every bot from finished game records (in game order), with the
    win rate (ties shared) by player count."""
    from openskill.models import PlackettLuce
    model = PlackettLuce()
    ratings = {b: model.rating(name=b) for b in bots}
    wins: dict[tuple[str, int], list[float]] = {}
    for record in records:
        seats = record["seats"]
        teams = [[ratings[s["bot"]]] for s in seats]
        ranks = [s["rank"] for s in seats]
        rated = model.rate(teams, ranks=ranks)
        for s, (new,) in zip(seats, rated):
            ratings[s["bot"]] = new                   # a bot in two seats keeps its last update
            wins.setdefault((s["bot"], record["players"]), []).append(s["win"])
    return {"ratings": ratings, "wins": wins}


@click.command(cls=Command,
               help=N_("Rate bots against each other: mixed tables, OpenSkill ratings (mu ± sigma, and the "
                       "conservative mu - 3 sigma they are ranked by) and win rates by player count.\n\n"
                       "Exit status: 0 done, 1 content errors or failed games, 2 usage errors, 130 stopped by "
                       "Ctrl-C (after rating the games finished)."))
@click.option("--bots", default=LADDER_BOTS, show_default=True,
              help=N_("comma-separated bots (specs as in play --bots), at least two; adaptive is fitted to the "
                      "rules at each player count first"))
@click.option("--games", type=click.IntRange(min=1), default=100, show_default=True, help=N_("games in all"))
@click.option("--players", "players_text", default="4", show_default=True,
              help=N_("player count(s): 4, 3,4,5 or 3-5 (the games are shared among them)"))
@click.option("--seed", type=int, default=0, show_default=True, help=N_("run seed: same seed, same games"))
@click.option("--workers", type=click.IntRange(min=1),
              help=N_("processes (default: one per core; never more than the games, nor four per core)"))
@click.option("--quiet", is_flag=True, help=N_("no progress bar"))
@click.option("--format", "fmt", type=FORMATS, default="text", show_default=True)
@PLAIN
@CONTENT
@VARIANT
@RULES
@LANG
def ladder(bots, games, players_text, seed, workers, quiet, fmt, paths, variants, rules):
    import json
    from ..bots import split_bot_list
    names = tuple(dict.fromkeys(split_bot_list(bots)))
    if len(names) < 2:
        raise click.BadParameter(_("name at least two different bots to rate"), param_hint="--bots")
    workers = check_engine(workers, None)
    tables = rule_tables(paths, variants, rules)
    counts = _player_counts(players_text, tables)
    seatings = [(n, seating) for n in counts for seating in tables_of(names, n)]
    share = [games // len(seatings) + (i < games % len(seatings)) for i in range(len(seatings))]
    runs = [(run, run_options(n, ",".join(seating), "random", seed * 1000 + run, False, variants, paths, rules,
                              tables, quiet=quiet), count)
            for run, ((n, seating), count) in enumerate(zip(seatings, share)) if count]
    records, interrupted, failed = [], False, []
    for run, options, count in runs:
        n, seating = options.players, options.bots
        done: list[dict] = []                 # the ratings take the games in order: kept, then sorted
        interrupted = play_study(options, count, workers, None, quiet, sink=done.append,
                                 label=_("{players} players: {bots}").format(players=n, bots=", ".join(seating)))
        failed += [r for r in done if "error" in r]
        records += [dict(r, run=run) for r in done if "error" not in r]
        if interrupted:
            break
    records.sort(key=lambda r: (r["run"], r["game"]))
    result = rate(records, names)
    from ..bots.fitcache import fits_played
    fits = fits_played()
    if fmt == "json":
        click.echo(json.dumps({**ladder_data(result, names, counts, len(records), failed),
                               **({"fits": fits} if fits else {})}, indent=2))
    else:
        from ..views.figures.fits_text import fits_lines
        from ..views.figures.summary_text import failure_warning
        click.echo(failure_warning(failed, len(records)) + ladder_text(result, names, counts, len(records)), nl=False)
        if fits:
            click.echo("\n".join(fits_lines(fits)))
    if interrupted:
        click.echo(_("interrupted: {done} of {games} games finished and rated").format(done=len(records), games=games),
                   err=True)
        sys.exit(130)
    if failed:
        list_failures(failed)
        sys.exit(1)


def _rows(result, names, counts):
    rows = []
    for bot in names:
        r = result["ratings"][bot]
        by_count = {}
        for n in counts:
            played = result["wins"].get((bot, n), [])
            by_count[n] = (sum(played) / len(played), len(played)) if played else (None, 0)
        rows.append((bot, r.mu, r.sigma, r.ordinal(), by_count))
    rows.sort(key=lambda row: -row[3])
    return rows


def ladder_text(result, names, counts, games) -> str:
    from ..views.table import render_table
    headers = [_("rank"), _("bot"), _("rating"), _("± (sigma)"), _("mu - 3 sigma")] + [
        _("wins at {players}").format(players=n) for n in counts]
    body = []
    for i, (bot, mu, sigma, ordinal, by_count) in enumerate(_rows(result, names, counts), 1):
        body.append([str(i), bot, decimal(f"{mu:.1f}"), decimal(f"{sigma:.1f}"), decimal(f"{ordinal:.1f}")]
                    + [_("{rate} of {seats}").format(rate=f"{rate:.0%}", seats=n) if rate is not None else "-"
                       for rate, n in by_count.values()])
    return (_("{games} games, rated with OpenSkill (Plackett-Luce); wins shared on ties, 'of N' is the seats "
              "played").format(games=games) + "\n" + render_table(headers, body))


def ladder_data(result, names, counts, games, failed) -> dict:
    return {"games": games, "model": "openskill PlackettLuce",
            "bots": [{"bot": bot, "mu": mu, "sigma": sigma, "ordinal": ordinal,
                      "wins": {str(n): {"rate": rate, "seats": k} for n, (rate, k) in by_count.items()}}
                     for bot, mu, sigma, ordinal, by_count in _rows(result, names, counts)],
            "failed": [{"game": r["game"], "seed": r["seed"], "error": r["error"]} for r in failed]}

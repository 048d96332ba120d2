"""`wonders compare --records FILE`: games already played (by people at studio tables, or
any run of `simulate --out`) beside bots playing the same deals under the same rules.

Each recorded game is played again from its own seed, so the bots get the same wonders and
the same hands as the people did: the two sides are paired game by game and seat by seat,
as compare pairs two rule sets.  "Do the bots play like my playtesters?" is then read in
the usual figures: win rates by seat and by wonder side, cards of each colour, score
categories, with intervals and Holm's correction.
"""

from __future__ import annotations

import json

import click

from ..i18n import _
from .sim_common import finish, list_failures, run_options


def compare_records(path, players, bots, sides, rotate_bots, paths, variants, rules, against, out_dir, fmt,
                    all_cards, report_file, quiet) -> None:
    """Two passes over the file, neither holding its records (as simulate and compare keep
    no records: docs/simulate.md): the first checks it and counts its finished games, the
    second plays each one's twin and adds the pair to the figures."""
    from ..engine.saves import content_digest
    from ..sim.compare import Pairs, comparison_of
    from ..views.figures.compare_text import comparison_text
    from ..sim.records import play_game
    from ..sim.store import StoreError, scan_records
    from ..sim.summary import Tally
    from .sim_common import rule_tables
    if against or out_dir:
        raise click.UsageError(_("--records compares recorded games with bots under the same rules: "
                                 "--against and --out do not go with it"))
    finished = [0]

    def count(record, _number=None):
        finished[0] += "error" not in record
    try:
        with open(path, "rb") as handle:
            head, _length, _games, _notes = scan_records(path, handle, count)
    except StoreError as err:
        raise click.BadParameter(str(err), param_hint="--records") from None
    except OSError as err:
        raise click.BadParameter(f"{path}: {err.strerror}", param_hint="--records") from None
    total = finished[0]
    if not total:
        raise click.BadParameter(_("{file} holds no finished game").format(file=path), param_hint="--records")
    recorded_players = head["options"].get("players")
    if recorded_players != players:
        raise click.BadParameter(_("{file} holds games of {count} players, not {players}").format(
            file=path, count=recorded_players, players=players), param_hint="--players")
    tables = rule_tables(paths, variants, rules)
    digest = content_digest(tables)
    if head["rules"] != digest:
        raise click.UsageError(_("{file} was played with other rules (fingerprint {theirs}; these rules are {ours}): "
                                 "give the --content, --variant and --rules the games were played with").format(
            file=path, theirs=head["rules"], ours=digest))
    options = run_options(players, bots, sides, 0, rotate_bots, variants, paths, rules, tables, quiet=quiet)
    tally_a, tally_b, pairs, done = Tally(), Tally(), Pairs(), [0]

    def pair(record):
        if "error" in record:
            return
        twin = play_game(tables, options, record["game"], digest, seed=record["seed"])
        tally_a.add(record)
        tally_b.add(twin)
        pairs.add(record, twin)
        done[0] += 1
        if not quiet:
            click.echo(_("bots: {done}/{total} games").format(done=done[0], total=total), err=True)
    with open(path, "rb") as handle:
        scan_records(path, handle, pair)
    summary_a, summary_b = tally_a.summary(), tally_b.summary()
    result = comparison_of(pairs, summary_a, summary_b, "recorded", "bots")
    result["failed"] = []
    result["options"] = {**options.to_data(), "games": total, "records": path}
    if fmt == "json":
        click.echo(json.dumps(result, indent=1))
    else:
        click.echo(comparison_text(result, all_cards), nl=False)
    if report_file:
        from ..views.figures.report import compare_report
        from .sim_common import write_report
        write_report(report_file, compare_report(result, summary_a, summary_b, tally_a.charts, tally_b.charts))
    list_failures(summary_b["failed"], "bots: ")
    finish(False, summary_b, total)

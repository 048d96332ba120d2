"""The arc of a game (sim/arc.py) as a table for the terminal: each figure with its
interval and the game that shows it best."""

from __future__ import annotations

from ..i18n import _, decimal
from ..tools.table import render_table


def _pct(value: float) -> str:
    return decimal(f"{100 * value:.1f}%")


def _example(example: dict | None, text: str) -> str:
    if not example:
        return ""
    return _("game {game} (seed {seed}): {what}").format(game=example["game"], seed=example["seed"],
                                                        what=text.format(**example))


def arc_text(arc: dict | None) -> str:
    """The table, or "" for a run whose records hold no arc."""
    if not arc:
        return ""
    changes, decided, last = arc["lead_changes"], arc["decided_after"], arc["last_after_first_age"]
    rows = [[_("lead changes per game"), decimal(f"{changes['mean']:.2f}"), decimal(f"±{changes['ci']:.2f}"), "",
             _example(changes["example"], _("{value} changes, the last at turn {turn}"))],
            [_("turn after which the winner no longer trails"), decimal(f"{decided['mean']:.2f}"),
             decimal(f"±{decided['ci']:.2f}"), "",
             _example(decided["example"], _("the winner trailed until turn {turn}"))],
            [_("share of the game played by then"), _pct(decided["share"]["mean"]), decimal(f"±{100 * decided['share']['ci']:.1f}"),
             "", ""],
            [_("win rate of the city last after the first age"), _pct(last["rate"]),
             f"{_pct(last['low'])}-{_pct(last['high'])}", _pct(last["fair"]),
             _example(last["example"], _("last after turn {turn}, and won"))]]
    return (_("The arc of a game (each city's score pad after every turn, {games} games)").format(games=arc["games"])
            + "\n" + render_table([_("figure"), _("mean"), _("95% CI"), _("fair share"), _("example")], rows))

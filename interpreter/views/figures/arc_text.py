"""The arc of a game (sim/arc.py) as a table for the terminal: each figure with its
interval and the game that shows it best."""

from __future__ import annotations

from ...i18n import _, decimal
from ..table import render_table


def _pct(value: float) -> str:
    return decimal(f"{100 * value:.1f}%")


def _example(example: dict | None, text: str) -> str:
    if not example:
        return ""
    return _("game {game} (seed {seed}): {what}").format(game=example["game"], seed=example["seed"],
                                                        what=text.format(**example))


def arc_rows(arc: dict) -> list[tuple[str, str, str, str, str, float]]:
    """Each figure as shown: its name, mean, interval, fair share, example, and the value
    a report's table sorts it by."""
    changes, decided, last = arc["lead_changes"], arc["decided_after"], arc["last_after_first_age"]
    share = decided["share"]
    return [(_("lead changes per game"), decimal(f"{changes['mean']:.2f}"), decimal(f"±{changes['ci']:.2f}"), "",
             _example(changes["example"], _("{value} changes, the last at turn {turn}")), changes["mean"]),
            (_("turn after which the winner no longer trails"), decimal(f"{decided['mean']:.2f}"),
             decimal(f"±{decided['ci']:.2f}"), "",
             _example(decided["example"], _("the winner trailed until turn {turn}")), decided["mean"]),
            (_("share of the game played by then"), _pct(share["mean"]), decimal(f"±{100 * share['ci']:.1f}"), "", "",
             share["mean"]),
            (_("win rate of the city last after the first age"), _pct(last["rate"]),
             f"{_pct(last['low'])}-{_pct(last['high'])}", _pct(last["fair"]),
             _example(last["example"], _("last after turn {turn}, and won")), last["rate"])]


def arc_text(arc: dict | None) -> str:
    """The table, or "" for a run whose records hold no arc."""
    if not arc:
        return ""
    return (_("The arc of a game (each city's position valued by rollouts after every turn, {games} games)").format(
        games=arc["games"])
            + "\n" + render_table([_("figure"), _("mean"), _("95% CI"), _("fair share"), _("example")],
                                   [list(row[:5]) for row in arc_rows(arc)]))

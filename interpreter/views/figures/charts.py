"""The Plotly figures of the reports (report.py): win rates with their intervals, score
distributions and box plots, means with their intervals.  A figure is made from the
summary's numbers and nothing else; where it stands on the page and what text goes with it
is the report's.  Every name shown goes through `chart_label` (page.py): Plotly draws its
own markup in names, ticks and hover text.
"""

from __future__ import annotations

from ...i18n import _, names
from ...sim.examples import first_seed
from .page import chart_label


def win_bars(go, groups: list[tuple[str, list[dict]]], labels, players: int, title: str, examples=None):
    """Win rates with their Wilson intervals as error bars; one trace per group.
    `examples`: per group, each bar's example games (examples.py): the hover names a seed."""
    figure = go.Figure()
    for k, (name, wins) in enumerate(groups):
        seeds = [_hover_seed(found) for found in examples[k]] if examples else [""] * len(wins)
        figure.add_bar(name=chart_label(name), x=[chart_label(x) for x in labels], y=[w["rate"] for w in wins],
                       error_y={"type": "data", "symmetric": False,
                                "array": [w["high"] - w["rate"] for w in wins],
                                "arrayminus": [w["rate"] - w["low"] for w in wins]},
                       customdata=[[w["n"], seed] for w, seed in zip(wins, seeds)],
                       hovertemplate="%{x}: %{y:.1%} (n=%{customdata[0]})%{customdata[1]}"
                                     "<extra>%{fullData.name}</extra>")
    figure.add_hline(y=1 / players, line_dash="dash",
                     annotation_text=_("fair share 1/{players}").format(players=players))
    figure.update_layout(title=title, yaxis_tickformat=".0%", barmode="group")
    return figure


def wonder_chart(go, summary: dict):
    wonders = sorted({w["wonder"] for w in summary["wonders"]})
    groups, examples = [], []
    for side in sorted({w["side"] for w in summary["wonders"]}):
        by = {w["wonder"]: w for w in summary["wonders"] if w["side"] == side}
        groups.append((_("side {side}").format(side=side),
                       [by[w]["win"] if w in by else {"rate": 0, "low": 0, "high": 0, "n": 0} for w in wonders]))
        examples.append([by[w].get("examples") if w in by else None for w in wonders])
    return win_bars(go, groups, [names().city(w) for w in wonders], summary["players"],
                     _("Win rate by wonder and side (95% Wilson intervals)"), examples)


def _hover_seed(examples) -> str:
    """A bar's hover line naming its first example game (Plotly's markup: a `<br>`)."""
    first = first_seed(examples)
    return "" if first is None else "<br>" + chart_label(_("e.g. game {game} (seed {seed})").format(
        game=first["game"], seed=first["seed"]))


def score_histogram(go, named_charts: list[tuple[str, dict]]):
    """Every city's score and each game's best, from their counts (Tally.charts): each
    distinct score weighted by its count, in bins one point wide (scores are whole points)."""
    figure = go.Figure()
    for name, charts in named_charts:
        for label, counts in ((_("{name}: every city"), charts["totals"]), (_("{name}: winners"), charts["best"])):
            items = counts.sorted_items()
            bins = {"start": items[0][0] - 0.5, "end": items[-1][0] + 0.5, "size": 1} if items else None
            figure.add_histogram(name=chart_label(label.format(name=name)), x=[v for v, _n in items],
                                 y=[n for _v, n in items], histfunc="sum", xbins=bins, opacity=0.6,
                                 histnorm="probability")
    figure.update_layout(title=_("Score distribution"), barmode="overlay", xaxis_title=_("total score"),
                         yaxis_title=_("share of cities"), yaxis_tickformat=".0%")
    return figure


def _box(counts) -> dict:
    """A box plot's figures from a distribution's counts, as plotly.js would compute them
    from the values: quartiles by its default ("linear") method, whiskers at the furthest
    values within 1.5 interquartile ranges, the mean, and the values beyond the whiskers
    (each distinct value once: Plotly draws equal outliers on one another)."""
    q1, median, q3 = (counts.quantile(q) for q in (0.25, 0.5, 0.75))
    values = [v for v, _n in counts.sorted_items()]
    reach = 1.5 * (q3 - q1)
    n = counts.n
    return {"q1": q1, "median": median, "q3": q3, "mean": sum(v * c for v, c in counts.sorted_items()) / n,
            "lowerfence": min(v for v in values if v >= q1 - reach),
            "upperfence": max(v for v in values if v <= q3 + reach),
            "outliers": [v for v in values if v < q1 - reach or v > q3 + reach]}


def category_boxes(go, named_charts, categories):
    figure = go.Figure()
    for name, charts in named_charts:
        shown = [c for c in categories if charts["categories"][c].n]
        boxes = [_box(charts["categories"][c]) for c in shown]
        labels = [chart_label(names().score(c)) for c in shown]
        figure.add_box(name=chart_label(name), x=labels, boxmean=True, legendgroup=name,
                       **{field: [box[field] for box in boxes]
                          for field in ("q1", "median", "q3", "mean", "lowerfence", "upperfence")})
        figure.add_scatter(name=chart_label(name), legendgroup=name, showlegend=False, mode="markers",
                           x=[label for label, box in zip(labels, boxes) for _v in box["outliers"]],
                           y=[v for box in boxes for v in box["outliers"]],
                           marker={"color": figure.data[-1].marker.color or "#636efa", "size": 6})
    figure.update_layout(title=_("Victory points per city by score category"), boxmode="group", yaxis_title=_("points"),
                         showlegend=len(named_charts) > 1)
    return figure


def share_bars(go, named_summaries):
    figure = go.Figure()
    for name, summary in named_summaries:
        figure.add_bar(name=chart_label(name),
                       x=[chart_label(names().score(c["category"])) for c in summary["categories"]],
                       y=[c["share_of_winners"] for c in summary["categories"]])
    figure.update_layout(title=_("Each category's share of the winners' points"), yaxis_tickformat=".0%",
                         barmode="group")
    return figure


def mean_bars(go, sides: list[tuple[str, list[tuple[str, dict]]]], title: str, key: str = "mean"):
    """Grouped bars of means with their 95% intervals: for each side, (label, summary.mean)
    pairs (`key`: the field of the bar's height, "change" for a value study's changes).
    Names and labels are escaped for Plotly's markup (chart_label)."""
    figure = go.Figure()
    for name, items in sides:
        figure.add_bar(name=chart_label(name), x=[chart_label(label) for label, _ in items],
                       y=[m[key] for _, m in items], error_y={"type": "data", "array": [m["ci"] for _, m in items]})
    figure.update_layout(title=title, barmode="group")
    return figure

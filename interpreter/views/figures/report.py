"""The HTML report: one self-contained file (plotly.js, styles and the table sorter are
inline, nothing is fetched), charts drawn by Plotly from the summary and the score
distributions counted as the records came (summary.Tally.charts).

Plotly rather than Altair: its Python package carries plotly.js, so the report is made
and opened with no network, and its charts have hover, zoom and error bars built in.

Every value from records, content and options is untrusted (a records file given to
`--resume` can hold anything): `_text` escapes it for the page, and `_label` for Plotly,
which draws its own pseudo-HTML in names, ticks and hover text; Plotly's JSON escapes `<`,
so nothing can close the script element that carries it.
"""

from __future__ import annotations

import html

from ...i18n import _, decimal, decimal_sign, language, names
from ...sim.compare import plain, verdict_figures
from ...sim.examples import example_note, first_seed
from .compare_text import bounded_lines, not_adapting_line
from .fits_text import fits_lines
from ...sim.figure_words import figure_text, strategy_text
from .summary_text import pct

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1100px; color: #222; }
h1 { font-size: 1.6em; } h2 { margin-top: 2em; border-bottom: 1px solid #ddd; }
.facts { background: #f5f5f5; padding: .8em 1.2em; border-radius: 6px; }
table.sortable { border-collapse: collapse; font-size: .9em; width: 100%; }
table.sortable th { cursor: pointer; background: #eee; position: sticky; top: 0; }
table.sortable th, table.sortable td { padding: .3em .6em; border-bottom: 1px solid #e5e5e5; text-align: right; }
table.sortable td:first-child, table.sortable th:first-child { text-align: left; }
table.sortable th.asc::after { content: " \\25B2"; } table.sortable th.desc::after { content: " \\25BC"; }
.verdict li { margin: .3em 0; } .significant { font-weight: bold; }
.failed { background: #fde8e8; border: 2px solid #b42318; padding: .8em 1.2em; border-radius: 6px; }
"""

# Click a header to sort by that column (numbers by value; again to reverse).
SORTER = """
document.querySelectorAll('table.sortable').forEach(function (table) {
  table.querySelectorAll('th').forEach(function (th, column) {
    th.addEventListener('click', function () {
      var body = table.tBodies[0], rows = Array.from(body.rows);
      var ascending = !th.classList.contains('asc');
      table.querySelectorAll('th').forEach(function (h) { h.classList.remove('asc', 'desc'); });
      th.classList.add(ascending ? 'asc' : 'desc');
      rows.sort(function (a, b) {
        var x = a.cells[column].dataset.value, y = b.cells[column].dataset.value;
        var nx = parseFloat(x), ny = parseFloat(y);
        var order = (!isNaN(nx) && !isNaN(ny)) ? nx - ny : x.localeCompare(y);
        return ascending ? order : -order;
      });
      rows.forEach(function (row) { body.appendChild(row); });
    });
  });
});
"""


def _text(value) -> str:
    """Any value as HTML text (quotes too, so it is safe inside an attribute)."""
    return html.escape(str(value), quote=True)


def _element(tag: str, text) -> str:
    """A heading or paragraph of text (escaped)."""
    return f"<{tag}>{_text(text)}</{tag}>"


def _label(value) -> str:
    """A name as Plotly shows it: its markup (`<b>`, `<a href>`, entities) escaped, so the
    chart shows the name as written and never a link or a tag."""
    return html.escape(str(value), quote=False)


def _plotly():
    try:
        import plotly.graph_objects as go
        from plotly.offline import get_plotlyjs
    except ImportError:
        raise RuntimeError("the HTML report needs Plotly: pip install 'wonders[sim]'") from None
    return go, get_plotlyjs


def _div(figure, name: str) -> str:
    figure.update_layout(template="plotly_white", margin={"l": 60, "r": 20, "t": 50, "b": 60}, height=420,
                         separators=decimal_sign(grouping=True))              # the axes' numbers: Dutch 12,5%
    return figure.to_html(full_html=False, include_plotlyjs=False, div_id=name,
                          config={"displaylogo": False, "responsive": True})


def _page(title: str, body: list[str]) -> str:
    _go, get_plotlyjs = _plotly()
    return (f"<!DOCTYPE html>\n<html lang=\"{language()}\"><head><meta charset=\"utf-8\"><title>{_text(title)}</title>"
            f"<style>{STYLE}</style><script>{get_plotlyjs()}</script></head>\n<body>\n"
            + "\n".join(body) + f"\n<script>{SORTER}</script>\n</body></html>\n")


def _table(headers: list[str], rows: list[list[tuple[str, object]]], name: str) -> str:
    """A sortable table; each cell is (text shown, value sorted by)."""
    head = "".join(f"<th>{_text(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td data-value=\"{_text(v)}\">{_text(t)}</td>"
                                    for t, v in row) + "</tr>" for row in rows)
    return f"<table class=\"sortable\" id=\"{name}\"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _win_bars(go, groups: list[tuple[str, list[dict]]], labels, players: int, title: str, examples=None):
    """Win rates with their Wilson intervals as error bars; one trace per group.
    `examples`: per group, each bar's example games (examples.py): the hover names a seed."""
    figure = go.Figure()
    for k, (name, wins) in enumerate(groups):
        seeds = [_hover_seed(found) for found in examples[k]] if examples else [""] * len(wins)
        figure.add_bar(name=_label(name), x=[_label(x) for x in labels], y=[w["rate"] for w in wins],
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


def _wonder_chart(go, summary: dict):
    wonders = sorted({w["wonder"] for w in summary["wonders"]})
    groups, examples = [], []
    for side in sorted({w["side"] for w in summary["wonders"]}):
        by = {w["wonder"]: w for w in summary["wonders"] if w["side"] == side}
        groups.append((_("side {side}").format(side=side),
                       [by[w]["win"] if w in by else {"rate": 0, "low": 0, "high": 0, "n": 0} for w in wonders]))
        examples.append([by[w].get("examples") if w in by else None for w in wonders])
    return _win_bars(go, groups, [names().city(w) for w in wonders], summary["players"],
                     _("Win rate by wonder and side (95% Wilson intervals)"), examples)


def _hover_seed(examples) -> str:
    """A bar's hover line naming its first example game (Plotly's markup: a `<br>`)."""
    first = first_seed(examples)
    return "" if first is None else "<br>" + _label(_("e.g. game {game} (seed {seed})").format(
        game=first["game"], seed=first["seed"]))


def examples_cell(examples) -> tuple[str, object]:
    """A table cell listing a figure's example games (sorted by the first one's game)."""
    found = _examples_of(examples)
    game = _("game {game} (seed {seed})")
    return ("; ".join(game.format(game=e["game"], seed=e["seed"]) for e in found),
            found[0]["game"] if found else -1)


def _examples_of(examples) -> list[dict]:
    if isinstance(examples, dict):
        return [e for kept in examples.values() for e in kept]
    return list(examples or [])


def verdict_item(figure: dict) -> str:
    """A verdict line as a list item, with the game that shows it most and its replay."""
    first = first_seed(figure.get("examples"))
    line = _text(plain(figure, shown=True))
    if first is None:
        return f"<li>{line}</li>"
    note = _text(example_note(figure.get("examples")))
    replay = f" <code class=\"replay\">{_text(first['replay'])}</code>" if first.get("replay") else ""
    return f"<li>{line}<span class=\"example\">{note}</span>{replay}</li>"


def _score_histogram(go, named_charts: list[tuple[str, dict]]):
    """Every city's score and each game's best, from their counts (Tally.charts): each
    distinct score weighted by its count, in bins one point wide (scores are whole points)."""
    figure = go.Figure()
    for name, charts in named_charts:
        for label, counts in ((_("{name}: every city"), charts["totals"]), (_("{name}: winners"), charts["best"])):
            items = counts.sorted_items()
            bins = {"start": items[0][0] - 0.5, "end": items[-1][0] + 0.5, "size": 1} if items else None
            figure.add_histogram(name=_label(label.format(name=name)), x=[v for v, _n in items],
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


def _category_boxes(go, named_charts, categories):
    figure = go.Figure()
    for name, charts in named_charts:
        shown = [c for c in categories if charts["categories"][c].n]
        boxes = [_box(charts["categories"][c]) for c in shown]
        labels = [_label(names().score(c)) for c in shown]
        figure.add_box(name=_label(name), x=labels, boxmean=True, legendgroup=name,
                       **{field: [box[field] for box in boxes]
                          for field in ("q1", "median", "q3", "mean", "lowerfence", "upperfence")})
        figure.add_scatter(name=_label(name), legendgroup=name, showlegend=False, mode="markers",
                           x=[label for label, box in zip(labels, boxes) for _v in box["outliers"]],
                           y=[v for box in boxes for v in box["outliers"]],
                           marker={"color": figure.data[-1].marker.color or "#636efa", "size": 6})
    figure.update_layout(title=_("Victory points per city by score category"), boxmode="group", yaxis_title=_("points"),
                         showlegend=len(named_charts) > 1)
    return figure


def _shares(go, named_summaries):
    figure = go.Figure()
    for name, summary in named_summaries:
        figure.add_bar(name=_label(name), x=[_label(names().score(c["category"])) for c in summary["categories"]],
                       y=[c["share_of_winners"] for c in summary["categories"]])
    figure.update_layout(title=_("Each category's share of the winners' points"), yaxis_tickformat=".0%",
                         barmode="group")
    return figure


def _facts(summary: dict) -> str:
    f = summary["facts"]
    variants = ", ".join(map(str, summary["variants"])) or _("none")
    return "<p class=\"facts\">" + _text(_(
        "{games} games, {players} players, rules {rules}, variants: {variants}. Winning score {score} "
        "(±{score_ci}), margin {margin}, shared wins {tie}.").format(
        games=summary['games'], players=summary['players'], rules=summary['rules'], variants=variants,
        score=decimal(f"{f['winning_score']['mean']:.1f}"), score_ci=decimal(f"{f['winning_score']['ci']:.1f}"),
        margin=decimal(f"{f['margin']['mean']:.1f}"), tie=pct(f['tie']['rate']))) + "</p>"


def failures(failed: list[dict], finished: int) -> str:
    """The warning a report opens with when games failed: its figures leave them out."""
    if not failed:
        return ""
    game = _("game {game} (seed {seed})")
    rows = "".join(f"<li>{_text(game.format(game=g.get('game'), seed=g.get('seed')))}: "
                   f"{_text(g.get('error'))}<br>replay: <code>{_text(g.get('replay'))}</code></li>"
                   for g in failed[:20])
    more = f"<li>... and {len(failed) - 20} more</li>" if len(failed) > 20 else ""
    warning = _("{failed} game(s) failed and are left out: the figures below come from the {finished} that "
                "finished, a biased sample.").format(failed=len(failed), finished=finished)
    return f"<div class=\"failed\" role=\"alert\"><p><strong>{_text(warning)}</strong></p><ul>{rows}{more}</ul></div>"


def card_table(summary: dict) -> str:
    rows = [[(names().card(c["card"]), names().card(c["card"])), (pct(c["build_rate"]), c["build_rate"]),
             (" ".join(f"{a}:{n}" for a, n in c["ages"].items()), min(map(int, c["ages"]), default=0)),
             (f"{pct(c['win_built']['rate'])} ({pct(c['win_built']['low'])}-{pct(c['win_built']['high'])})",
              c["win_built"]["rate"]),
             (f"{pct(c['win_not']['rate'])} ({pct(c['win_not']['low'])}-{pct(c['win_not']['high'])})",
              c["win_not"]["rate"]),
             (f"{100 * c['difference']:+.1f}", c["difference"]),
             examples_cell(c.get("examples"))] for c in summary["cards"]]
    return _table([_("card"), _("built by"), _("age built: cities"), _("win rate if built (95% CI)"),
                   _("win rate if not"), _("difference (points)"), _("example games")], rows, "cards")


def team_section(go, named_summaries: list[tuple[str, dict]], chart: bool) -> list[str]:
    """The team game's teams (a team's win rate and its players' summed score), as the
    terminal's "By team" table shows them: one pair of columns per side compared; none
    when a side has no teams."""
    if not all(summary.get("teams") for _, summary in named_summaries):
        return []
    teams = sorted({t["team"] for _, summary in named_summaries for t in summary["teams"]})
    by_side = [{t["team"]: t for t in summary["teams"]} for _, summary in named_summaries]
    one = len(named_summaries) == 1
    headers = [_("team")] + (["n"] if one else [])
    for name, _summary in named_summaries:
        prefix = "" if one else f"{name}: "
        headers += [prefix + _("win rate (95% CI)"), prefix + _("team score (95% CI)")]
    rows = []
    for team in teams:
        row = [(str(team), team)]
        if one:
            row.append((str(by_side[0][team]["win"]["n"]), by_side[0][team]["win"]["n"]))
        for found in by_side:
            t = found.get(team)
            if t is None:
                row += [("", -1), ("", -1)]
                continue
            win, score = t["win"], t["score"]
            row += [(f"{pct(win['rate'])} ({pct(win['low'])}-{pct(win['high'])})", win["rate"]),
                    (f"{score['mean']:.1f} (±{score['ci']:.1f})", score["mean"])]
        rows.append(row)
    out = [_element("h2", _("Teams")) + _element("p", _("A team's score is its players' totals summed; "
                                                         "a shared win counts once for the team."))]
    if chart:
        name, summary = named_summaries[0]
        out.append(_div(_win_bars(go, [(_("team"), [t["win"] for t in summary["teams"]])],
                                  [_("team {team}").format(team=t["team"]) for t in summary["teams"]],
                                  len(summary["teams"]), _("Win rate by team (95% Wilson intervals)")),
                        "chart-teams"))
    return out + [_table(headers, rows, "teams")]


def simulate_report(summary: dict, charts: dict) -> str:
    """`charts`: the distributions the summary's Tally counted (Tally.charts)."""
    go, _js = _plotly()
    if not summary["games"]:
        return _page("wonders simulate", ["<h1>wonders simulate</h1>" + _element("p", _("No game finished.")),
                                          failures(summary["failed"], 0)])
    categories = [c["category"] for c in summary["categories"]]
    seats = _win_bars(go, [(_("seat"), [s["win"] for s in summary["seats"]])],
                      [_("seat {seat}").format(seat=s['seat']) for s in summary["seats"]], summary["players"],
                      _("Win rate by seat (95% Wilson intervals)"), [[s.get("examples") for s in summary["seats"]]])
    games = _("games")

    def heading(text):
        return _element("h2", text)
    body = [_element("h1", _("Balance report")), failures(summary["failed"], summary["games"]), _facts(summary),
            heading(_("Wonders")), _div(_wonder_chart(go, summary), "chart-wonders"),
            heading(_("Seats")), _div(seats, "chart-seats"),
            *team_section(go, [(_("cities"), summary)], chart=True),
            *_arc_section(summary),
            heading(_("Scores")), _div(_score_histogram(go, [(games, charts)]), "chart-scores"),
            _div(_category_boxes(go, [(games, charts)], categories), "chart-categories"),
            _div(_shares(go, [(_("winners"), summary)]), "chart-shares"),
            *_strategy_section(go, [(_("cities"), summary)])]
    if summary.get("values"):
        from .values_report import value_section
        body += _value_html(go, value_section(summary["values"], summary["players"]))
    from .values_text import BIASED
    body += [heading(_("Cards")) + f"<p class=\"note\">{_text(_(BIASED))}</p>"
             + _element("p", _("Click a column to sort.")), card_table(summary)]
    return _page(_("wonders simulate: balance report"), body)


def _value_section(go, result: dict, a: str, b: str) -> list[str]:
    """compare --value's figures (values_report.py), or nothing."""
    if not result.get("values"):
        return []
    from .values_report import compare_value_section
    return _value_html(go, compare_value_section(result["values"], a, b))


def _value_html(go, section: dict) -> list[str]:
    """A value study's section (values_report.py): its heading and text, the bars of the
    changes with their intervals, and its table."""
    figure = go.Figure()
    for name, bars in section["bars"]:
        figure.add_bar(name=_label(name), x=[_label(label) for label, _ in bars], y=[c["change"] for _, c in bars],
                       error_y={"type": "data", "array": [c["ci"] for _, c in bars]})
    figure.update_layout(title=section["chart"], barmode="group")
    return [_element("h2", section["title"]) + _element("p", section["text"]), _div(figure, "chart-values"),
            _table(section["headers"], section["rows"], "values")]


def _arc_section(summary: dict) -> list[str]:
    return arc_section(summary.get("arc"))


# the arc's four rows need no sorting: styled like the sortable tables, without their script
ARC_STYLE = ("<style>table.arc { border-collapse: collapse; font-size: .9em; width: 100%; } table.arc th "
             "{ background: #eee; } table.arc th, table.arc td { padding: .3em .6em; border-bottom: 1px solid "
             "#e5e5e5; text-align: left; }</style>")


def arc_section(arc: dict | None) -> list[str]:
    """The arc of a game: each figure, its interval and the game that shows it (its seed
    and the command that plays it again)."""
    from .arc_text import arc_rows
    if not arc:
        return []
    head = "".join(f"<th>{_text(h)}</th>" for h in (_("figure"), _("mean"), _("95% CI"), _("fair share"),
                                                      _("example")))
    body = "".join("<tr>" + "".join(f"<td>{_text(cell)}</td>" for cell in row[:5]) + "</tr>" for row in arc_rows(arc))
    replays = [f["example"]["replay"] for f in arc.values() if isinstance(f, dict) and f.get("example")
               and f["example"].get("replay")]
    listed = "".join(f"<li><code>{_text(r)}</code></li>" for r in dict.fromkeys(replays))
    again = _("Play an example again:")
    return [_element("h2", _("The arc of a game")),
            _element("p", _("Each city's position valued by rollouts after every turn, over {games} games; each "
                            "figure links to the game that shows it best.").format(games=arc["games"])),
            ARC_STYLE + f"<table class=\"arc\" id=\"arc\"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
            + (f"<p>{_text(again)}</p><ul>{listed}</ul>" if listed else "")]


def _strategy_section(go, named_summaries: list[tuple[str, dict]]) -> list[str]:
    """How the players played: each strategy figure per city, side by side (none for
    records made before strategy figures were recorded)."""
    if not all(summary.get("strategy") for _, summary in named_summaries):
        return []
    figure = _mean_bars(go, [(name, [(strategy_text(f["figure"]), f["per_city"]) for f in summary["strategy"]])
                             for name, summary in named_summaries],
                        _("Strategy: per city at the game's end (95% intervals)"))
    # each colour's cards dealt per city, a mark over its bars: the most the cities can build
    dealt = [(name, summary) for name, summary in named_summaries
             if any("dealt_per_city" in f for f in summary["strategy"])]
    same = len({_dealt_key(summary) for _, summary in dealt}) == 1
    for name, summary in (dealt[-1:] if same else dealt):
        shown = [f for f in summary["strategy"] if "dealt_per_city" in f]
        figure.add_scatter(name=_label(_("cards dealt") if same else _("cards dealt ({side})").format(side=name)),
                           x=[_label(strategy_text(f["figure"])) for f in shown],
                           y=[f["dealt_per_city"] for f in shown], mode="markers",
                           marker={"symbol": "line-ew-open", "size": 28, "line": {"width": 3}})
    return [_element("h2", _("Strategy")), _div(figure, "chart-strategy")]


def _dealt_key(summary: dict) -> tuple:
    return tuple((f["figure"], round(f["dealt_per_city"], 6)) for f in summary["strategy"] if "dealt_per_city" in f)


def _mean_bars(go, sides: list[tuple[str, list[tuple[str, dict]]]], title: str):
    """Grouped bars of means with their 95% intervals: for each side, (label, summary.mean) pairs.
    Names and labels are escaped for Plotly's markup (_label)."""
    figure = go.Figure()
    for name, items in sides:
        figure.add_bar(name=_label(name), x=[_label(label) for label, _ in items], y=[m["mean"] for _, m in items],
                       error_y={"type": "data", "array": [m["ci"] for _, m in items]})
    figure.update_layout(title=title, barmode="group")
    return figure


def compare_report(result: dict, summary_a: dict, summary_b: dict,
                   charts_a: dict | None = None, charts_b: dict | None = None) -> str:
    """`charts_a`, `charts_b`: the distributions of each side's Tally (Tally.charts)."""
    go, _js = _plotly()
    from .compare_text import side_names
    a, b = side_names(result)
    verdict = "".join(verdict_item(f) for f in verdict_figures(result["figures"])) \
        or _element("li", _("No figure differs significantly."))
    wonders = sorted({(w["wonder"], w["side"]) for w in summary_a["wonders"]})
    by_a = {(w["wonder"], w["side"]): w for w in summary_a["wonders"]}
    by_b = {(w["wonder"], w["side"]): w for w in summary_b["wonders"]}
    empty = {"win": {"rate": 0, "low": 0, "high": 0, "n": 0}}
    wonder_chart = _win_bars(go, [(a, [by_a.get(w, empty)["win"] for w in wonders]),
                                  (b, [by_b.get(w, empty)["win"] for w in wonders])],
                             [f"{names().city(w)} {s}" for w, s in wonders], summary_a["players"] or 1,
                             _("Win rate by wonder and side (95% Wilson intervals)"),
                             [[by.get(w, empty).get("examples") for w in wonders] for by in (by_a, by_b)])
    means = _mean_bars(go, [(name, [(names().score(c["category"]), c["points"]) for c in summary["categories"]])
                            for name, summary in ((a, summary_a), (b, summary_b))],
                       _("Mean points per city by category (95% intervals)"))
    rows = [[(figure_text(f), figure_text(f)), (f"{f['a']:.3g}", f["a"]), (f"{f['b']:.3g}", f["b"]),
             (f"{f['difference']:+.3g} ± {f['ci']:.2g}", f["difference"]), (f"{f['p_holm']:.3g}", f["p_holm"]),
             (_("yes") if f["significant"] else "", int(f["significant"])), examples_cell(f.get("examples"))]
            for f in result["figures"]]
    body = [_element("h1", _("{b} against {a}").format(a=a, b=b)),
            failures(result.get("failed", summary_a["failed"] + summary_b["failed"]), result["games"][0]),
            "<p class=\"facts\">" + _text(_("{games} games on each side, on the same seeds. Significance: 5% after "
                                             "Holm's correction for {figures} figures.").format(
                games=result['games'][0], figures=len(result['figures']))) + "</p>",
            _element("h2", _("Verdict")) + f"<ul class=\"verdict\">{verdict}</ul>",
            *[f"<p class=\"note\">{_text(line)}</p>" for line in bounded_lines(result)],
            *([f"<p class=\"note\">{_text(not_adapting_line(result['not_adapting']))}</p>"]
              if result.get("not_adapting") else []),
            *([f"<p class=\"note\">{'<br>'.join(_text(line) for line in fits_lines(result['fits']))}</p>"]
              if result.get("fits") else []),
            *_value_section(go, result, a, b),
            *_strategy_section(go, [(a, summary_a), (b, summary_b)]),
            *team_section(go, [(a, summary_a), (b, summary_b)], chart=False),
            _element("h2", _("Wonders")), _div(wonder_chart, "chart-wonders"),
            _element("h2", _("Scores")), _div(means, "chart-categories"),
            _div(_shares(go, [(a, summary_a), (b, summary_b)]), "chart-shares")]
    if charts_a is not None and charts_b is not None:
        body.append(_div(_score_histogram(go, [(a, charts_a), (b, charts_b)]), "chart-scores"))
    body += [_element("h2", _("Every figure")) + _element("p", _("Click a column to sort.")),
             _table([_("figure"), a, b, _("difference (95% CI)"), _("p (Holm)"), _("significant"),
                     _("example games")], rows, "figures")]
    return _page(_("wonders compare: {b} against {a}").format(a=a, b=b), body)

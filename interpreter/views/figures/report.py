"""The HTML reports of `simulate` and `compare`: their sections (the facts, the verdict,
wonders, seats, teams, scores, strategy, the arc of a game, value studies, the cards' and
the figures' tables) in order, each from the summary and the score distributions counted as
the records came (summary.Tally.charts).  The page they stand on and its escaping are
page.py's; the Plotly figures, charts.py's.

Plotly rather than Altair: its Python package carries plotly.js, so the report is made
and opened with no network, and its charts have hover, zoom and error bars built in.
"""

from __future__ import annotations

from ...i18n import _, decimal, names
from ...sim.compare import plain, verdict_figures
from ...sim.examples import example_note, first_seed
from ...sim.figure_words import figure_text, strategy_text
from .charts import category_boxes, mean_bars, score_histogram, share_bars, win_bars, wonder_chart
from .compare_text import bounded_lines, not_adapting_line
from .fits_text import fits_lines
from .page import chart_div, chart_label, element, escaped, failures, load_plotly, page, sortable_table
from .summary_text import pct


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
    line = escaped(plain(figure, shown=True))
    if first is None:
        return f"<li>{line}</li>"
    note = escaped(example_note(figure.get("examples")))
    replay = f" <code class=\"replay\">{escaped(first['replay'])}</code>" if first.get("replay") else ""
    return f"<li>{line}<span class=\"example\">{note}</span>{replay}</li>"


def _facts(summary: dict) -> str:
    f = summary["facts"]
    variants = ", ".join(map(str, summary["variants"])) or _("none")
    return "<p class=\"facts\">" + escaped(_(
        "{games} games, {players} players, rules {rules}, variants: {variants}. Winning score {score} "
        "(±{score_ci}), margin {margin}, shared wins {tie}.").format(
        games=summary['games'], players=summary['players'], rules=summary['rules'], variants=variants,
        score=decimal(f"{f['winning_score']['mean']:.1f}"), score_ci=decimal(f"{f['winning_score']['ci']:.1f}"),
        margin=decimal(f"{f['margin']['mean']:.1f}"), tie=pct(f['tie']['rate']))) + "</p>"


def card_table(summary: dict) -> str:
    rows = [[(names().card(c["card"]), names().card(c["card"])), (pct(c["build_rate"]), c["build_rate"]),
             (" ".join(f"{a}:{n}" for a, n in c["ages"].items()), min(map(int, c["ages"]), default=0)),
             (f"{pct(c['win_built']['rate'])} ({pct(c['win_built']['low'])}-{pct(c['win_built']['high'])})",
              c["win_built"]["rate"]),
             (f"{pct(c['win_not']['rate'])} ({pct(c['win_not']['low'])}-{pct(c['win_not']['high'])})",
              c["win_not"]["rate"]),
             (f"{100 * c['difference']:+.1f}", c["difference"]),
             examples_cell(c.get("examples"))] for c in summary["cards"]]
    return sortable_table([_("card"), _("built by"), _("age built: cities"), _("win rate if built (95% CI)"),
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
    out = [element("h2", _("Teams")) + element("p", _("A team's score is its players' totals summed; "
                                                         "a shared win counts once for the team."))]
    if chart:
        name, summary = named_summaries[0]
        out.append(chart_div(win_bars(go, [(_("team"), [t["win"] for t in summary["teams"]])],
                                  [_("team {team}").format(team=t["team"]) for t in summary["teams"]],
                                  len(summary["teams"]), _("Win rate by team (95% Wilson intervals)")),
                        "chart-teams"))
    return out + [sortable_table(headers, rows, "teams")]


def simulate_report(summary: dict, charts: dict) -> str:
    """`charts`: the distributions the summary's Tally counted (Tally.charts)."""
    go, _js = load_plotly()
    if not summary["games"]:
        return page("wonders simulate", ["<h1>wonders simulate</h1>" + element("p", _("No game finished.")),
                                          failures(summary["failed"], 0)])
    categories = [c["category"] for c in summary["categories"]]
    seats = win_bars(go, [(_("seat"), [s["win"] for s in summary["seats"]])],
                      [_("seat {seat}").format(seat=s['seat']) for s in summary["seats"]], summary["players"],
                      _("Win rate by seat (95% Wilson intervals)"), [[s.get("examples") for s in summary["seats"]]])
    games = _("games")

    def heading(text):
        return element("h2", text)
    body = [element("h1", _("Balance report")), failures(summary["failed"], summary["games"]), _facts(summary),
            heading(_("Wonders")), chart_div(wonder_chart(go, summary), "chart-wonders"),
            heading(_("Seats")), chart_div(seats, "chart-seats"),
            *team_section(go, [(_("cities"), summary)], chart=True),
            *_arc_section(summary),
            heading(_("Scores")), chart_div(score_histogram(go, [(games, charts)]), "chart-scores"),
            chart_div(category_boxes(go, [(games, charts)], categories), "chart-categories"),
            chart_div(share_bars(go, [(_("winners"), summary)]), "chart-shares"),
            *_strategy_section(go, [(_("cities"), summary)])]
    if summary.get("values"):
        from .values_report import value_section
        body += _value_html(go, value_section(summary["values"], summary["players"]))
    from .values_text import BIASED
    body += [heading(_("Cards")) + f"<p class=\"note\">{escaped(_(BIASED))}</p>"
             + element("p", _("Click a column to sort.")), card_table(summary)]
    return page(_("wonders simulate: balance report"), body)


def _value_section(go, result: dict, a: str, b: str) -> list[str]:
    """compare --value's figures (values_report.py), or nothing."""
    if not result.get("values"):
        return []
    from .values_report import compare_value_section
    return _value_html(go, compare_value_section(result["values"], a, b))


def _value_html(go, section: dict) -> list[str]:
    """A value study's section (values_report.py): its heading and text, the bars of the
    changes with their intervals, and its table."""
    figure = mean_bars(go, section["bars"], section["chart"], key="change")
    return [element("h2", section["title"]) + element("p", section["text"]), chart_div(figure, "chart-values"),
            sortable_table(section["headers"], section["rows"], "values")]


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
    head = "".join(f"<th>{escaped(h)}</th>" for h in (_("figure"), _("mean"), _("95% CI"), _("fair share"),
                                                      _("example")))
    body = "".join("<tr>" + "".join(f"<td>{escaped(cell)}</td>" for cell in row[:5]) + "</tr>" for row in arc_rows(arc))
    replays = [f["example"]["replay"] for f in arc.values() if isinstance(f, dict) and f.get("example")
               and f["example"].get("replay")]
    listed = "".join(f"<li><code>{escaped(r)}</code></li>" for r in dict.fromkeys(replays))
    again = _("Play an example again:")
    return [element("h2", _("The arc of a game")),
            element("p", _("Each city's position valued by rollouts after every turn, over {games} games; each "
                            "figure links to the game that shows it best.").format(games=arc["games"])),
            ARC_STYLE + f"<table class=\"arc\" id=\"arc\"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
            + (f"<p>{escaped(again)}</p><ul>{listed}</ul>" if listed else "")]


def _strategy_section(go, named_summaries: list[tuple[str, dict]]) -> list[str]:
    """How the players played: each strategy figure per city, side by side (none for
    records made before strategy figures were recorded)."""
    if not all(summary.get("strategy") for _, summary in named_summaries):
        return []
    figure = mean_bars(go, [(name, [(strategy_text(f["figure"]), f["per_city"]) for f in summary["strategy"]])
                             for name, summary in named_summaries],
                        _("Strategy: per city at the game's end (95% intervals)"))
    # each colour's cards dealt per city, a mark over its bars: the most the cities can build
    dealt = [(name, summary) for name, summary in named_summaries
             if any("dealt_per_city" in f for f in summary["strategy"])]
    same = len({_dealt_key(summary) for _, summary in dealt}) == 1
    for name, summary in (dealt[-1:] if same else dealt):
        shown = [f for f in summary["strategy"] if "dealt_per_city" in f]
        figure.add_scatter(name=chart_label(_("cards dealt") if same else _("cards dealt ({side})").format(side=name)),
                           x=[chart_label(strategy_text(f["figure"])) for f in shown],
                           y=[f["dealt_per_city"] for f in shown], mode="markers",
                           marker={"symbol": "line-ew-open", "size": 28, "line": {"width": 3}})
    return [element("h2", _("Strategy")), chart_div(figure, "chart-strategy")]


def _dealt_key(summary: dict) -> tuple:
    return tuple((f["figure"], round(f["dealt_per_city"], 6)) for f in summary["strategy"] if "dealt_per_city" in f)


def compare_report(result: dict, summary_a: dict, summary_b: dict,
                   charts_a: dict | None = None, charts_b: dict | None = None) -> str:
    """`charts_a`, `charts_b`: the distributions of each side's Tally (Tally.charts)."""
    go, _js = load_plotly()
    from .compare_text import side_names
    a, b = side_names(result)
    verdict = "".join(verdict_item(f) for f in verdict_figures(result["figures"])) \
        or element("li", _("No figure differs significantly."))
    wonders = sorted({(w["wonder"], w["side"]) for w in summary_a["wonders"]})
    by_a = {(w["wonder"], w["side"]): w for w in summary_a["wonders"]}
    by_b = {(w["wonder"], w["side"]): w for w in summary_b["wonders"]}
    empty = {"win": {"rate": 0, "low": 0, "high": 0, "n": 0}}
    wonder_chart = win_bars(go, [(a, [by_a.get(w, empty)["win"] for w in wonders]),
                                  (b, [by_b.get(w, empty)["win"] for w in wonders])],
                             [f"{names().city(w)} {s}" for w, s in wonders], summary_a["players"] or 1,
                             _("Win rate by wonder and side (95% Wilson intervals)"),
                             [[by.get(w, empty).get("examples") for w in wonders] for by in (by_a, by_b)])
    means = mean_bars(go, [(name, [(names().score(c["category"]), c["points"]) for c in summary["categories"]])
                            for name, summary in ((a, summary_a), (b, summary_b))],
                       _("Mean points per city by category (95% intervals)"))
    rows = [[(figure_text(f), figure_text(f)), (f"{f['a']:.3g}", f["a"]), (f"{f['b']:.3g}", f["b"]),
             (f"{f['difference']:+.3g} ± {f['ci']:.2g}", f["difference"]), (f"{f['p_holm']:.3g}", f["p_holm"]),
             (_("yes") if f["significant"] else "", int(f["significant"])), examples_cell(f.get("examples"))]
            for f in result["figures"]]
    body = [element("h1", _("{b} against {a}").format(a=a, b=b)),
            failures(result.get("failed", summary_a["failed"] + summary_b["failed"]), result["games"][0]),
            "<p class=\"facts\">" + escaped(_("{games} games on each side, on the same seeds. Significance: 5% after "
                                             "Holm's correction for {figures} figures.").format(
                games=result['games'][0], figures=len(result['figures']))) + "</p>",
            element("h2", _("Verdict")) + f"<ul class=\"verdict\">{verdict}</ul>",
            *[f"<p class=\"note\">{escaped(line)}</p>" for line in bounded_lines(result)],
            *([f"<p class=\"note\">{escaped(not_adapting_line(result['not_adapting']))}</p>"]
              if result.get("not_adapting") else []),
            *([f"<p class=\"note\">{'<br>'.join(escaped(line) for line in fits_lines(result['fits']))}</p>"]
              if result.get("fits") else []),
            *_value_section(go, result, a, b),
            *_strategy_section(go, [(a, summary_a), (b, summary_b)]),
            *team_section(go, [(a, summary_a), (b, summary_b)], chart=False),
            element("h2", _("Wonders")), chart_div(wonder_chart, "chart-wonders"),
            element("h2", _("Scores")), chart_div(means, "chart-categories"),
            chart_div(share_bars(go, [(a, summary_a), (b, summary_b)]), "chart-shares")]
    if charts_a is not None and charts_b is not None:
        body.append(chart_div(score_histogram(go, [(a, charts_a), (b, charts_b)]), "chart-scores"))
    body += [element("h2", _("Every figure")) + element("p", _("Click a column to sort.")),
             sortable_table([_("figure"), a, b, _("difference (95% CI)"), _("p (Holm)"), _("significant"),
                     _("example games")], rows, "figures")]
    return page(_("wonders compare: {b} against {a}").format(a=a, b=b), body)

"""The HTML report of the skill-tier matrix (`simulate --skill`, `compare --skill`): the
page, escaping and tables of page.py."""

from __future__ import annotations

from ...i18n import _
from .page import chart_div, chart_label, element, escaped, failures, load_plotly, page, sortable_table
from ...sim.skill import skill_line
from .skill_text import gap_line, matrix
from .summary_text import pct


def _heatmap(go, summary: dict, title: str):
    tiers, cells = summary["tiers"], matrix(summary)
    z = [[cells.get((row, column)) for column in tiers] for row in tiers]
    figure = go.Figure(go.Heatmap(z=z, x=[chart_label(t) for t in tiers], y=[chart_label(t) for t in tiers],
                                  zmin=0, zmax=1, colorscale="RdBu", reversescale=True, texttemplate="%{z:.0%}",
                                  hovertemplate="%{y} against %{x}: %{z:.1%}<extra></extra>"))
    figure.update_layout(title=title, yaxis_autorange="reversed")
    return figure


def _pair_name(pair: dict) -> str:
    return _("{stronger} against {weaker}").format(stronger=pair["stronger"], weaker=pair["weaker"])


def _upset(upset: dict | None) -> str:
    """A weaker tier's best game: its number and seed, and the command that plays it again."""
    if not upset:
        return ""
    shown = _("game {game} (seed {seed})").format(game=upset["game"], seed=upset["seed"])
    return f"{shown}: {upset['replay']}" if upset.get("replay") else shown


def skill_report(summary: dict) -> str:
    go, _js = load_plotly()
    rows = [[(_pair_name(p), _pair_name(p)), (str(p["games"]), p["games"]),
             (f"{pct(p['win']['rate'])} ({pct(p['win']['low'])}-{pct(p['win']['high'])})", p["win"]["rate"]),
             (pct(p["fair"]), p["fair"]),
             (_upset(p["upset"]),
              p["upset"]["game"] if p["upset"] else -1)] for p in summary["pairs"]]
    body = [element("h1", _("Skill tiers at {players} players").format(players=summary["players"])),
            failures(summary["failed"], sum(p["games"] for p in summary["pairs"])),
            f"<p class=\"facts\">{escaped(gap_line(summary['gap']))}</p>",
            chart_div(_heatmap(go, summary, _("Win rate of the row's tier against the column's")), "chart-skill"),
            sortable_table([_("pair"), _("games"), _("win rate of the stronger (95% CI)"), _("fair share"),
                            _("an upset")], rows, "skill-pairs")]
    return page(_("wonders simulate --skill"), body)


def skill_compare_report(result: dict) -> str:
    go, _js = load_plotly()
    from .compare_text import side_names
    a, b = side_names(result)
    changes = result["changes"]
    figure = go.Figure()
    for name, side in ((a, result["skill_a"]), (b, result["skill_b"])):
        wins = [p["win"] for p in side["pairs"]]
        figure.add_bar(name=chart_label(name), x=[chart_label(_pair_name(p)) for p in side["pairs"]],
                       y=[w["rate"] for w in wins],
                       error_y={"type": "data", "symmetric": False, "array": [w["high"] - w["rate"] for w in wins],
                                "arrayminus": [w["rate"] - w["low"] for w in wins]})
    figure.update_layout(title=_("Win rate of the stronger tier (95% Wilson intervals)"), yaxis_tickformat=".0%",
                         barmode="group")
    verdict = "".join(f"<li>{escaped(skill_line(c, shown=True))}</li>" for c in changes if c["significant"]) \
        or element("li", _("No pair's win rate changed significantly."))
    rows = [[(_pair_name(c), _pair_name(c)), (str(c["games"]), c["games"]), (pct(c["a"]), c["a"]),
             (pct(c["b"]), c["b"]), (f"{100 * c['difference']:+.1f} ± {100 * c['ci']:.1f}", c["difference"]),
             (f"{c['p_holm']:.3g}", c["p_holm"]), (_("yes") if c["significant"] else "", int(c["significant"]))]
            for c in changes]
    gap = result["gap"]
    gap_text = "" if gap is None else _("Skill gap: {a} → {b} points ({difference}, ±{ci})").format(
        a=f"{100 * gap['a']:+.1f}", b=f"{100 * gap['b']:+.1f}", difference=f"{100 * gap['difference']:+.1f}",
        ci=f"{100 * gap['ci']:.1f}")
    body = [element("h1", _("Skill tiers: {b} against {a}").format(a=a, b=b)),
            failures(result["failed"], sum(c["games"] for c in changes)),
            f"<p class=\"facts\">{escaped(gap_text)}</p>",
            element("h2", _("Verdict")) + f"<ul class=\"verdict\">{verdict}</ul>",
            chart_div(figure, "chart-skill-change"),
            sortable_table([_("pair"), _("games"), a, b, _("difference (95% CI)"), _("p (Holm)"), _("significant")],
                           rows, "skill-changes"),
            chart_div(_heatmap(go, result["skill_a"], a), "chart-skill-a"),
            chart_div(_heatmap(go, result["skill_b"], b), "chart-skill-b")]
    return page(_("wonders compare --skill: {b} against {a}").format(a=a, b=b), body)

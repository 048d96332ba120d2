"""The summary as text tables for the terminal."""

from __future__ import annotations

from .arc_text import arc_text
from ...sim.figure_words import strategy_text
from .fits_text import fits_lines
from ...i18n import _, decimal, names
from ..table import render_table
from ...sim.summary import RARE


def pct(value: float) -> str:
    return decimal(f"{100 * value:.1f}%")


def win_cells(win: dict) -> list[str]:
    return [pct(win["rate"]), f"{pct(win['low'])}-{pct(win['high'])}"]


def score_cells(score: dict) -> list[str]:
    return [decimal(f"{score['mean']:.1f}"), decimal(f"±{score['ci']:.1f}")]


def _group_table(title: str, headers: list[str], rows: list[tuple[list[str], dict]]) -> str:
    table = render_table(headers + ["n", _("win rate"), _("95% CI"), _("mean score"), _("95% CI")],
                         [label + [str(g["win"]["n"])] + win_cells(g["win"]) + score_cells(g["score"])
                          for label, g in rows])
    return f"{title}\n{table}"


def summary_text(summary: dict, cards: int = 15) -> str:
    if not summary["games"]:
        return _("No game finished.") + "\n" + failures_text(summary)
    n = names()
    facts = summary["facts"]
    variants = ", ".join(summary["variants"]) or _("none")
    out = [failure_warning(summary["failed"], summary["games"])
           + _("{games} games, {players} players, rules {rules}, variants: {variants}").format(
               games=summary["games"], players=summary["players"], rules=summary["rules"], variants=variants),
           _("winning score {score} (±{score_ci}), margin {margin} (±{margin_ci}), shared wins {tie} ({low}-{high}), "
             "{turns} turns a game").format(
               score=decimal(f"{facts['winning_score']['mean']:.1f}"), score_ci=decimal(f"{facts['winning_score']['ci']:.1f}"),
               margin=decimal(f"{facts['margin']['mean']:.1f}"), margin_ci=decimal(f"{facts['margin']['ci']:.1f}"),
               tie=pct(facts['tie']['rate']), low=pct(facts['tie']['low']), high=pct(facts['tie']['high']),
               turns=decimal(f"{facts['turns']['mean']:.0f}")), ""]
    if summary.get("fits"):
        out += [*fits_lines(summary["fits"]), ""]
    if summary.get("arc"):
        out += [arc_text(summary["arc"])]
    out.append(_group_table(_("By seat"), [_("seat")], [([str(g["seat"])], g) for g in summary["seats"]]))
    if summary.get("teams"):
        out.append(_group_table(_("By team (score: the team's total)"), [_("team")],
                                [([str(g["team"])], g) for g in summary["teams"]]))
    out.append(_group_table(_("By wonder and side"), [_("wonder"), _("side")],
                            [([n.city(g["wonder"]), g["side"]], g) for g in summary["wonders"]]))
    out.append(_group_table(_("By bot"), [_("bot")], [([g["bot"]], g) for g in summary["bots"]]))
    out.append(_("Score categories (per city)") + "\n" + render_table(
        [_("category"), _("mean"), _("sd"), _("95% CI"), _("share of winners' points")],
        [[n.score(c["category"]), decimal(f"{c['points']['mean']:.2f}"), decimal(f"{c['points']['sd']:.2f}"), decimal(f"±{c['points']['ci']:.2f}"),
          pct(c["share_of_winners"])] for c in summary["categories"]]))
    if summary.get("strategy"):
        out.append(_("Strategy (per city, at the game's end)") + "\n" + render_table(
            [_("figure"), _("mean"), _("sd"), _("95% CI"), _("dealt")],
            [[strategy_text(f["figure"]), decimal(f"{f['per_city']['mean']:.2f}"), decimal(f"{f['per_city']['sd']:.2f}"), decimal(f"±{f['per_city']['ci']:.2f}"),
              decimal(f"{f['dealt_per_city']:.2f}") if "dealt_per_city" in f else ""]
             for f in summary["strategy"]]))
    if summary.get("values"):
        from .values_text import value_text
        out.append(value_text(summary["values"], summary["players"]))
    shown = summary["cards"][:cards]
    total = len(summary["cards"])
    limited = " " + _("(the first {shown}; --format json has all {total})").format(shown=len(shown), total=total) \
        if total > len(shown) else ""
    out.append(_("Cards: win rate of the cities that built each against those that did not (biased, not the "
                 "card's effect: a card is built by the cities that can afford and use it, often those already "
                 "leading; --value measures its effect), largest difference first, those built by fewer than "
                 "{rare} cities last").format(rare=RARE) + limited + "\n"
               + render_table([_("card"), _("built"), _("ages"), _("win if built"), _("95% CI"), _("win if not"),
                               _("95% CI"), _("difference")],
                              [[n.card(c["card"]), pct(c["build_rate"]),
                                " ".join(f"{a}:{k}" for a, k in c["ages"].items()),
                                *win_cells(c["win_built"]), *win_cells(c["win_not"]),
                                _("{points} pts").format(points=decimal(f"{100 * c['difference']:+.1f}"))] for c in shown]))
    return "\n".join(out) + failures_text(summary)


def failure_warning(failed: list[dict], finished: int) -> str:
    """The line a summary opens with when games failed: its figures leave them out."""
    if not failed:
        return ""
    return (f"WARNING: {len(failed)} of {len(failed) + finished} games failed and are left out of every figure "
            f"below: the figures come from the {finished} that finished, a biased sample (each failure is "
            "listed at the end, with the command that replays it)\n\n")


def failures_text(summary: dict) -> str:
    if not summary["failed"]:
        return ""
    lines = [f"\n{len(summary['failed'])} game(s) failed (left out of the figures above):"]
    for f in summary["failed"][:20]:
        under = f" under {f['rules']}" if "rules" in f else ""
        lines.append(f"  game {f['game']}{under} (seed {f['seed']}): {f['error']}\n    replay: {f['replay']}")
    if len(summary["failed"]) > 20:
        lines.append(f"  ... and {len(summary['failed']) - 20} more (all are in --format json)")
    return "\n".join(lines) + "\n"

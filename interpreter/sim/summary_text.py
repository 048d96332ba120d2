"""The summary as text tables for the terminal."""

from __future__ import annotations

from ..tools.table import render_table
from .summary import RARE


def pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def win_cells(win: dict) -> list[str]:
    return [pct(win["rate"]), f"{pct(win['low'])}-{pct(win['high'])}"]


def score_cells(score: dict) -> list[str]:
    return [f"{score['mean']:.1f}", f"±{score['ci']:.1f}"]


def _group_table(title: str, headers: list[str], rows: list[tuple[list[str], dict]]) -> str:
    table = render_table(headers + ["n", "win rate", "95% CI", "mean score", "95% CI"],
                         [label + [str(g["win"]["n"])] + win_cells(g["win"]) + score_cells(g["score"])
                          for label, g in rows])
    return f"{title}\n{table}"


def summary_text(summary: dict, cards: int = 15) -> str:
    if not summary["games"]:
        return "No game finished.\n" + failures_text(summary)
    facts = summary["facts"]
    variants = ", ".join(summary["variants"]) or "none"
    out = [failure_warning(summary["failed"], summary["games"])
           + f"{summary['games']} games, {summary['players']} players, rules {summary['rules']}, variants: {variants}",
           f"winning score {facts['winning_score']['mean']:.1f} (±{facts['winning_score']['ci']:.1f}), "
           f"margin {facts['margin']['mean']:.1f} (±{facts['margin']['ci']:.1f}), "
           f"shared wins {pct(facts['tie']['rate'])} ({pct(facts['tie']['low'])}-{pct(facts['tie']['high'])}), "
           f"{facts['turns']['mean']:.0f} turns a game", ""]
    out.append(_group_table("By seat", ["seat"], [([str(g["seat"])], g) for g in summary["seats"]]))
    out.append(_group_table("By wonder and side", ["wonder", "side"],
                            [([g["wonder"], g["side"]], g) for g in summary["wonders"]]))
    out.append(_group_table("By bot", ["bot"], [([g["bot"]], g) for g in summary["bots"]]))
    out.append("Score categories (per city)\n" + render_table(
        ["category", "mean", "sd", "95% CI", "share of winners' points"],
        [[c["category"], f"{c['points']['mean']:.2f}", f"{c['points']['sd']:.2f}", f"±{c['points']['ci']:.2f}",
          pct(c["share_of_winners"])] for c in summary["categories"]]))
    if summary.get("strategy"):
        out.append("Strategy (per city, at the game's end)\n" + render_table(
            ["figure", "mean", "sd", "95% CI"],
            [[f["figure"], f"{f['per_city']['mean']:.2f}", f"{f['per_city']['sd']:.2f}", f"±{f['per_city']['ci']:.2f}"]
             for f in summary["strategy"]]))
    shown = summary["cards"][:cards]
    total = len(summary["cards"])
    limited = f" (the first {len(shown)}; --format json has all {total})" if total > len(shown) else ""
    out.append("Cards: win rate of the cities that built each against those that did not, "
               f"largest difference first, those built by fewer than {RARE} cities last{limited}\n"
               + render_table(["card", "built", "ages", "win if built", "95% CI", "win if not", "95% CI", "difference"],
                              [[c["card"], pct(c["build_rate"]),
                                " ".join(f"{a}:{n}" for a, n in c["ages"].items()),
                                *win_cells(c["win_built"]), *win_cells(c["win_not"]),
                                f"{100 * c['difference']:+.1f} pts"] for c in shown]))
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

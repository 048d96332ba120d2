"""A value study's figures for the HTML report, as data report.py draws: the bars of each
target's change in the restricted seat's score with its 95 % interval, and the rows of a
sortable table with the win rate, the draft figures and the example games (their seeds:
`wonders play --seed S` plays the game as dealt).  Each cell is (text shown, value sorted
by), as report.py's tables take them."""

from __future__ import annotations

from .values_text import pct, target_name


def _example(found: dict | None) -> str:
    if found is None:
        return ""
    return (f"game {found['game']} (seed {found['seed']}), seat {found['seat']}: "
            f"{found['as_dealt']} → {found['restricted']}")


def value_section(figures: list[dict], players: int) -> dict:
    """simulate --value: the headline card figures (title, text, bars, headers, rows)."""
    bars = [("score", [(target_name(f), f["score"]) for f in figures])]
    rows = []
    for f in figures:
        win, score, built, draft = f["win"], f["score"], f["built"], f["draft"] or {}
        rows.append([(target_name(f), target_name(f)), (str(f["games"]), f["games"]),
                     ("" if f["kind"] == "side" else f"{built['as_dealt']:.2f} → {built['restricted']:.2f}",
                      built["change"]),
                     (f"{pct(win['as_dealt'])} → {pct(win['restricted'])}", win["restricted"]),
                     (f"{100 * win['change']:+.1f} ± {100 * win['ci']:.1f}", win["change"]),
                     (f"{score['as_dealt']:.1f} → {score['restricted']:.1f}", score["restricted"]),
                     (f"{score['change']:+.2f} ± {score['ci']:.2f}", score["change"]),
                     ("" if draft.get("mean_pick") is None else f"{draft['mean_pick']:.1f}",
                      draft.get("mean_pick") or 0),
                     ("" if draft.get("came_back") is None else pct(draft["came_back"]), draft.get("came_back") or 0),
                     (_example(f["examples"]["cost_most"]), f["examples"]["cost_most"]["game"]
                      if f["examples"]["cost_most"] else -1),
                     (_example(f["examples"]["gained_most"]), f["examples"]["gained_most"]["game"]
                      if f["examples"]["gained_most"] else -1)])
    text = (f"Each game played again with one seat (game i: seat i mod {players}) forbidden the card or colour, made "
            "to build it whenever it can, or given the wonder side: the change in that seat's win rate and score, "
            "paired by deal. Mean pick: the turn of its age at which a city took the card; comes back: how often it "
            "was still in a hand that came back round to a city that had held it. An example game's seed plays the "
            "game as dealt with wonders play --seed.")
    return {"title": "What a card is worth (restricted play)", "text": text, "bars": bars,
            "chart": "Change in the restricted seat's mean score (95% intervals)",
            "headers": ["value", "games", "built by the seat", "win rate", "change (points, 95% CI)", "mean score",
                        "change (95% CI)", "mean pick", "comes back", "cost most", "gained most"], "rows": rows}


def compare_value_section(values: dict, a: str, b: str) -> dict:
    """compare --value (`values`: each side's figures, "a" and "b", and their "change"):
    each target's effect under both rule sets, with its interval, and its change."""
    figures = values["change"]
    bars = [(name, [(target_name(f), f["score"]) for f in values[side]]) for name, side in ((a, "a"), (b, "b"))]
    rows = [[(target_name(f), target_name(f)), (str(f["score"]["n"]), f["score"]["n"]),
             (f"{f['score']['a']:+.2f}", f["score"]["a"]), (f"{f['score']['b']:+.2f}", f["score"]["b"]),
             (f"{f['score']['change']:+.2f} ± {f['score']['ci']:.2f}", f["score"]["change"]),
             (f"{100 * f['win']['a']:+.1f} → {100 * f['win']['b']:+.1f}", f["win"]["b"]),
             (f"{100 * f['win']['change']:+.1f} ± {100 * f['win']['ci']:.1f}", f["win"]["change"]),
             (f"{f['score']['p']:.3g}", f["score"]["p"])] for f in figures]
    return {"title": "What a card is worth under each rule set (restricted play)",
            "text": "The same deals and seats on both sides; the change of the effect is paired by deal "
                    "(p not corrected).",
            "bars": bars, "chart": "Effect on the restricted seat's mean score under each rule set (95% intervals)",
            "headers": ["value", "games", f"score effect under {a}", f"under {b}", "change (95% CI)",
                        "win effect (points)", "change (95% CI)", "p"], "rows": rows}

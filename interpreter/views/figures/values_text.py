"""A value study's figures (values.py) as text: the table `simulate --value` shows before
the cards table, and `compare --value`'s table of each target's effect under both rule
sets.  The names of cards and wonders are shown in the reader's language."""

from __future__ import annotations

from ...i18n import decimal, names
from ..table import render_table
from ...marked import N_

BIASED = N_("The cards table is biased and measures no effect (--value does): it compares the cities that built a "
          "card with those that did not, and a card is built by the cities that could afford it and use it, often "
          "those already leading.")


def target_name(figure: dict) -> str:
    """`forbid CARD`, `prefer COLOUR`, `given WONDER SIDE`, with the card or wonder in the reader's language."""
    mode, _, name = figure["value"].partition(":")
    if figure.get("kind") == "card":
        name = names().card(name)
    elif figure.get("kind") == "side":
        wonder, _, side = name.rpartition(" ")
        name = f"{names().city(wonder)} {side}"
    return f"given {name}" if mode == "side" else f"{mode} {name}"


def _num(value: float, form: str) -> str:
    return decimal(format(value, form))


def pct(value: float) -> str:
    return _num(100 * value, ".1f") + "%"


def _points(change: dict) -> str:
    return f"{_num(100 * change['change'], '+.1f')} pts ±{_num(100 * change['ci'], '.1f')}"


def _score(change: dict) -> str:
    return f"{_num(change['change'], '+.2f')} ±{_num(change['ci'], '.2f')}"


def _arrow(pair: dict, form: str, scale: float = 1) -> str:
    return f"{_num(scale * pair['as_dealt'], form)} → {_num(scale * pair['restricted'], form)}"


def _draft_cells(draft: dict | None) -> list[str]:
    if not draft or draft["mean_pick"] is None:
        return ["", ""]
    back = "" if draft["came_back"] is None else pct(draft["came_back"])
    return [decimal(f"{draft['mean_pick']:.1f}"), back]


def value_text(figures: list[dict], players: int) -> str:
    """The headline card figures of a value study, then one example game per target."""
    rows = []
    for f in figures:
        win, score, built = f["win"], f["score"], f["built"]
        rows.append([target_name(f), str(f["games"]), "" if f["kind"] == "side" else _arrow(built, ".2f"),
                     f"{pct(win['as_dealt'])} → {pct(win['restricted'])}", _points(win),
                     _arrow(score, ".1f"), _score(score), *_draft_cells(f["draft"])])
    out = [f"What a card is worth (restricted play): each game played again with one seat (game i: seat i mod "
           f"{players}) forbidden the card or colour, made to build it whenever it can, or given the wonder side; "
           "the change in that seat's win rate and score, paired by deal, with 95% intervals",
           render_table(["value", "games", "built by the seat", "win rate", "change", "mean score", "change",
                         "mean pick", "comes back"], rows).rstrip("\n")]
    for f in figures:
        worst, best = f["examples"]["cost_most"], f["examples"]["gained_most"]
        if worst is None:
            continue
        out.append(f"  {target_name(f)}: cost most in game {worst['game']} (seed {worst['seed']}), seat "
                   f"{worst['seat']}: {worst['as_dealt']} → {worst['restricted']}; gained most in game "
                   f"{best['game']} (seed {best['seed']}), seat {best['seat']}: {best['as_dealt']} → "
                   f"{best['restricted']}")
    out.append("Built by the seat: the value's cards the seat built a game, as dealt → restricted; a forbidden "
               "card the seat would not have built changes nothing, so the change is averaged over every deal. "
               "Mean pick: the turn of its age at which a city took the card (built, staged or sold); comes "
               "back: how often it was still in a hand that came back round to a city that had held it.")
    return "\n".join(out) + "\n"


def compare_value_text(figures: list[dict], a: str, b: str) -> str:
    """compare --value: each target's effect on the seat's score and win rate under both
    rule sets and how the rule changes it, paired by deal."""
    rows = []
    for f in figures:
        score, win = f["score"], f["win"]
        rows.append([target_name(f), str(score["n"]), _num(score["a"], "+.2f"), _num(score["b"], "+.2f"),
                     _score(score), f"{_num(100 * win['a'], '+.1f')} → {_num(100 * win['b'], '+.1f')}",
                     _points(win), f"{score['p']:.3g}"])
    return ("What a card is worth under each rule set (restricted play, the same deals and seats on both sides): "
            "its effect on the seat's score and win rate, and how the rule changes the effect (95% intervals, "
            "p not corrected)\n"
            + render_table(["value", "games", f"score effect under {a}", f"under {b}", "change",
                            "win effect (points)", "change", "p"], rows))

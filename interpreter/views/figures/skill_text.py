"""The skill-tier matrix (sim/skill.py) and its comparison as text for the terminal."""

from __future__ import annotations

from ...i18n import _, decimal, ngettext
from ..table import render_table
from .fits_text import fits_lines
from ...sim.skill import skill_line
from .summary_text import failures_text


def _pct(value: float) -> str:
    return decimal(f"{100 * value:.1f}%")


def matrix(summary: dict) -> dict[tuple[str, str], float]:
    """(row tier, column tier) -> the row tier's win share against the column tier."""
    cells = {}
    for pair in summary["pairs"]:
        if pair["games"]:
            cells[(pair["stronger"], pair["weaker"])] = pair["win"]["rate"]
            cells[(pair["weaker"], pair["stronger"])] = 1 - pair["win"]["rate"]
    return cells


def matrix_table(summary: dict) -> str:
    tiers, cells = summary["tiers"], matrix(summary)
    rows = [[row] + ["-" if row == column else (_pct(cells[(row, column)]) if (row, column) in cells else "")
                     for column in tiers] for row in tiers]
    return render_table([_("win rate of (row) against (column)")] + tiers, rows).rstrip("\n")


def _upset(pair: dict) -> str:
    upset = pair.get("upset")
    if not upset:
        return ""
    return _("game {game} (seed {seed})").format(game=upset["game"], seed=upset["seed"])


def gap_line(gap: dict | None) -> str:
    if gap is None:
        return ""
    return ngettext("Skill gap: the stronger tier's win rate above its fair share, {gap} points (±{ci}), the "
                    "mean of {pairs} pair (0: the rules reward no skill)",
                    "Skill gap: the stronger tier's win rate above its fair share, {gap} points (±{ci}), the "
                    "mean of {pairs} pairs (0: the rules reward no skill)", gap["pairs"]).format(
        gap=decimal(f"{100 * gap['mean']:+.1f}"), ci=decimal(f"{100 * gap['ci']:.1f}"), pairs=gap["pairs"])


def skill_text(summary: dict) -> str:
    pairs = summary["pairs"]
    played = max((p["games"] for p in pairs), default=0)
    out = [_("Skill tiers at {players} players: each pair alternates round the table, seats rotated, up to "
             "{games} games a pair").format(players=summary["players"], games=played), "",
           matrix_table(summary), "",
           render_table([_("stronger"), _("against"), _("games"), _("win rate"), _("95% CI"), _("fair share"),
                         _("an upset")],
                        [[p["stronger"], p["weaker"], str(p["games"]), _pct(p["win"]["rate"]),
                          f"{_pct(p['win']['low'])}-{_pct(p['win']['high'])}", _pct(p["fair"]), _upset(p)]
                         for p in pairs]).rstrip("\n"), "", gap_line(summary["gap"])]
    if summary.get("fits"):
        out += fits_lines(summary["fits"])
    return "\n".join(out) + "\n" + failures_text(summary)


def skill_comparison_text(result: dict) -> str:
    from .compare_text import side_names
    a, b = side_names(result)
    changes = result["changes"]
    out = [_("Skill tiers, {b} against {a}: {players} players, the same deals and seatings on both sides").format(
        a=a, b=b, players=result["players"]), ""]
    significant = [c for c in changes if c["significant"]]
    if significant:
        out.append(_("The pairs that changed ({significant} of {tested} at 5% after Holm's correction):").format(
            significant=len(significant), tested=len(changes)))
        out += [f"  {skill_line(c, shown=True)}" for c in significant]
    else:
        out.append(ngettext("No pair's win rate changed significantly ({tested} pair tested at 5%, Holm's correction).",
                            "No pair's win rate changed significantly ({tested} pairs tested at 5%, Holm's "
                            "correction).", len(changes)).format(tested=len(changes)))
    gap = result["gap"]
    if gap is not None:
        out.append(_("Skill gap: {a} → {b} points ({difference}, ±{ci})").format(
            a=decimal(f"{100 * gap['a']:+.1f}"), b=decimal(f"{100 * gap['b']:+.1f}"),
            difference=decimal(f"{100 * gap['difference']:+.1f}"), ci=decimal(f"{100 * gap['ci']:.1f}")))
    out.append("")
    out.append(render_table([_("stronger"), _("against"), _("games"), a, b, _("difference"), _("95% CI"),
                             _("p (Holm)")],
                            [[c["stronger"], c["weaker"], str(c["games"]), _pct(c["a"]), _pct(c["b"]),
                              _("{points} pts").format(points=decimal(f"{100 * c['difference']:+.1f}")),
                              decimal(f"±{100 * c['ci']:.1f}"), f"{c['p_holm']:.3g}" + (" *" if c["significant"] else "")]
                             for c in changes]).rstrip("\n"))
    if result.get("fits"):
        out += fits_lines(result["fits"])
    out += ["", f"{a}:", matrix_table(result["skill_a"]), "", f"{b}:", matrix_table(result["skill_b"])]
    return "\n".join(out) + "\n" + failures_text(result)

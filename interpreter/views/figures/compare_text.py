"""A comparison as text: the verdict first, then every figure side by side."""

from __future__ import annotations

from ...i18n import N_, _, decimal, names, ngettext
from ...sim.compare import plain, verdict_figures
from ...sim.examples import example_note
from ...sim.figure_words import figure_text
from .fits_text import fits_lines
from ..table import render_table
from .summary_text import failure_warning, failures_text

SECTIONS = [("game", N_("The games")), ("arc", N_("The arc of a game")), ("strategy", N_("Strategy (per city)")), ("category", N_("Score categories")),
            ("seat", N_("By seat")), ("wonder", N_("By wonder and side")), ("bot", N_("By bot")), ("card", N_("Cards"))]


def _value(figure, value) -> str:
    return decimal(f"{100 * value:.1f}%") if figure["kind"] == "rate" else decimal(f"{value:.2f}")


def _difference(figure) -> list[str]:
    if figure["kind"] == "rate":
        return [_("{points} pts").format(points=decimal(f"{100 * figure['difference']:+.1f}")), decimal(f"±{100 * figure['ci']:.1f}")]
    return [decimal(f"{figure['difference']:+.2f}"), decimal(f"±{figure['ci']:.2f}")]


def _dealt(figure) -> str:
    """A colour's cards dealt per city: one figure, or both sides' where a rule changed them."""
    if "dealt_b" not in figure:
        return ""
    a, b = decimal(f"{figure['dealt_a']:.2f}"), decimal(f"{figure['dealt_b']:.2f}")
    return b if a == b else f"{a} → {b}"


def side_names(result: dict) -> tuple[str, str]:
    """The two rule sets compared, as shown: the rules without variants are "base" in the
    reader's language (the data keeps "base")."""
    against = result.get("options", {}).get("against")
    return (_("base") if not against and result["a"] == "base" else result["a"]), result["b"]


def comparison_text(result: dict, all_cards: bool = False) -> str:
    a, b = side_names(result)
    tested = len(result["figures"])
    failed = result.get("failed", [])
    out = [failure_warning(failed, result["games"][0])
           + _("{b} against {a}: {games} games each, on the same seeds").format(a=a, b=b, games=result['games'][0]), ""]
    if result["verdict"]:
        out.append(_("The largest significant differences ({significant} of {tested} figures differ at 5% after "
                     "Holm's correction):").format(significant=result['significant'], tested=tested))
        out += [f"  {plain(f, shown=True)}{example_note(f.get('examples'))}" for f in verdict_figures(result["figures"])]
    else:
        out.append(_("No figure differs significantly ({tested} figures tested at 5%, Holm's correction).")
                   .format(tested=tested))
    out += bounded_lines(result)
    if result.get("not_adapting"):
        out.append(not_adapting_line(result["not_adapting"]))
    if result.get("fits"):
        out += fits_lines(result["fits"])
    out.append("")
    if result.get("values"):
        from .values_text import compare_value_text
        out.append(compare_value_text(result["values"]["change"], a, b))
    for section, title in SECTIONS:
        title = _(title)
        rows = [f for f in result["figures"] if f["section"] == section]
        if section == "card" and not all_cards:
            rows = [f for f in rows if f["significant"]] or []
            title += " " + _("(the significant differences; --format json has every card)")
        if not rows:
            continue
        dealt = section == "strategy" and any("dealt_b" in f for f in rows)
        table = render_table([_("figure"), a, b, _("difference"), _("95% CI"), _("p (Holm)"), ""]
                             + ([_("dealt")] if dealt else []),
                             [[figure_text(f), _value(f, f["a"]), _value(f, f["b"]), *_difference(f),
                               f"{f['p_holm']:.3g}", "*" if f["significant"] else ""]
                              + ([_dealt(f)] if dealt else []) for f in rows])
        out.append(f"{title}\n{table}")
    out.append(_("Share of the winners' points") + "\n" + render_table(
        [_("category"), a, b], [[names().score(s["category"]), decimal(f"{100 * s['a']:.1f}%"), decimal(f"{100 * s['b']:.1f}%")]
                                for s in result["shares_of_winners"]]))
    out.append(_("* significant at 5% after Holm's correction for all the figures compared."))
    return "\n".join(out) + "\n" + failures_text({"failed": failed})


def bounded_lines(result: dict) -> list[str]:
    """The note on the significant rises of a colour's cards bounded by the cards dealt
    (sim/strategy.py's `bounded`), in the verdict or not: a small shift there says the
    players ran out of cards, not that the rule pulls weakly.  One line, or none."""
    by_name = {f["figure"]: f for f in result["figures"]}
    rises = [by_name[name] for name in result.get("bounded", []) if name in by_name]
    if not rises:
        return []
    return [_("Note: rises bounded by the cards dealt (under {side} the players build nearly all there are, so "
              "these could not rise much further): {rises}.").format(
        side=side_names(result)[1],
        rises="; ".join(_("{figure} {a} → {b} of {dealt} dealt").format(
            figure=figure_text(f), a=decimal(f"{f['a']:.2f}"), b=decimal(f"{f['b']:.2f}"),
            dealt=decimal(f"{f['dealt_b']:.2f}")) for f in rises))]


def not_adapting_line(bots: list[str]) -> str:
    return ngettext("Note: {bots} does not adapt to the rule change: the shifts are the rules' arithmetic on the "
                    "same play; --bots adaptive plays the changed game.",
                    "Note: {bots} do not adapt to the rule change: the shifts are the rules' arithmetic on the "
                    "same play; --bots adaptive plays the changed game.", len(bots)).format(bots=", ".join(bots))

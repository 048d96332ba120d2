"""The note under a study of adaptive players naming the fits they played (simulate,
compare, the HTML report): a study of fitted players is one draw of the fits, and a fit
refused by its check or cut short by the budget changes what its figures mean."""

from __future__ import annotations

from ...i18n import _, decimal, ngettext
from ...printable import printable


def fits_lines(fits: list[dict]) -> list[str]:
    """The fits the adaptive players played, one line each: a comparison of fitted players is
    one draw of the fits, and a refused or budget-cut fit changes what its verdict means."""
    seeds = sorted({f["seed"] for f in fits})
    out = [_("Fitted players (adaptive, seed {seed}): one draw of the fits; ask another with --bots "
             "adaptive:fit_seed={other}").format(seed=", ".join(map(str, seeds)), other=max(seeds) + 1)]
    for fit in fits:
        parts = [ngettext("{n} generation", "{n} generations", fit["generations"]).format(n=fit["generations"])
                 + (_(" of {games} games a candidate").format(games=fit["games_per_candidate"])
                    if "games_per_candidate" in fit else "")
                 + (_(" in {seconds} s").format(seconds=decimal(f"{fit['seconds']:.0f}")) if "seconds" in fit else "")]
        start = fit.get("start") or fit["reference"]
        parts.append(_("from the shipped fit of the first edition") if start == "prior" else
                     _("from the heuristic bot's weighing") if start == "heuristic" else
                     _("from the fit of the rules without the variants"))
        if fit["stopped"] == "budget":
            parts.append(_("cut short by the time budget"))
        check = fit["check"]
        if check is None:
            parts.append(_("no acceptance check (stopped by Ctrl-C)"))
        else:
            gain = decimal(f"{check['gain']:+.3f} (±{check['half']:.3f})")
            parts.append(_("its check {gain} over its starting weights: kept").format(gain=gain)
                         if check["kept"] == "fit" else
                         _("its check {gain} found no gain: it plays its starting weights, those of the rules "
                           "without the variants (the change read at face value)").format(gain=gain)
                         if fit["reference"] != "heuristic" else
                         _("its check {gain} found no gain: it plays its starting weights").format(gain=gain))
        out.append(f"  {printable(fit['rules'])}: " + ", ".join(parts))     # a file's text: escaped
    return out

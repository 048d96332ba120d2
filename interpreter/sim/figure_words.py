"""A figure of simulate and compare as people read it, in the chosen language.

A figure's `figure` field is its English name, kept as data (the JSON, the verdict lines of
`--format json`); its `words` field says how the name was made: a template and the content
names it holds (a seat, a wonder and side, a score category, a card, a bot, a strategy
figure).  Shown, the template goes through the catalog and each name through the rule
set's translations, so a Dutch table reads `winstkans van Gizeh A`, not the English."""

from __future__ import annotations

from ..i18n import N_, _, names

# the strategy figures of sim/strategy.py, by their recorded names
STRATEGY = {"wonder stages": N_("wonder stages"), "complete science sets": N_("complete science sets"),
            "shields": N_("shields"), "coins at the end": N_("coins at the end"), "cards sold": N_("cards sold")}
COLOR_CARDS = " cards"                 # "brown cards": the cards of a colour of the vocabulary


def strategy_text(name: str) -> str:
    """A strategy figure's name in the chosen language."""
    if name in STRATEGY:
        return _(STRATEGY[name])
    if name.endswith(COLOR_CARDS):
        return _("{color} cards").format(color=names().color(name.removesuffix(COLOR_CARDS)))
    return name


def _field(key: str, value) -> str:
    n = names()
    shown = {"wonder": n.city, "category": n.score, "card": n.card, "figure": strategy_text}.get(key)
    return shown(value) if shown else str(value)


def figure_text(figure: dict) -> str:
    """The figure's name in the chosen language (its English name when it has no words)."""
    words = figure.get("words")
    if not words:
        return figure["figure"]
    template, fields = words
    return _(template).format(**{key: _field(key, value) for key, value in fields.items()})


def words(template: str, **fields) -> tuple[str, dict]:
    """A figure's name: the English one, and the (template, fields) it is shown from."""
    return template.format(**fields), (template, fields)

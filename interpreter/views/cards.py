"""`wonders cards`: the cards and wonders of a rule set, as a table or as data."""

from __future__ import annotations

import json

from ..check.rules import roman
from ..check.model import CardDef, Cost, RuleSet
from .describe import cost_text, effect_data, effect_text
from ..decks import pooled
from ..i18n import _, names, ngettext
from ..kinds.effects import production_of
from .table import render_table


def pooled_names(ruleset: RuleSet) -> set[str]:
    """Cards drawn at random (no copies, in an age's random pool)."""
    return pooled(ruleset.cards, ruleset.rules.ages)


def select_cards(ruleset: RuleSet, age=None, color=None, players=None, search=None) -> list[CardDef]:
    pooled = pooled_names(ruleset)
    chosen = []
    for card in ruleset.cards:
        if age is not None and card.age != age:
            continue
        if color is not None and card.color != color:
            continue
        if players is not None and not card.copies_at(players) and card.name not in pooled:
            continue
        if search:
            haystack = " ".join([card.name, names().card(card.name)] + [effect_text(e) for e in card.effects]).lower()
            if search.lower() not in haystack:
                continue
        chosen.append(card)
    return chosen


def cost_data(cost: Cost) -> dict:
    return {"coins": cost.coins, "resources": dict(cost.resources)}


def copies_data(card: CardDef, ruleset: RuleSet, pooled: set[str]):
    if card.name in pooled:
        return None
    rules = ruleset.rules
    return {str(p): card.copies_at(p) for p in range(rules.min_players, rules.max_players + 1)}


def cards_json(ruleset: RuleSet, cards: list[CardDef], with_wonders: bool, words=None) -> str:
    """`name` is the content's (the identifier); `shown` the name in the chosen language,
    as the table shows it.  `words` (an access.notation writer): each card and side also
    carries its label in that notation, as "label": [lines]."""
    pooled = pooled_names(ruleset)
    n = names()
    data = {"cards": [{
        "name": c.name, "shown": n.card(c.name), "age": c.age, **({"deck": c.deck} if c.deck else {}), "color": c.color, "cost": cost_data(c.cost),
        "chains_from": list(c.chains), "copies": copies_data(c, ruleset, pooled),
        "effects": [effect_data(e) for e in c.effects],
        **({"label": words.card_label(c)} if words else {})} for c in cards]}
    data["wonders"] = [{
        "name": w.name, "shown": wonder_title(w.name),
        "sides": {s.name: {
            "resource": _starting_resource(s.effects),
            "effects": [effect_data(e) for e in s.effects],
            "stages": [{"cost": cost_data(st.cost), "effects": [effect_data(e) for e in st.effects]}
                       for st in s.stages],
            **({"any_order": True} if s.any_order else {}),
            **({"label": words.side_label(w.name, s)} if words else {})} for s in w.sides}}
        for w in (ruleset.wonders if with_wonders else ())]
    return json.dumps(data, indent=2) + "\n"


def _starting_resource(effects) -> str | None:
    for effect in effects:
        made = production_of(effect)
        if made is not None and not made[1] and len(made[0]) == 1:
            return made[0][0][0]
    return None



def cards_table(ruleset: RuleSet, cards: list[CardDef]) -> str:
    pooled = pooled_names(ruleset)
    n = names()
    rows = []
    for c in cards:
        copies = _("random") if c.name in pooled else " ".join(f"{k}+" for k in c.copies) or "-"
        rows.append([roman(c.age) or f'"{c.deck}"', n.card(c.name), n.kind(c.color) or n.color(c.color), cost_text(c.cost),
                     "\n".join(n.card(chain) for chain in c.chains) or "-",
                     copies, "\n".join(effect_text(e) for e in c.effects) or "-"])
    headers = [_("Age"), _("Card"), _("Color"), _("Cost"), _("Free with"), _("Copies"), _("Effects")]
    return render_table(headers, rows) + "\n" + ngettext("{count} card", "{count} cards", len(cards)).format(
        count=len(cards)) + "\n"


def wonder_title(name: str) -> str:
    """A wonder as people know it: its city, and the monument's name when translated."""
    n = names()
    city, monument = n.city(name), n.wonder(name)
    return city if monument == name else f"{city}: {monument}"


def wonders_table(ruleset: RuleSet) -> str:
    rows = []
    for w in ruleset.wonders:
        for s in w.sides:
            start = "\n".join([effect_text(e) for e in s.effects] + [_("stages in any order")] * s.any_order) or "-"
            stages = "\n".join(f"{i}. {cost_text(st.cost)}: " + "; ".join(effect_text(e) for e in st.effects)
                               for i, st in enumerate(s.stages, 1))
            rows.append([wonder_title(w.name), s.name, start, stages])
    return render_table([_("Wonder"), _("Side"), _("Board"), _("Stages")], rows)

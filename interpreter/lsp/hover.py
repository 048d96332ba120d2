"""Hover text: the English `wonders cards` gives, for what stands under the cursor.

A card or wonder name (where it is defined or named) shows the whole card or wonder side
by side; inside a card, wonder stage or rules, the innermost effect, stage or card; a
vocabulary name shows what it is.  Markdown, generated from the effect objects; every
name and text from the content goes through `_md`, so a card named `<img ...>` or
`[x](command:...)` is shown as written, never as markup or a link.
"""

from __future__ import annotations

import re

import attrs

from ..check.model import CardDef, RuleSet, WonderDef
from ..views.describe import cost_text, effect_text
from ..diagnostics import Span
from ..syntax import ast
from ..syntax.printer import price_item
from ..views.cards import pooled_names
from .names import Occurrence

ROMAN = {1: "I", 2: "II", 3: "III"}
_MARKUP = re.compile(r"([\\`*_\[\]<>&!|~])")


def _md(text: str) -> str:
    """Content text as literal Markdown: each character that could start markup escaped."""
    return _MARKUP.sub(r"\\\1", str(text))


def hover_text(ruleset: RuleSet | None, tree: ast.File, line: int, column: int,
               occurrence: Occurrence | None) -> str | None:
    if occurrence is not None:
        text = _named(ruleset, occurrence)
        if text:
            return text
    path = nodes_at(tree, line, column)
    for node in reversed(path):
        if isinstance(node, ast.EFFECT_TYPES):
            return f"effect: {_md(effect_text(_checked(ruleset, path, node)))}"
        if isinstance(node, ast.Stage):
            return _stage(node, path)
        if isinstance(node, ast.Card) and ruleset is not None:
            card = _card(ruleset, node.name.text)
            if card is not None:
                return card_markdown(ruleset, card)
    return None


def _checked(ruleset: RuleSet | None, path: list, effect):
    """The effect as the checker resolved it (resource groups spelt out), for an effect of a
    card the rule set holds; otherwise as written."""
    card = next((n for n in path if isinstance(n, ast.Card)), None)
    checked = _card(ruleset, card.name.text) if ruleset is not None and card is not None else None
    written = [e for e in card.body if isinstance(e, ast.EFFECT_TYPES)] if card is not None else []
    if checked is None or len(written) != len(checked.effects) or effect not in written:
        return effect
    return checked.effects[written.index(effect)]


def nodes_at(tree: ast.File, line: int, column: int) -> list:
    """The nodes whose span holds the position, outermost first."""
    path: list = []

    def visit(node):
        if isinstance(node, tuple):
            for child in node:
                visit(child)
            return
        if not attrs.has(type(node)) or isinstance(node, Span):
            return
        span = getattr(node, "span", None)
        if isinstance(span, Span):
            if not (span.line, span.column) <= (line, column) <= (span.end_line, span.end_column):
                return
            path.append(node)
        for f in attrs.fields(type(node)):
            if f.name != "span":
                visit(getattr(node, f.name))

    visit(tree.items)
    return path


def _card(ruleset: RuleSet, name: str) -> CardDef | None:
    return next((c for c in ruleset.cards if c.name == name), None)


def card_markdown(ruleset: RuleSet, card: CardDef) -> str:
    pooled = pooled_names(ruleset)
    copies = "drawn at random" if card.name in pooled else " ".join(f"{n}+" for n in card.copies) or "none"
    lines = [f"**{_md(card.name)}**: age {ROMAN.get(card.age, card.age)}, {_md(card.color)} card", "",
             f"- cost: {_md(cost_text(card.cost))}",
             f"- free with: {_md(', '.join(card.chains)) or '-'}",
             f"- copies: {copies}"]
    lines += [f"- {_md(effect_text(e))}" for e in card.effects]
    return "\n".join(lines)


def wonder_markdown(wonder: WonderDef) -> str:
    lines = [f"**{_md(wonder.name)}**"]
    for side in wonder.sides:
        lines += ["", f"side {_md(side.name)}: " + (_md("; ".join(effect_text(e) for e in side.effects)) or "-")]
        lines += [f"{i}. {_md(cost_text(s.cost))}: " + _md("; ".join(effect_text(e) for e in s.effects))
                  for i, s in enumerate(side.stages, 1)]
    return "\n".join(lines)


def _stage(stage: ast.Stage, path: list) -> str:
    side = next((n for n in reversed(path) if isinstance(n, ast.Side)), None)
    stages = [s for s in side.body if isinstance(s, ast.Stage)] if side is not None else []
    title = f"stage {stages.index(stage) + 1}" if stage in stages else "stage"
    costs = [", ".join(price_item(i) for i in s.items) for s in stage.body if isinstance(s, ast.CostStmt)]
    effects = [effect_text(e) for e in stage.body if isinstance(e, ast.EFFECT_TYPES)]
    return f"**{title}**: cost {_md(', '.join(costs)) or 'free'}\n\n" + "\n".join(f"- {_md(e)}" for e in effects)


def _named(ruleset: RuleSet | None, o: Occurrence) -> str | None:
    if o.kind == "card" and ruleset is not None:
        card = _card(ruleset, o.name)
        return card_markdown(ruleset, card) if card else None
    if o.kind == "wonder" and ruleset is not None:
        wonder = next((w for w in ruleset.wonders if w.name == o.name), None)
        return wonder_markdown(wonder) if wonder else None
    if ruleset is None:
        return None
    v = ruleset.vocabulary
    if o.kind == "resource":
        group = next((g for g, members in v.groups if o.name in members), None)
        return f"**{o.name}**: a resource" + (f" ({group})" if group else "")
    if o.kind == "group":
        return f"**{o.name}**: a group of resources: {', '.join(v.group(o.name) or ())}"
    if o.kind == "color":
        count = sum(1 for c in ruleset.cards if c.color == o.name)
        return f"**{o.name}**: a card colour ({count} card{'s' if count != 1 else ''})"
    if o.kind == "symbol":
        return f"**{o.name}**: a science symbol"
    if o.kind == "category":
        return f"**{o.name}**: a score category of the score pad"
    return None

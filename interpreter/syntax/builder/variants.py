"""Tree-builder methods for variants: `variant "name" changes "rules"`, its `set`, `add`,
`replace`, `modify` and `remove` changes and what they name."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, get_args

from lark import v_args
from lark.tree import Meta

from .. import ast
from ...kinds.effects import part_of
from .base import BuilderBase, Kept
from ...diagnostics import Span
from .numbers import to_int

_CHANGE_CLASSES = get_args(ast.Change)     # every kind of change (a Union: its classes, for isinstance)

# a `remove` change's target, as its rule gives it: (the change's class, what it names, the
# stage's number or None)
Removed = tuple[type, object, "int | None"]


class VariantBuilder(BuilderBase):
    """Mixed into TreeBuilder (`builder/__init__.py`)."""

    @v_args(meta=True)
    def variant(self, meta: Meta, c: Kept) -> ast.Variant:
        changes = next((x[1] for x in c[1:] if isinstance(x, tuple) and x[0] == "changes"), None)
        overrides = tuple(n for x in c[1:] if isinstance(x, tuple) and x[0] == "overrides" for n in x[1])
        requires = tuple(n for x in c[1:] if isinstance(x, tuple) and x[0] == "requires" for n in x[1])
        body = tuple(x for x in c[1:] if isinstance(x, _CHANGE_CLASSES))
        return ast.Variant(name=self._string(c[0]), changes=changes, overrides=overrides, body=body,
                           span=self._span(meta), requires=requires)

    def changes(self, c: Kept) -> tuple[str, ast.Name]:
        return ("changes", self._string(c[0]))

    def overrides(self, c: Kept) -> tuple[str, tuple[ast.Name, ...]]:
        return ("overrides", tuple(self._string(t) for t in c))

    def requires(self, c: Kept) -> tuple[str, tuple[ast.Name, ...]]:
        return ("requires", tuple(self._string(t) for t in c))

    @v_args(meta=True)
    def card_ref(self, meta: Meta, c: Kept) -> ast.CardRef:
        return ast.CardRef(name=self._string(c[0]), age=c[1] if len(c) > 1 else None, span=self._span(meta))

    @v_args(meta=True)
    def wonder_side(self, meta: Meta, c: Kept) -> ast.WonderSide:
        return ast.WonderSide(wonder=self._string(c[0]), side=self._name(c[1]), span=self._span(meta))

    @v_args(meta=True)
    def set_change(self, meta: Meta, c: Kept) -> ast.SetRule:
        return ast.SetRule(item=c[0], span=self._span(meta))

    @v_args(meta=True)
    def add_change(self, meta: Meta, c: Kept) -> ast.Change:
        item = c[0]
        if isinstance(item, ast.StageChange):     # add stage to ...
            return item
        return _named(item, "add", self._span(meta))

    @v_args(meta=True)
    def added_stage(self, meta: Meta, c: Kept) -> ast.StageChange:
        stage = ast.Stage(body=tuple(c[1:]), span=self._span(meta))
        return ast.StageChange(verb="add", target=c[0], stage=None, item=stage, span=self._span(meta))

    @v_args(meta=True)
    def move_change(self, meta: Meta, c: Kept) -> ast.PadLineChange:
        return ast.PadLineChange(verb="move", target=c[0].name, item=c[0], span=self._span(meta))

    @v_args(meta=True)
    def replace_change(self, meta: Meta, c: Kept) -> ast.Change:
        return _named(c[0], "replace", self._span(meta))

    def card_replacement(self, c: Kept) -> ast.Card:
        card: ast.Card = c[0]
        return card

    @v_args(meta=True)
    def modify_card(self, meta: Meta, c: Kept) -> ast.ModifyCard:
        return ast.ModifyCard(target=c[0], item=tuple(c[1:]), span=self._span(meta))

    @v_args(meta=True)
    def modify_phase(self, meta: Meta, c: Kept) -> ast.ModifyPhase:
        return ast.ModifyPhase(target=self._string(c[0]), item=tuple(c[1:]), span=self._span(meta))

    @v_args(meta=True)
    def modify_stage(self, meta: Meta, c: Kept) -> ast.StageChange:
        stage = ast.Stage(body=tuple(c[2:]), span=self._span(meta))
        return ast.StageChange(verb="modify", target=c[1], stage=to_int(c[0]), item=stage, span=self._span(meta))

    @v_args(meta=True)
    def remove_change(self, meta: Meta, c: Kept) -> ast.Change:
        cls, target, stage = c[0]
        span = self._span(meta)
        if cls is ast.StageChange:
            return ast.StageChange(verb="remove", target=target, stage=stage, item=None, span=span)
        removed: ast.Change = cls(verb="remove", target=target, item=None, span=span)
        return removed

    def removed_card(self, c: Kept) -> Removed: return (ast.CardChange, c[0], None)
    def removed_wonder(self, c: Kept) -> Removed: return (ast.WonderChange, self._string(c[0]), None)
    def removed_trigger(self, c: Kept) -> Removed: return (ast.TriggerChange, self._string(c[0]), None)
    def removed_score(self, c: Kept) -> Removed: return (ast.ScoreChange, self._name(c[0]), None)
    def removed_stage(self, c: Kept) -> Removed: return (ast.StageChange, c[1], to_int(c[0]))
    def removed_table(self, c: Kept) -> Removed: return (ast.TableChange, self._number(c[0]), None)
    def removed_phase(self, c: Kept) -> Removed: return (ast.PhaseChange, self._string(c[0]), None)


# The change that adds or replaces an effect of the rules, by the part its kind files it in
# (kinds/effects/ `part`): a trigger is named by its name, a score line by its category
_EFFECT_CHANGES: dict[str, Callable[..., ast.Change]] = {"triggers": ast.TriggerChange, "scores": ast.ScoreChange}
# what else an `add` or `replace` change may bring, by its class, each named as a later change names it
Named = ast.Card | ast.Wonder | ast.Effect | ast.Table | ast.Phase | ast.ZoneDecl | ast.PadLine
_CHANGES: dict[type, Callable[..., ast.Change]] = {
    ast.Card: ast.CardChange, ast.Wonder: ast.WonderChange, ast.Table: ast.TableChange, ast.Phase: ast.PhaseChange,
    ast.ZoneDecl: ast.ZoneChange, ast.PadLine: ast.PadLineChange}


def _named(item: Named | ast.CardUse, verb: str, span: Span) -> ast.Change:
    """The change that adds or replaces `item`, named as a later change would name it."""
    part = part_of(item)
    if part == "laws":
        return ast.LawAdded(item=item, span=span)
    if isinstance(item, ast.CardUse):
        return ast.UseAdded(item=item, span=span)
    cls = _EFFECT_CHANGES[part] if part is not None else _CHANGES[type(item)]
    return cls(verb=verb, target=_item_name(item), item=item, span=span)


def _item_name(item: Named) -> object:
    if isinstance(item, ast.Card):
        return ast.CardRef(name=item.name, age=next((s.age for s in item.body if isinstance(s, ast.AgeStmt)), None),
                           span=item.name.span)
    if part_of(item) == "scores":          # a score line (kinds/effects/score.py): by its category
        score: Any = item
        return score.category
    if isinstance(item, ast.Table):
        return item.players
    return item.name

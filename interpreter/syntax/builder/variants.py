"""Tree-builder methods for variants: `variant "name" changes "rules"`, its `set`, `add`,
`replace`, `modify` and `remove` changes and what they name."""

from __future__ import annotations

from lark import v_args

from .. import ast
from ...kinds.effects import part_of
from .numbers import to_int


class VariantBuilder:
    """Mixed into TreeBuilder (`builder/__init__.py`)."""

    @v_args(meta=True)
    def variant(self, meta, c):
        changes = next((x[1] for x in c[1:] if isinstance(x, tuple) and x[0] == "changes"), None)
        overrides = tuple(n for x in c[1:] if isinstance(x, tuple) and x[0] == "overrides" for n in x[1])
        requires = tuple(n for x in c[1:] if isinstance(x, tuple) and x[0] == "requires" for n in x[1])
        body = tuple(x for x in c[1:] if isinstance(x, ast.Change))
        return ast.Variant(name=self._string(c[0]), changes=changes, overrides=overrides, body=body,
                           span=self._span(meta), requires=requires)

    def changes(self, c):
        return ("changes", self._string(c[0]))

    def overrides(self, c):
        return ("overrides", tuple(self._string(t) for t in c))

    def requires(self, c):
        return ("requires", tuple(self._string(t) for t in c))

    @v_args(meta=True)
    def card_ref(self, meta, c):
        return ast.CardRef(name=self._string(c[0]), age=c[1] if len(c) > 1 else None, span=self._span(meta))

    @v_args(meta=True)
    def wonder_side(self, meta, c):
        return ast.WonderSide(wonder=self._string(c[0]), side=self._name(c[1]), span=self._span(meta))

    @v_args(meta=True)
    def set_change(self, meta, c):
        return ast.SetRule(item=c[0], span=self._span(meta))

    @v_args(meta=True)
    def add_change(self, meta, c):
        item = c[0]
        if isinstance(item, ast.StageChange):     # add stage to ...
            return item
        return _named(item, "add", self._span(meta))

    @v_args(meta=True)
    def added_stage(self, meta, c):
        stage = ast.Stage(body=tuple(c[1:]), span=self._span(meta))
        return ast.StageChange(verb="add", target=c[0], stage=None, item=stage, span=self._span(meta))

    @v_args(meta=True)
    def move_change(self, meta, c):
        return ast.PadLineChange(verb="move", target=c[0].name, item=c[0], span=self._span(meta))

    @v_args(meta=True)
    def replace_change(self, meta, c):
        return _named(c[0], "replace", self._span(meta))

    def card_replacement(self, c):
        return c[0]

    @v_args(meta=True)
    def modify_card(self, meta, c):
        return ast.ModifyCard(target=c[0], item=tuple(c[1:]), span=self._span(meta))

    @v_args(meta=True)
    def modify_phase(self, meta, c):
        return ast.ModifyPhase(target=self._string(c[0]), item=tuple(c[1:]), span=self._span(meta))

    @v_args(meta=True)
    def modify_stage(self, meta, c):
        stage = ast.Stage(body=tuple(c[2:]), span=self._span(meta))
        return ast.StageChange(verb="modify", target=c[1], stage=to_int(c[0]), item=stage, span=self._span(meta))

    @v_args(meta=True)
    def remove_change(self, meta, c):
        cls, target, stage = c[0]
        span = self._span(meta)
        if cls is ast.StageChange:
            return ast.StageChange(verb="remove", target=target, stage=stage, item=None, span=span)
        return cls(verb="remove", target=target, item=None, span=span)

    def removed_card(self, c): return (ast.CardChange, c[0], None)
    def removed_wonder(self, c): return (ast.WonderChange, self._string(c[0]), None)
    def removed_trigger(self, c): return (ast.TriggerChange, self._string(c[0]), None)
    def removed_score(self, c): return (ast.ScoreChange, self._name(c[0]), None)
    def removed_stage(self, c): return (ast.StageChange, c[1], to_int(c[0]))
    def removed_table(self, c): return (ast.TableChange, self._number(c[0]), None)
    def removed_phase(self, c): return (ast.PhaseChange, self._string(c[0]), None)


# The change that adds or replaces an effect of the rules, by the part its kind files it in
# (kinds/effects/ `part`): a trigger is named by its name, a score line by its category
_EFFECT_CHANGES = {"triggers": ast.TriggerChange, "scores": ast.ScoreChange}


def _named(item, verb: str, span):
    """The change that adds or replaces `item`, named as a later change would name it."""
    part = part_of(item)
    if part == "laws":
        return ast.LawAdded(item=item, span=span)
    if isinstance(item, ast.CardUse):
        return ast.UseAdded(item=item, span=span)
    cls = _EFFECT_CHANGES[part] if part is not None else {
        ast.Card: ast.CardChange, ast.Wonder: ast.WonderChange, ast.Table: ast.TableChange, ast.Phase: ast.PhaseChange,
        ast.ZoneDecl: ast.ZoneChange, ast.PadLine: ast.PadLineChange}[type(item)]
    return cls(verb=verb, target=_item_name(item), item=item, span=span)


def _item_name(item):
    if isinstance(item, ast.Card):
        return ast.CardRef(name=item.name, age=next((s.age for s in item.body if isinstance(s, ast.AgeStmt)), None),
                           span=item.name.span)
    if part_of(item) == "scores":
        return item.category
    if isinstance(item, ast.Table):
        return item.players
    return item.name

"""Tree-builder methods for variants: `variant "name" changes "rules"`, its `set`, `add`,
`replace`, `modify` and `remove` changes and what they name."""

from __future__ import annotations

from lark import v_args

from .. import ast
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

    def _change(self, meta, verb, what, target=None, stage=None, item=None):
        return ast.Change(verb=verb, what=what, target=target, stage=stage, item=item, span=self._span(meta))

    @v_args(meta=True)
    def set_change(self, meta, c):
        return self._change(meta, "set", type(c[0]).__name__, item=c[0])

    @v_args(meta=True)
    def add_change(self, meta, c):
        item = c[0]
        if isinstance(item, ast.Change):          # add stage to ...
            return item
        return self._change(meta, "add", _kind(item), target=_item_name(item), item=item)

    @v_args(meta=True)
    def added_stage(self, meta, c):
        stage = ast.Stage(body=tuple(c[1:]), span=self._span(meta))
        return self._change(meta, "add", "stage", target=c[0], item=stage)

    @v_args(meta=True)
    def move_change(self, meta, c):
        return self._change(meta, "move", "pad line", target=c[0].name, item=c[0])

    @v_args(meta=True)
    def replace_change(self, meta, c):
        item = c[0]
        return self._change(meta, "replace", _kind(item), target=_item_name(item), item=item)

    def card_replacement(self, c):
        return c[0]

    @v_args(meta=True)
    def modify_card(self, meta, c):
        return self._change(meta, "modify", "card", target=c[0], item=tuple(c[1:]))

    @v_args(meta=True)
    def modify_phase(self, meta, c):
        return self._change(meta, "modify", "phase", target=self._string(c[0]), item=tuple(c[1:]))

    @v_args(meta=True)
    def modify_stage(self, meta, c):
        stage = ast.Stage(body=tuple(c[2:]), span=self._span(meta))
        return self._change(meta, "modify", "stage", target=c[1], stage=to_int(c[0]), item=stage)

    @v_args(meta=True)
    def remove_change(self, meta, c):
        what, target, stage = c[0]
        return self._change(meta, "remove", what, target=target, stage=stage)

    def removed_card(self, c): return ("card", c[0], None)
    def removed_wonder(self, c): return ("wonder", self._string(c[0]), None)
    def removed_trigger(self, c): return ("trigger", self._string(c[0]), None)
    def removed_score(self, c): return ("score", self._name(c[0]), None)
    def removed_stage(self, c): return ("stage", c[1], to_int(c[0]))
    def removed_table(self, c): return ("table", self._number(c[0]), None)
    def removed_phase(self, c): return ("phase", self._string(c[0]), None)


def _kind(item) -> str:
    return {ast.Card: "card", ast.Wonder: "wonder", ast.Trigger: "trigger", ast.Score: "score",
            ast.Table: "table", ast.Phase: "phase", ast.ZoneDecl: "zone", ast.PadLine: "pad line",
            ast.Law: "law", ast.CardUse: "use"}[type(item)]


def _item_name(item):
    if isinstance(item, ast.Card):
        return ast.CardRef(name=item.name, age=next((s.age for s in item.body if isinstance(s, ast.AgeStmt)), None),
                           span=item.name.span)
    if isinstance(item, ast.Score):
        return item.category
    if isinstance(item, ast.Table):
        return item.players
    return getattr(item, "name", None)           # (a law has none)

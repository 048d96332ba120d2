"""Variants: apply each variant's changes to the base items, in the order given.

A change touches a *site* (a card, a statement kind of a card, a wonder stage, a rules
number, a named trigger, a score category).  Two variants that touch the same site (or a
site and a part of it) are an error naming both places, unless one declares that it
`overrides` the other: then the overriding variant's change is the one kept.  Changes that
only add (an unnamed trigger, another `score` line) never collide.
"""

from __future__ import annotations

import itertools

import attrs

from ..diagnostics import Note
from ..syntax import ast
from .context import STATEMENT_WORDS, Context
from .rules import quiet_age_number, roman

_fresh = itertools.count()


def apply_variants(items: list, ctx: Context) -> list:
    """The items with every variant among them applied, in order (the variants removed)."""
    variants = [i for i in items if isinstance(i, ast.Variant)]
    base = [i for i in items if not isinstance(i, ast.Variant)]
    if not variants:
        return base
    rules = next((i for i in base if isinstance(i, ast.Rules)), None)
    named: dict[str, ast.Variant] = {}
    for v in list(variants):
        if v.name.text in named:
            ctx.report("E1101", f'the variant "{v.name.text}" is applied twice', v.name.span,
                       notes=(Note("applied first here", named[v.name.text].name.span),),
                       help="give it once; two different variants need names of their own")
            variants.remove(v)
        named.setdefault(v.name.text, v)
    for v in variants:
        _check_target(v, rules, ctx)
    _check_mutual_overrides(variants, ctx)
    skipped = _resolve_conflicts(variants, ctx)
    for v in variants:
        for change in v.body:
            if id(change) not in skipped:
                base = _apply(change, base, ctx)
    return base


def _check_target(v: ast.Variant, rules: ast.Rules | None, ctx: Context) -> None:
    if v.changes is None:
        ctx.report("E1401", f'variant "{v.name.text}" does not say which rules it changes', v.name.span,
                   help=f'add `changes "{rules.name.text if rules else "Rules name"}"` inside the braces')
    elif rules is not None and v.changes.text != rules.name.text:
        ctx.report("E1402", f'variant "{v.name.text}" changes the rules "{v.changes.text}", '
                   f'but the rules here are "{rules.name.text}"', v.changes.span,
                   label="not these rules", notes=(Note("the rules are defined here", rules.name.span),))


# ---------------------------------------------------------------- sites and conflicts
def sites(change: ast.Change) -> list[tuple]:
    what, target = change.what, change.target
    if change.verb == "set":
        if isinstance(change.item, ast.AgeRules):
            age = quiet_age_number(change.item.age.text)
            return [("age", age, type(s).__name__) for s in change.item.body] or [("age", age)]
        return [("rules", what)]
    if what == "card":
        key = _card_key(target)
        if change.verb == "modify":
            return [key + (type(s).__name__ if not isinstance(s, ast.EFFECT_TYPES) else "effects",)
                    for s in change.item] or [key]
        return [key]
    if what == "wonder":
        return [("wonder", target.text)]
    if what == "stage":
        base = ("wonder", target.wonder.text, target.side.text, "stage")
        return [base + (("+", next(_fresh)) if change.verb == "add" else (change.stage,))]
    if what == "trigger":
        return [("trigger", target.text)] if target is not None else [("trigger", "+", next(_fresh))]
    if what == "score":
        return [("score", target.text) + (("+", next(_fresh)) if change.verb == "add" else ())]
    return [(what,)]


def _card_key(ref: ast.CardRef) -> tuple:
    return ("card", ref.name.text) + ((quiet_age_number(ref.age.text),) if ref.age is not None else ())


def _overlap(a: tuple, b: tuple) -> bool:
    n = min(len(a), len(b))
    return a[:n] == b[:n]


def _resolve_conflicts(variants, ctx: Context) -> set[int]:
    seen: list[tuple[tuple, ast.Variant, ast.Change]] = []
    skipped: set[int] = set()
    for v in variants:
        for change in v.body:
            for site in sites(change):
                for other_site, other_v, other_change in seen:
                    if other_v is v or not _overlap(site, other_site):
                        continue
                    if _overrides(v, other_v):
                        skipped.add(id(other_change))
                    elif _overrides(other_v, v):
                        skipped.add(id(change))
                    else:
                        ctx.report("E1403", f'variants "{other_v.name.text}" and "{v.name.text}" both change '
                                   f"{_describe(site)}", change.span, label=f'changed by "{v.name.text}"',
                                   notes=(Note(f'also changed by "{other_v.name.text}"', other_change.span),),
                                   help=f'if "{v.name.text}" should win, add `overrides "{other_v.name.text}"` to it')
                seen.append((site, v, change))
    return skipped


def _check_mutual_overrides(variants, ctx: Context) -> None:
    """Two variants that each override the other: which one wins would depend on the order
    of the --variant options, so it is an error rather than a silent choice."""
    by_name = {v.name.text: v for v in variants}
    for v in variants:
        for name in v.overrides:
            other = by_name.get(name.text)
            if other is None or other is v or not _overrides(other, v):
                continue
            if variants.index(other) < variants.index(v):        # report each pair once
                back = next(n for n in other.overrides if n.text == v.name.text)
                ctx.report("E1407", f'variants "{other.name.text}" and "{v.name.text}" override each other',
                           name.span, label=f'"{v.name.text}" overrides "{other.name.text}"',
                           notes=(Note(f'and "{other.name.text}" overrides "{v.name.text}" here', back.span),),
                           help="keep `overrides` in the one variant that should win")


def _overrides(a: ast.Variant, b: ast.Variant) -> bool:
    return any(n.text == b.name.text for n in a.overrides)


def _word(kind: str) -> str:
    return f"`{STATEMENT_WORDS.get(kind, kind)}`"


def _describe(site: tuple) -> str:
    kind = site[0]
    if kind == "card":
        return f'the card "{site[1]}"' + (f"'s {_word(site[-1])}" if isinstance(site[-1], str) and len(site) > 2 else "")
    if kind == "wonder":
        return f'the wonder "{site[1]}"' + (f" side {site[2]}" if len(site) > 2 else "") + \
            (f" stage {site[4]}" if len(site) > 4 and site[4] != "+" else "")
    if kind == "age":
        return f"age {roman(site[1])}'s rules" + (f" ({_word(site[2])})" if len(site) > 2 else "")
    if kind == "rules":
        return f"the rules' {_word(site[1])}"
    return f"the {kind} {site[1]!s}" if len(site) > 1 else f"the {kind}"


# ---------------------------------------------------------------- applying one change
def _apply(change: ast.Change, items: list, ctx: Context) -> list:
    handler = {"card": _card_change, "wonder": _wonder_change, "stage": _stage_change,
               "trigger": _rules_change, "score": _rules_change}.get(change.what, _rules_change)
    return handler(change, items, ctx)


def _find_cards(ref: ast.CardRef, items: list, ctx: Context) -> list[int]:
    age = quiet_age_number(ref.age.text) if ref.age is not None else None
    found = []
    for i, item in enumerate(items):
        if isinstance(item, ast.Card) and item.name.text == ref.name.text:
            stmt = next((s for s in item.body if isinstance(s, ast.AgeStmt)), None)
            if age is None or (stmt is not None and quiet_age_number(stmt.age.text) == age):
                found.append(i)
    return found


def _missing(what: str, name: ast.Name, pool, ctx: Context) -> None:
    guess = ctx.suggest(name.text, list(pool))
    ctx.report("E1405", f'there is no {what} "{name.text}" to change', name.span, label=f"no such {what}",
               help=f'did you mean "{guess}"?' if guess else f"a variant can only change a {what} of the rules it changes")


def _card_change(change: ast.Change, items: list, ctx: Context) -> list:
    ref: ast.CardRef = change.target
    found = _find_cards(ref, items, ctx)
    if change.verb == "add":
        if found:
            ctx.report("E1404", f'the card "{ref.name.text}" already exists', ref.name.span,
                       label="already in the rules", notes=(Note("defined here", items[found[0]].name.span),),
                       help="use `replace card` or `modify card` to change it")
            return items
        return items + [change.item]
    if not found:
        _missing("card", ref.name, {i.name.text for i in items if isinstance(i, ast.Card)}, ctx)
        return items
    if len(found) > 1:
        ctx.report("E1406", f'"{ref.name.text}" names cards of several ages', ref.span,
                   label="which one?", help=f'say which: `"{ref.name.text}" of age I`')
        return items
    index = found[0]
    items = list(items)
    if change.verb == "remove":
        del items[index]
    elif change.verb == "replace":
        items[index] = change.item
    else:                                   # modify: the statements given replace their kind
        items[index] = attrs.evolve(items[index], body=_merge(items[index].body, change.item))
    return items


def _merge(body: tuple, changes: tuple) -> tuple:
    """`modify`: each statement given takes the place of the statement(s) of its kind; the
    effects given, if any, take the place of all the effects.  Other statements stay."""
    def kind(s):
        return "effects" if isinstance(s, ast.EFFECT_TYPES) else type(s)
    given: dict = {}
    for s in changes:
        given.setdefault(kind(s), []).append(s)
    merged, placed = [], set()
    for s in body:
        k = kind(s)
        if k not in given:
            merged.append(s)
        elif k not in placed:
            merged += given[k]
            placed.add(k)
    merged += [s for k, group in given.items() if k not in placed for s in group]
    return tuple(merged)


def _wonder_change(change: ast.Change, items: list, ctx: Context) -> list:
    return _change_named(change, items, "wonder",
                         lambda item: item.name.text if isinstance(item, ast.Wonder) else None, ctx)


def _change_named(change: ast.Change, entries: list, what: str, name_of, ctx: Context) -> list:
    """Add, replace or remove the entry named by the change; `name_of` gives an entry's
    name, or None for entries of another kind."""
    name = change.target
    found = [i for i, entry in enumerate(entries) if name_of(entry) == name.text]
    if change.verb == "add":
        if found:
            ctx.report("E1404", f'the {what} "{name.text}" already exists', name.span,
                       notes=(Note("defined here", entries[found[0]].name.span),),
                       help=f"use `replace {what}` to change it")
            return entries
        return entries + [change.item]
    if not found:
        _missing(what, name, [n for n in map(name_of, entries) if n is not None], ctx)
        return entries
    entries = list(entries)
    if change.verb == "remove":
        del entries[found[0]]
    else:
        entries[found[0]] = change.item
    return entries


def _stage_change(change: ast.Change, items: list, ctx: Context) -> list:
    where: ast.WonderSide = change.target
    found = [i for i, item in enumerate(items) if isinstance(item, ast.Wonder) and item.name.text == where.wonder.text]
    if not found:
        _missing("wonder", where.wonder, {i.name.text for i in items if isinstance(i, ast.Wonder)}, ctx)
        return items
    wonder = items[found[0]]
    sides = [s for s in wonder.sides if s.name.text == where.side.text]
    if not sides:
        _missing("side", where.side, [s.name.text for s in wonder.sides], ctx)
        return items
    side = sides[0]
    stages = [i for i, s in enumerate(side.body) if isinstance(s, ast.Stage)]
    body = list(side.body)
    if change.verb == "add":
        body.append(change.item)
    else:
        if not 1 <= change.stage <= len(stages):
            ctx.report("E1405", f'side {side.name.text} of "{wonder.name.text}" has no stage {change.stage}',
                       change.span, help=f"its stages are 1 to {len(stages)}")
            return items
        at = stages[change.stage - 1]
        if change.verb == "remove":
            del body[at]
        else:
            body[at] = change.item
    new_side = attrs.evolve(side, body=tuple(body))
    new_wonder = attrs.evolve(wonder, sides=tuple(new_side if s is side else s for s in wonder.sides))
    items = list(items)
    items[found[0]] = new_wonder
    return items


def _rules_change(change: ast.Change, items: list, ctx: Context) -> list:
    at = next((i for i, item in enumerate(items) if isinstance(item, ast.Rules)), None)
    if at is None:
        return items                        # E1208 reports the missing rules
    rules = items[at]
    body = list(rules.body)
    if change.verb == "set":
        body = _set(body, change.item)
    elif change.what == "trigger":
        body = _trigger_change(change, body, ctx)
    elif change.what == "score":
        body = _score_change(change, body, ctx)
    items = list(items)
    items[at] = attrs.evolve(rules, body=tuple(body))
    return items


def _set(body: list, stmt) -> list:
    if isinstance(stmt, ast.AgeRules):
        number = quiet_age_number(stmt.age.text)
        for i, s in enumerate(body):
            if isinstance(s, ast.AgeRules) and quiet_age_number(s.age.text) == number:
                body[i] = attrs.evolve(s, body=_merge(s.body, stmt.body))
                return body
        return body + [stmt]
    for i, s in enumerate(body):
        if type(s) is type(stmt):
            body[i] = stmt
            return body
    return body + [stmt]


def _trigger_change(change: ast.Change, body: list, ctx: Context) -> list:
    if change.verb == "add" and change.target is None:
        return body + [change.item]
    return _change_named(change, body, "trigger",
                         lambda s: s.name.text if isinstance(s, ast.Trigger) and s.name else None, ctx)


def _score_change(change: ast.Change, body: list, ctx: Context) -> list:
    category = change.target
    found = [i for i, s in enumerate(body) if isinstance(s, ast.Score) and s.category.text == category.text]
    if change.verb == "add":
        return body + [change.item]
    if not found:
        _missing("score line for", category, [s.category.text for s in body if isinstance(s, ast.Score)], ctx)
        return body
    first = found[0]
    kept = [s for i, s in enumerate(body) if i not in found[1:]]
    if change.verb == "remove":
        del kept[first]
    else:
        kept[first] = change.item
    return kept

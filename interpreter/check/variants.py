"""Variants: apply each variant's changes to the base items, in the order given.

A change touches a *site* (a card, a statement kind of a card, a wonder stage, a rules
number, a named trigger, a score category, the table for a player count, the sitting out
of one token kind's holders).  Two variants that touch the same site (or a
site and a part of it) are an error naming both places, unless one declares that it
`overrides` the other: then the overriding variant's change is the one kept.  Changes that
only add (an unnamed trigger, another `score` line) never collide.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..diagnostics import Note
from ..paths import expansion_packs, is_pack_file, is_shipped, rule_sets, shipped_rules_names
from ..syntax import ast
from .context import STATEMENT_WORDS, Context, what_word
from .rules import quiet_age_number, roman
from .variant_apply import Workspace
from ..i18n import _

_fresh = itertools.count()


def apply_variants(items: list[Any], ctx: Context) -> list[Any]:
    """The items with every variant among them applied, in order (the variants removed)."""
    variants = [i for i in items if isinstance(i, ast.Variant)]
    base = [i for i in items if not isinstance(i, ast.Variant)]
    if not variants:
        return base
    rules = next((i for i in base if isinstance(i, ast.Rules)), None)
    named: dict[str, ast.Variant] = {}
    for v in list(variants):
        if v.name.text in named:
            ctx.report("E1101", _('the variant "{v}" is applied twice').format(v=v.name.text), v.name.span,
                       notes=(Note(_("applied first here"), named[v.name.text].name.span),),
                       help=_("give it once; two different variants need names of their own"))
            variants.remove(v)
        named.setdefault(v.name.text, v)
    variants = _with_requirements(variants, ctx)
    if not variants:
        return base
    for v in variants:
        _check_target(v, rules, ctx)
    _check_override_names(variants, ctx)
    _check_mutual_overrides(variants, ctx)
    skipped = _resolve_conflicts(variants, ctx)
    work = Workspace(base, ctx)
    for v in variants:
        for change in v.body:
            if id(change) not in skipped:
                work.apply(change, v.name.text)
    return work.result()


def _check_target(v: ast.Variant, rules: ast.Rules | None, ctx: Context) -> None:
    if v.changes is None:
        ctx.report("E1401", _('variant "{v}" does not say which rules it changes').format(v=v.name.text), v.name.span,
                   help=_('add `changes "{value}"` inside the braces').format(value=rules.name.text if rules else "Rules name"))
    elif rules is not None and v.changes.text != rules.name.text:
        other = shipped_rules_names().get(v.changes.text)
        if other is not None and is_shipped(rules.name.span.file):
            help = _("the variant is for the shipped rule set {other}: give `--rules {other}` with it").format(
                other=other)
        elif other is not None:
            help = _('the variant is for the shipped rule set {other} (`--rules {other}`); to apply it to these '
                     'rules, write `changes "{rules}"`').format(other=other, rules=rules.name.text)
        elif ctx.suggest(v.changes.text, [rules.name.text]):
            help = _('did you mean "{guess}"?').format(guess=rules.name.text)
        else:
            help = _('if the variant is meant for these rules, write `changes "{rules}"`').format(rules=rules.name.text)
        ctx.report("E1402", _('variant "{v}" changes the rules "{changes}", but the rules here are "{rules}"').format(v=v.name.text, changes=v.changes.text, rules=rules.name.text), v.changes.span,
                   label=_("not these rules"), notes=(Note(_("the rules are defined here"), rules.name.span),),
                   help=help)


_VARIANT_NAME = re.compile(r'^\s*variant\s+"([^"\n]*)"', re.MULTILINE)


def _with_requirements(variants: Sequence[ast.Variant], ctx: Context) -> list[ast.Variant]:
    """The variants whose `requires` are met: every variant they name is applied too.  A
    shipped pack's variant whose requirement is not met is left out without a word (it is
    the pack's content for when another pack is on); another variant's is E1410, and so
    is a pack's naming a variant that no shipped pack or rule set has."""
    applied = {v.name.text for v in variants}
    kept, shipped = [], None
    for v in variants:
        missing = [n for n in v.requires if n.text not in applied]
        if not missing:
            kept.append(v)
            continue
        name = missing[0]
        if is_pack_file(v.name.span.file, ctx.pack_files):
            shipped = _shipped_variant_names() if shipped is None else shipped
            if name.text in shipped:
                continue
            help = _("name a variant of a shipped pack or rule set")
        else:
            help = _('apply "{name}" too (its pack with --expansion, or --variant), or remove `requires`').format(name=name.text)
        ctx.report("E1410", _('variant "{v}" requires the variant "{name}", which is not applied').format(
            v=v.name.text, name=name.text), name.span, label=_("not applied"), help=help)
    return kept


def _shipped_variant_names() -> set[str]:
    """The names of the variants in the shipped packs' and rule sets' files (a quick look)."""
    names: set[str] = set()
    folders = [*expansion_packs().values(), *rule_sets().values()]
    for folder in folders:
        for path in [*folder.glob("*.wonders"), *folder.glob("variants/*.wonders")]:
            try:
                names |= set(_VARIANT_NAME.findall(path.read_text(encoding="utf-8", errors="replace")))
            except OSError:
                continue
    return names


def _check_override_names(variants: Sequence[ast.Variant], ctx: Context) -> None:
    """W1409 for an `overrides` name that is no variant's but is close to one: the names of
    the variants applied, of the variant files beside each, and of the shipped ones.  A name
    of a known variant that is not applied now is silent (it is applied another time)."""
    applied = {v.name.text for v in variants}
    if not any(n.text not in applied for v in variants for n in v.overrides):
        return
    known = applied | _variant_names_near(variants)
    for v in variants:
        for name in v.overrides:
            if name.text in known:
                continue
            guess = ctx.suggest(name.text, sorted(known - {v.name.text}))
            if guess:
                ctx.report("W1409", _('no variant is named "{name}"').format(name=name.text), name.span,
                           label=_("not a variant's name"), help=_('did you mean "{guess}"?').format(guess=guess))


def _variant_names_near(variants: Sequence[ast.Variant]) -> set[str]:
    """The names of the variants written in the files beside the variants' files and in
    the shipped rule sets' `variants/` folders (a quick look, not a parse)."""
    folders = {Path(v.name.span.file).parent for v in variants if Path(v.name.span.file).is_file()}
    folders |= {folder / "variants" for folder in rule_sets().values()}
    names: set[str] = set()
    for folder in folders:
        for path in sorted(folder.glob("*.wonders"))[:200]:
            try:
                if path.is_file() and path.stat().st_size <= 1_000_000:
                    names |= set(_VARIANT_NAME.findall(path.read_text(encoding="utf-8", errors="replace")))
            except OSError:
                continue
    return names


# ---------------------------------------------------------------- sites and conflicts
# A place of the rules a change writes: ("card", name[, age][, statement kind]), ("wonder",
# name, side, "stage", number), ("rules", statement kind), ...
Site = tuple[Any, ...]


def sites(change: ast.Change) -> list[Site]:
    """The places of the rules a change writes, as keys: two variants' changes conflict
    when a key of one is a key of the other or a part of it (`_resolve_conflicts`)."""
    if isinstance(change, ast.SetRule):
        item = change.item
        if isinstance(item, ast.AgeRules):
            age = quiet_age_number(item.age.text)
            return [("age", age, type(s).__name__) for s in item.body] or [("age", age)]
        if isinstance(item, ast.SitOut):       # one statement per token kind: keyed by it
            return [("rules", change.what, item.kind.text)]
        return [("rules", change.what)]
    if isinstance(change, ast.ModifyCard):
        key = _card_key(change.target)
        return [key + (type(s).__name__ if not isinstance(s, ast.EFFECT_TYPES) else "effects",)
                for s in change.item] or [key]
    if isinstance(change, ast.CardChange):
        return [_card_key(change.target)]
    if isinstance(change, ast.StageChange):
        target = change.target
        base = ("wonder", target.wonder.text, target.side.text, "stage")
        return [base + (("+", next(_fresh)) if change.verb == "add" else (change.stage,))]
    if isinstance(change, ast.TableChange):
        return [("table", change.target.value)]
    if isinstance(change, ast.ModifyPhase):
        return [("phase", change.target.text, type(s).__name__) for s in change.item] or [("phase", change.target.text)]
    if isinstance(change, ast.TriggerChange):
        return [("trigger", change.target.text)] if change.target is not None else [("trigger", "+", next(_fresh))]
    if isinstance(change, ast.ScoreChange):
        return [("score", change.target.text) + (("+", next(_fresh)) if change.verb == "add" else ())]
    if isinstance(change, (ast.WonderChange, ast.PhaseChange, ast.ZoneChange, ast.PadLineChange)):
        return [(change.what, change.target.text)]
    return [(change.what,)]                    # a law or a use added: each its own


def _card_key(ref: ast.CardRef) -> Site:
    return ("card", ref.name.text) + ((quiet_age_number(ref.age.text),) if ref.age is not None else ())


def _resolve_conflicts(variants: Sequence[ast.Variant], ctx: Context) -> set[int]:
    """Every pair of changes of two variants whose sites overlap (one site is the other or
    part of it) is resolved by `overrides` or reported.  The sites seen are indexed by each
    of their prefixes, so a site meets only the sites it overlaps, never all the others."""
    order = itertools.count()
    exact: dict[Site, dict[int, list[Any]]] = {}       # a site -> {variant: entries with that site}
    below: dict[Site, dict[int, list[Any]]] = {}       # a prefix -> {variant: entries of longer sites}
    skipped: set[int] = set()
    for v in variants:
        for change in v.body:
            for site in sites(change):
                found = [e for prefix in _prefixes(site) for key, entries in exact.get(prefix, {}).items()
                         if key != id(v) for e in entries]
                found += [e for key, entries in below.get(site, {}).items() if key != id(v) for e in entries]
                for _order, other_v, other_change in sorted(found, key=lambda e: e[0]):
                    if _overrides(v, other_v):
                        skipped.add(id(other_change))
                    elif _overrides(other_v, v):
                        skipped.add(id(change))
                    else:
                        _conflict(site, (other_v, other_change), (v, change), ctx)
                entry = (next(order), v, change)
                exact.setdefault(site, {}).setdefault(id(v), []).append(entry)
                for prefix in _prefixes(site)[:-1]:
                    below.setdefault(prefix, {}).setdefault(id(v), []).append(entry)
    return skipped


def _conflict(site: Site, first: tuple[Any, ...], second: tuple[Any, ...], ctx: Context) -> None:
    """E1403, underlining the designer's change rather than a shipped one, and helping
    with a change to the designer's own file only."""
    (first_v, first_change), (v, change) = first, second
    if is_shipped(change.span.file) and not is_shipped(first_change.span.file):
        (first_v, first_change), (v, change) = second, first       # the designer's is `v`
    mine = [x for x in ((v, change), (first_v, first_change)) if not is_shipped(x[1].span.file)]
    helps = [_('if "{a}" should win, add `overrides "{b}"` to "{a}"').format(a=a.name.text, b=b.name.text)
             for (a, _ac), (b, _bc) in ((m, o) for m in mine for o in ((v, change), (first_v, first_change)) if o[0] is not m[0])]
    help = "; ".join(helps) if helps else \
        _("both are shipped variants: leave out one of the two --variant options")
    ctx.report("E1403", _('variants "{first_v}" and "{v}" both change {describe}').format(first_v=first_v.name.text, v=v.name.text, describe=_describe(site)),
               change.span, label=_('changed by "{v}"').format(v=v.name.text),
               notes=(Note(_('also changed by "{first_v}"').format(first_v=first_v.name.text), first_change.span),), help=help)


def _prefixes(site: Site) -> list[Site]:
    """The site's prefixes, shortest first, the site itself last."""
    return [site[:n] for n in range(1, len(site) + 1)]


def _check_mutual_overrides(variants: Sequence[ast.Variant], ctx: Context) -> None:
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
                ctx.report("E1407", _('variants "{other}" and "{v}" override each other').format(other=other.name.text, v=v.name.text),
                           name.span, label=_('"{v}" overrides "{other}"').format(v=v.name.text, other=other.name.text),
                           notes=(Note(_('and "{other}" overrides "{v}" here').format(other=other.name.text, v=v.name.text), back.span),),
                           help=_("keep `overrides` in the one variant that should win"))


def _overrides(a: ast.Variant, b: ast.Variant) -> bool:
    return any(n.text == b.name.text for n in a.overrides)


def _word(kind: str) -> str:
    return f"`{STATEMENT_WORDS.get(kind, kind)}`"


def _describe(site: Site) -> str:
    kind = site[0]
    if kind == "card":
        if isinstance(site[-1], str) and len(site) > 2:
            return _('the card "{name}"\'s {word}').format(name=site[1], word=_word(site[-1]))
        return _('the card "{name}"').format(name=site[1])
    if kind == "wonder":
        text = _('the wonder "{name}"').format(name=site[1])
        text += _(" side {side}").format(side=site[2]) if len(site) > 2 else ""
        return text + (_(" stage {number}").format(number=site[4]) if len(site) > 4 and site[4] != "+" else "")
    if kind == "age":
        text = _("age {age}'s rules").format(age=roman(site[1]))
        return text + (f" ({_word(site[2])})" if len(site) > 2 else "")
    if kind == "rules":
        word = f"`holders of {site[2]} tokens`" if len(site) > 2 else _word(site[1])   # (a SitOut's kind)
        return _("the rules' {word}").format(word=word)
    if kind == "table":
        return _("the table for {players} players").format(players=site[1])
    word = what_word(kind)
    return _("the {what} {name}").format(what=word, name=site[1]) if len(site) > 1 \
        else _("the {what}").format(what=word)

"""The ages as phases: the `age` block's sugar, and each age read from its phase.

An age is a phase of the rules' sequence (docs/language.md, "Ages as phases") whose
statements deal the age's hand, start it, play its turns and end it.  The older `age I {
hand 7; turns 6; pass left; last card discarded; victory 1 }` block is written sugar for
that phase: `age_phase` turns it into the same statements, here and nowhere else: for the loader
(`desugared`, once the variants are applied, so that `set age I { victory 3 }` still
changes a block) and for a variant's `modify phase "age I"` of a block.  `check_ages` then reads each age (an `AgeDef`: its number,
hand, turns, direction, victory and random draws) from its phase, for those who reason
about an age's cards without playing it (the deck arithmetic, the bots, the card lists)."""

from __future__ import annotations

import attrs

from ..diagnostics import Note
from ..i18n import _
from ..syntax import ast
from .context import Context
from .model import AgeDef
from .rules import age_number, roman

AGE_STATEMENTS = (ast.DealAge, ast.StartAge, ast.PlayTurns, ast.EndAge)


def desugared(rules: ast.Rules, ctx: Context) -> ast.Rules:
    """The rules with each `age` block replaced, where it stands, by its phase."""
    if not any(isinstance(s, ast.AgeRules) for s in rules.body):
        return rules
    body = []
    for stmt in rules.body:
        if isinstance(stmt, ast.AgeRules):
            phase = age_phase(stmt, ctx)
            if phase is None:
                continue
            stmt = phase
        body.append(stmt)
    return attrs.evolve(rules, body=tuple(body))


def age_phase(block: ast.AgeRules, ctx: Context) -> ast.Phase | None:
    """`age N { hand H; turns T; pass D; [last card discarded;] [victory V;] add ... }` is
    `phase "age N" { deal H cards from age N, with ...; start age N, victory tokens worth
    V; play T turns passing D[, discarding the last cards]; end age N }`."""
    name, owner = f"age {block.age.text}", _("age {age}").format(age=block.age.text)
    hand = ctx.single(block.body, ast.HandSize, owner, block.span, required="hand")
    turns = ctx.single(block.body, ast.Turns, owner, block.span, required="turns")
    direction = ctx.single(block.body, ast.PassDirection, owner, block.span, required="pass")
    discard = ctx.single(block.body, ast.LastCardDiscarded, owner, block.span)
    victory = ctx.single(block.body, ast.VictoryValue, owner, block.span)
    if hand is None or turns is None or direction is None:
        return None
    draws = tuple(s for s in block.body if isinstance(s, ast.AddRandom))
    span = block.span
    body = (ast.DealAge(count=hand.amount, age=block.age, draws=draws, span=hand.span),
            ast.StartAge(age=block.age, victory=victory.amount if victory else None, span=block.age.span),
            ast.PlayTurns(count=turns.amount, direction=direction.direction, discard_last=discard is not None,
                          span=turns.span, then=direction.then),
            ast.EndAge(age=block.age, span=block.age.span))
    return ast.Phase(name=ast.Name(text=name, span=block.age.span), place=None, body=body, span=span)


def check_ages(phases: list[ast.Phase], ctx: Context) -> tuple[AgeDef, ...] | None:
    """Each age, read from the phase of the sequence that starts it, in age order (None
    when one is wrong)."""
    ages: dict[int, AgeDef] = {}
    first: dict[int, ast.Name] = {}
    ok = True
    for phase in phases:
        starts = [s for s in phase.body if isinstance(s, ast.StartAge)]
        if phase.place is not None or not starts:
            continue
        for extra in starts[1:]:
            ctx.report("E1707", _('phase "{name}" starts two ages').format(name=phase.name.text), extra.span,
                       label=_("a second age"), help=_("give each age a phase of its own"))
            ok = False
        number = age_number(starts[0].age, ctx)
        if number is None:
            ok = False
            continue
        if number in first:
            ctx.report("E1101", _("age {age} is defined twice").format(age=starts[0].age.text), starts[0].age.span,
                       notes=(Note(_("first defined here"), first[number].span),))
            ok = False
            continue
        if ages and number < max(ages):
            ctx.report("E1707", _("age {age} starts after age {before}").format(age=starts[0].age.text,
                                                                               before=roman(max(ages))),
                       starts[0].span, label=_("out of order"), help=_("write the phases of the ages in their order"))
            ok = False
            continue
        first[number] = starts[0].age
        age = _age_of(phase, number, ctx)
        if age is None:
            ok = False
        else:
            ages[number] = age
    if not first:
        if ok:
            ctx.report("E1201", _("the rules define no age"), phases[0].span if phases else None,
                       help=_('add `phase "age I" { deal 7 cards from age I; start age I; '
                              'play 6 turns passing left, discarding the last cards; end age I }`'))
        return None
    if sorted(first) != list(range(1, len(first) + 1)) and ok:
        missing = [n for n in range(1, max(first) + 1) if n not in first]
        ctx.report("E1006", _("the ages must be numbered from I without gaps; age {missing} is missing").format(missing=roman(missing[0])),
                   phases[0].span)
        return None
    return tuple(ages[n] for n in sorted(ages)) if ok else None


def _age_of(phase: ast.Phase, number: int, ctx: Context) -> AgeDef | None:
    """The age that `phase` starts: its hand is its deal from the age, its turns its
    `play N turns`; it must end the age it starts."""
    owner = _('phase "{name}"').format(name=phase.name.text)
    deal = next((s for s in phase.body if isinstance(s, ast.DealAge)), None)
    turns = next((s for s in phase.body if isinstance(s, ast.PlayTurns)), None)
    start = next(s for s in phase.body if isinstance(s, ast.StartAge))
    end = next((s for s in phase.body if isinstance(s, ast.EndAge)), None)
    missing = [what for what, stmt in ((f"deal N cards from age {start.age.text}", deal),
                                       ("play N turns passing left", turns), (f"end age {start.age.text}", end))
               if stmt is None]
    if missing:
        ctx.report("E1706", _("{owner} starts age {age} but has no `{statement}`").format(
                       owner=owner, age=start.age.text, statement=missing[0]), phase.name.span,
                   label=_("an incomplete age"),
                   help=_("an age's phase deals the age's cards, starts the age, plays its turns and ends it"))
        return None
    assert deal is not None and turns is not None and end is not None      # (none is missing)
    ok = True
    for stmt in (deal, end):
        said = age_number(stmt.age, ctx)
        if said is not None and said != number:
            ctx.report("E1707", _("{owner} starts age {age} but its `{statement}` names age {other}").format(
                           owner=owner, age=start.age.text, statement="deal" if stmt is deal else "end",
                           other=stmt.age.text), stmt.age.span, label=_("another age"),
                       help=_("an age's phase deals and ends the age it starts: age {age}").format(age=start.age.text))
            ok = False
    for add in deal.draws:
        for color in add.colors:
            ctx.known(color, ctx.colors, "E1002", "colour")
    # the age's turns: every `play` after its deal, from the same hands (too many of them, or
    # turns after the hands were discarded, are for phases.py's `_Hands` to report)
    if phase.body.index(turns) < phase.body.index(deal):
        ctx.report("E1707", _("{owner} plays turns before it deals age {age}").format(owner=owner, age=start.age.text),
                   turns.span, label=_("no card of the age is dealt yet"),
                   help=_("an age's phase deals the age's cards, starts the age, plays its turns and ends it"))
        return None
    plays = [s for s in phase.body[phase.body.index(deal):] if isinstance(s, ast.PlayTurns)]
    hand, count, last = deal.count.value, sum(s.count.value for s in plays), plays[-1]
    if hand < 1 or not 1 <= count <= hand or any(s.count.value < 1 or s.discard_last for s in plays[:-1]):
        return None
    if count < hand and not last.discard_last:
        ctx.report("E1201", _("{owner} does not say what happens to the cards left after the last turn").format(owner=owner),
                   last.span, help=_("add `, discarding the last cards` to the age's last `play`"))
        return None
    if not ok:
        return None
    return AgeDef(number=number, hand=hand, turns=count, direction=turns.direction, then=turns.then,
                  last_card_discarded=last.discard_last, victory=start.victory.value if start.victory else 0,
                  random_additions=deal.draws, span=phase.span, earlier_turns=count - last.count.value)

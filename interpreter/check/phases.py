"""Check the phases: zones, where each phase runs, what it does, and the sequence the
game runs them in.

A phase (docs/language.md, "Phases") deals cards from a deck or an age, drafts them into
a zone, lets each player play a card from a zone, plays turns, starts or ends an age (the
ages' own phases: check/ages.py).  What is checked here needs only the rules;
what needs the cards too (a deck that no card is in, a deck too small to deal from at
some player count) is `check_phase_decks`, among the whole-set checks."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Sequence
from typing import Any

import attrs

from ..diagnostics import Note
from ..i18n import _
from ..kinds.actions import STATEMENTS, kind_of
from ..kinds.effects import effect_kind_of, held_of, part_of
from ..kinds.expressions import quantity_of
from ..kinds.measures import measure_kind
from ..syntax import ast
from .context import Context
from .model import AgeDeal, AgeEnd, AgeStart, CardDef, PhaseDef, RulesDef, TableDef, WonderDef
from .rules import age_number, quiet_age_number, roman


def with_phases(rules: RulesDef | None, rules_ast: ast.Rules | None, ctx: Context) -> RulesDef | None:
    """The checked rules with their zones and phases (None when a phase is wrong)."""
    if rules_ast is None:
        return rules
    zones = check_zones(rules_ast.body, ctx)
    table = tuple(dict.fromkeys(s.name.text for s in rules_ast.body if isinstance(s, ast.ZoneDecl) and s.table))
    ages = tuple(a.number for a in rules.ages) if rules is not None else None
    phases = check_phases(rules_ast.body, ages, zones, ctx, table)
    if rules is None or phases is None:
        return None
    return attrs.evolve(rules, zones=zones, table_zones=table, phases=phases, sequence=sequence(phases))


def sequence(phases: tuple[PhaseDef, ...]) -> tuple[int, ...]:
    """The phases the game runs one after the other: those without a place in written
    order, each age's with the phases placed before and after it."""
    out = []
    for i, phase in enumerate(phases):
        if phase.when:
            continue
        if phase.age is not None:
            out += [j for j, p in enumerate(phases) if p.when == "before" and p.age == phase.age]
        out.append(i)
        if phase.age is not None:
            out += [j for j, p in enumerate(phases) if p.when == "after" and p.age == phase.age]
    return tuple(out)


def check_zones(body: Iterable[object], ctx: Context) -> tuple[str, ...]:
    zones: dict[str, ast.Name] = {}
    for stmt in body:
        if isinstance(stmt, ast.ZoneDecl):
            if stmt.name.text in zones:
                ctx.report("E1101", _('the zone "{name}" is declared twice').format(name=stmt.name.text), stmt.name.span,
                           label=_("declared again"), notes=(Note(_("first declared here"), zones[stmt.name.text].span),))
            zones.setdefault(stmt.name.text, stmt.name)
    return tuple(zones)


def check_phases(body: Iterable[object], ages: tuple[int, ...] | None, zones: tuple[str, ...], ctx: Context,
                 table: tuple[str, ...] = ()) -> tuple[PhaseDef, ...] | None:
    """The phases of the rules, in written order (None when one is wrong)."""
    phases: list[PhaseDef] = []
    named: dict[str, ast.Name] = {}
    ok = True
    for phase in (s for s in body if isinstance(s, ast.Phase)):
        if phase.name.text in named:
            ctx.report("E1101", _('two phases are named "{name}"').format(name=phase.name.text), phase.name.span,
                       notes=(Note(_("the first one is here"), named[phase.name.text].span),),
                       help=_("a variant names a phase to replace or remove it: give each its own name"))
            ok = False
            continue
        named[phase.name.text] = phase.name
        checked = _check_phase(phase, ages, zones, ctx, table)
        if checked is None:
            ok = False
        else:
            phases.append(checked)
    return tuple(phases) if ok else None


def _check_phase(phase: ast.Phase, ages: Collection[int] | None, zones: Collection[str], ctx: Context,
                 table: Collection[str] = ()) -> PhaseDef | None:
    place, owner = phase.place, _('phase "{name}"').format(name=phase.name.text)
    age = None
    if place is None:
        place = ast.PhasePlace(when="", age=None, span=phase.name.span)
        start = next((s for s in phase.body if isinstance(s, ast.StartAge)), None)
        age = quiet_age_number(start.age.text) if start is not None else None
    elif place.age is not None:
        age = age_number(place.age, ctx)
        if age is None:
            return None
        if ages is not None and age not in ages:
            ctx.report("E1006", _("{owner} runs {place}, which the rules do not define").format(
                           owner=owner, place=_place_words(place)), place.age.span, label=_("no such age"),
                       help=_("the rules define ages {names}").format(names=", ".join(roman(n) for n in ages)))
            return None
    steps = [s for s in phase.body if not isinstance(s, str)]
    if not steps:
        ctx.report("E1201", _("{owner} does nothing").format(owner=owner), phase.name.span,
                   help=_('give it a statement: `deal N cards from deck "D"`, `draft N into "Z" passing left`, '
                          '`play a card from "Z"`, or `discard the cards of "Z"`'))
        return None
    ok, dealt, resolved, hands = True, None, [], _Hands()
    checks = StatementChecks(ctx, owner, zones, table)
    for step in steps:
        hands.step(step)
        kind = STATEMENTS.get(type(step))
        if kind is not None and not kind.check_statement(step, checks):       # a statement of kinds/
            ok = False
        if isinstance(step, (ast.Draft, ast.DiscardZone)) and step.zone.text not in zones:
            _unknown_zone(step.zone, zones, ctx)
            ok = False
        elif isinstance(step, (ast.Draft, ast.DiscardZone)) and not own_zone(step.zone, table, ctx):
            ok = False
        misplaced = _out_of_place(step, place, owner)
        if misplaced is not None and ok:
            code, message, label, help_ = misplaced
            ctx.report(code, message, step.span, label=label, help=help_)  # type: ignore[attr-defined]  # (a statement)
            ok = False
        if isinstance(step, (ast.Deal, ast.DealAge, ast.Reveal)) and step.count.value < 1:
            ctx.report("E1206", _("{owner} deals {count} cards").format(owner=owner, count=step.count.value),
                       step.count.span, label=_("deal at least 1 card"))
            ok = False
        if isinstance(step, ast.Deal):
            dealt = step.count.value
        elif isinstance(step, ast.DealAge):
            number = age_number(step.age, ctx)
            if number is None or (ages is not None and number not in ages):
                if number is not None:
                    ctx.report("E1006", _("{owner} deals from age {age}, which the rules do not define").format(
                                   owner=owner, age=step.age.text), step.age.span, label=_("no such age"))
                ok = False
                continue
            dealt = step.count.value
            step = AgeDeal(count=step.count.value, number=number, random_additions=step.draws, span=step.span)
        elif isinstance(step, (ast.StartAge, ast.EndAge)):
            number = age_number(step.age, ctx)
            if number is None:
                ok = False
                continue
            step = (AgeStart if isinstance(step, ast.StartAge) else AgeEnd)(number=number, span=step.span)
        elif isinstance(step, ast.PlayTurns):
            if step.count.value < 1:
                ctx.report("E1206", _("{owner} plays {count} turns").format(owner=owner, count=step.count.value),
                           step.count.span, label=_("play at least 1 turn"))
                ok = False
            elif len(step.directions) > step.count.value:
                ctx.report("E2041", _("{owner} names more ways of passing ({ways}) than it plays turns ({count})").format(
                    owner=owner, ways=len(step.directions), count=step.count.value), step.span,
                    label=_("more ways than turns"), help=_("the hands pass one way a turn: keep one way a turn at most"))
                ok = False
            elif not hands.play(step, owner, ctx):
                ok = False
        elif isinstance(step, ast.Draft):
            if dealt is None or not 1 <= step.count.value <= dealt:
                message = _("{owner} drafts {count} cards but no card is dealt before it") if dealt is None else \
                    _("{owner} drafts {count} cards but only {dealt} are dealt")
                ctx.report("E1703", message.format(owner=owner, count=step.count.value, dealt=dealt), step.count.span,
                           label=_("more than dealt") if dealt is not None else _("nothing to draft"),
                           help=_("draft at least 1 card and at most as many as the `deal` before it gives each player"))
                ok = False
            dealt = None                  # the cards left go back to the box
        resolved.append(step)
    if not ok:
        return None
    return PhaseDef(name=phase.name.text, when=place.when, age=age, steps=tuple(resolved), span=phase.span)


class StatementChecks:
    """What a statement kind's check (kinds/statement_base.py `check_statement`) is lent of
    the checker: the context, the phase's words (`owner`), and the rules for the zones it
    names (each declared; `own_zone`: one its cities keep, not one for the table)."""

    def __init__(self, ctx: Context, owner: str, zones: Collection[str], table: Collection[str]):
        self.ctx, self.owner, self.zones, self.table = ctx, owner, zones, table

    def zone(self, name: ast.Name) -> bool:
        if name.text in self.zones:
            return True
        _unknown_zone(name, self.zones, self.ctx)
        return False

    def own_zone(self, name: ast.Name) -> bool:
        return own_zone(name, self.table, self.ctx)


class _Hands:
    """The hands a phase's `play N turns` statements play from: those of the `deal` before
    them, shared by every `play` until the next deal or draft.  Their turns together are at
    most the cards dealt (E1206), and none comes after a `play` whose `discarding the last
    cards` emptied the hands (E1710).  Without a deal in the phase nothing is known."""

    def __init__(self) -> None:
        self.dealt: int | None = None
        self.played = 0
        self.emptied: ast.PlayTurns | ast.Draft | None = None

    def step(self, step: object) -> None:
        if isinstance(step, (ast.Deal, ast.DealAge)):
            self.dealt, self.played, self.emptied = step.count.value, 0, None
        elif isinstance(step, ast.Draft):
            self.emptied = step                # what is left of the hands goes back to the box

    def play(self, step: ast.PlayTurns, owner: str, ctx: Context) -> bool:
        if self.emptied is not None:
            what = _("the hands were discarded here") if isinstance(self.emptied, ast.PlayTurns) else \
                _("the hands went back to the box after this draft")
            ctx.report("E1710", _("{owner} plays turns from empty hands").format(owner=owner),
                       step.span, label=_("no card is left to play"), notes=(Note(what, self.emptied.span),),
                       help=_("say `discarding the last cards` on the last `play` of the hands only, or deal "
                              "again before these turns"))
            return False
        self.played += step.count.value
        if self.dealt is not None and self.played > self.dealt:
            ctx.report("E1206", _("{owner} plays {amount} turns from a hand of {amount2} cards").format(
                           owner=owner, amount=self.played, amount2=self.dealt), step.span,
                       label=_("turns must be between 1 and the hand size"))
            return False
        if step.discard_last:
            self.emptied = step
        return True


def _out_of_place(step: object, place: ast.PhasePlace, owner: str) -> tuple[str, str, str, str] | None:
    """(code, message, label, help) when `step` cannot run where its phase is placed: an
    age starts and ends in its own phase; a phase at an age's start (inside the age's
    `start age`, its hands dealt) neither plays turns nor deals nor drafts."""
    if isinstance(step, (ast.StartAge, ast.EndAge)) and place.when or \
            isinstance(step, ast.PlayTurns) and place.when == "start":
        return ("E1708", _("{owner} runs {place} and {cannot}").format(owner=owner, place=_place_words(place),
                                                                        cannot=_cannot(step)),
                _("not in a phase placed so"),
                _("an age starts and ends in its own phase (without a place), and turns are played in a phase "
                  'of the sequence, not at an age\'s start: a variant changes an age with `modify phase "age I" { ... }`'))
    kind = STATEMENTS.get(type(step))
    if (isinstance(step, (ast.Deal, ast.DealAge, ast.Draft)) or kind is not None and "age start" not in kind.places) \
            and place.when == "start":
        return ("E1704", _("{owner} deals or drafts at the start of an age").format(owner=owner),
                _("the hands hold the age's cards then"),
                _("deal and draft in a phase that runs `before age N` or `after age N`, or in the age's own "
                  'phase (`replace phase "age I" { ... }`); at the start of an age, `play a card from` a zone'))
    return None


def _place_words(place: ast.PhasePlace) -> str:
    if place.when == "start":
        return _("at the start of age {age}").format(age=place.age.text) if place.age else _("at the start of each age")
    assert place.age is not None, place        # (before or after an age: it names the age)
    if place.when == "before":
        return _("before age {age}").format(age=place.age.text)
    return _("after age {age}").format(age=place.age.text)


def _cannot(step: object) -> str:
    if isinstance(step, ast.PlayTurns):
        return _("cannot play turns")
    return _("cannot start an age") if isinstance(step, ast.StartAge) else _("cannot end an age")


def own_zone(zone: ast.Name, table: Collection[str], ctx: Context) -> bool:
    """A zone each city keeps for itself, where a statement or an action needs one (a draft,
    a play from a zone, a zone's cards discarded, the zone a card is `put` from): a zone for
    the table is E2001 there (a card is put into one: `put a card from "Z" into "T"`)."""
    if zone.text not in table:
        return True
    ctx.report("E2001", _('"{name}" is a zone for the table: no city keeps cards of its own there').format(
        name=zone.text), zone.span, label=_("a zone for the table"),
               help=_('name a zone each city keeps (`zone "NAME"`); cards reach a zone for the table with '
                      '`put a card from "Z" onto "{name}"` or `draw N cards from deck "D" into "{name}"`').format(
                   name=zone.text))
    return False


def _unknown_zone(zone: ast.Name, zones: Iterable[str], ctx: Context) -> None:
    guess = ctx.suggest(zone.text, list(zones))
    ctx.report("E1701", _('unknown zone "{name}"').format(name=zone.text), zone.span, label=_("not a declared zone"),
               help=_('did you mean "{guess}"?').format(guess=guess) if guess else
               _('declare it in the rules: `zone "{name}"` (in a variant, `add zone "{name}"`)').format(name=zone.text))


def _unknown_deck(deck: ast.Name, decks: Iterable[str], ctx: Context) -> None:
    guess = ctx.suggest(deck.text, sorted(decks))
    ctx.report("E1702", _('no card is in the deck "{name}"').format(name=deck.text), deck.span,
               label=_("an empty or unknown deck"),
               help=_('did you mean "{guess}"?').format(guess=guess) if guess else
               _('put cards in it with `deck "{name}"` in place of `age`').format(name=deck.text))


def check_zone_actions(cards: Sequence[CardDef], wonders: Sequence[WonderDef], rules: RulesDef,
                       ctx: Context) -> None:
    """The zones and decks that the actions of cards, wonder boards and stages and the
    rules' own triggers and uses of a card name (`when built: draw 4 cards from deck "D"
    into "Z"`, `on age start: build a card from "Z"`) exist."""
    decks = {card.deck for card in cards if card.deck}
    effects: list[Any] = [e for source in cards for e in source.effects]     # (effects, triggers, uses, scores)
    effects += [e for w in wonders for side in w.sides for e in side.effects]
    effects += [e for w in wonders for side in w.sides for s in side.stages for e in s.effects]
    effects += rules.triggers
    effects += rules.card_uses              # `use a card for ...: put a card from "Z" onto "T"`
    for w in wonders:                       # a wonder's law is in play with the wonder, never in a zone
        for held in [e for side in w.sides for e in (*side.effects, *(x for s in side.stages for x in s.effects))]:
            if part_of(held) == "laws" and held.on_top is not None:
                ctx.report("E1901", _("only a card is put in a zone: a wonder's law is never on top of one"),
                           held.on_top.span, label=_("not a card"),
                           help=_("leave out `on top of`: the law is in play with the board or the stage"))
            elif part_of(held) == "laws" and held.revealed is not None:
                ctx.report("E2042", _("only a card is revealed: a wonder's law never is"), held.revealed.span,
                           label=_("not a card"), help=_("leave out `revealed`: the law is in play with the board or the stage"))
    effects += list(rules.scores)
    for effect in effects:
        top = effect.on_top if part_of(effect) == "laws" else None
        if top is not None and top.zone.text not in rules.zones:
            _unknown_zone(top.zone, rules.zones, ctx)
        effect = held_of(effect)              # a law's trigger acts as the owner's would
        for action in _actions((effect,)):
            kind = kind_of(action)
            if kind is not None:                       # a kind of kinds/actions/: the zones it names
                for zone in kind.zones(action):
                    if zone.text not in rules.zones:
                        _unknown_zone(zone, rules.zones, ctx)
                for zone in kind.own_zones(action):
                    if zone.text in rules.zones:
                        own_zone(zone, rules.table_zones, ctx)
                for deck in kind.decks(action):
                    if deck.text not in decks:
                        _unknown_deck(deck, decks, ctx)
    for quantity in _zone_counts(effects):
        zone = quantity.kind
        assert zone is not None, quantity           # (`cards in "Z"` names its zone)
        if zone.text not in rules.zones:
            _unknown_zone(zone, rules.zones, ctx)


def _zone_counts(effects: Iterable[object]) -> Iterator[Any]:
    """Every `cards in "Z"` of the effects (score lines, conditions, amounts, laws' counts)."""
    seen: set[int] = set()
    todo = list(effects)
    while todo:
        node = todo.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        quantity = quantity_of(node)       # (kinds/expressions/: a node of the tree, a quantity or not)
        if quantity is not None:
            if measure_kind(quantity).names == "zone":
                yield quantity
            continue
        if isinstance(node, (tuple, list)):
            todo += node
        elif attrs.has(cls := type(node)):
            todo += [getattr(node, f.name) for f in attrs.fields(cls)]


def _actions(effects: Iterable[object]) -> Iterator[Any]:
    for effect in effects:
        action = getattr(effect, "action", None)
        while action is not None:
            yield action
            action = getattr(action, "action", None)


def check_phase_decks(cards: list[CardDef], rules: RulesDef, ctx: Context, tables: Sequence[TableDef] = ()) -> None:
    """Every deck a phase deals from holds cards, enough for every seat that is dealt
    (the players: neutral cities take no part in phases) at every player count."""
    players = max([rules.max_players] + [t.players for t in tables])
    decks: dict[str, int] = {}
    for card in cards:
        if card.deck:
            decks[card.deck] = decks.get(card.deck, 0) + (card.copies_at(players) if card.copies else 1)
    _check_reveals(cards, rules, ctx)
    for phase in rules.phases:
        for step in phase.steps:
            kind = kind_of(step)                  # a statement that is an action too: the decks it names
            for deck in kind.decks(step) if kind is not None else ():
                if deck.text not in decks:
                    _unknown_deck(deck, decks, ctx)
            if not isinstance(step, ast.Deal):
                continue
            if step.deck.text not in decks:
                _unknown_deck(step.deck, decks, ctx)
                continue
            need = step.count.value * players
            if need > decks[step.deck.text]:
                ctx.report("E1705", _('phase "{name}" deals {count} cards to each of {players} players but the deck '
                                      '"{deck}" has {have}').format(name=phase.name, count=step.count.value,
                                                                    players=players, deck=step.deck.text,
                                                                    have=decks[step.deck.text]), step.span,
                           label=_("needs {need} cards").format(need=need), help=_("add cards to the deck or deal fewer"))


def _check_reveals(cards: list[CardDef], rules: RulesDef, ctx: Context) -> None:
    """Every deck a `reveal` names holds cards, enough for every reveal from it in the
    game (a revealed card stays on the table: it is never revealed again), at the fewest
    players; a phase at the start of each age reveals once an age (E1705, said once, where
    the deck runs out).  And the cards of a revealed deck can act from the table (E2020): a
    card shown is never built, so its `when built` would never run, and it is in play in
    every city already, so a law of it that is not `while revealed` would be in force once
    for each city."""
    decks: dict[str, int] = {}
    for card in cards:
        if card.deck:
            decks[card.deck] = decks.get(card.deck, 0) + (card.copies_at(rules.min_players) if card.copies else 1)
    revealed: dict[str, int] = {}
    for phase in rules.phases:
        times = len(rules.ages) if phase.when == "start" and phase.age is None else 1
        for step in phase.steps:
            if not isinstance(step, ast.Reveal):
                continue
            deck = step.deck.text
            if deck not in decks:
                _unknown_deck(step.deck, decks, ctx)
                continue
            before = revealed.get(deck, 0)
            revealed[deck] = before + step.count.value * times
            if revealed[deck] > decks[deck] >= before:          # once, where the deck runs out
                ctx.report("E1705", _('the phases reveal {count} cards of the deck "{deck}" but it has {have} at '
                                      '{players} players').format(count=revealed[deck], deck=deck, have=decks[deck],
                                                                  players=rules.min_players), step.span,
                           label=_("one reveal too many"), help=_("add cards to the deck or reveal fewer"))
    for card in cards:
        if card.deck in revealed:
            _check_revealed_card(card, ctx)


def _check_revealed_card(card: CardDef, ctx: Context) -> None:
    """E2020 for what a card of a revealed deck cannot do from the table."""
    for effect in card.effects:
        kind = effect_kind_of(effect)
        if kind is not None and kind.part == "when_built":       # it runs when its card is built
            ctx.report("E2020", _('card "{name}" is revealed for the whole table, where it is never built: '
                                  'its `when built` never runs').format(name=card.name), effect.span,
                       label=_("never built"),
                       help=_("write it as a trigger every city hears, e.g. `on age start ...`, "
                              "or leave the card out of the revealed deck"))
        elif kind is not None and kind.part == "laws" and effect.revealed is None:
            ctx.report("E2020", _('card "{name}" is revealed for the whole table, where it is in play in every '
                                  'city already: a law of it would be in force once for each').format(
                                      name=card.name), effect.span, label=_("in every city already"),
                       help=_("write `law while revealed: ...` (in force once, in every city, while the card "
                              "is shown), or the effect itself (`discount ...`, `produces ...`)"))

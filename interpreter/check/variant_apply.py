"""Applying a variant's changes to the base: what each kind of change (`add`, `replace`,
`remove`, `modify`, `set`, `move`) does to the items or the rules' statements it names, the
diagnostic when it cannot apply (E1404 to E1406, E1709), and what it touches, recorded so
that a fault it causes can point at it (check/provenance.py).  Where the changes land, in
time independent of their number, is variant_index.py's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import attrs

from ..diagnostics import Note, Span
from ..syntax import ast
from .ages import age_phase
from .context import Context, what_word
from .rules import quiet_age_number
from .variant_index import Entries, Index
from ..i18n import _


def _age_of(card: ast.Card) -> int | None:
    stmt = next((s for s in card.body if isinstance(s, ast.AgeStmt)), None)
    return quiet_age_number(stmt.age.text) if stmt is not None else None


class Workspace(Entries):
    """The base items with the changes applied so far: each change of a variant found by
    what it names (variant_index.py), refused with a diagnostic when it cannot apply, and
    recorded where it can cause a fault (check/provenance.py)."""

    def __init__(self, items: list[Any], ctx: Context) -> None:
        super().__init__(items)
        self.ctx = ctx

    # ---------------------------------------------------------------- changes
    def apply(self, change: ast.Change, variant: str) -> None:
        """Apply one change of the variant named `variant`, recording what it touches
        (check/provenance.py) so that a fault it causes can point at it."""
        self._variant = variant
        on_items, on_rules = _ON_ITEMS.get(type(change)), _ON_RULES.get(type(change))
        if on_items is not None:
            on_items(self, change)
        elif self.rules_at is None:
            return                             # E1208 reports the missing rules
        elif on_rules is not None:
            on_rules(self, change)

    def _set_rule(self, change: ast.SetRule) -> None:
        self._set_touches(change)
        self._set(change.item)

    def _add_statement(self, change: ast.LawAdded | ast.UseAdded) -> None:
        """`add law ...`, `add use a card for ...`: the rules' own, added at the end."""
        self._put_statement(None, change.item)

    def _phase_change(self, change: ast.PhaseChange | ast.ModifyPhase) -> None:
        self._touches(change, _('changes the phase "{name}"').format(name=change.target.text),
                      ("phase", change.target.text))
        if isinstance(change, ast.ModifyPhase):
            self._modify_phase(change)
        else:
            self._named_change(change, "phase", self.phases, self.body, self._put_statement)

    def _zone_change(self, change: ast.ZoneChange) -> None:
        self._named_change(change, "zone", self.zones, self.body, self._put_statement)

    def _pad_line(self, change: ast.PadLineChange) -> None:
        """`add score pad line NAME [after NAME]` puts a line into the score pad, `move score
        pad line NAME after NAME` moves one: packs each changing their own lines combine,
        where two that set the whole pad would conflict (or drop each other's lines)."""
        line, moving = change.item, change.verb == "move"
        does = _("moves the line `{name}` of the score pad") if moving else _("adds the line `{name}` to the score pad")
        self._touches(change, does.format(name=line.name.text), ("categories",))
        at = self.kinds.first(ast.ScorePad)
        if at is None:
            return                             # E1201 reports the missing score pad
        pad = self.body[at]
        names = [n.text for n in pad.categories]
        if moving and line.name.text not in names:
            self._missing("pad line", line.name, names)
            return
        if not moving and line.name.text in names:
            self.ctx.report("E1404", _("the score pad already has a line `{name}`").format(name=line.name.text),
                            line.name.span, help=_("leave out this change, or add a line of another name"))
            return
        if line.after is not None and line.after.text not in names:
            self.ctx.known(line.after, names, "E1005", "score category")
            return
        if moving and line.after is not None and line.after.text == line.name.text:
            self.ctx.report("E1405", _("moving the line `{name}` after itself changes nothing").format(name=line.name.text),
                            line.after.span, label=_("the same line"), help=_("name another line, or leave out this change"))
            return
        kept = tuple(n for n in pad.categories if n.text != line.name.text)
        place = [n.text for n in kept].index(line.after.text) + 1 if line.after is not None else len(kept)
        self._put_statement(at, attrs.evolve(pad, categories=kept[:place] + (line.name,) + kept[place:]))

    def _touches(self, change: ast.Change, does: str, *keys: tuple[Any, ...]) -> None:
        self.ctx.provenance.record(keys, self._variant, does, change.span)

    def _card_touches(self, change: ast.CardChange | ast.ModifyCard, old: ast.Card | None,
                      result: ast.Card | None) -> None:
        """A card change touches the card's name(s) and, when it can change what is dealt,
        the decks of the ages of the card before and after (`result`: None when removed)."""
        new = change.item if isinstance(change, ast.CardChange) else None
        keys: list[tuple[object, ...]] = [("card", c.name.text) for c in (old, new) if c is not None]
        dealt = (ast.AgeStmt, ast.CopiesStmt, ast.ColorStmt)
        if isinstance(change, ast.CardChange) or any(isinstance(s, dealt) for s in change.item):
            keys += [("deck", _age_of(c)) for c in (old, result) if c is not None]
        card = old or new
        assert card is not None                # (a card added is given; one changed is found)
        does = {"add": _('adds the card "{name}"'), "remove": _('removes the card "{name}"'),
                "replace": _('replaces the card "{name}"'), "modify": _('changes the card "{name}"')}[change.verb]
        self._touches(change, does.format(name=card.name.text), *keys)

    def _already(self, message: str, span: Span, defined: Span, help: str, label: str = "") -> None:
        """E1404: a variant adds what the rules already have (defined at `defined`)."""
        self.ctx.report("E1404", message, span, label=label, notes=(Note(_("defined here"), defined),), help=help)

    def _missing(self, what: str, name: ast.Name, pool: Iterable[str]) -> None:
        guess = self.ctx.suggest(name.text, list(pool))
        word = what_word(what)
        self.ctx.report("E1405", _('there is no {what} "{name}" to change').format(what=word, name=name.text),
                        name.span, label=_("no such {what}").format(what=word),
                        help=_('did you mean "{guess}"?').format(guess=guess) if guess else
                        _("a variant can only change a {what} of the rules it changes").format(what=word))

    def _card_change(self, change: ast.CardChange | ast.ModifyCard) -> None:
        ref: ast.CardRef = change.target
        found = self.cards.get(ref.name.text)
        if ref.age is not None:
            age = quiet_age_number(ref.age.text)
            found = [i for i in found if _age_of(self.items[i]) == age]
        if isinstance(change, ast.CardChange) and change.verb == "add":
            if found:
                self._already(_('the card "{ref}" already exists').format(ref=ref.name.text), ref.name.span,
                              self.items[found[0]].name.span, _("use `replace card` or `modify card` to change it"),
                              label=_("already in the rules"))
            else:
                self._card_touches(change, None, change.item)
                self._put_item(None, change.item)
            return
        if not found:
            self._missing("card", ref.name, self.cards.keys())
            return
        if len(found) > 1:
            self.ctx.report("E1406", _('"{ref}" names cards of several ages').format(ref=ref.name.text), ref.span,
                            label=_("which one?"), help=_('say which: `"{ref}" of age I`').format(ref=ref.name.text))
            return
        at = found[0]
        old: ast.Card = self.items[at]
        if isinstance(change, ast.ModifyCard):  # the statements given replace their kind
            result: ast.Card | None = attrs.evolve(old, body=merge(old.body, change.item))
        else:
            result = change.item                # (None when removed)
        self._card_touches(change, old, result)
        self._put_item(at, result)

    def _wonder_change(self, change: ast.WonderChange) -> None:
        name = change.target.text
        does = {"add": _('adds the wonder "{name}"'), "remove": _('removes the wonder "{name}"'),
                "replace": _('replaces the wonder "{name}"')}[change.verb].format(name=name)
        self._touches(change, does, ("wonder", name),
                      *([("wonders",)] if change.verb != "replace" else []))
        self._named_change(change, "wonder", self.wonders, self.items, self._put_item)

    def _named_change(self, change: ast.WonderChange | ast.TriggerChange | ast.PhaseChange | ast.ZoneChange,
                      what: str, index: Index, entries: list[Any], put: Callable[[int | None, object], None]) -> None:
        """Add, replace or remove the entry the change names (a wonder, a named trigger)."""
        name = change.target
        assert name is not None                # (an unnamed trigger is only added: `_trigger_change`)
        found = index.get(name.text)
        if change.verb == "add":
            if found:
                self._already(_('the {what} "{name}" already exists').format(what=what_word(what), name=name.text),
                              name.span, entries[found[0]].name.span,
                              _("use `replace {what}` to change it").format(what=what))
            else:
                put(None, change.item)
        elif not found:
            self._missing(what, name, index.keys())
        else:
            put(found[0], None if change.verb == "remove" else change.item)

    def _modify_phase(self, change: ast.ModifyPhase) -> None:
        """`modify phase "NAME" { ... }`: each statement given takes the place of the
        phase's statement(s) of its kind (added at the end if it has none)."""
        found = self.phases.get(change.target.text)
        if not found:
            self._missing("phase", change.target, self.phases.keys())
            return
        old = self.body[found[0]]
        if isinstance(old, ast.AgeRules):               # the phase an age block stands for
            old = age_phase(old, self.ctx)
            if old is None:
                return
        self._put_statement(found[0], attrs.evolve(old, body=merge(old.body, change.item)))

    def _table_change(self, change: ast.TableChange) -> None:
        """A table is named by its player count: `remove table for 2 players`."""
        players: ast.Number = change.target
        found = self.tables.first(players.value)
        if change.verb == "add":
            if found is not None:
                self._already(_("a table for {players} players already exists").format(players=players.value),
                              players.span, self.items[found].span, _("use `replace table` to change it"),
                              label=_("already in the rules"))
            else:
                self._put_item(None, change.item)
        elif found is None:
            counts = sorted(self.tables.keys())
            self.ctx.report("E1405", _("there is no table for {players} players to change").format(players=players.value), players.span,
                            label=_("no such table"),
                            help=_("the tables are for {counts} players").format(counts=", ".join(map(str, counts)))
                            if counts else _("the rules have no tables: a variant can add one with "
                                             "`add table for N players {{ ... }}`").format())
        else:
            self._put_item(found, None if change.verb == "remove" else change.item)

    def _stage_change(self, change: ast.StageChange) -> None:
        where: ast.WonderSide = change.target
        found = self.wonders.get(where.wonder.text)
        if not found:
            self._missing("wonder", where.wonder, self.wonders.keys())
            return
        wonder = self.items[found[0]]
        side = next((s for s in wonder.sides if s.name.text == where.side.text), None)
        if side is None:
            self._missing("side", where.side, [s.name.text for s in wonder.sides])
            return
        self._touches(change, _('changes side {side} of "{wonder}"').format(side=side.name.text, wonder=wonder.name.text),
                      ("wonder", wonder.name.text))
        stages = [i for i, s in enumerate(side.body) if isinstance(s, ast.Stage)]
        body = list(side.body)
        number = change.stage or 0              # (None only for a stage added)
        if change.verb == "add":
            body.append(change.item)
        elif not 1 <= number <= len(stages):
            self.ctx.report("E1405", _('side {side} of "{wonder}" has no stage {stage}').format(side=side.name.text, wonder=wonder.name.text, stage=change.stage),
                            change.span, help=_("its stages are 1 to {count}").format(count=len(stages)))
            return
        elif change.verb == "remove":
            del body[stages[number - 1]]
        else:
            body[stages[number - 1]] = change.item
        new_side = attrs.evolve(side, body=tuple(body))
        self._put_item(found[0], attrs.evolve(wonder, sides=tuple(new_side if s is side else s for s in wonder.sides)))

    # ---------------------------------------------------------------- the rules' statements
    def _set_touches(self, change: ast.SetRule) -> None:
        stmt = change.item
        if isinstance(stmt, ast.AgeRules):
            self._touches(change, _("changes age {age}'s rules").format(age=stmt.age.text),
                          ("deck", quiet_age_number(stmt.age.text)))
        elif isinstance(stmt, ast.PlayersStmt):
            self._touches(change, _("sets the player counts"), ("players",))
        elif isinstance(stmt, ast.ScorePad):
            self._touches(change, _("sets the score pad"), ("categories",))

    def _set(self, stmt: object) -> None:
        """`set`: an age's statements merge into that age's block (added if none); a
        `holders of KIND tokens ...` statement takes the place of the one for its token kind
        (added if none), so that packs each saying what their own tokens do combine; any
        other statement takes the place of the first of its kind (added if none)."""
        if isinstance(stmt, ast.AgeRules):
            found = self.ages.get(quiet_age_number(stmt.age.text))
            phase = self.phases.get(f"age {stmt.age.text}")
            if found:
                old = self.body[found[0]]
                self._put_statement(found[0], attrs.evolve(old, body=merge(old.body, stmt.body)))
            elif phase:
                self.ctx.report("E1709", _("the rules write age {age} as a phase, not an `age` block").format(
                                    age=stmt.age.text), stmt.span, label=_("no age block to set"),
                                notes=(Note(_("the age's phase"), self.body[phase[0]].name.span),),
                                help=_('change the phase\'s statements: `modify phase "age {age}" '
                                       '{{ start age {age}, victory tokens worth 3 }}`').format(age=stmt.age.text))
            else:
                self._put_statement(None, stmt)
            return
        if isinstance(stmt, ast.SitOut):
            self._put_statement(self.sit_outs.first(stmt.kind.text), stmt)
            return
        self._put_statement(self.kinds.first(type(stmt)), stmt)

    def _trigger_change(self, change: ast.TriggerChange) -> None:
        name = change.target
        if change.verb == "add" and name is None:
            self._put_statement(None, change.item)
            return
        self._named_change(change, "trigger", self.triggers, self.body, self._put_statement)

    def _score_change(self, change: ast.ScoreChange) -> None:
        """`add score` adds a line; `replace` puts one line in place of the category's first
        and removes the others; `remove` removes them all."""
        category = change.target
        if change.verb == "add":
            self._put_statement(None, change.item)
            return
        found = list(self.scores.get(category.text))
        if not found:
            self._no_score_line(category)
            return
        for i in found[1:]:
            self._put_statement(i, None)
        self._put_statement(found[0], None if change.verb == "remove" else change.item)

    def _no_score_line(self, category: ast.Name) -> None:
        """E1405 for `replace`/`remove score CATEGORY` when the rules have no such line."""
        lines = self.scores.keys()
        pad = next((self.body[i] for i in self.kinds.get(ast.ScorePad)), None)
        guess = self.ctx.suggest(category.text, lines)
        if pad is not None and category.text in {c.text for c in pad.categories}:
            help = _("`{category}` is scored by the points of cards and wonders, not by a line of the rules; "
                     "change those cards (`modify card`) to change what it scores").format(category=category.text)
        elif guess:
            help = _("did you mean `score {guess}`?").format(guess=guess)
        else:
            written = ", ".join(f"`score {c}:`" for c in lines)
            help = (_("the rules' score lines are {written}; points a category gets from cards and wonders are "
                      "changed on the cards (`modify card`)").format(written=written) if lines
                    else _("the rules have no score lines"))
        self.ctx.report("E1405", _("the rules have no `score {category}:` line to change").format(category=category.text), category.span,
                        label=_("no such score line"), help=help)


def merge(body: tuple[Any, ...], changes: tuple[Any, ...]) -> tuple[Any, ...]:
    """`modify`: each statement given takes the place of the statement(s) of its kind; the
    effects given, if any, take the place of all the effects.  Other statements stay."""
    def kind(s: object) -> object:
        return "effects" if isinstance(s, ast.EFFECT_TYPES) else type(s)
    given: dict[object, list[object]] = {}
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


# Each kind of change and the Workspace method that applies it: those that change the
# items (cards, wonders, their stages, tables), and those that change the rules' statements
# (applied only when the rules are there: E1208 reports them missing).
_ON_ITEMS: dict[type, Callable[[Workspace, Any], None]] = {ast.CardChange: Workspace._card_change, ast.ModifyCard: Workspace._card_change,
             ast.WonderChange: Workspace._wonder_change, ast.StageChange: Workspace._stage_change,
             ast.TableChange: Workspace._table_change}
_ON_RULES: dict[type, Callable[[Workspace, Any], None]] = {ast.SetRule: Workspace._set_rule, ast.TriggerChange: Workspace._trigger_change,
             ast.LawAdded: Workspace._add_statement, ast.UseAdded: Workspace._add_statement,
             ast.ScoreChange: Workspace._score_change, ast.PhaseChange: Workspace._phase_change,
             ast.ModifyPhase: Workspace._phase_change, ast.ZoneChange: Workspace._zone_change,
             ast.PadLineChange: Workspace._pad_line}

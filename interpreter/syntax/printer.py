"""Syntax tree -> text: every construct printed back in the language's own words, one
canonical way.  layout.py arranges these words in blocks and lines; formatter.py writes
them (`wonders fmt`, and `layout_text` for `wonders rules --full` and `--diff`).  The text
always parses back to the same tree: where parentheses are needed is decided by the kind
that joins two values (kinds/expressions/bin_op.py), which every value's printing reaches."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, Callable, Iterable


from . import ast
from .ast_effects import UnhandledKind
from ..kinds.actions import STATEMENTS, kind_of
from ..kinds.amounts import amount_kind
from ..kinds import scopes
from ..kinds.effects import effect_kind_of
from ..kinds.events import event_kind
from ..kinds.conditions import condition_kind
from ..kinds.expressions import QUANTITY, expression_kind, quantity_of
from ..kinds.measures import measure_kind

INDENT = "    "


def print_item(item: object) -> str:
    if isinstance(item, ast.ResourcesDecl):
        return f"resources {item.group.text}: {_names(item.names)}\n"
    if isinstance(item, ast.ColorsDecl):
        return f"colors: {_names(item.names)}\n"
    if isinstance(item, ast.SymbolsDecl):
        return f"symbols: {_names(item.names)}\n"
    if isinstance(item, ast.TokensDecl):
        return f"tokens: {_names(item.names)}\n"
    if isinstance(item, ast.Card):
        return _block(f'card "{item.name.text}"', [statement(s) for s in item.body], 1)
    if isinstance(item, ast.Wonder):
        sides = []
        for side in item.sides:
            sides.append(_block(f"side {side.name.text}", [statement(s) for s in side.body], 2).rstrip("\n"))
        return f'wonder "{item.name.text}" {{\n' + "\n".join(sides) + "\n}\n"
    if isinstance(item, ast.Rules):
        return _block(f'rules "{item.name.text}"', [statement(s) for s in item.body], 1)
    if isinstance(item, ast.Table):
        lines = [f"cards as for {item.deal_as.value} players"] if item.deal_as else []
        lines += [statement(s) for s in (item.hand, item.turns) if s is not None]
        for city in item.neutrals:
            body = [neutral_statement(s) for s in city.body]
            lines.append(_block(f'neutral city "{city.name.text}"', body, 1).rstrip("\n"))
        return _block(f"table for {item.players.value} players", lines, 1)
    if isinstance(item, ast.Variant):
        lines = [f'changes "{item.changes.text}"'] if item.changes else []
        if item.overrides:
            lines.append("overrides " + ", ".join(f'"{n.text}"' for n in item.overrides))
        if item.requires:
            lines.append("requires " + ", ".join(f'"{n.text}"' for n in item.requires))
        lines += [change(c) for c in item.body]
        return _block(f'variant "{item.name.text}"', lines, 1)
    raise TypeError(item)


def neutral_statement(s: Any) -> str:
    if isinstance(s, ast.HolderInAge):
        return f"holder in age {s.age.text}: {s.direction} neighbour"
    word: str = s.word                  # a flag of a neutral city (ast.Flag)
    return word


def _block(head: str, lines: list[str], depth: int) -> str:
    pad = INDENT * depth
    inner = "".join(pad + line.replace("\n", "\n" + pad) + "\n" for line in lines)
    return f"{INDENT * (depth - 1)}{head} {{\n{inner}{INDENT * (depth - 1)}}}\n"


def _names(names: Iterable[ast.Name]) -> str:
    return ", ".join(n.text for n in names)


def _inline(head: str, stmts: Iterable[object]) -> str:
    return f"{head} {{ " + "; ".join(statement(s) for s in stmts) + " }"


def statement(s: object) -> str:
    if isinstance(s, ast.AgeStmt):
        return f"age {s.age.text}"
    if isinstance(s, ast.DeckStmt):
        return f'deck "{s.deck.text}"'
    if isinstance(s, ast.ColorStmt):
        return f"color {s.color.text}"
    if isinstance(s, ast.CopiesStmt):
        return "copies " + " ".join(f"{n.value}+" for n in s.counts)
    if isinstance(s, ast.CostStmt):
        return "cost " + ", ".join(_cost_item(i) for i in s.items)
    if isinstance(s, ast.ChainStmt):
        return "free with " + " or ".join(f'"{n.text}"' for n in s.cards)
    if isinstance(s, ast.Stage):
        return _inline("stage", s.body)
    if isinstance(s, ast.StagesAnyOrder):
        return "stages in any order"
    if isinstance(s, ast.PlayersStmt):
        return f"players {s.low.value} to {s.high.value}"
    if isinstance(s, ast.StartingCoins):
        return f"starting coins {s.amount.value}"
    if isinstance(s, ast.SellPrice):
        return f"sell for {_counted(s.amount.value, 'coin')}"
    if isinstance(s, ast.TradePrice):
        return f"trade price {s.amount.value}"
    if isinstance(s, ast.AgeRules):
        return _inline(f"age {s.age.text}", s.body)
    if isinstance(s, ast.CardUse):
        price = [price_item(i) for i in s.price]
        return f'use a card for "{s.name.text}"' + (" paying " + ", ".join(price) if price else "") + f": {action(s.action)}"
    if isinstance(s, ast.HandSize):
        return f"hand {s.amount.value}"
    if isinstance(s, ast.Turns):
        return f"turns {s.amount.value}"
    if isinstance(s, ast.PassDirection):
        return f"pass {s.direction}" + "".join(f" then {d}" for d in s.then)
    if isinstance(s, ast.LastCardDiscarded):
        return "last card discarded"
    if isinstance(s, ast.VictoryValue):
        return f"victory {s.amount.value}"
    if isinstance(s, ast.AddRandom):
        return "add " + _random_draw(s)
    if type(s) in PHASE_WORDS:
        return PHASE_WORDS[type(s)](s)
    if type(s) in STATEMENTS:                 # a statement of kinds/actions/ writes itself
        return action(s)
    if isinstance(s, ast.ScorePad):
        return f"score pad: {_names(s.categories)}"
    if isinstance(s, ast.PointsCategory):
        source = f"{colour_list(s.colors)} cards" if s.colors else "wonder stages"
        return f"points of {source} count as {s.category.text}"
    if isinstance(s, ast.TieBreak):
        return "tie break: " + ", ".join("most coins" for _ in s.keys)
    if isinstance(s, ast.PadLine):
        return f"score pad line {s.name.text}" + (f" after {s.after.text}" if s.after else "")
    if isinstance(s, ast.CoinsOwed):
        return f"coins owed {'may ' if s.by_choice else ''}become {s.kind.text} tokens"
    if isinstance(s, ast.SitOut):
        how = "face each city once at" if s.once else "sit out"
        return f"holders of {s.kind.text} tokens {how} the next {s.event}"
    if isinstance(s, ast.Teams):
        return f"teams of {s.size} seated side by side"
    if isinstance(s, ast.PartnersFace):
        return f"partners face their other neighbour instead at {s.event}"
    return effect(s)


def _random_draw(s: ast.AddRandom) -> str:
    """`players + 2 random purple cards` (after `add` in an age block, `with` in a deal)."""
    count = s.count
    number = ("players" + (f" {'+' if count.offset > 0 else '-'} {abs(count.offset)}" if count.offset else "")
              if count.per_player else str(count.offset))
    word = "card" if not count.per_player and count.offset == 1 else "cards"
    return f"{number} random {_names(s.colors)} {word}"


def _deal_age(s: ast.DealAge) -> str:
    return (f"deal {_counted(s.count.value, 'card')} from age {s.age.text}"
            + "".join(f", with {_random_draw(d)}" for d in s.draws))


def _start_age(s: ast.StartAge) -> str:
    victory = f", victory tokens worth {s.victory.value}" if s.victory is not None else ""
    return f"start age {s.age.text}{victory}"


def _play_turns(s: ast.PlayTurns) -> str:
    return (f"play {_counted(s.count.value, 'turn')} passing {s.direction}" + "".join(f" then {d}" for d in s.then)
            + (", discarding the last cards" if s.discard_last else ""))


# a zone, a phase, or a statement inside a phase (docs/language.md, "Phases"), in words
PHASE_WORDS: dict[type, Callable[[Any], str]] = {
    ast.ZoneDecl: lambda s: f'zone "{s.name.text}"' + (" for the table" if s.table else ""),
    ast.Phase: lambda s: _inline(phase_head(s), s.body),
    ast.Deal: lambda s: f'deal {_counted(s.count.value, "card")} from deck "{s.deck.text}"',
    ast.Draft: lambda s: f'draft {s.count.value} into "{s.zone.text}" passing {s.direction}',
    ast.DealAge: _deal_age,
    ast.StartAge: _start_age,
    ast.PlayTurns: _play_turns,
    ast.EndAge: lambda s: f"end age {s.age.text}",
    ast.DiscardZone: lambda s: f'discard the cards of "{s.zone.text}"',
    ast.Reveal: lambda s: f'reveal {_counted(s.count.value, "card")} from deck "{s.deck.text}"',
}


def phase_head(s: ast.Phase) -> str:
    """`phase "NAME"`, with its place when it has one."""
    return f'phase "{s.name.text}"' + (f" {phase_place(s.place)}" if s.place is not None else "")


def phase_place(p: ast.PhasePlace) -> str:
    if p.when == "start":
        return "at start of each age" if p.age is None else f"at start of age {p.age.text}"
    assert p.age is not None                   # `before age I`, `after age III`: the grammar names it
    return f"{p.when} age {p.age.text}"


def _counted(n: int, word: str) -> str:
    """`1 coin`, `2 coins`: every counted unit is written in the singular after 1."""
    return f"{n} {word}" + ("" if n == 1 else "s")


def _cost_item(item: object) -> str:
    """An item of a card's cost (`wood`, `2 wood`, `1 coin`): its kind's (kinds/amounts/)."""
    return amount_kind(item).written(item, _PRINTER)


def price_item(item: object) -> str:
    """An item of a price (`may pay ...`, `... paying ...`): a price says its counts (`1 stone`)."""
    return amount_kind(item).written_price(item, _PRINTER)


def price(items: Iterable[object]) -> str:
    """A price of `may pay ...`: its items joined by `and`."""
    return " and ".join(price_item(i) for i in items)


def _tokens(count: int, kind: ast.Name) -> str:
    """`1 joker token`, `2 joker tokens`: tokens of a kept kind in a price."""
    return f"{count} {kind.text} token" + ("" if count == 1 else "s")


def colour_list(names: Iterable[ast.Name]) -> str:
    """A list of colours as English writes it: `brown`, `brown and grey`, `brown, grey and purple`."""
    words = [n.text for n in names]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def effect(e: object) -> str:
    kind = effect_kind_of(e)
    if kind is None:
        raise UnhandledKind(f"syntax/printer.py has no words for the effect kind {type(e).__name__}")
    return kind.written(e, _PRINTER)                # a kind of kinds/effects/ writes itself


def event(name: str) -> str:
    """A trigger's event as written after `on` (its kind's, kinds/events/)."""
    kind = event_kind(name)
    if kind is None:
        raise UnhandledKind(f"syntax/printer.py has no words for the event {name!r}")
    return kind.written(name)


def card_selector(c: ast.CardSelector) -> str:
    """`brown cards producing 2 units or a choice`, `cards "A", "B"`."""
    if c.names:
        return "cards " + ", ".join(f'"{n.text}"' for n in c.names)
    produced = [_counted(n, "unit") for n in c.units] + ["a choice"] * c.choice
    return ((colour_list(c.colors) + " " if c.colors else "") + "cards"
            + (" producing " + " or ".join(produced) if produced else ""))


def action(a: object) -> str:
    kind = kind_of(a)
    if kind is not None:                        # a kind of kinds/actions/ writes itself
        return kind.written(a, _PRINTER)
    raise UnhandledKind(f"syntax/printer.py has no words for the action kind {type(a).__name__}")


def scope(s: ast.Scope) -> str:
    """The scope's parts in their written order (the engine visits them in that order):
    its parts' words (kinds/scopes/)."""
    return scopes.written(s)


def quantity(q: Any, one: bool = False) -> str:
    """A quantity; `one` writes its measure in the singular, as after `per` (its kind's,
    kinds/expressions/quantity.py: its measure's words)."""
    return QUANTITY.written_one(q, _PRINTER, one)


def scoped(word: str, s: ast.Scope | None) -> str:
    """A measure's words and its scope's, if it has one (`coins of left neighbour`)."""
    return word if s is None else f"{word} {preposition(s)} {scope(s)}"


def preposition(s: ast.Scope) -> str:
    """The one word between a measure and its scope: `of` one other city (`coins of left
    neighbour`), `in` the own city or several (`brown cards in neighbours`).  The source may
    write either; the printer and every English description (views/describe.py) ask here."""
    return scopes.preposition(s)


def per(p: Any) -> str:
    """`per [N] QUANTITY` (its kind's, kinds/expressions/)."""
    return expression_kind(p).written(p, _PRINTER)


def expr(e: object) -> str:
    """A value, or a part of one, as written: its kind's (kinds/expressions/)."""
    return expression_kind(e).written(e, _PRINTER)


def city_value(v: object) -> str:
    """A value counted in each city: a measure alone (`shields`) or an expression in parentheses."""
    q = quantity_of(v)
    if q is not None and q.scope is None and q.extreme is None and measure_kind(q).alone:
        return quantity(q)
    return f"({expr(v)})"


def conditions(comparisons: Iterable[object]) -> str:
    """`A op B and C op D`."""
    return " and ".join(comparison(c) for c in comparisons)


def comparison(c: object) -> str:
    """A condition: its kind's (kinds/conditions/)."""
    return condition_kind(c).written(c, _PRINTER)


def which_card(w: Any) -> str:
    """A card named by its place (its kind's, kinds/expressions/which_card.py)."""
    return expression_kind(w).written(w, _PRINTER)


def change(c: ast.Change) -> str:
    if isinstance(c, ast.SetRule):
        return "set " + statement(c.item)
    if isinstance(c, ast.StageChange):
        where = f'wonder "{c.target.wonder.text}" side {c.target.side.text}'
        if c.item is None:
            return f"remove stage {c.stage} of {where}"
        body = "; ".join(statement(s) for s in c.item.body)
        return f"add stage to {where} {{ {body} }}" if c.verb == "add" else f"modify stage {c.stage} of {where} {{ {body} }}"
    if isinstance(c, ast.ModifyPhase):
        return f'modify phase "{c.target.text}" {{ ' + "; ".join(statement(s) for s in c.item) + " }"
    if isinstance(c, ast.ModifyCard):
        return f"modify card {card_ref(c.target)} {{ " + "; ".join(statement(s) for s in c.item) + " }"
    if c.verb == "remove":
        return f"remove {_removed(c)}"
    body = print_item(c.item).rstrip("\n") if isinstance(c.item, (ast.Card, ast.Wonder, ast.Table)) else statement(c.item)
    return f"{c.verb} {body}"


def _removed(c: ast.Change) -> str:
    """What `remove` names: a card by its reference, a table by its player count, a score
    line by its category, anything else by its quoted name."""
    if isinstance(c, ast.TableChange):
        return f"table for {c.target.value} players"
    if isinstance(c, ast.CardChange):
        return f"card {card_ref(c.target)}"
    if isinstance(c, ast.ScoreChange):
        return f"score {c.target.text}"
    assert isinstance(c, (ast.WonderChange, ast.TriggerChange, ast.PhaseChange, ast.ZoneChange)) and c.target is not None
    return f'{c.what} "{c.target.text}"'


def card_ref(ref: ast.CardRef) -> str:
    return f'"{ref.name.text}"' + (f" of age {ref.age.text}" if ref.age is not None else "")


_PRINTER = sys.modules[__name__]          # what a kind's `written` is lent: this module's `expr`, `per`

if TYPE_CHECKING:                         # this module is what kinds/lent.py `Printer` declares, and the
    from . import printer as _this        # expressions' and the amounts' Printer
    from ..kinds import amount_base, expression_base
    from ..kinds.lent import Printer
    _lent: Printer = _this
    _lent_expressions: expression_base.Printer = _this
    _lent_amounts: amount_base.Printer = _this

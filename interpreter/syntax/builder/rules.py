"""Tree-builder methods for the `rules` block: players, coins, prices, the score pad, the tie
break, the `age` block (sugar for an age's phase) and the rules for cities (debts,
sitting out, teams)."""

from __future__ import annotations

from lark import v_args
from lark.tree import Meta

from .. import ast
from .base import BuilderBase, Kept
from .numbers import to_int


class RulesBuilder(BuilderBase):
    """Mixed into TreeBuilder (`builder/__init__.py`)."""

    @v_args(meta=True)
    def rules(self, meta: Meta, c: Kept) -> ast.Rules:
        return ast.Rules(name=self._string(c[0]), body=tuple(c[1:]), span=self._span(meta))

    @v_args(meta=True)
    def players_stmt(self, meta: Meta, c: Kept) -> ast.PlayersStmt:
        return ast.PlayersStmt(low=self._number(c[0]), high=self._number(c[1]), span=self._span(meta))

    @v_args(meta=True)
    def starting_coins(self, meta: Meta, c: Kept) -> ast.StartingCoins:
        return ast.StartingCoins(amount=self._number(c[0]), span=self._span(meta))

    @v_args(meta=True)
    def sell_price(self, meta: Meta, c: Kept) -> ast.SellPrice:
        return ast.SellPrice(amount=self._number(c[0]), span=self._span(meta))

    @v_args(meta=True)
    def trade_price(self, meta: Meta, c: Kept) -> ast.TradePrice:
        return ast.TradePrice(amount=self._number(c[0]), span=self._span(meta))

    @v_args(meta=True)
    def score_pad(self, meta: Meta, c: Kept) -> ast.ScorePad:
        return ast.ScorePad(categories=c[0], span=self._span(meta))

    @v_args(meta=True)
    def points_category(self, meta: Meta, c: Kept) -> ast.PointsCategory:
        return ast.PointsCategory(colors=c[0], category=self._name(c[1]), span=self._span(meta))

    def stage_source(self, c: Kept) -> tuple[()]:
        return ()

    def color_source(self, c: Kept) -> tuple[ast.Name, ...]:
        colors: tuple[ast.Name, ...] = c[0]
        return colors

    @v_args(meta=True)
    def tie_break(self, meta: Meta, c: Kept) -> ast.TieBreak:
        return ast.TieBreak(keys=tuple(c), span=self._span(meta))

    @v_args(meta=True)
    def tie_key(self, meta: Meta, c: Kept) -> ast.Name:
        return ast.Name(text="coins", span=self._span(meta))

    @v_args(meta=True)
    def age_rules(self, meta: Meta, c: Kept) -> ast.AgeRules:
        return ast.AgeRules(age=c[0], body=tuple(c[1:]), span=self._span(meta))

    @v_args(meta=True)
    def hand_size(self, meta: Meta, c: Kept) -> ast.HandSize:
        return ast.HandSize(amount=self._number(c[0]), span=self._span(meta))

    @v_args(meta=True)
    def turns(self, meta: Meta, c: Kept) -> ast.Turns:
        return ast.Turns(amount=self._number(c[0]), span=self._span(meta))

    @v_args(meta=True)
    def card_use(self, meta: Meta, c: Kept) -> ast.CardUse:
        price = c[1] if len(c) > 2 else ()
        return ast.CardUse(name=self._string(c[0]), price=price, action=c[-1], span=self._span(meta))

    def use_price(self, c: Kept) -> tuple[ast.PriceItem, ...]:
        return tuple(c)

    @v_args(meta=True)
    def pass_direction(self, meta: Meta, c: Kept) -> ast.PassDirection:
        return ast.PassDirection(direction=c[0], span=self._span(meta), then=tuple(x[1] for x in c[1:]))

    def direction(self, c: Kept) -> str:
        return str(c[0])

    @v_args(meta=True)
    def last_card_discarded(self, meta: Meta, c: Kept) -> ast.LastCardDiscarded:
        return ast.LastCardDiscarded(span=self._span(meta))

    @v_args(meta=True)
    def victory_value(self, meta: Meta, c: Kept) -> ast.VictoryValue:
        return ast.VictoryValue(amount=self._number(c[0]), span=self._span(meta))

    @v_args(meta=True)
    def add_random(self, meta: Meta, c: Kept) -> ast.AddRandom:
        return ast.AddRandom(count=c[0], colors=c[1], span=self._span(meta))

    @v_args(meta=True)
    def coins_owed(self, meta: Meta, c: Kept) -> ast.CoinsOwed:
        return ast.CoinsOwed(kind=self._name(c[-1]), by_choice=len(c) == 2, span=self._span(meta))

    def by_choice(self, c: Kept) -> bool: return True

    @v_args(meta=True)
    def pad_line(self, meta: Meta, c: Kept) -> ast.PadLine:
        return ast.PadLine(name=self._name(c[0]), after=self._name(c[1]) if len(c) > 1 else None,
                           span=self._span(meta))

    @v_args(meta=True)
    def sit_out(self, meta: Meta, c: Kept) -> ast.SitOut:
        return ast.SitOut(kind=self._name(c[0]), event=c[-1], once="once" in c[1:-1], span=self._span(meta))

    def face_once(self, c: Kept) -> str: return "once"

    @v_args(meta=True)
    def teams(self, meta: Meta, c: Kept) -> ast.Teams:
        return ast.Teams(size=to_int(c[0]), span=self._span(meta))

    @v_args(meta=True)
    def partners_face(self, meta: Meta, c: Kept) -> ast.PartnersFace:
        return ast.PartnersFace(event=c[-1], span=self._span(meta))

"""Tree-builder methods for the effects of a card or a stage and the actions of a trigger
(production, points, discounts, free builds, coins, tokens, other cities, copies)."""

from __future__ import annotations

from lark import v_args

from .. import ast
from ...kinds.measure_base import Measure
from .numbers import to_int


class EffectBuilder:
    """Mixed into TreeBuilder (`builder/__init__.py`)."""

    @v_args(meta=True)
    def produces(self, meta, c):
        kind, items = c[0]
        return ast.Produces(items=items, choice=kind == "choice", private=len(c) > 1,
                            span=self._span(meta))

    def fixed_production(self, c):
        return ("fixed", tuple(c))

    def choice_production(self, c):
        items = tuple(ast.ResourceAmount(count=1, resource=self._name(t), span=self._tok_span(t))
                      for t in c)
        return ("choice", items)

    def private(self, c):
        return True

    @v_args(meta=True)
    def points(self, meta, c):
        return ast.Points(amount=c[0], span=self._span(meta))

    @v_args(meta=True)
    def shields(self, meta, c):
        return ast.Shields(amount=to_int(c[0]), per=c[1] if len(c) > 1 else None, span=self._span(meta))

    @v_args(meta=True)
    def science(self, meta, c):
        return ast.Science(symbols=tuple(self._name(t) for t in c), span=self._span(meta))

    @v_args(meta=True)
    def trade_discount(self, meta, c):
        return ast.TradeDiscount(resources=c[0], scope=c[1], price=to_int(c[2]), span=self._span(meta))

    @v_args(meta=True)
    def price_change(self, meta, c):
        return ast.PriceChange(resources=c[0], scope=c[1], amount=to_int(c[2]), change=c[3], span=self._span(meta))

    @v_args(meta=True)
    def other_way(self, meta, c):
        return ast.OtherWay(span=self._span(meta))

    @v_args(meta=True)
    def no_free_chains(self, meta, c):
        return ast.NoFreeChains(span=self._span(meta))

    # a law over cards: `brown cards producing 2 units or a choice produce nothing`
    @v_args(meta=True)
    def cards_change(self, meta, c):
        return ast.CardsChange(cards=c[0], change=c[1], span=self._span(meta))

    @v_args(meta=True)
    def cards_by_kind(self, meta, c):
        colors = next((x for x in c if isinstance(x, tuple)), ())
        produced = next((x for x in c if isinstance(x, list)), [])
        return ast.CardSelector(colors=colors, units=tuple(x for x in produced if x != "choice"),
                                choice="choice" in produced, names=(), span=self._span(meta))

    @v_args(meta=True)
    def cards_by_name(self, meta, c):
        return ast.CardSelector(colors=(), units=(), choice=False, names=tuple(self._string(t) for t in c),
                                span=self._span(meta))

    def producing(self, c): return list(c)
    def produced_units(self, c): return to_int(c[0])
    def produced_choice(self, c): return "choice"
    def produce_nothing(self, c): return "nothing"
    def no_effect(self, c): return "no effect"
    def produce_as_needed(self, c): return "as needed"

    @v_args(meta=True)
    def lose_board(self, meta, c):
        return ast.LoseBoardProduction(span=self._span(meta))

    @v_args(meta=True)
    def chains_from(self, meta, c):
        return ast.ChainsFrom(scope=c[0], span=self._span(meta))

    @v_args(meta=True)
    def coinage(self, meta, c):
        return ast.Coinage(colors=c[0], rate=to_int(c[1]), span=self._span(meta))

    def price_more(self, c): return "more"
    def price_less(self, c): return "less"

    @v_args(meta=True)
    def law(self, meta, c):
        return ast.Law(effect=c[-1], conditions=c[0] if len(c) > 1 else (), span=self._span(meta))

    def law_conditions(self, c):
        return tuple(c)

    @v_args(meta=True)
    def revealed(self, meta, c):
        return ast.Revealed(span=self._span(meta))

    @v_args(meta=True)
    def on_top(self, meta, c):
        return ast.OnTop(zone=self._string(c[0]), span=self._span(meta))

    @v_args(meta=True)
    def in_top(self, meta, c):
        return ast.InTop(count=c[0], zone=self._string(c[1]), span=self._span(meta))

    @v_args(meta=True)
    def when_built(self, meta, c):
        return ast.WhenBuilt(action=c[0], span=self._span(meta))

    @v_args(meta=True)
    def at_game_end(self, meta, c):
        return ast.AtGameEnd(action=c[0], span=self._span(meta))

    @v_args(meta=True)
    def score(self, meta, c):
        return ast.Score(category=self._name(c[0]), value=c[1], span=self._span(meta))

    def free_color(self, c): return c[0]

    @v_args(meta=True)
    def free_build(self, meta, c):
        color = self._name(c[0]) if len(c) == 2 else None        # `may build a COLOUR card ...`
        return ast.FreeBuild(limit=self._name(c[-1]), span=self._span(meta), color=color)

    @v_args(meta=True)
    def free_by_token(self, meta, c):
        color = self._name(c[0]) if len(c) == 2 else None        # `may build a COLOUR card ...`
        paid = c[-1]
        return ast.FreeByToken(what="card", count=paid.count, kind=paid.kind, span=self._span(meta), color=color)

    @v_args(meta=True)
    def free_stage_by_token(self, meta, c):
        paid = c[-1]
        return ast.FreeByToken(what="stage", count=paid.count, kind=paid.kind, span=self._span(meta))

    @v_args(meta=True)
    def conditional(self, meta, c):
        return ast.Conditional(value=c[0], conditions=c[1], span=self._span(meta))

    @v_args(meta=True)
    def play_last_card(self, meta, c):
        return ast.PlayLastCard(span=self._span(meta))

    @v_args(meta=True)
    def free_rule(self, meta, c):
        return ast.FreeRule(which=c[0], unit=c[1], span=self._span(meta))

    @v_args(meta=True)
    def discount(self, meta, c):
        (what, amount), colors = c[0], c[1]
        scope = c[2] if len(c) > 2 else None
        return ast.Discount(colors=colors, scope=scope, what=what, amount=amount, span=self._span(meta))

    def discounted_cards(self, c): return c[0]
    def discounted_stages(self, c): return ()
    def fewer_resources(self, c): return ("resources", to_int(c[0]))
    def fewer_coins(self, c): return ("coins", to_int(c[0]))
    def no_resources(self, c): return ("resources", None)
    def no_coins(self, c): return ("coins", None)

    @v_args(meta=True)
    def defeats_to_neighbour(self, meta, c):
        return ast.DefeatsToNeighbour(span=self._span(meta))

    def free_first(self, c): return "first"
    def free_last(self, c): return "last"
    def per_color(self, c): return "color"
    def per_age(self, c): return "age"

    @v_args(meta=True)
    def gain_coins(self, meta, c):
        return ast.GainCoins(amount=c[0], per=c[1] if len(c) > 1 else None, span=self._span(meta))

    @v_args(meta=True)
    def lose_coins(self, meta, c):
        return ast.LoseCoins(amount=c[0], per=c[1] if len(c) > 1 else None, span=self._span(meta))

    @v_args(meta=True)
    def take_token(self, meta, c):
        return ast.TakeToken(value=c[0], span=self._span(meta))

    @v_args(meta=True)
    def at_turn_end(self, meta, c):
        return ast.AtTurnEnd(action=c[0], span=self._span(meta))

    @v_args(meta=True)
    def build_from_discard(self, meta, c):
        return ast.BuildFromDiscard(span=self._span(meta))

    @v_args(meta=True)
    def copy_card(self, meta, c):
        return ast.CopyCard(colors=c[0], scope=c[1], span=self._span(meta))

    @v_args(meta=True)
    def copy_last(self, meta, c):
        """`copy the last card built by SCOPE` (docs/language.md, "Order and removal")."""
        return ast.CopyCard(colors=(), scope=c[0], span=self._span(meta), last=True)

    @v_args(meta=True)
    def take_kept_tokens(self, meta, c):
        count = c[0] if len(c) == 2 else ast.Number(value=1, span=self._span(meta))
        return ast.TakeKeptTokens(count=count, kind=self._name(c[-1]), span=self._span(meta))

    def kept_tokens(self, c):
        return (Measure.KEPT_TOKENS, (), self._name(c[0]))

    @v_args(meta=True)
    def may_pay(self, meta, c):
        return ast.MayPay(items=tuple(c[:-1]), action=c[-1], span=self._span(meta))

    @v_args(meta=True)
    def in_each_city(self, meta, c):
        compare, value = c[1] if len(c) == 3 else ("", None)
        return ast.InEachCity(group=c[0], action=c[-1], span=self._span(meta), compare=compare, value=value)

    def fewer_than_owner(self, c): return ("fewer", c[0])
    def more_than_owner(self, c): return ("more", c[0])

    def other_cities(self, c): return "other"
    def each_neighbour_city(self, c): return "neighbours"
    def every_city(self, c): return "every"

    @v_args(meta=True)
    def copy_symbol(self, meta, c):
        return ast.CopySymbol(colors=c[0], scope=c[1], span=self._span(meta))

    @v_args(meta=True)
    def trade_rebate(self, meta, c):
        return ast.TradeRebate(scope=c[0], amount=to_int(c[1]), span=self._span(meta))

    @v_args(meta=True)
    def bank_purchase(self, meta, c):
        return ast.BankPurchase(units=to_int(c[0]), price=to_int(c[1]), span=self._span(meta))

    @v_args(meta=True)
    def produces_like(self, meta, c):
        flags = {x for x in c if isinstance(x, str)}
        colors = next(x for x in c if isinstance(x, tuple))
        return ast.ProducesLike(negated="not" in flags, colors=colors, board="board" in flags,
                                private=any(x is True for x in c), span=self._span(meta))

    def negated(self, c): return "not"
    def and_board(self, c): return "board"

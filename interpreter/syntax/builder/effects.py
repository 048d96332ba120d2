"""Tree-builder methods for the effects of a card or a stage and the actions of a trigger
(production, points, discounts, free builds, coins, tokens, other cities, copies)."""

from __future__ import annotations

from lark import Token, v_args
from lark.tree import Meta

from .. import ast
from ...kinds.amounts.resource_amount import ResourceAmount
from ...kinds.expressions.conditional import Conditional
from ...kinds.conditions.in_top import InTop
from ...kinds.conditions.on_top import OnTop
from ...kinds.conditions.revealed import Revealed
from ...kinds.effects.law import Law
from ...kinds.effects.score import Score
from ...kinds.actions.at_turn_end import AtTurnEnd
from ...kinds.actions.build_from_discard import BuildFromDiscard
from ...kinds.actions.copy_card import CopyCard
from ...kinds.actions.copy_symbol import CopySymbol
from ...kinds.actions.gain_coins import GainCoins
from ...kinds.actions.in_each_city import InEachCity
from ...kinds.actions.lose_board_production import LoseBoardProduction
from ...kinds.actions.lose_coins import LoseCoins
from ...kinds.actions.may_pay import MayPay
from ...kinds.actions.take_kept_tokens import TakeKeptTokens
from ...kinds.actions.take_token import TakeToken
from ...kinds.effects.at_game_end import AtGameEnd
from ...kinds.effects.bank_purchase import BankPurchase
from ...kinds.effects.cards_change import CardsChange
from ...kinds.effects.chains_from import ChainsFrom
from ...kinds.effects.coinage import Coinage
from ...kinds.effects.defeats_to_neighbour import DefeatsToNeighbour
from ...kinds.effects.discount import Discount
from ...kinds.effects.free_build import FreeBuild
from ...kinds.effects.free_by_token import FreeByToken
from ...kinds.effects.free_rule import FreeRule
from ...kinds.effects.no_free_chains import NoFreeChains
from ...kinds.effects.other_way import OtherWay
from ...kinds.effects.play_last_card import PlayLastCard
from ...kinds.effects.points import Points
from ...kinds.effects.price_change import PriceChange
from ...kinds.effects.produces import Produces
from ...kinds.effects.produces_like import ProducesLike
from ...kinds.effects.science import Science
from ...kinds.effects.shields import Shields
from ...kinds.effects.trade_discount import TradeDiscount
from ...kinds.effects.trade_rebate import TradeRebate
from ...kinds.effects.when_built import WhenBuilt
from .base import BuilderBase, Kept, Measured
from ...kinds.measure_base import Measure
from .numbers import to_int


class EffectBuilder(BuilderBase):
    """Mixed into TreeBuilder (`builder/__init__.py`)."""

    @v_args(meta=True)
    def produces(self, meta: Meta, c: Kept) -> Produces:
        kind, items = c[0]
        return Produces(items=items, choice=kind == "choice", private=len(c) > 1,
                            span=self._span(meta))

    def fixed_production(self, c: Kept) -> tuple[str, tuple[ResourceAmount, ...]]:
        return ("fixed", tuple(c))

    def choice_production(self, c: Kept) -> tuple[str, tuple[ResourceAmount, ...]]:
        items = tuple(ResourceAmount(count=1, resource=self._name(t), span=self._tok_span(t))
                      for t in c)
        return ("choice", items)

    def private(self, c: Kept) -> bool:
        return True

    @v_args(meta=True)
    def points(self, meta: Meta, c: Kept) -> Points:
        return Points(amount=c[0], span=self._span(meta))

    @v_args(meta=True)
    def shields(self, meta: Meta, c: Kept) -> Shields:
        return Shields(amount=to_int(c[0]), per=c[1] if len(c) > 1 else None, span=self._span(meta))

    @v_args(meta=True)
    def science(self, meta: Meta, c: Kept) -> Science:
        return Science(symbols=tuple(self._name(t) for t in c), span=self._span(meta))

    @v_args(meta=True)
    def trade_discount(self, meta: Meta, c: Kept) -> TradeDiscount:
        return TradeDiscount(resources=c[0], scope=c[1], price=to_int(c[2]), span=self._span(meta))

    @v_args(meta=True)
    def price_change(self, meta: Meta, c: Kept) -> PriceChange:
        return PriceChange(resources=c[0], scope=c[1], amount=to_int(c[2]), change=c[3], span=self._span(meta))

    @v_args(meta=True)
    def other_way(self, meta: Meta, c: Kept) -> OtherWay:
        return OtherWay(span=self._span(meta))

    @v_args(meta=True)
    def no_free_chains(self, meta: Meta, c: Kept) -> NoFreeChains:
        return NoFreeChains(span=self._span(meta))

    # a law over cards: `brown cards producing 2 units or a choice produce nothing`
    @v_args(meta=True)
    def cards_change(self, meta: Meta, c: Kept) -> CardsChange:
        return CardsChange(cards=c[0], change=c[1], span=self._span(meta))

    @v_args(meta=True)
    def cards_by_kind(self, meta: Meta, c: Kept) -> ast.CardSelector:
        colors = next((x for x in c if isinstance(x, tuple)), ())
        produced = next((x for x in c if isinstance(x, list)), [])
        return ast.CardSelector(colors=colors, units=tuple(x for x in produced if x != "choice"),
                                choice="choice" in produced, names=(), span=self._span(meta))

    @v_args(meta=True)
    def cards_by_name(self, meta: Meta, c: Kept) -> ast.CardSelector:
        return ast.CardSelector(colors=(), units=(), choice=False, names=tuple(self._string(t) for t in c),
                                span=self._span(meta))

    def producing(self, c: Kept) -> list[int | str]: return list(c)
    def produced_units(self, c: Kept) -> int: return to_int(c[0])
    def produced_choice(self, c: Kept) -> str: return "choice"
    def produce_nothing(self, c: Kept) -> str: return "nothing"
    def no_effect(self, c: Kept) -> str: return "no effect"
    def produce_as_needed(self, c: Kept) -> str: return "as needed"

    @v_args(meta=True)
    def lose_board(self, meta: Meta, c: Kept) -> LoseBoardProduction:
        return LoseBoardProduction(span=self._span(meta))

    @v_args(meta=True)
    def chains_from(self, meta: Meta, c: Kept) -> ChainsFrom:
        return ChainsFrom(scope=c[0], span=self._span(meta))

    @v_args(meta=True)
    def coinage(self, meta: Meta, c: Kept) -> Coinage:
        return Coinage(colors=c[0], rate=to_int(c[1]), span=self._span(meta))

    def price_more(self, c: Kept) -> str: return "more"
    def price_less(self, c: Kept) -> str: return "less"

    @v_args(meta=True)
    def law(self, meta: Meta, c: Kept) -> Law:
        return Law(effect=c[-1], conditions=c[0] if len(c) > 1 else (), span=self._span(meta))

    def law_conditions(self, c: Kept) -> tuple[object, ...]:
        return tuple(c)

    @v_args(meta=True)
    def revealed(self, meta: Meta, c: Kept) -> Revealed:
        return Revealed(span=self._span(meta))

    @v_args(meta=True)
    def on_top(self, meta: Meta, c: Kept) -> OnTop:
        return OnTop(zone=self._string(c[0]), span=self._span(meta))

    @v_args(meta=True)
    def in_top(self, meta: Meta, c: Kept) -> InTop:
        return InTop(count=c[0], zone=self._string(c[1]), span=self._span(meta))

    @v_args(meta=True)
    def when_built(self, meta: Meta, c: Kept) -> WhenBuilt:
        return WhenBuilt(action=c[0], span=self._span(meta))

    @v_args(meta=True)
    def at_game_end(self, meta: Meta, c: Kept) -> AtGameEnd:
        return AtGameEnd(action=c[0], span=self._span(meta))

    @v_args(meta=True)
    def score(self, meta: Meta, c: Kept) -> Score:
        return Score(category=self._name(c[0]), value=c[1], span=self._span(meta))

    def free_color(self, c: Kept) -> Token:
        color: Token = c[0]
        return color

    @v_args(meta=True)
    def free_build(self, meta: Meta, c: Kept) -> FreeBuild:
        color = self._name(c[0]) if len(c) == 2 else None        # `may build a COLOUR card ...`
        return FreeBuild(limit=self._name(c[-1]), span=self._span(meta), color=color)

    @v_args(meta=True)
    def free_by_token(self, meta: Meta, c: Kept) -> FreeByToken:
        color = self._name(c[0]) if len(c) == 2 else None        # `may build a COLOUR card ...`
        paid = c[-1]
        return FreeByToken(what="card", count=paid.count, kind=paid.kind, span=self._span(meta), color=color)

    @v_args(meta=True)
    def free_stage_by_token(self, meta: Meta, c: Kept) -> FreeByToken:
        paid = c[-1]
        return FreeByToken(what="stage", count=paid.count, kind=paid.kind, span=self._span(meta))

    @v_args(meta=True)
    def conditional(self, meta: Meta, c: Kept) -> Conditional:
        return Conditional(value=c[0], conditions=c[1], span=self._span(meta))

    @v_args(meta=True)
    def play_last_card(self, meta: Meta, c: Kept) -> PlayLastCard:
        return PlayLastCard(span=self._span(meta))

    @v_args(meta=True)
    def free_rule(self, meta: Meta, c: Kept) -> FreeRule:
        return FreeRule(which=c[0], unit=c[1], span=self._span(meta))

    @v_args(meta=True)
    def discount(self, meta: Meta, c: Kept) -> Discount:
        (what, amount), colors = c[0], c[1]
        scope = c[2] if len(c) > 2 else None
        return Discount(colors=colors, scope=scope, what=what, amount=amount, span=self._span(meta))

    def discounted_cards(self, c: Kept) -> tuple[ast.Name, ...]:
        colors: tuple[ast.Name, ...] = c[0]
        return colors

    def discounted_stages(self, c: Kept) -> tuple[()]: return ()
    def fewer_resources(self, c: Kept) -> tuple[str, int | None]: return ("resources", to_int(c[0]))
    def fewer_coins(self, c: Kept) -> tuple[str, int | None]: return ("coins", to_int(c[0]))
    def no_resources(self, c: Kept) -> tuple[str, int | None]: return ("resources", None)
    def no_coins(self, c: Kept) -> tuple[str, int | None]: return ("coins", None)

    @v_args(meta=True)
    def defeats_to_neighbour(self, meta: Meta, c: Kept) -> DefeatsToNeighbour:
        return DefeatsToNeighbour(span=self._span(meta))

    def free_first(self, c: Kept) -> str: return "first"
    def free_last(self, c: Kept) -> str: return "last"
    def per_color(self, c: Kept) -> str: return "color"
    def per_age(self, c: Kept) -> str: return "age"

    @v_args(meta=True)
    def gain_coins(self, meta: Meta, c: Kept) -> GainCoins:
        return GainCoins(amount=c[0], per=c[1] if len(c) > 1 else None, span=self._span(meta))

    @v_args(meta=True)
    def lose_coins(self, meta: Meta, c: Kept) -> LoseCoins:
        return LoseCoins(amount=c[0], per=c[1] if len(c) > 1 else None, span=self._span(meta))

    @v_args(meta=True)
    def take_token(self, meta: Meta, c: Kept) -> TakeToken:
        return TakeToken(value=c[0], span=self._span(meta))

    @v_args(meta=True)
    def at_turn_end(self, meta: Meta, c: Kept) -> AtTurnEnd:
        return AtTurnEnd(action=c[0], span=self._span(meta))

    @v_args(meta=True)
    def build_from_discard(self, meta: Meta, c: Kept) -> BuildFromDiscard:
        return BuildFromDiscard(span=self._span(meta))

    @v_args(meta=True)
    def copy_card(self, meta: Meta, c: Kept) -> CopyCard:
        return CopyCard(colors=c[0], scope=c[1], span=self._span(meta))

    @v_args(meta=True)
    def copy_last(self, meta: Meta, c: Kept) -> CopyCard:
        """`copy the last card built by SCOPE` (docs/language.md, "Order and removal")."""
        return CopyCard(colors=(), scope=c[0], span=self._span(meta), last=True)

    @v_args(meta=True)
    def take_kept_tokens(self, meta: Meta, c: Kept) -> TakeKeptTokens:
        count = c[0] if len(c) == 2 else ast.Number(value=1, span=self._span(meta))
        return TakeKeptTokens(count=count, kind=self._name(c[-1]), span=self._span(meta))

    def kept_tokens(self, c: Kept) -> Measured:
        return (Measure.KEPT_TOKENS, (), self._name(c[0]))

    @v_args(meta=True)
    def may_pay(self, meta: Meta, c: Kept) -> MayPay:
        return MayPay(items=tuple(c[:-1]), action=c[-1], span=self._span(meta))

    @v_args(meta=True)
    def in_each_city(self, meta: Meta, c: Kept) -> InEachCity:
        compare, value = c[1] if len(c) == 3 else ("", None)
        return InEachCity(group=c[0], action=c[-1], span=self._span(meta), compare=compare, value=value)

    def fewer_than_owner(self, c: Kept) -> tuple[str, ast.Expr]: return ("fewer", c[0])
    def more_than_owner(self, c: Kept) -> tuple[str, ast.Expr]: return ("more", c[0])

    def other_cities(self, c: Kept) -> str: return "other"
    def each_neighbour_city(self, c: Kept) -> str: return "neighbours"
    def every_city(self, c: Kept) -> str: return "every"

    @v_args(meta=True)
    def copy_symbol(self, meta: Meta, c: Kept) -> CopySymbol:
        return CopySymbol(colors=c[0], scope=c[1], span=self._span(meta))

    @v_args(meta=True)
    def trade_rebate(self, meta: Meta, c: Kept) -> TradeRebate:
        return TradeRebate(scope=c[0], amount=to_int(c[1]), span=self._span(meta))

    @v_args(meta=True)
    def bank_purchase(self, meta: Meta, c: Kept) -> BankPurchase:
        return BankPurchase(units=to_int(c[0]), price=to_int(c[1]), span=self._span(meta))

    @v_args(meta=True)
    def produces_like(self, meta: Meta, c: Kept) -> ProducesLike:
        flags = {x for x in c if isinstance(x, str)}
        colors = next(x for x in c if isinstance(x, tuple))
        return ProducesLike(negated="not" in flags, colors=colors, board="board" in flags,
                                private=any(x is True for x in c), span=self._span(meta))

    def negated(self, c: Kept) -> str: return "not"
    def and_board(self, c: Kept) -> str: return "board"

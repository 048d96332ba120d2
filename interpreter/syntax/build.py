"""Lark parse tree -> syntax tree (ast.py), in a pass of its own so every node gets a span.

One method per grammar rule; each receives the rule's span and its kept children.
"""

from __future__ import annotations

import attrs
from lark import Token, Transformer, v_args

from ..diagnostics import Span
from . import ast
from .build_items import MAX_DIGITS, NumberTooLarge, TableBuilder, VariantBuilder, to_int  # noqa: F401


class TreeBuilder(VariantBuilder, TableBuilder, Transformer):
    def __init__(self, path: str):
        super().__init__(visit_tokens=False)
        self.path = path

    # ---------------------------------------------------------------- helpers
    def _span(self, meta) -> Span:
        return Span(self.path, meta.line, meta.column, meta.end_line, meta.end_column)

    def _tok_span(self, tok: Token) -> Span:
        return Span(self.path, tok.line, tok.column, tok.end_line, tok.end_column)

    def _name(self, tok: Token) -> ast.Name:
        return ast.Name(text=str(tok), span=self._tok_span(tok))

    def _string(self, tok: Token) -> ast.Name:
        return ast.Name(text=str(tok)[1:-1], span=self._tok_span(tok))

    def _number(self, tok: Token) -> ast.Number:
        return ast.Number(value=to_int(tok), span=self._tok_span(tok))

    def __default__(self, data, children, meta):
        raise AssertionError(f"grammar rule {data!r} has no tree builder")

    # ---------------------------------------------------------------- top level
    def start(self, children):
        return list(children)

    @v_args(meta=True)
    def name_list(self, meta, children):
        return tuple(self._name(t) for t in children)

    @v_args(meta=True)
    def resources_decl(self, meta, c):
        return ast.ResourcesDecl(group=self._name(c[0]), names=c[1], span=self._span(meta))

    @v_args(meta=True)
    def colors_decl(self, meta, c):
        return ast.ColorsDecl(names=c[0], span=self._span(meta))

    @v_args(meta=True)
    def symbols_decl(self, meta, c):
        return ast.SymbolsDecl(names=c[0], span=self._span(meta))

    @v_args(meta=True)
    def tokens_decl(self, meta, c):
        return ast.TokensDecl(names=c[0], span=self._span(meta))

    # ---------------------------------------------------------------- cards
    @v_args(meta=True)
    def card(self, meta, c):
        return ast.Card(name=self._string(c[0]), body=tuple(c[1:]), span=self._span(meta))

    @v_args(meta=True)
    def age_stmt(self, meta, c):
        return ast.AgeStmt(age=c[0], span=self._span(meta))

    @v_args(meta=True)
    def deck_stmt(self, meta, c):
        return ast.DeckStmt(deck=self._string(c[0]), span=self._span(meta))

    def age_number(self, c):
        return self._name(c[0])

    @v_args(meta=True)
    def color_stmt(self, meta, c):
        return ast.ColorStmt(color=self._name(c[0]), span=self._span(meta))

    @v_args(meta=True)
    def copies_stmt(self, meta, c):
        return ast.CopiesStmt(counts=tuple(c), span=self._span(meta))

    def copy_from(self, c):
        return self._number(c[0])

    @v_args(meta=True)
    def cost_stmt(self, meta, c):
        return ast.CostStmt(items=tuple(c), span=self._span(meta))

    @v_args(meta=True)
    def resource_amount(self, meta, c):
        count = to_int(c[0]) if len(c) == 2 else 1
        return ast.ResourceAmount(count=count, resource=self._name(c[-1]), span=self._span(meta))

    @v_args(meta=True)
    def coin_amount(self, meta, c):
        return ast.CoinAmount(count=to_int(c[0]), span=self._span(meta))

    @v_args(meta=True)
    def chain_stmt(self, meta, c):
        return ast.ChainStmt(cards=tuple(self._string(t) for t in c), span=self._span(meta))

    # ---------------------------------------------------------------- wonders
    @v_args(meta=True)
    def wonder(self, meta, c):
        return ast.Wonder(name=self._string(c[0]), sides=tuple(c[1:]), span=self._span(meta))

    @v_args(meta=True)
    def side(self, meta, c):
        return ast.Side(name=self._name(c[0]), body=tuple(c[1:]), span=self._span(meta))

    @v_args(meta=True)
    def stage(self, meta, c):
        return ast.Stage(body=tuple(c), span=self._span(meta))

    # ---------------------------------------------------------------- effects
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

    # ---------------------------------------------------------------- triggers
    @v_args(meta=True)
    def trigger(self, meta, c):
        name = None
        if isinstance(c[0], tuple) and c[0][:1] == ("named",):
            name, c = c[0][1], c[1:]
        event, rest = c[0], list(c[1:])
        each = bool(rest) and rest[0] == "each"
        if each:
            rest.pop(0)
        limit = rest.pop(0) if rest and isinstance(rest[0], ast.Name) else None
        conditions = rest.pop(0) if rest and isinstance(rest[0], tuple) else ()
        return ast.Trigger(name=name, event=event, each_neighbour=each, limit=limit,
                           conditions=conditions, action=rest[0], span=self._span(meta))

    def trigger_name(self, c):
        return ("named", self._string(c[0]))

    def game_setup(self, c): return "game setup"
    def age_start(self, c): return "age start"
    def age_end(self, c): return "age end"
    def turn_start(self, c): return "turn start"
    def turn_end(self, c): return "turn end"
    def game_end(self, c): return "game end"
    def building_built(self, c): return "building built"
    def stage_built(self, c): return "stage built"
    def card_sold(self, c): return "card sold"
    def chain_built(self, c): return "building built by chain"
    def color_card_built(self, c): return f"{c[0]}{ast.COLOR_BUILT}"
    def victory_taken(self, c): return "victory token taken"
    def defeat_taken(self, c): return "defeat token taken"
    def bank_coins_taken(self, c): return "coins taken from the bank"
    def resources_bought(self, c): return "resources bought"

    def each_neighbour(self, c):
        return "each"

    def limit(self, c):
        return self._name(c[0])

    def condition(self, c):
        return tuple(c)

    @v_args(meta=True)
    def comparison(self, meta, c):
        return ast.Comparison(op=str(c[1]), left=c[0], right=c[2], span=self._span(meta))

    # ---------------------------------------------------------------- actions
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

    # ---------------------------------------------------------------- expressions
    @v_args(meta=True)
    def binary(self, meta, c):
        return ast.BinOp(op=str(c[1]), left=c[0], right=c[2], span=self._span(meta))

    @v_args(meta=True)
    def negative(self, meta, c):
        return ast.Negative(operand=c[-1], span=self._span(meta))

    @v_args(meta=True)
    def number(self, meta, c):
        return ast.Number(value=to_int(c[0]), span=self._span(meta))

    @v_args(meta=True)
    def per_amount(self, meta, c):
        return ast.PerAmount(amount=to_int(c[0]), per=c[1], span=self._span(meta))

    @v_args(meta=True)
    def per(self, meta, c):
        every = 1
        if isinstance(c[0], Token):
            every, c = to_int(c[0]), c[1:]
        return ast.Per(every=every, what=self._quantity(meta, c), span=self._span(meta))

    @v_args(meta=True)
    def quantity(self, meta, c):
        return self._quantity(meta, c)

    @v_args(meta=True)
    def extreme_quantity(self, meta, c):
        return attrs.evolve(self._quantity(meta, c[1:]), extreme=c[0])

    def most(self, c): return "most"
    def fewest(self, c): return "fewest"

    def _quantity(self, meta, c) -> ast.Quantity:
        measure, colors, *kind = c[0]
        scope = c[1] if len(c) > 1 else None
        return ast.Quantity(measure=measure, colors=colors, scope=scope, span=self._span(meta),
                            kind=kind[0] if kind else None)

    @v_args(meta=True)
    def symbol_squares(self, meta, c):
        return ast.Quantity(measure="symbol squares", colors=(), scope=None, span=self._span(meta))

    @v_args(meta=True)
    def age_victory(self, meta, c):
        return ast.Quantity(measure="age victory", colors=(), scope=None, span=self._span(meta))

    @v_args(meta=True)
    def age_number_q(self, meta, c):
        return ast.Quantity(measure="age", colors=(), scope=None, span=self._span(meta))

    @v_args(meta=True)
    def player_number(self, meta, c):
        return ast.Quantity(measure="players", colors=(), scope=None, span=self._span(meta))

    def cards_of(self, c): return ("cards", c[0])
    def wonder_stages(self, c): return ("wonder stages", ())
    def unbuilt_stages(self, c): return ("unbuilt wonder stages", ())
    def defeat_tokens(self, c): return ("defeat tokens", ())
    def victory_tokens(self, c): return ("victory tokens", ())
    def military_tokens(self, c): return ("military tokens", ())
    def coins(self, c): return ("coins", ())
    def shields_q(self, c): return ("shields", ())
    def complete_sets(self, c): return ("complete sets", ())
    def card_sets(self, c): return ("card sets", c[0])

    @v_args(meta=True)
    def color_list(self, meta, c):
        return tuple(self._name(t) for t in c)

    @v_args(meta=True)
    def scope(self, meta, c):
        parts: list[str] = []
        for part in c:
            for p in part:
                if p not in parts:
                    parts.append(p)
        return ast.Scope(parts=tuple(parts), span=self._span(meta))

    def own_city(self, c): return ("own",)
    def neighbours(self, c): return ("left", "right")
    def left_neighbour(self, c): return ("left",)
    def right_neighbour(self, c): return ("right",)
    def that_neighbour(self, c): return ("neighbour",)
    def all_cities(self, c): return ("all",)

    # ---------------------------------------------------------------- rules
    @v_args(meta=True)
    def rules(self, meta, c):
        return ast.Rules(name=self._string(c[0]), body=tuple(c[1:]), span=self._span(meta))

    @v_args(meta=True)
    def players_stmt(self, meta, c):
        return ast.PlayersStmt(low=self._number(c[0]), high=self._number(c[1]), span=self._span(meta))

    @v_args(meta=True)
    def starting_coins(self, meta, c):
        return ast.StartingCoins(amount=self._number(c[0]), span=self._span(meta))

    @v_args(meta=True)
    def sell_price(self, meta, c):
        return ast.SellPrice(amount=self._number(c[0]), span=self._span(meta))

    @v_args(meta=True)
    def trade_price(self, meta, c):
        return ast.TradePrice(amount=self._number(c[0]), span=self._span(meta))

    @v_args(meta=True)
    def score_pad(self, meta, c):
        return ast.ScorePad(categories=c[0], span=self._span(meta))

    @v_args(meta=True)
    def points_category(self, meta, c):
        return ast.PointsCategory(colors=c[0], category=self._name(c[1]), span=self._span(meta))

    def stage_source(self, c):
        return ()

    def color_source(self, c):
        return c[0]

    @v_args(meta=True)
    def tie_break(self, meta, c):
        return ast.TieBreak(keys=tuple(c), span=self._span(meta))

    @v_args(meta=True)
    def tie_key(self, meta, c):
        return ast.Name(text="coins", span=self._span(meta))

    @v_args(meta=True)
    def age_rules(self, meta, c):
        return ast.AgeRules(age=c[0], body=tuple(c[1:]), span=self._span(meta))

    @v_args(meta=True)
    def hand_size(self, meta, c):
        return ast.HandSize(amount=self._number(c[0]), span=self._span(meta))

    @v_args(meta=True)
    def turns(self, meta, c):
        return ast.Turns(amount=self._number(c[0]), span=self._span(meta))

    @v_args(meta=True)
    def pass_direction(self, meta, c):
        return ast.PassDirection(direction=c[0], span=self._span(meta))

    def direction(self, c):
        return str(c[0])

    @v_args(meta=True)
    def last_card_discarded(self, meta, c):
        return ast.LastCardDiscarded(span=self._span(meta))

    @v_args(meta=True)
    def victory_value(self, meta, c):
        return ast.VictoryValue(amount=self._number(c[0]), span=self._span(meta))

    @v_args(meta=True)
    def add_random(self, meta, c):
        return ast.AddRandom(count=c[0], colors=c[1], span=self._span(meta))

    # ---------------------------------------------------------------- phases
    @v_args(meta=True)
    def zone_decl(self, meta, c):
        return ast.ZoneDecl(name=self._string(c[0]), span=self._span(meta))

    @v_args(meta=True)
    def phase(self, meta, c):
        placed = len(c) > 1 and isinstance(c[1], ast.PhasePlace)
        return ast.Phase(name=self._string(c[0]), place=c[1] if placed else None,
                         body=tuple(c[2:] if placed else c[1:]), span=self._span(meta))

    @v_args(meta=True)
    def deal_age(self, meta, c):
        return ast.DealAge(count=self._number(c[0]), age=c[1], draws=tuple(c[2:]), span=self._span(meta))

    @v_args(meta=True)
    def random_draw(self, meta, c):
        return ast.AddRandom(count=c[0], colors=c[1], span=self._span(meta))

    @v_args(meta=True)
    def start_age(self, meta, c):
        return ast.StartAge(age=c[0], victory=self._number(c[1]) if len(c) > 1 else None, span=self._span(meta))

    @v_args(meta=True)
    def play_turns(self, meta, c):
        return ast.PlayTurns(count=self._number(c[0]), direction=c[1], discard_last=len(c) > 2,
                             span=self._span(meta))

    def discarding_last(self, c): return True

    @v_args(meta=True)
    def end_age(self, meta, c):
        return ast.EndAge(age=c[0], span=self._span(meta))

    @v_args(meta=True)
    def before_age(self, meta, c):
        return ast.PhasePlace(when="before", age=c[0], span=self._span(meta))

    @v_args(meta=True)
    def after_age(self, meta, c):
        return ast.PhasePlace(when="after", age=c[0], span=self._span(meta))

    @v_args(meta=True)
    def each_age_start(self, meta, c):
        return ast.PhasePlace(when="start", age=None, span=self._span(meta))

    @v_args(meta=True)
    def age_start_of(self, meta, c):
        return ast.PhasePlace(when="start", age=c[0], span=self._span(meta))

    @v_args(meta=True)
    def deal_stmt(self, meta, c):
        return ast.Deal(count=self._number(c[0]), deck=self._string(c[1]), span=self._span(meta))

    @v_args(meta=True)
    def draft_stmt(self, meta, c):
        return ast.Draft(count=self._number(c[0]), zone=self._string(c[1]), direction=c[2], span=self._span(meta))

    @v_args(meta=True)
    def play_from(self, meta, c):
        optional = bool(c) and c[0] == "optional"
        rest = c[1:] if optional else c
        return ast.PlayFrom(optional=optional, build_only=rest[0] == "build", zone=self._string(rest[1]),
                            free=len(rest) > 2, span=self._span(meta))

    @v_args(meta=True)
    def draw_into(self, meta, c):
        return ast.DrawInto(count=self._number(c[0]), deck=self._string(c[1]), zone=self._string(c[2]),
                            span=self._span(meta))

    @v_args(meta=True)
    def build_from_zone(self, meta, c):
        return ast.PlayFrom(optional=False, build_only=True, zone=self._string(c[0]), free=len(c) > 1,
                            span=self._span(meta))

    @v_args(meta=True)
    def play_from_zone(self, meta, c):
        return ast.PlayFrom(optional=False, build_only=False, zone=self._string(c[0]), free=False,
                            span=self._span(meta))

    @v_args(meta=True)
    def discard_zone(self, meta, c):
        return ast.DiscardZone(zone=self._string(c[0]), span=self._span(meta))

    def optional(self, c): return "optional"
    def plays(self, c): return "play"
    def builds_only(self, c): return "build"
    def for_free(self, c): return "free"

    @v_args(meta=True)
    def player_count(self, meta, c):
        tokens = [str(t) for t in c]
        if len(tokens) == 1 and tokens[0].isdigit():
            return ast.PlayerCount(per_player=False, offset=to_int(c[0]), span=self._span(meta))
        offset = 0
        if len(tokens) == 2:
            offset = to_int(c[1]) * (-1 if tokens[0] == "-" else 1)
        return ast.PlayerCount(per_player=True, offset=offset, span=self._span(meta))

    # ---------------------------------------------------------------- kept tokens, other cities, debt
    @v_args(meta=True)
    def take_kept_tokens(self, meta, c):
        count = c[0] if len(c) == 2 else ast.Number(value=1, span=self._span(meta))
        return ast.TakeKeptTokens(count=count, kind=self._name(c[-1]), span=self._span(meta))

    def kept_tokens(self, c):
        return ("kept tokens", (), self._name(c[0]))

    @v_args(meta=True)
    def in_each_city(self, meta, c):
        return ast.InEachCity(group=c[0], action=c[1], span=self._span(meta))

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

    @v_args(meta=True)
    def coins_owed(self, meta, c):
        return ast.CoinsOwed(kind=self._name(c[-1]), by_choice=len(c) == 2, span=self._span(meta))

    def by_choice(self, c): return True

    @v_args(meta=True)
    def pad_line(self, meta, c):
        return ast.PadLine(name=self._name(c[0]), after=self._name(c[1]) if len(c) > 1 else None,
                           span=self._span(meta))

    @v_args(meta=True)
    def sit_out(self, meta, c):
        return ast.SitOut(kind=self._name(c[0]), event=c[-1], once="once" in c[1:-1], span=self._span(meta))

    def face_once(self, c): return "once"

    @v_args(meta=True)
    def teams(self, meta, c):
        return ast.Teams(size=to_int(c[0]), span=self._span(meta))

    @v_args(meta=True)
    def partners_face(self, meta, c):
        return ast.PartnersFace(event=c[-1], span=self._span(meta))

    def signed_int(self, c):
        return -to_int(c[1]) if len(c) == 2 else to_int(c[0])

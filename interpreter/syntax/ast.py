"""The syntax tree: frozen attrs classes, one per construct, each with its source span.

The tree is faithful to the text: statements stay in written order and names stay as
written, so the checker can point at any of them.  Effects and actions are the effect
objects the engine runs; they keep their spans so run-time messages can cite content.
"""

from __future__ import annotations

import attrs

from ..diagnostics import Span

node = attrs.frozen(kw_only=True)


# ---------------------------------------------------------------- leaves
@node
class Name:
    text: str
    span: Span

    def __str__(self) -> str:
        return self.text


@node
class Number:
    value: int
    span: Span


# ---------------------------------------------------------------- vocabulary
@node
class ResourcesDecl:
    group: Name
    names: tuple[Name, ...]
    span: Span


@node
class ColorsDecl:
    names: tuple[Name, ...]
    span: Span


@node
class SymbolsDecl:
    names: tuple[Name, ...]
    span: Span


# ---------------------------------------------------------------- expressions
@node
class Scope:
    """Whose cities a quantity or a trade looks at: any of `own`, `left`, `right`,
    `neighbour` (the one a `for each neighbour` trigger is at) and `all`."""
    parts: tuple[str, ...]
    span: Span


@node
class Quantity:
    """Something counted in the game, summed over a scope (the owner's city by default).
    `measure` is one of MEASURES; `colors` is set for "cards"."""
    measure: str
    colors: tuple[Name, ...]
    scope: Scope | None
    span: Span


MEASURES = ("cards", "wonder stages", "unbuilt wonder stages", "defeat tokens", "victory tokens",
            "military tokens", "coins", "shields", "complete sets", "symbol squares",
            "age victory", "age", "players")


@node
class Per:
    """`per [N] <quantity>`: one unit for every N counted."""
    every: int
    what: Quantity
    span: Span


@node
class PerAmount:
    amount: int
    per: Per
    span: Span


@node
class Negative:
    operand: "Expr"
    span: Span


@node
class BinOp:
    op: str                 # + - * /   (/ rounds down)
    left: "Expr"
    right: "Expr"
    span: Span


Expr = Number | PerAmount | Negative | BinOp | Quantity


@node
class Comparison:
    op: str                 # > < >= <= = !=
    left: Expr
    right: Expr
    span: Span


# ---------------------------------------------------------------- actions
@node
class GainCoins:
    amount: Expr
    per: Per | None
    span: Span


@node
class LoseCoins:
    amount: Expr
    per: Per | None
    span: Span


@node
class TakeToken:
    value: Expr
    span: Span


@node
class AtTurnEnd:
    action: "Action"
    span: Span


@node
class BuildFromDiscard:
    span: Span


@node
class CopyCard:
    colors: tuple[Name, ...]
    scope: Scope
    span: Span


Action = GainCoins | LoseCoins | TakeToken | AtTurnEnd | BuildFromDiscard | CopyCard


EVENTS = ("game setup", "age start", "turn start", "building built", "stage built", "card sold",
          "turn end", "age end", "game end")


@node
class Trigger:
    """`[trigger "name"] on <event> [for each neighbour] [once per <limit>] [if ...]: <action>`;
    a name lets a variant replace or remove the trigger."""
    name: Name | None
    event: str
    each_neighbour: bool
    limit: Name | None
    conditions: tuple[Comparison, ...]
    action: Action
    span: Span


# ---------------------------------------------------------------- effects
@node
class ResourceAmount:
    count: int
    resource: Name
    span: Span


@node
class Produces:
    items: tuple[ResourceAmount, ...]
    choice: bool
    private: bool
    span: Span


@node
class Points:
    amount: int
    span: Span


@node
class Shields:
    amount: int
    span: Span


@node
class Science:
    symbols: tuple[Name, ...]
    span: Span


@node
class TradeDiscount:
    resources: tuple[Name, ...]
    scope: Scope
    price: int
    span: Span


@node
class WhenBuilt:
    action: Action
    span: Span


@node
class AtGameEnd:
    action: Action
    span: Span


@node
class Score:
    category: Name
    value: Expr
    span: Span


@node
class FreeBuild:
    limit: Name
    span: Span


@node
class PlayLastCard:
    span: Span


Effect = (Produces | Points | Shields | Science | TradeDiscount | WhenBuilt | AtGameEnd
          | Score | FreeBuild | PlayLastCard | Trigger)
EFFECT_TYPES = (Produces, Points, Shields, Science, TradeDiscount, WhenBuilt, AtGameEnd,
                Score, FreeBuild, PlayLastCard, Trigger)


# ---------------------------------------------------------------- cards
@node
class AgeStmt:
    age: Name
    span: Span


@node
class ColorStmt:
    color: Name
    span: Span


@node
class CopiesStmt:
    counts: tuple[Number, ...]
    span: Span


@node
class CoinAmount:
    count: int
    span: Span


@node
class CostStmt:
    items: tuple[ResourceAmount | CoinAmount, ...]
    span: Span


@node
class ChainStmt:
    cards: tuple[Name, ...]
    span: Span


@node
class Card:
    name: Name
    body: tuple
    span: Span


# ---------------------------------------------------------------- wonders
@node
class Stage:
    body: tuple
    span: Span


@node
class Side:
    name: Name
    body: tuple
    span: Span


@node
class Wonder:
    name: Name
    sides: tuple[Side, ...]
    span: Span


# ---------------------------------------------------------------- rules
@node
class PlayersStmt:
    low: Number
    high: Number
    span: Span


@node
class StartingCoins:
    amount: Number
    span: Span


@node
class SellPrice:
    amount: Number
    span: Span


@node
class TradePrice:
    amount: Number
    span: Span


@node
class ScorePad:
    categories: tuple[Name, ...]
    span: Span


@node
class PointsCategory:
    """`points of <source> count as <category>`; colors empty means wonder stages."""
    colors: tuple[Name, ...]
    category: Name
    span: Span


@node
class TieBreak:
    keys: tuple[Name, ...]
    span: Span


@node
class HandSize:
    amount: Number
    span: Span


@node
class Turns:
    amount: Number
    span: Span


@node
class PassDirection:
    direction: str
    span: Span


@node
class LastCardDiscarded:
    span: Span


@node
class VictoryValue:
    amount: Number
    span: Span


@node
class PlayerCount:
    """A number of cards: fixed, or `players + offset`."""
    per_player: bool
    offset: int
    span: Span

    def at(self, players: int) -> int:
        return (players if self.per_player else 0) + self.offset


@node
class AddRandom:
    count: PlayerCount
    colors: tuple[Name, ...]
    span: Span


@node
class AgeRules:
    age: Name
    body: tuple
    span: Span


@node
class Rules:
    name: Name
    body: tuple
    span: Span


# ---------------------------------------------------------------- variants
@node
class CardRef:
    name: Name
    age: Name | None
    span: Span


@node
class WonderSide:
    wonder: Name
    side: Name
    span: Span


@node
class Change:
    """One change of a variant.  `verb` is set, add, replace, modify or remove; `what` is
    card, wonder, stage, trigger, score or a rules statement's kind; `target` names what is
    changed (a CardRef, a WonderSide with `stage`, a Name); `item` is the new text."""
    verb: str
    what: str
    target: object
    stage: int | None
    item: object
    span: Span


@node
class Variant:
    name: Name
    changes: Name | None          # the rules block it changes
    overrides: tuple[Name, ...]
    body: tuple[Change, ...]
    span: Span


# ---------------------------------------------------------------- tables
@node
class NeutralCity:
    """A city no player owns, played by the player holding its card (`holder`)."""
    name: Name
    body: tuple            # the flags below, as (word, span) pairs, and holders
    span: Span


@node
class HolderInAge:
    age: Name
    direction: str         # the neutral city's neighbour who holds its card at the age's start
    span: Span


@node
class Flag:
    """A yes/no rule of a neutral city: `draws from a pile`, `builds when it can`, ..."""
    word: str
    span: Span


@node
class Table:
    """`table for N players { ... }`: how a game at a player count outside the rules'
    range is set up."""
    players: Number
    deal_as: Number | None
    neutrals: tuple[NeutralCity, ...]
    span: Span


Item = ResourcesDecl | ColorsDecl | SymbolsDecl | Card | Wonder | Rules | Variant | Table


@node
class File:
    path: str
    items: tuple

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


# ---------------------------------------------------------------- quantities
@node
class Scope:
    """Whose cities a count or a trade looks at: any of `own`, `left`, `right`."""
    parts: tuple[str, ...]
    span: Span


@node
class CardsOf:
    colors: tuple[Name, ...]
    span: Span


@node
class WonderStages:
    span: Span


@node
class DefeatTokens:
    span: Span


@node
class VictoryTokens:
    span: Span


@node
class Coins:
    span: Span


@node
class CompleteSets:
    span: Span


Countable = CardsOf | WonderStages | DefeatTokens | VictoryTokens | Coins | CompleteSets


@node
class Per:
    """`per [N] <countable> [in <scope>]`: one unit for every N counted elements."""
    every: int
    what: Countable
    scope: Scope | None
    span: Span


@node
class PerAmount:
    amount: int
    per: Per | None
    span: Span


@node
class MilitaryTokens:
    span: Span


@node
class SymbolSquares:
    span: Span


ScoreTerm = PerAmount | MilitaryTokens | SymbolSquares


@node
class ScoreSum:
    terms: tuple[ScoreTerm, ...]
    span: Span


# ---------------------------------------------------------------- actions
@node
class GainCoins:
    amount: int
    per: Per | None
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


Action = GainCoins | AtTurnEnd | BuildFromDiscard | CopyCard


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
    value: ScoreSum
    span: Span


@node
class FreeBuild:
    limit: Name
    span: Span


@node
class PlayLastCard:
    span: Span


Effect = (Produces | Points | Shields | Science | TradeDiscount | WhenBuilt | AtGameEnd
          | Score | FreeBuild | PlayLastCard)
EFFECT_TYPES = (Produces, Points, Shields, Science, TradeDiscount, WhenBuilt, AtGameEnd,
                Score, FreeBuild, PlayLastCard)


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
class DefeatValue:
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


Item = ResourcesDecl | ColorsDecl | SymbolsDecl | Card | Wonder | Rules


@node
class File:
    path: str
    items: tuple

"""The syntax tree: frozen attrs classes, one per construct, each with its source span.

The tree is faithful to the text: statements stay in written order and names stay as
written, so the checker can point at any of them.  Effects and actions are the effect
objects the engine runs; they keep their spans so run-time messages can cite content.
"""

from __future__ import annotations

from ..diagnostics import Span

from .ast_base import Name as Name, Negative as Negative, Number as Number, node as node  # (the tree's leaves, exported)
from .ast_effects import *  # noqa: F401,F403  (expressions, actions, triggers, effects)
from .ast_effects import EFFECT_TYPES, Effect, PriceItem  # noqa: F401
from .ast_changes import *  # noqa: F401,F403  (a variant and its changes)
from .ast_changes import Change, Variant  # noqa: F401


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


@node
class TokensDecl:
    """`tokens: debt, diplomacy`: kinds of token a city keeps and counts."""
    names: tuple[Name, ...]
    span: Span


# ---------------------------------------------------------------- cards
@node
class AgeStmt:
    age: Name
    span: Span


@node
class DeckStmt:
    """`deck "NAME"`: the card belongs to a deck outside the ages, dealt by a phase."""
    deck: Name
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
class CostStmt:
    items: tuple[PriceItem, ...]   # kinds/amounts/: a token is refused there (E2090)
    span: Span


@node
class ChainStmt:
    cards: tuple[Name, ...]
    span: Span


@node
class Card:
    name: Name
    body: tuple[object, ...]
    span: Span


# ---------------------------------------------------------------- wonders
@node
class Stage:
    body: tuple[object, ...]
    span: Span


@node
class StagesAnyOrder:
    """`stages in any order`, on a side: its stages may be built in any order, each turn's
    wonder stage one of those not built yet (docs/language.md, "Stages")."""
    span: Span


@node
class Side:
    name: Name
    body: tuple[object, ...]
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
    then: tuple[str, ...] = ()     # `pass left then right`: the later turns' ways, in turn


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
    body: tuple[object, ...]
    span: Span


@node
class PadLine:
    """`score pad line NAME [after NAME]` (in a variant's `add`): one more line of the score
    pad, after the one named (at the end without `after`)."""
    name: Name
    after: Name | None
    span: Span


@node
class CoinsOwed:
    """`coins owed [may] become debt tokens`: coins a city must lose and cannot pay (or, with
    `may`, chooses not to pay) become tokens of that kind, one a coin."""
    kind: Name
    by_choice: bool
    span: Span


@node
class ZoneDecl:
    """`zone "NAME"`: cards each player keeps apart from the hand and the city; `zone "NAME"
    for the table`: cards the cities put on one pile that every player sees."""
    name: Name
    span: Span
    table: bool = False


@node
class SitOut:
    """`holders of diplomacy tokens sit out the next age end`: at that event a holder takes
    no part in `for each neighbour` triggers, its neighbours face the nearest cities that
    do, and it gives up one token.  With `face each city once at the next ...` (`once`) the
    holder takes part, but faces each city at most once, and each of them faces it once."""
    kind: Name
    event: str
    once: bool
    span: Span


@node
class Teams:
    """`teams of 2 seated side by side`: each run of that many consecutive seats is a team,
    whose score is its players' summed; the winner is a team."""
    size: int
    span: Span


@node
class PartnersFace:
    """`partners face their other neighbour instead at age end`: in that event's `for each
    neighbour` triggers, a neighbour who is a partner is replaced by the other neighbour."""
    event: str
    span: Span


@node
class PhasePlace:
    """Where a phase runs: `before`/`after` an age, or `start` of an age (age None: each)."""
    when: str              # "before", "after" or "start"
    age: Name | None
    span: Span


@node
class Phase:
    """`phase "NAME" [<place>] { ... }`: a part of the game's structure.  Without a place
    it runs in the rules' sequence (an age's phase); with one, before, after or at the
    start of an age."""
    name: Name
    place: PhasePlace | None
    body: tuple[object, ...]
    span: Span


@node
class Deal:
    """`deal N cards from deck "D"`: each player's hand is N cards of the shuffled deck."""
    count: Number
    deck: Name
    span: Span


@node
class DealAge:
    """`deal N cards from age I[, with players + 2 random purple cards]`: every city's hand
    is N cards of the age's shuffled deck, with the random draws added."""
    count: Number
    age: Name
    draws: tuple[AddRandom, ...]
    span: Span


@node
class StartAge:
    """`start age I[, victory tokens worth 1]`: the age begins (its `age start` event, the
    phases at its start); its military victory tokens are worth that many points."""
    age: Name
    victory: Number | None
    span: Span


@node
class PlayTurns:
    """`play N turns passing left[ then right ...][, discarding the last cards]`: N turns,
    the hands passing after each (after turn k of the N, the way `directions[k % len]`);
    then a city that may play its last card does, the others' are discarded."""
    count: Number
    direction: str
    discard_last: bool
    span: Span
    then: tuple[str, ...] = ()     # `then right ...`: the later turns' ways

    @property
    def directions(self) -> tuple[str, ...]:
        return (self.direction, *self.then)


@node
class EndAge:
    """`end age I`: the age ends (its `age end` event: the military conflicts)."""
    age: Name
    span: Span


@node
class Draft:
    """`draft N into "Z" passing left`: N rounds, each player keeps one card of the hand
    in the zone, then the hands pass; the cards left go back to the box."""
    count: Number
    zone: Name
    direction: str
    span: Span


@node
class Reveal:
    """`reveal N cards from deck "D"`: N cards of the deck face up on the table, covering
    those revealed from D before; a card shown is in play in every city (its lasting
    effects, triggers, score lines, and its `law while revealed`), no city's building
    (docs/language.md, "reveal")."""
    count: Number
    deck: Name
    span: Span


@node
class DiscardZone:
    """`discard the cards of "Z"`: every player's cards of the zone go to the discard pile
    (where a power that builds from the pile can take them)."""
    zone: Name
    span: Span


@node
class CardUse:
    """`use a card for "NAME" [paying PRICE]: ACTION`: a move of a turn beside building,
    a wonder stage and selling: the card goes to the discard pile, the price is paid as a
    card's (coins to the bank, resources produced or bought) and the action runs."""
    name: Name
    price: tuple[PriceItem, ...]     # kinds/amounts/, as a card's `cost` (none: free)
    action: object
    span: Span


@node
class Rules:
    name: Name
    body: tuple[object, ...]
    span: Span


# ---------------------------------------------------------------- variants
# (their changes, one class each, and the names they take: syntax/ast_changes.py, imported above)


# ---------------------------------------------------------------- tables
@node
class NeutralCity:
    """A city no player owns, played by the player holding its card (`holder`)."""
    name: Name
    body: tuple[object, ...]           # the flags below, as (word, span) pairs, and holders
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
    hand: HandSize | None = None      # `hand N`: every age's hand at this table
    turns: Turns | None = None        # `turns N`: every age's turns at this table


Item = ResourcesDecl | ColorsDecl | SymbolsDecl | Card | Wonder | Rules | Variant | Table


@node
class File:
    path: str
    items: tuple[object, ...]

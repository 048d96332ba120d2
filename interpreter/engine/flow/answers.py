"""What the decision kinds (kinds/decisions/) are lent of the engine: the lists a decision's
options come from and the operations that carry out its answer.  This module itself is
lent (`ENGINE`), as the printer and the describers lend themselves to the action kinds:
a kind reads `engine.legal_actions(game, seat)`, `engine.card_chosen(...)`, and imports
no pass (kinds/decision_base.py)."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from ..actions import Action, legal_actions
from ..options import build_options_from, copy_options, debt_options, offer_options, removal_options
from ..neutral import neutral_options
from ..placed import put_from, put_options, remove_built
from .chains import offer_taken
from .phases import draft_options, open_statement, zone_options
from .resolve import build_from_discard, copy_card

if TYPE_CHECKING:
    from ..game import Game
    from ..program import Operation

__all__ = ["legal_actions", "build_options_from", "copy_options", "debt_options", "offer_options", "removal_options",
           "put_options", "draft_options", "zone_options", "open_statement", "offer_taken", "build_from_discard",
           "copy_card"]


def asking(game: Game) -> Any:
    """The action whose decision is open (a card moved, removed), as the rules wrote it."""
    return asking_operation(game).node


def asking_operation(game: Game) -> Operation:
    """The operation whose decision is open (a copy, a card moved): the step under the
    decision holds it."""
    op: Operation = game.stack[-1][1]
    return op


def neutral_turn_options(game: Game, seat: int) -> list[Action]:
    """A neutral city's turn: the cards of its hand, or, when it has a pile, of its
    holder's hand but the card the holder chose."""
    neutral = game.neutrals[seat]
    if neutral.pile:
        holder = game.holders[seat]
        hand = list(game.hands[holder])
        hand.remove(game.chosen[holder].card)   # type: ignore[union-attr]  # (open: the holder has chosen)
    else:
        hand = list(game.hands[seat])
    return neutral_options(game, seat, hand)


def card_chosen(game: Game, seat: int, action: Action) -> bool:
    """A card of the turn (or an age's last card) is kept; a neutral city's card leaves its
    holder's hand for the city's; after the last, the turn is resolved (and has run on)."""
    game.chosen[seat] = action
    neutral = game.neutrals.get(seat)
    if neutral is not None and neutral.pile:      # the card leaves the holder's hand for the city's
        holder = game.holders[seat]
        game.hands[holder].remove(action.card)
        game.hands[seat].append(action.card)
    if not game.waiting:
        game.resolve_turn()
        return False
    return True


def settled(game: Game, action: Action) -> None:
    """A loss settled: the coins paid go into the waiting `settle` step."""
    step = game.stack.pop()
    game.stack.append(step[:3] + (action.left,))


def removed(game: Game, seat: int, action: Action) -> None:
    """The card chosen leaves the city (or the zone) the `remove_from` step names."""
    _step, removal, _seat, owner = game.stack[-1]      # the `remove_from` step the decision belongs to
    remove_built(game, seat, action, removal.node, owner)


def put(game: Game, seat: int, action: Action) -> None:
    """The card chosen is put from the zone onto the other one (the `put_from` step's)."""
    put_from(game, seat, game.stack.pop()[1].node, action)


def reopen_turn(game: Game) -> None:
    """A turn's cards, asked again of every city whose card was taken back, a neutral
    city's after its holder's."""
    waiting: list[tuple[int, Any]] = []
    for seat in range(game.players):
        if game.chosen[seat] is None:
            waiting.append((seat, "turn"))
        waiting += [(n, "neutral turn") for n in game.neutrals
                    if game.holders.get(n) == seat and game.chosen[n] is None]
    game.waiting = waiting


def reopen_last_cards(game: Game) -> None:
    """An age's last cards, asked again of every city that may play one and has not."""
    game.waiting = [(s, "last card") for s, a in enumerate(game.chosen[:game.players])
                    if a is None and game.cities[s].play_last and game.hands[s]]


def reopen_draft(game: Game, kind: Any) -> None:
    """A draft's picks, asked again of every player with a hand."""
    _reopen(game, kind, [s for s in range(game.players) if game.hands[s]])


def reopen_zone(game: Game, kind: Any) -> None:
    """A zone's plays, asked again: of the owner alone when a card's action asked it, else of
    every player who may play a card of the zone."""
    if game.stack[-1][0] == "zone_play":          # a card's action: its owner alone
        seats = [game.stack[-1][2]]
    else:
        statement = open_statement(game)
        seats = [s for s in range(game.players) if zone_options(game, s, statement)]
    _reopen(game, kind, seats)


def _reopen(game: Game, kind: Any, seats: list[int]) -> None:
    game.waiting = [(s, kind) for s in seats if game.chosen[s] is None]


ENGINE = sys.modules[__name__]

"""What plays an imagined game of the search: a fast rollout policy for every seat, and
down the tree (tree.py) the searching player's next decisions.  The imagined game is a
copy of the real one at the decision being searched (determinize.py); `imagine` drives
it to the end with the engine's decision loop, as every other caller does."""

from __future__ import annotations

import random as _random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, cast

from ..engine.actions import Action, build_pricer, cheapest_stage, made
from ..engine.decisions import drive
from ..engine.payment.trio import Trio, trio_of
from .rulemodel import rule_model
from .offers import offer_values
from .valuation import settle_worth
from .tree import Node, pick
from ..kinds.decisions import DECISIONS
from ..engine.moves import BUILD, STAGE, SELL, KEEP, COPY, COPY_STAGE, PAY, ACCEPT, DECLINE, REMOVE, PUT, USE

if TYPE_CHECKING:
    from ..compile import Tables
    from ..engine.decisions import Decider, DecisionKind
    from ..engine.game import Game

_new = tuple.__new__      # an Action without its keyword defaults (a rollout names thousands)

NOISE = 1.5      # the rollout policy's randomness, in points: enough to vary the rollouts


class FastPolicy:
    """The rollout policy for every seat of an imagined game: build what is worth most by
    the card's plain points, shields, symbols and price (read once from the rule tables),
    else a wonder stage, else sell; a little randomness keeps the rollouts varied.

    On a turn it names its action (`decide_move`) rather than choosing from every payment
    of every card: cards are weighed best first, and a card whose worth cannot beat the
    best move found is not priced at all, so most of a hand's payment searches never run."""

    names_legal = True      # its turn actions come from the engine's lists (decisions.drive)
    picks_moves = True      # it answers a turn (or an age's last card) with `decide_move`

    def __init__(self, tables: Tables, players: int, rng: _random.Random) -> None:
        self.rng = rng
        model = rule_model(tables, players)
        self.worth: list[float] = [model.price_of[c.index] * model.coin_rate + c.points for c in tables.cards]
        self.coin_rate: float = model.coin_rate
        self.stage_bias: float = model.mean_price[0] * model.coin_rate
        self.model = model
        self.sells: Sequence[Action] = made(tables).sells        # each card's sale, made once

    def decide_move(self, game: Game, seat: int, kind: str) -> Action:
        """The action of a turn it names, or of an age's last card its pick among the
        options (decisions.drive asks a `picks_moves` decider so, without making a
        `Decision` for each card)."""
        if not DECISIONS[kind].turn_cards:
            options = game.options_for(seat, cast("DecisionKind", kind))
            chosen: Action = options[self.pick(options)]
            return chosen
        rng, worth, rate = self.rng, self.worth, self.coin_rate
        random = rng.random
        cards = dict.fromkeys(game.hands[seat])
        best: Action | None = None                    # None: the sale of the least worth card
        best_value = random() * NOISE
        # each move's luck is drawn first: its worth with luck bounds what it can be worth
        # paid, so moves are priced best first and only while one could still win
        moves: list[tuple[float, int]] = []
        for c in cards:                   # (a loop: a comprehension is a call of its own, for a few cards)
            moves.append((worth[c] + random() * NOISE, c))
        city = game.cities[seat]
        if city.stages < len(city.side.stages):
            moves.append((self.stage_bias + random() * NOISE, -1))
        moves.sort(reverse=True)
        trio: Trio | None = None
        price: Callable[[int], Action | None] | None = None
        for bound, card in moves:
            if bound <= best_value:
                break
            if trio is None:
                left, right = game.neighbours(seat)
                trio = trio_of(city, left, right)
            if card < 0:
                paid = cheapest_stage(game, seat, trio)
                if paid is None:
                    continue
                found: Action = _new(Action, (STAGE, min(cards, key=worth.__getitem__), *paid[:2], "", *paid[2:]))
            else:
                if price is None:
                    price = build_pricer(game, seat, trio)
                priced = price(card)
                if priced is None:
                    continue
                found = priced
            _kind, _card, to_left, to_right, _free, bank, _stage = found       # (faster than reading named fields)
            value = bound - (to_left + to_right + bank) * rate
            if value > best_value:
                best, best_value = found, value
        return self.sells[min(cards, key=worth.__getitem__)] if best is None else best

    def pick(self, options: Sequence[Any]) -> int:
        """Any other decision (a neutral city's turn, the discard pile, an age's last card)."""
        rng = self.rng
        values = [self.prior(o) + rng.random() * NOISE for o in options]
        return values.index(max(values))

    def decide(self, game: Game, seat: int, kind: str, options: Sequence[Any]) -> int | Action:
        """On a turn, the action it names (its options are never listed); an offer by its
        worth (bots/offers.py, cards at their plain worth); else the index of its pick
        among the options."""
        decision = DECISIONS[kind]
        if decision.hook == "take_offer":
            values: list[float] = offer_values(self.model, game, seat, options, self.worth.__getitem__, self.coin_rate)
            rng = self.rng
            values = [v + rng.random() * NOISE for v in values]
            return values.index(max(values))
        return self.decide_move(game, seat, kind) if decision.turn_cards else self.pick(options)

    def prior(self, option: Any) -> float:
        """An option's worth without luck (also the order in which the tree tries moves)."""
        if option.kind == REMOVE:           # a building given up: the least worth first
            return -self.worth[int(option.card)]
        if option.kind in (BUILD, KEEP, COPY, PUT):   # a draft's pick, a copy, a card put: worth the card
            return self.worth[int(option.card)] - float(option.left + option.right + option.bank) * self.coin_rate
        if option.kind == COPY_STAGE:      # a neighbour's stage: the tree's rollouts weigh them
            return 0.0
        if option.kind == STAGE:
            return self.stage_bias - float(option.left + option.right + option.bank) * self.coin_rate
        if option.kind == PAY:             # coins paid of a loss, the rest taken as debt
            return float(settle_worth(self.model, option))
        if option.kind in (ACCEPT, DECLINE):     # an offer: its price (its action is weighed in `decide`)
            return -float(option.left + option.right + option.bank) * self.coin_rate
        return 0.0 if option.kind == SELL else -100.0


class TreeWalk:
    """The searching player's decider in an imagined game: its next `depth` decisions that
    offer a choice are taken down the tree (`tree.pick`, which grows by one node per
    imagined game); the others, and every one after, by the rollout policy."""

    names_legal = True      # an action it names is the rollout policy's (decisions.drive)

    def __init__(self, policy: FastPolicy, tree: Node | None, depth: int, branch: int, explore: float):
        self.policy, self.branch, self.explore, self.depth = policy, branch, explore, depth
        self.node = tree if depth else None           # where the walk is; None once out of the tree
        self.path = [tree] if tree is not None else []

    def decide(self, game: Game, seat: int, kind: str, options: Sequence[Any]) -> int | Action:
        if self.node is None:
            return self.policy.decide(game, seat, kind, options)
        options = list(options)
        moves = moves_of(options)
        if len(moves) == 1:
            return 0
        ranked = sorted(moves, key=lambda m: -self.policy.prior(options[moves[m]]))[:self.branch]
        move, child, grown = pick(self.node, ranked, self.explore)
        self.path.append(child)
        self.depth -= 1
        self.node = None if grown or not self.depth else child
        return moves[move]


def imagine(game: Game, player: int, policy: FastPolicy, tree: Node | None = None, depth: int = 0,
            branch: int = 4, explore: float = 0.7) -> list[Node]:
    """Play the imagined `game` to its end through the engine's decision loop: `player`
    (if a seat) down its tree, every other seat by the policy.  Returns the tree nodes the
    game went through."""
    deciders: list[Decider] = [policy] * game.players
    walk = TreeWalk(policy, tree, depth, branch, explore)
    if 0 <= player < game.players:
        deciders[player] = walk
    drive(game, deciders)
    return walk.path


def move_of(option: Any) -> tuple[Any, ...]:
    """A move whatever its payment: its kind, card and freedom (and which use, for a use)."""
    return (option.kind, option.card, option.free) if option.kind != USE else (USE, option.card, option.stage)


def moves_of(options: Sequence[Any]) -> dict[tuple[Any, ...], int]:
    """Each move (a card and what is done with it) -> the index of its cheapest option
    (options come cheapest first)."""
    moves: dict[tuple[Any, ...], int] = {}
    for i, o in enumerate(options):
        moves.setdefault(move_of(o), i)
    return moves

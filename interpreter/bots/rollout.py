"""What plays an imagined game of the search: a fast rollout policy for every seat, and
the searching player's decider (`Searcher`), which replays this turn's choices, tries the
move being searched, lets the tree choose its next turns, and then plays as the policy."""

from __future__ import annotations

from ..engine.actions import Action, card_builds, legal_actions, stage_payments
from .rulemodel import rule_model
from .tree import Node, pick

NOISE = 1.5      # the rollout policy's randomness, in points: enough to vary the rollouts


class FastPolicy:
    """The rollout policy for every seat of an imagined game: build what is worth most by
    the card's plain points, shields, symbols and price (read once from the rule tables),
    else a wonder stage, else sell; a little randomness keeps the rollouts varied.

    On a turn it names its move (`propose`) rather than choosing from every payment of
    every card: cards are weighed best first, and a card whose worth cannot beat the best
    move found is not priced at all, so most of a hand's payment searches never run."""

    def __init__(self, tables, players, rng):
        self.rng = rng
        model = rule_model(tables, players)
        self.worth = [model.price_of[c.index] * model.coin_rate + c.points for c in tables.cards]
        self.coin_rate = model.coin_rate
        self.stage_bias = model.mean_price[0] * model.coin_rate

    def propose(self, game, seat, kind) -> Action:
        rng, worth, rate = self.rng, self.worth, self.coin_rate
        cards = dict.fromkeys(game.hands[seat])
        least = min(cards, key=worth.__getitem__)           # sold or buried, if anything is
        best, best_value = Action("sell", least), rng.random() * NOISE
        # each move's luck is drawn first: its worth with luck bounds what it can be worth
        # paid, so moves are priced best first and only while one could still win
        moves = [(worth[c] + rng.random() * NOISE, c) for c in cards]
        if game.cities[seat].next_stage() is not None:
            moves.append((self.stage_bias + rng.random() * NOISE, -1))
        for bound, card in sorted(moves, reverse=True):
            if bound <= best_value:
                break
            if card < 0:
                paid = stage_payments(game, seat)
                found = Action("stage", least, *paid[0]) if paid else None
            else:
                builds = card_builds(game, seat, card)
                found = builds[0] if builds else None
            if found is not None and bound - (found.left + found.right) * rate > best_value:
                best, best_value = found, bound - (found.left + found.right) * rate
        return best

    def decide(self, game, seat, kind, options) -> int:
        """Any other decision (a neutral city's turn, the discard pile, an age's last card)."""
        rng = self.rng
        values = [self.prior(o) + rng.random() * NOISE for o in options]
        return values.index(max(values))

    def prior(self, option) -> float:
        """An option's worth without luck (also the order in which the tree tries moves)."""
        if option.kind == "build":
            return self.worth[option.card] - (option.left + option.right) * self.coin_rate
        if option.kind == "stage":
            return self.stage_bias - (option.left + option.right) * self.coin_rate
        return 0.0 if option.kind == "sell" else -100.0


class Searcher:
    """The searching player's decider inside an imagined game.  This turn: its choices
    already made, as they were made, and the move being tried at the root.  Its next
    `depth` turns: chosen down the tree (`tree.pick`), which grows by one node per
    imagined game.  Afterwards, and for every other decision: the rollout policy."""

    def __init__(self, root_at, root_move, forced, age, turn, policy, tree: Node | None = None,
                 depth: int = 0, branch: int = 4, explore: float = 0.7):
        self.root_at, self.root_move, self.forced = root_at, root_move, forced
        self.age, self.turn, self.policy = age, turn, policy
        self.done = False
        self.node = tree if depth else None       # where the walk is; None once out of the tree
        self.path = [tree] if tree is not None else []
        self.depth, self.branch, self.explore = depth, branch, explore

    def _wanted(self, game, seat, kind):
        """The move this seat must make now (made already, or the root's), if any."""
        if game.turn != self.turn or game.age.number != self.age:
            return None
        want = self.forced.get((seat, kind))
        if want is None and not self.done and (seat, kind) == self.root_at:
            want, self.done = self.root_move, True
        return want

    def propose(self, game, seat, kind) -> Action:
        want = self._wanted(game, seat, kind)
        if want is not None or (self.node is not None and self.done):
            options = legal_actions(game, seat)
            index = moves_of(options).get(want) if want is not None else self._down_the_tree(options)
            if index is not None:
                return options[index]
        return self.policy.propose(game, seat, kind)

    def decide(self, game, seat, kind, options) -> int:
        want = self._wanted(game, seat, kind)
        index = moves_of(options).get(want) if want is not None else None
        return self.policy.decide(game, seat, kind, options) if index is None else index

    def _down_the_tree(self, options) -> int:
        moves = moves_of(options)
        ranked = sorted(moves, key=lambda m: -self.policy.prior(options[moves[m]]))[:self.branch]
        move, child, grown = pick(self.node, ranked, self.explore)
        self.path.append(child)
        self.depth -= 1
        self.node = None if grown or not self.depth else child
        return moves[move]


def move_of(option) -> tuple:
    return (option.kind, option.card, option.free)


def moves_of(options) -> dict[tuple, int]:
    """Each move (a card and what is done with it) -> the index of its cheapest option
    (options come cheapest first)."""
    moves: dict[tuple, int] = {}
    for i, o in enumerate(options):
        moves.setdefault(move_of(o), i)
    return moves

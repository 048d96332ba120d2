"""The search bot: determinized Monte Carlo tree search over its own moves.

The heuristic bot ranks the moves and the best few (`width`) are searched.  Each imagined
game is consistent with what the seat has seen (`SeatView.sample_game`: other hands,
piles and the decks to come sampled, never read); every candidate move is played in it to
the game's end and credited with the result (a win, shared on a tie, blended with the
score margin).  Under each candidate a tree (tree.py) chooses the player's next `depth`
turns, growing by a node per imagined game; the rest is played by a fast rollout policy
for every seat (rollout.py).  Sequential halving spends the budget at the root: after
each round of imagined games the worse half of the candidates is dropped.  Information
sets are respected because every imagined game is a new determinization and a tree node
stands for the player's own moves only: no move is valued on cards the seat cannot know.
The budget is `iterations=N` imagined games or `seconds=T` per decision (the first
reached stops the search).

Every decision is searched (a turn's card, a neutral city's, an age's last card, a card
from the discard pile in the middle of a trigger chain, an offer's answer): the engine
waits at each one, so an imagined game starts from a copy of the game at that very
decision.  An offer (`may pay PRICE to ACTION`) is searched between declining and the
way to pay that the rules' values rank best (bots/offers.py): the imagined games say
whether the option is worth its price.
"""

from __future__ import annotations

import gc
import math
import random
import time

from .base import Bot, Param, not_negative, positive
from .heuristic import HeuristicBot
from .rollout import FastPolicy, imagine, moves_of
from .tree import Node, back_up, size
from ..kinds.decisions import DECISIONS
from ..engine.moves import ACCEPT

class MCTSBot(Bot):
    name = "mcts"
    adapts_to_rules = True              # it plays imagined games under the rules in use
    parameters = {
        "iterations": Param(positive(int), 200, "imagined games (rollouts) per decision"),
        "seconds": Param(positive(float), 0.0, "time per decision; the search stops at whichever of the "
                                               "two budgets comes first (0: iterations only)"),
        "width": Param(positive(int), 6, "moves searched: the heuristic bot's best this many"),
        "margin": Param(float, 0.3, "share of the reward given by the score margin (the rest by winning)"),
        "depth": Param(not_negative(int), 2, "own later turns chosen down a tree (0: by the rollout policy, a flat search)"),
        "branch": Param(positive(int), 4, "moves a tree node tries: the rollout policy's best this many"),
        "explore": Param(not_negative(float), 0.7, "UCB1's exploration constant in the tree"),
    }

    def __init__(self, seed=0, **params):
        super().__init__(seed, **params)
        self.fallback = HeuristicBot(seed=seed, **{k: p.default for k, p in HeuristicBot.parameters.items()})
        self.last_stats: dict = {}

    def choose(self, view, options) -> int:
        started = time.perf_counter()                       # the ranking below counts in the time
        moves = moves_of(options)
        if len(moves) == 1:
            return next(iter(moves.values()))
        values = self.fallback.values(view, options)
        ranked = sorted(moves, key=lambda m: -values[moves[m]])
        candidates = ranked[:self.width]
        collecting = gc.isenabled()
        gc.disable()            # imagined games leave no reference cycles (tests/test_no_cycles.py):
        try:                    # the collector would only walk live objects, a twentieth of the time
            means = self._search(view, {m: options[moves[m]] for m in candidates}, started)
        finally:
            if collecting:
                gc.enable()
        best = max(candidates, key=lambda m: (means.get(m, -1.0), -candidates.index(m)))
        return moves[best]

    def take_offer(self, view, options) -> int:
        """Decline, or pay the best way (by the rules' values): the two played out in the
        same imagined games; when they end alike (a coin or two rarely changes a game), the
        rules' values decide."""
        values = view.offer_values(options)
        paying = [i for i, o in enumerate(options) if o.kind == ACCEPT]
        if not paying:
            return values.index(max(values))
        best = max(paying, key=values.__getitem__)
        started = time.perf_counter()
        actions = {("decline",): options[0], ("accept",): options[best]}
        collecting = gc.isenabled()
        gc.disable()
        try:
            means = self._search(view, actions, started)
        finally:
            if collecting:
                gc.enable()
        searched = (means.get(("accept",), -1.0), values[best]), (means.get(("decline",), -1.0), values[0])
        return best if searched[0] > searched[1] else 0      # the same in every game: by the rules' values

    def _search(self, view, actions: dict[tuple, object], started: float) -> dict[tuple, float]:
        """Sequential halving over the candidates (Karnin, Koren and Somekh, 2013): rounds of
        imagined games, the better half kept after each.  Every candidate of a round is played
        in the same imagined games (the same sample of the hidden cards, the same rollout
        randomness), so they are compared on equal luck."""
        player, seat = view.player, view.seat
        listed = DECISIONS[view.kind].turn_cards     # a turn's options are its own city's and hand's: legal in every copy
        candidates = list(actions)
        policy = FastPolicy(view.tables, view.players, self.rng)
        deadline = started + self.seconds if self.seconds else None
        searching = time.perf_counter()
        played = 0                                          # imagined games so far (each for every survivor)
        trees = {move: Node() for move in candidates}     # each root move's tree of later turns
        totals = dict.fromkeys(candidates, 0.0)
        visits = dict.fromkeys(candidates, 0)
        survivors, spent = list(candidates), 0
        rounds = max(1, math.ceil(math.log2(len(candidates))))
        for r in range(rounds):
            worlds = max(1, (self.iterations - spent) // (len(survivors) * (rounds - r)))
            for _ in range(worlds):
                if spent + len(survivors) > self.iterations and spent:
                    break
                if deadline is not None and played:         # stop if one more would overrun the time
                    now = time.perf_counter()
                    if now + (now - searching) / played * len(survivors) / len(candidates) > deadline:
                        break
                world = view.sample_game(self.rng)
                luck = self.rng.getrandbits(64)
                rewards, paths = [], []
                last = survivors[-1]
                for move in survivors:
                    if deadline is not None and played and time.perf_counter() >= deadline:
                        break                               # out of time: this world is not counted
                    if move is last:                        # the world itself: nothing uses it after
                        game, game.rng = world, random.Random(luck)
                    else:
                        game = world.clone(seed=luck)
                    policy.rng = random.Random(luck)
                    game.choose(actions[move], seat, listed=listed)
                    paths.append(imagine(game, player, policy, trees[move], self.depth, self.branch, self.explore))
                    rewards.append(self._reward(game, player))
                if len(rewards) < len(survivors):
                    break
                for move, reward, path in zip(survivors, rewards, paths):
                    totals[move] += reward
                    visits[move] += 1
                    back_up(path, reward)
                spent += len(survivors)
                played += len(survivors) / len(candidates)
            if len(survivors) > 1:
                survivors.sort(key=lambda m: -totals[m] / max(1, visits[m]))
                survivors = survivors[:max(1, math.ceil(len(survivors) / 2))]
        means = {m: totals[m] / visits[m] for m in candidates if visits[m]}
        self.last_stats = {"iterations": spent, "visits": visits, "means": means, "survivors": survivors,
                           "trees": trees, "nodes": sum(size(t) - 1 for t in trees.values())}
        return {m: (means[m] if m in survivors else -1.0) for m in means}

    def _reward(self, game, player: int) -> float:
        scores = game.scores()
        winners = game.winners(scores)
        win = 1 / len(winners) if player in winners else 0.0
        totals = [sum(p.values()) for p in scores][:game.players]
        size = game.tables.rules.team_size
        if size:                                     # with teams, the team's total against the best other team's
            totals = [sum(totals[t:t + size]) for t in range(0, len(totals), size)]
            player //= size
        others = max(totals[:player] + totals[player + 1:]) if len(totals) > 1 else 0
        margin = 1 / (1 + math.exp(-(totals[player] - others) / 5))
        return (1 - self.margin) * win + self.margin * margin

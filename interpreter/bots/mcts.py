"""The search bot: determinized Monte Carlo search over its own moves.

The heuristic bot ranks the moves and the best few (`width`) are searched.  Each imagined
game is consistent with what the seat has seen (`SeatView.sample_game`: other hands,
piles and the decks to come sampled, never read); every candidate move is played in it to
the game's end, with a fast rollout policy for every seat, and credited with the result (a
win, shared on a tie, blended with the score margin).  Sequential halving spends the
budget: after each round of imagined games the worse half of the candidates is dropped.
Information sets are respected because every imagined game is a new determinization: no
move is valued on cards the seat cannot know.  The budget is `iterations=N` imagined
games or `seconds=T` per decision (the first reached stops the search).

Decisions other than a turn's card (a card from the discard pile, an age's last card)
happen in the middle of the engine's turn, where a copy cannot start; they are taken by
the heuristic bot.
"""

from __future__ import annotations

import math
import random
import time

from ..engine.actions import Action, card_builds, legal_actions, stage_payments
from .base import Bot, Param, positive
from .heuristic import HeuristicBot
from .rulemodel import rule_model

SEARCHED = ("turn", "neutral turn")


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
        rng, worth, rate = self.rng, self.worth, self.coin_rate
        best, best_value = 0, None
        for i, o in enumerate(options):
            if o.kind == "build":
                value = worth[o.card] - (o.left + o.right) * rate
            elif o.kind == "stage":
                value = self.stage_bias - (o.left + o.right) * rate
            elif o.kind == "sell":
                value = 0.0
            else:
                value = -100.0
            value += rng.random() * NOISE
            if best_value is None or value > best_value:
                best, best_value = i, value
        return best


class _Searcher:
    """The player's decider inside an imagined game: this turn, its choices already made as
    they were made and the move being tried at the root; afterwards the rollout policy."""

    def __init__(self, root_at, root_move, forced, age, turn, policy):
        self.root_at, self.root_move, self.forced = root_at, root_move, forced
        self.age, self.turn, self.policy = age, turn, policy
        self.done = False

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
        if want is not None:
            for o in legal_actions(game, seat):
                if _move(o) == want:
                    return o
        return self.policy.propose(game, seat, kind)

    def decide(self, game, seat, kind, options) -> int:
        want = self._wanted(game, seat, kind)
        if want is not None:
            for i, o in enumerate(options):
                if _move(o) == want:
                    return i
        return self.policy.decide(game, seat, kind, options)


def _move(option) -> tuple:
    return (option.kind, option.card, option.free)


class MCTSBot(Bot):
    name = "mcts"
    parameters = {
        "iterations": Param(positive(int), 50, "imagined games (rollouts) per decision"),
        "seconds": Param(positive(float), 0.0, "time per decision; the search stops at whichever of the "
                                               "two budgets comes first (0: iterations only)"),
        "width": Param(positive(int), 6, "moves searched: the heuristic bot's best this many"),
        "margin": Param(float, 0.3, "share of the reward given by the score margin (the rest by winning)"),
    }

    def __init__(self, seed=0, **params):
        super().__init__(seed, **params)
        self.fallback = HeuristicBot(seed=seed, **{k: p.default for k, p in HeuristicBot.parameters.items()})
        self.last_stats: dict = {}

    def choose(self, view, options) -> int:
        moves: dict[tuple, int] = {}
        for i, o in enumerate(options):
            moves.setdefault(_move(o), i)                  # options come cheapest first
        if len(moves) == 1:
            return next(iter(moves.values()))
        if view.kind not in SEARCHED:
            return self.fallback.choose(view, options)
        values = self.fallback.values(view, options)
        ranked = sorted(moves, key=lambda m: -values[moves[m]])
        candidates = ranked[:self.width]
        means = self._search(view, candidates)
        best = max(candidates, key=lambda m: (means.get(m, -1.0), -candidates.index(m)))
        return moves[best]

    def _search(self, view, candidates: list[tuple]) -> dict[tuple, float]:
        """Sequential halving over the candidates (Karnin, Koren and Somekh, 2013): rounds of
        imagined games, the better half kept after each.  Every candidate of a round is played
        in the same imagined games (the same sample of the hidden cards, the same rollout
        randomness), so they are compared on equal luck."""
        player, seat = view.player, view.seat
        forced = {}
        for (age, turn, s, kind, action) in view.memory.choices:
            if age == view.age and turn == view.turn and (s, kind) != (seat, view.kind):
                forced[(s, kind)] = _move(action)
        policy = FastPolicy(view.tables, view.players, self.rng)
        started = time.perf_counter()
        deadline = started + self.seconds if self.seconds else None
        played = 0                                          # imagined games so far (each for every survivor)
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
                    if now + (now - started) / played * len(survivors) / len(candidates) > deadline:
                        break
                world = view.sample_game(self.rng)
                luck = self.rng.getrandbits(64)
                rewards = []
                for move in survivors:
                    if deadline is not None and played and time.perf_counter() >= deadline:
                        break                               # out of time: this world is not counted
                    game = world.clone(seed=luck)
                    policy.rng = random.Random(luck)
                    searcher = _Searcher((seat, view.kind), move, forced, view.age, view.turn, policy)
                    deciders = [policy] * game.players
                    deciders[player] = searcher
                    game.play(deciders)
                    rewards.append(self._reward(game, player))
                if len(rewards) < len(survivors):
                    break
                for move, reward in zip(survivors, rewards):
                    totals[move] += reward
                    visits[move] += 1
                spent += len(survivors)
                played += len(survivors) / len(candidates)
            if len(survivors) > 1:
                survivors.sort(key=lambda m: -totals[m] / max(1, visits[m]))
                survivors = survivors[:max(1, math.ceil(len(survivors) / 2))]
        means = {m: totals[m] / visits[m] for m in candidates if visits[m]}
        self.last_stats = {"iterations": spent, "visits": visits, "means": means, "survivors": survivors}
        return {m: (means[m] if m in survivors else -1.0) for m in means}

    def _reward(self, game, player: int) -> float:
        scores = game.scores()
        winners = game.winners(scores)
        win = 1 / len(winners) if player in winners else 0.0
        totals = [sum(p.values()) for p in scores]
        others = max(t for s, t in enumerate(totals) if s != player and s < game.players) \
            if game.players > 1 else 0
        margin = 1 / (1 + math.exp(-(totals[player] - others) / 5))
        return (1 - self.margin) * win + self.margin * margin

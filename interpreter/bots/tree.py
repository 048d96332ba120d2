"""The search's tree over the player's own later turns (information-set MCTS with a
single observer: one node stands for every imagined game in which the player has made
the same moves, whatever was sampled for the others).

Which moves a node offers depends on the imagined game (the hand then held is partly
sampled), so a child is scored by UCB1 against the number of times it was available
rather than the visits of its parent (Cowling, Powley and Whitehouse, 2012)."""

from __future__ import annotations

import math


class Node:
    __slots__ = ("visits", "total", "available", "children")

    def __init__(self):
        self.visits, self.total = 0, 0.0
        self.available: dict[tuple, int] = {}     # move -> imagined games in which it could be made
        self.children: dict[tuple, "Node"] = {}

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


def pick(node: Node, moves: list[tuple], explore: float) -> tuple[tuple, Node, bool]:
    """The move to make at `node` among `moves` (best first by the rollout policy's prior):
    the first not yet tried, as a new child (`grown` is then True: the walk leaves the
    tree), else the child of highest UCB1."""
    for move in moves:
        node.available[move] = node.available.get(move, 0) + 1
    for move in moves:
        if move not in node.children:
            child = node.children[move] = Node()
            return move, child, True

    def ucb(move):
        child = node.children[move]
        if not child.visits:
            return math.inf
        return child.mean() + explore * math.sqrt(math.log(node.available[move]) / child.visits)

    move = max(moves, key=ucb)
    return move, node.children[move], False


def back_up(path: list[Node], reward: float) -> None:
    """Credit every node the imagined game went through."""
    for node in path:
        node.visits += 1
        node.total += reward


def size(node: Node) -> int:
    """The nodes of a tree (its root included)."""
    count, stack = 0, [node]
    while stack:
        count += 1
        stack.extend(stack.pop().children.values())
    return count

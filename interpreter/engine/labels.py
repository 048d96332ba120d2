"""An action in words, as logs and people see it (`Action.label`): English made once per
action and rule set (the log of every game asks for each choice's and each card's),
apart from the legal moves (engine/actions.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rulesdata import roman
from .moves import PASS, COPY_STAGE, PAY, ACCEPT, DECLINE, STAGE, USE

if TYPE_CHECKING:
    from ..compile import Tables
    from .actions import Action


def label(self: Action, tables: Tables) -> str:
    """The action in words, as logs and people see it (made once per action and rule set;
    the log of every game asks for each choice's and each card's resolved).  A memo, not
    made by the compile pass: an action holds its payment, known only in play."""
    try:
        known: str = tables.cache["labels"][self]
        return known
    except (AttributeError, KeyError):
        pass
    cache = getattr(tables, "cache", None)           # a stand-in for the tables may have none
    if cache is None:
        return _words(self, tables)
    labels = cache.get("labels")
    if labels is None:
        labels = cache["labels"] = {}
    found = labels[self] = _words(self, tables)
    return found


def _words(self: Action, tables: Tables) -> str:
    if self.kind == PASS:
        return "pass"
    if self.kind == DECLINE:            # an offer (`may pay ... to ...`) not taken
        return "decline"
    if self.kind == ACCEPT:
        return "pay the price" + _paying(self)
    if self.kind == PAY:                # a loss under `coins owed may become ... tokens`
        tokens = f"{self.right} {tables.rules.debt} token" + ("s" if self.right != 1 else "")
        return f"pay {self.left} coin{'s' if self.left != 1 else ''} and take {tokens}"
    if self.kind == COPY_STAGE:         # `copy stage N of ...`: `card` is the side (tables.sides)
        side = tables.sides[self.card]
        return f"copy stage {self.stage + 1} of {side.wonder} {side.side}"
    card = tables.cards[self.card]
    name = f"{card.name} ({getattr(card, 'deck', '') or roman(card.age)})"
    if self.kind == USE:                # `use a card for "NAME"`: the use's name tells it apart
        return f"use {name} for {tables.rules.card_uses[self.stage].name.text}" + _paying(self)
    verb = "wonder stage with" if self.stage < 0 else f"wonder stage {self.stage + 1} with"
    text = (verb if self.kind == STAGE else str(self.kind)) + " " + name    # the others: the move's words
    if self.free == "chain":
        text += " free by chain"
    elif self.free.startswith("chain "):             # from a neighbour's building (`chains from ...`)
        _chain, whose, building = self.free.split(" ", 2)
        text += f" free by chain from {building} ({whose} neighbour)"
    elif self.free in ("power", "rule"):
        text += " free by power"
    elif self.free.startswith("power "):             # a power of one colour (`may build a black card`)
        text += f" free by power ({self.free[6:]})"
    elif self.free == "phase":
        text += " free by phase"
    elif self.free.startswith("token "):             # `may build ... for free for a KIND token`
        text += f" free by token ({self.free[6:]})"
    return text + _paying(self)


def _paying(self: Action) -> str:
    """` paying 2 to left and 1 to the bank`: the coins the action pays, or nothing."""
    pays = ([f"{n} to left" for n in [self.left] if n] + [f"{n} to right" for n in [self.right] if n]
            + [f"{n} to the bank" for n in [self.bank] if n])
    return " paying " + " and ".join(pays) if pays else ""

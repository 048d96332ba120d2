"""What a player's action does: the closed vocabulary of `Action.kind` (engine/actions.py).

A `StrEnum`, so a member compares and hashes equal to its words: saves and logs write an
action's kind as those words and read them back as the member (engine/save_flow.py), and
an action a decider names with the bare words is taken as the member when the game checks
it (engine/game.py `take_choice`), so the engine holds only members: the compiled engine
reads the field as a `Move`.  This module is not among those compiled by mypyc (an
enumeration's class is Python's own); the hot loops read its members from the module
constants below (an enumeration's member is a slow look-up: 130 ns against 10).
"""

from __future__ import annotations

from enum import StrEnum


class Move(StrEnum):
    """The kinds of action a decision's options hold, each with what its fields mean
    (`Action`: card, left, right, free, bank, stage)."""

    BUILD = "build"             # a card built: paid (left, right, bank), by chain or power (`free`)
    STAGE = "stage"             # a wonder stage built with the card (`stage`: which, -1 the next)
    SELL = "sell"               # the card sold for the rules' coins
    PASS = "pass"               # nothing done (a phase's `may`; `card` -1)
    KEEP = "keep"               # a draft's pick
    COPY = "copy"               # a neighbour's card copied (`copy a ... card from ...`)
    COPY_STAGE = "copy stage"   # a neighbour's stage copied (`card`: the side, `stage`: which)
    PAY = "pay"                 # a loss settled: `left` coins paid, `right` tokens taken
    ACCEPT = "accept"           # an offer's price paid (`left`, `right`, `bank`)
    DECLINE = "decline"         # an offer not taken
    REMOVE = "remove"           # a building discarded from the city (`stage`: put under it)
    PUT = "put"                 # a card put from a zone onto another (engine/placed.py)
    USE = "use"                 # the card put to a use of the rules (`stage`: which use)

    def __repr__(self) -> str:
        """As its words (`'build'`), so that an action reads in messages and logs as it
        did when its kind was a string: `Action(kind='build', card=3, ...)`."""
        return repr(self.value)


# The members as module constants, for the hot loops that compare an action's kind.
BUILD, STAGE, SELL, PASS, KEEP, USE = Move.BUILD, Move.STAGE, Move.SELL, Move.PASS, Move.KEEP, Move.USE
COPY, COPY_STAGE, REMOVE, PUT = Move.COPY, Move.COPY_STAGE, Move.REMOVE, Move.PUT
PAY, ACCEPT, DECLINE = Move.PAY, Move.ACCEPT, Move.DECLINE

SAVED = frozenset({Move.BUILD, Move.STAGE, Move.SELL, Move.PASS, Move.KEEP, Move.COPY, Move.COPY_STAGE,
                   Move.REMOVE, Move.PUT, Move.USE})
"""The kinds of action a save's flow may hold (engine/save_flow.py refuses the others)."""


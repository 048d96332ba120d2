"""The interface every decision kind meets: what each pass asks of a kind of decision (a
turn's card, a draft's pick, an offer, ...), declared once in the kind's module of
kinds/decisions/ (docs/architecture.md, "The decision loop").

A decision kind is a class deriving from `DecisionKind`, instantiated once in its module
(`KIND = TurnKind()`): a part left out, or a value that is not one of those allowed, fails
that line, and so the import of every kind, never a game.  The engine names a decision by
its `name` (saves and logs write it: "turn", "neutral turn", ...) and finds its kind by
that name (`kinds.decisions.DECISIONS`); the kind lists the decision's options and carries
out its answer with what the engine lends it (engine/flow/answers.py), so a kind imports
no pass; the views and the bots read its declarations."""

from __future__ import annotations

import abc
from typing import Any, ClassVar

# What a person is shown beside a decision's options (commands/human.py, the studio): the
# cards of the hand; the cards its options play (a neutral city's, a zone's); the cards of
# the discard pile its options build; the action offered, in words; nothing more.
SHOWS = ("hand", "options", "pile", "offer", "nothing")
# How a plug-in bot answers it (bots/base.py `Bot`): by its `choose`, or by a method of its
# own (bots/view.py looks the method up on the bot and falls back to `choose`).
HOOKS = ("", "settle", "take_offer")
# Where the cards a collected choice names are held (engine/save_flow.py checks a saved choice)
HELD = ("hand", "zones")


class DecisionKind(abc.ABC):
    """One kind of decision: what the engine, saves, views and bots ask of it.

    Declared values:
    `name`: the kind as the engine, saves and logs name it;
    `words`: its name as a person reads it (the terminal's question, a replay's state),
    marked for the catalog (`N_`) and translated there;
    `moves`: its options are a turn's legal moves (engine/actions.py `legal_actions`): an
    action is checked with `is_legal`, a `PicksMoves` decider is asked `decide_move`;
    `turn_cards`: its choices are a turn's cards, every player's asked at once, the turn
    resolved when the last arrives (decisions.py `drive` asks them in one sweep when no
    neutral city plays; the search lists them as legal in every copy);
    `collected`: every choice of its decision point is kept (`game.chosen`) until the last
    arrives, and taken back when a search reopens the point (`reopen`); otherwise `answer`
    carries the choice out at once;
    `phase`: it belongs to a phase's statement (kinds/statement_base.py `asks`; the draft's
    own): collected, its choices carried out by the phase's step left under it;
    `after_holder`: it opens when the player holding the city's card has chosen its own
    (a neutral city's turn);
    `held`: where the cards a collected choice names are held, one of HELD;
    `under`: the steps, one of which stands on top of the stack while it is open (its
    options read it; engine/save_flow.py checks a save);
    `shows`: what a person is shown beside its options, one of SHOWS;
    `told`: the log tells its choice as it is made (views/play_log.py), not with the turn;
    `hook`: how a plug-in bot answers it, one of HOOKS;
    `sees_pile`: the discard pile is in sight while it is open (bots/view.py, the search);
    `phase_hands`: the hands hold a phase's cards, not the age's (the search hides them as
    cards of their decks: bots/determinize.py).
    """

    name: ClassVar[str]
    words: ClassVar[str]
    moves: ClassVar[bool] = False
    turn_cards: ClassVar[bool] = False
    collected: ClassVar[bool] = False
    phase: ClassVar[bool] = False
    after_holder: ClassVar[bool] = False
    held: ClassVar[str] = "hand"
    under: ClassVar[tuple[str, ...]] = ()
    shows: ClassVar[str] = "hand"
    told: ClassVar[bool] = False
    hook: ClassVar[str] = ""
    sees_pile: ClassVar[bool] = False
    phase_hands: ClassVar[bool] = False

    def __init__(self) -> None:
        kind = type(self).__name__
        for field in ("name", "words"):
            if not isinstance(getattr(self, field, None), str) or not getattr(self, field):
                raise TypeError(f"the decision kind {kind} does not declare `{field}` (kinds/decision_base.py)")
        for field, allowed in (("shows", SHOWS), ("hook", HOOKS), ("held", HELD)):
            if getattr(self, field) not in allowed:
                raise TypeError(f"the decision kind {kind}'s `{field}` is {getattr(self, field)!r}: not one of {allowed}")
        if (self.phase or self.turn_cards) and not self.collected:
            raise TypeError(f"the decision kind {kind} is a phase's or a turn's but not `collected`")
        if self.collected and type(self).reopen is DecisionKind.reopen:
            raise TypeError(f"the decision kind {kind} is collected but says not how it opens again (`reopen`)")

    @abc.abstractmethod
    def options(self, game: Any, seat: int, engine: Any) -> list[Any]:
        """The legal options of the city `seat`'s open decision, cheapest payment first
        (`engine`: engine/flow/answers.py, lending the engine's lists)."""

    @abc.abstractmethod
    def answer(self, game: Any, seat: int, action: Any, engine: Any) -> bool:
        """Take the city `seat`'s choice (checked, and taken off `game.waiting`): keep it or
        carry it out.  True when the game runs on now; False when it waits for more choices
        of the point, or has run on already (a turn resolved)."""

    def reopen(self, game: Any, engine: Any) -> None:
        """Open the decision point again for every player whose choice a search took back
        (`Flow.reopen`), required of a collected kind."""
        raise NotImplementedError

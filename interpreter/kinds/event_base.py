"""The interface every event a trigger waits on meets (`on age end: ...`): what each pass
asks of an event, declared once (issue 34).

A trigger's `event` is a string, the event in the language's words: a member of
`Event` below (`age end`; re-exported by syntax/ast_base.py for the tree), or one of a family that names a word of the rules
(`blue card built`, `ship token taken`).  Each event (each family) is a class deriving
from `EventKind`, instantiated once in its module of kinds/events/ (`KIND = AgeEndKind()`):
an abstract method left out, a value not declared or a language without words makes that
line fail, and so the import of every kind, never a game (as base.py's `ActionKind`).  The
passes find it by `event_kind(event)` (kinds/events/__init__.py: a dict look-up, then the
families) and lend it what it needs of them.  The engine fires the events where they
happen (engine/flow/, engine/triggers.py, an action kind's `causes`): firing one is no
switch on it."""

from __future__ import annotations

import abc
from enum import StrEnum
from typing import Any, ClassVar, Protocol

from .base import LANGUAGES
from ..i18n import _
from ..marked import N_


class Event(StrEnum):
    """The events a trigger waits on (`on age end: ...`), in the language's words (a str: equal
    to them, so triggers, saves and logs read the same): marked for the catalog, since a
    card's chip and the log show each in the reader's words (`_(event)` in
    views/render/effect_icons.py).  ast_effects.EVENTS lists them; an event of a colour or of
    a kind of kept token is written with COLOR_BUILT or KEPT_TAKEN below."""
    GAME_SETUP = N_("game setup")
    AGE_START = N_("age start")
    TURN_START = N_("turn start")
    BUILDING_BUILT = N_("building built")
    STAGE_BUILT = N_("stage built")
    CARD_SOLD = N_("card sold")
    TURN_END = N_("turn end")
    AGE_END = N_("age end")
    GAME_END = N_("game end")
    BUILDING_BUILT_BY_CHAIN = N_("building built by chain")
    VICTORY_TOKEN_TAKEN = N_("victory token taken")
    DEFEAT_TOKEN_TAKEN = N_("defeat token taken")
    RESOURCES_BOUGHT = N_("resources bought")
    COINS_TAKEN_FROM_THE_BANK = N_("coins taken from the bank")


# `on COLOUR card built`: the event of a building of one colour, written "COLOUR card built"
COLOR_BUILT = " card built"
# `on KIND token taken`: a city took tokens of a kind the rules declare (`tokens: KIND`),
# written "KIND token taken"; the military tokens' own events are ast_effects.EVENTS
KEPT_TAKEN = " token taken"


# What the bots read of an event (the declared `bots`), besides the triggers on it:
# "conflicts": the rules' triggers on it that give military tokens are the age's conflicts
#   (bots/rulemodel.py), and a token's worth is weighed against them (bots/offers.py);
# "kept": a kind of kept token taken: the triggers on it make that token's worth (bots/offers.py);
# "": nothing more.
BOTS = ("conflicts", "kept", "")
# What the engine fires a family's event by (engine/program.py `Events`, numbered by
# compile/program.py `number_events`): "colour", a building of the word's colour built
# (`Events.colour_built`); "kept", tokens of the word's kind taken (`Events.kept_taken`);
# "" for an event of its own, which the engine fires by its number (FIXED_EVENTS).
FIRED_BY = ("colour", "kept", "")


class Checks(Protocol):
    """What an event's check is lent of the checker (check/effects.py `EventChecks`)."""
    def colour(self, name: Any) -> bool: ...
    def token_kind(self, name: Any) -> bool: ...


class EventKind(abc.ABC):
    """One event (or one family of events): every pass's part of it.

    Declared values:
    `name`: its member of Event, or for a family the words after the word it names
    (syntax/ast_base.py COLOR_BUILT, KEPT_TAKEN), with `family` True;
    `before_turn`: it happens before a turn's first choice (the game's setup, an age's or a
    turn's start): coins gained then come before the turn is paid (engine/invariants.py);
    `before_building`: nothing is built yet when it happens: a card's or a stage's trigger
    on it never fires (check/cycles.py, W1503);
    `bots`: one of BOTS;
    `fired_by`: a family's, one of FIRED_BY but "" (what the engine fires it by).
    """

    name: ClassVar[str]
    family: ClassVar[bool] = False
    before_turn: ClassVar[bool] = False
    before_building: ClassVar[bool] = False
    bots: ClassVar[str] = ""
    fired_by: ClassVar[str] = ""

    def __init__(self) -> None:
        kind = type(self).__name__
        if not isinstance(getattr(self, "name", None), str):
            raise TypeError(f"the event {kind} does not declare its `name` (kinds/event_base.py)")
        if not self.family and not isinstance(self.name, Event):
            raise TypeError(f"the event {kind}'s `name` {self.name!r} is not a member of Event")
        if self.fired_by not in FIRED_BY or bool(self.fired_by) != self.family:
            raise TypeError(f"the event {kind}'s `fired_by` {self.fired_by!r}: a family's is one of {FIRED_BY[:-1]}, "
                            "an event of its own's is \"\"")
        if self.bots not in BOTS:
            raise TypeError(f"the event {kind}'s `bots` {self.bots!r}: not one of {BOTS}")
        missing = [lang for lang in LANGUAGES if not callable(getattr(self, f"words_{lang}", None))]
        if missing:
            raise TypeError(f"the event {kind} has no words in {', '.join(missing)}")

    def word(self, event: str) -> str:
        """The word of the rules a family's event names (`blue` of `blue card built`)."""
        return event[:-len(self.name)] if self.family else ""

    def of(self, word: str) -> str:
        """A family's event that names `word` (`ship` -> `ship token taken`)."""
        return f"{word}{self.name}"

    # -- check (check/effects.py)
    @abc.abstractmethod
    def check(self, event: str, span: Any, c: Checks) -> bool:
        """True when what the event names is declared (a family's colour, its kind of token)."""

    def followed(self, event: str) -> str:
        """The event as check/cycles.py follows it from action to trigger: itself; a family
        whose every member one action causes says so."""
        return event

    # -- printing for `wonders fmt` (syntax/printer.py)
    @abc.abstractmethod
    def written(self, event: str) -> str:
        """The event as the language writes it after `on`."""

    # -- words (views/)
    @abc.abstractmethod
    def words_en(self, event: str, w: Any) -> str:
        """English: when a trigger on it acts (`on age end`; `w`: views/describe.py)."""

    @abc.abstractmethod
    def words_nl(self, event: str, w: Any) -> str:
        """Dutch: likewise (`w`: views/describe_nl.py)."""

    @abc.abstractmethod
    def chip(self, event: str, kit: Any) -> str:
        """A few words in the reader's language, as a card's chip, the log and the rules'
        summary say it (`kit`: views/render/effect_icons.py, whose `event_word` asks)."""


class FixedEvent(EventKind):
    """An event of its own (not a family): written, said in English and shown as its name
    (a member of Event, marked for the catalog there); its Dutch declared (`dutch`)."""

    dutch: ClassVar[str]

    def __init__(self) -> None:
        super().__init__()
        if not getattr(self, "dutch", ""):
            raise TypeError(f"the event {type(self).__name__} does not declare its Dutch words (`dutch`)")

    def check(self, event: str, span: Any, c: Checks) -> bool:
        return True                 # it names nothing of the rules

    def written(self, event: str) -> str:
        return event

    def words_en(self, event: str, w: Any) -> str:
        return f"on {event}"

    def words_nl(self, event: str, w: Any) -> str:
        return self.dutch

    def chip(self, event: str, kit: Any) -> str:
        return _(event)

"""The interface every measure module meets (`wonder stages`, `coins`, `score so far`, ...):
what each pass asks of something a quantity counts, declared once (issue 34).

A measure is the `measure` of a `Quantity` (syntax/ast_effects.py), a member of `Measure`.
Its kind is a class deriving from `MeasureKind`, instantiated once in its module (`KIND =
CoinsKind()`), as an action kind is (base.py `ActionKind`): an abstract method left out, a
value not declared or a language without words makes that line fail, and so the import of
the kind, never a game.  The passes find it in the registry (`kinds/measures/__init__.py`
`measure_kind`, a dict look-up) and lend it what it needs of them: the checker's rules, the
engine's helpers (compile/expressions.py: the cities of a scope, a city's own Where, the score
pad), the printer, a describer, the icons."""

from __future__ import annotations

import abc
from enum import StrEnum
from typing import Any, Callable, ClassVar, Protocol

from .base import LANGUAGES


class Measure(StrEnum):
    """What a quantity counts, as `Quantity.measure` holds it (a str: equal to its words, so
    saves and the content read the same).  One member a module of kinds/measures/;
    tests/test_kind_modules.py holds the two equal."""
    CARDS = "cards"
    CARD_SETS = "card sets"
    WONDER_STAGES = "wonder stages"
    UNBUILT_WONDER_STAGES = "unbuilt wonder stages"
    DEFEAT_TOKENS = "defeat tokens"
    VICTORY_TOKENS = "victory tokens"
    MILITARY_TOKENS = "military tokens"
    COINS = "coins"
    SHIELDS = "shields"
    COMPLETE_SETS = "complete sets"
    SYMBOL_SQUARES = "symbol squares"
    AGE_VICTORY = "age victory"
    AGE = "age"
    PLAYERS = "players"
    KEPT_TOKENS = "kept tokens"
    SCORE_SO_FAR = "score so far"
    PRODUCTION = "production"
    ZONE_CARDS = "zone cards"
    SAME_COLOUR_CARDS = "same colour cards"
    CARD_COST = "card cost"


# Where a measure is counted (compile/expressions.py):
# "city": in each city of the scope by itself (`count`), summed, or the most or fewest of them;
# "each where": in each city of the scope with its own neighbours (`value` of that city's
#   Where: engine/quantities.py `where_in`), summed, or the most or fewest;
# "where": in the owner's Where, the kind reading the scope itself (`value`);
# "owner": in the owner's city only (`value`): no scope, no most or fewest (check/values.py);
# "game": the same in every city (`value`): comparing cities by it tells nothing (E1218).
COUNTED_IN = ("city", "each where", "where", "owner", "game")
# What of the owner's city a measure reads, as the bots ask (bots/reads.py `reads`): its
# cards of the quantity's colours, stages, military tokens, coins, shields, science symbols,
# kept tokens; "game": nothing a move changes.
READS = ("cards", "stages", "tokens", "coins", "shields", "symbols", "kept", "game")
# What a quantity's `kind` names for the measure: nothing, a kind of kept token, a resource,
# a zone (checked by check/phases.py with the zones).
NAMES = ("", "token kind", "resource", "zone")


class Checks(Protocol):
    """What a measure's check is lent of the checker (check/values.py `MeasureChecks`)."""
    def resource(self, name: Any) -> bool: ...
    def token_kind(self, name: Any) -> bool: ...
    def no_repeats(self, names: Any, what: str) -> bool: ...


class Engine(Protocol):
    """What a measure's evaluation is lent of the compile pass (compile/expressions.py)."""
    def each_city(self, q: Any, count: Callable[[Any], int], attribute: str = "") -> Callable[[Any], int]: ...
    def each_where(self, q: Any, value: Callable[[Any], int]) -> Callable[[Any], int]: ...
    def score_so_far(self, where: Any) -> int: ...
    def zone_count(self, city: Any, zone: str) -> int: ...
    def which_card(self, card: Any, where: Any) -> int | None: ...
    def card_colour(self, card: Any, where: Any) -> str | None: ...


class Printer(Protocol):
    """What a measure's printing is lent of syntax/printer.py."""
    def scoped(self, word: str, s: Any) -> str: ...
    def colour_list(self, names: Any) -> str: ...
    def which_card(self, w: Any) -> str: ...


class Words(Protocol):
    """What a measure's words are lent of a describer (views/describe.py, describe_nl.py)."""
    def and_list(self, words: Any, joiner: str = ...) -> str: ...
    def en_list(self, words: Any, joiner: str = ...) -> str: ...
    def which_card_text(self, card: Any) -> str: ...
    def names(self) -> Any: ...
    def counted_text(self, q: Any, text: str, *args: Any, **kwargs: Any) -> str: ...


class MeasureKind(abc.ABC):
    """One measure: every pass's part of it.

    Declared values:
    `name`: its member of Measure;
    `counted_in`: one of COUNTED_IN;
    `reads`: one of READS (what the bots read of it);
    `names`: one of NAMES (what `Quantity.kind` names);
    `alone`: the grammar's `_measure`: it may stand alone as the value a rank counts
    (`rank of shields`; syntax/printer.py `city_value`), and take a scope and `most`/`fewest`;
    `follows`: `shields N per` it may follow it: it changes only as the owner builds or takes
    a token, when the engine counts again (check/effects.py, E1216);
    `scored`: a score line may count it (`score so far` may not: E1217);
    `attribute`: the City attribute that holds it, when one does (read in one step);
    `rule`: the grammar's rule that writes it, when it has no parts of its own (`coins`):
    syntax/builder/expressions.py builds it from this declaration; a measure with parts
    (colours, a resource, a card) has its builder's method instead.
    """

    name: ClassVar[Measure]
    counted_in: ClassVar[str]
    reads: ClassVar[str]
    names: ClassVar[str] = ""
    alone: ClassVar[bool] = True
    follows: ClassVar[bool] = False
    scored: ClassVar[bool] = True
    attribute: ClassVar[str] = ""
    rule: ClassVar[str] = ""

    def __init__(self) -> None:
        kind = type(self).__name__
        for field in ("name", "counted_in", "reads"):
            if not hasattr(self, field):
                raise TypeError(f"the measure {kind} does not declare `{field}` (kinds/measure_base.py)")
        if not isinstance(self.name, Measure):
            raise TypeError(f"the measure {kind}'s `name` {self.name!r} is not a member of Measure")
        for field, allowed in (("counted_in", COUNTED_IN), ("reads", READS), ("names", NAMES)):
            if getattr(self, field) not in allowed:
                raise TypeError(f"the measure {kind}'s `{field}` {getattr(self, field)!r}: not one of {allowed}")
        missing = [lang for lang in LANGUAGES if not callable(getattr(self, f"words_{lang}", None))]
        if missing:
            raise TypeError(f"the measure {kind} has no words in {', '.join(missing)}")
        if self.counted_in == "city" and type(self).count is MeasureKind.count:
            raise TypeError(f"the measure {kind} is counted in each city but says not how (`count`)")
        if self.counted_in != "city" and type(self).value is MeasureKind.value:
            raise TypeError(f"the measure {kind} is counted in a Where but says not how (`value`)")
        if self.follows and self.counted_in != "city":
            raise TypeError(f"shields can follow the measure {kind} only if it is counted in each city (`count`)")

    # -- check (check/values.py)
    @abc.abstractmethod
    def check(self, q: Any, c: Checks) -> bool:
        """True when the quantity's own parts may be counted (what `kind` names, its colours);
        misuses reported through `c` (check/values.py `MeasureChecks`).  The scope, `most`
        and `fewest` are checked by the checker from the declarations."""

    # -- run (compile/expressions.py)
    def count(self, q: Any, e: Engine) -> Callable[[Any], int]:
        """The measure in one city, as a function of the City (a "city" measure's; `e`:
        compile/expressions.py): engine/city.py's shields follow it too."""
        raise NotImplementedError

    def value(self, q: Any, e: Engine) -> Callable[[Any], int]:
        """The quantity as a function of a Where (`e`: compile/expressions.py): by default the
        count summed over the scope, or the most or fewest (`e.each_city`)."""
        if self.counted_in != "city":
            raise NotImplementedError
        return e.each_city(q, self.count(q, e), self.attribute)

    # -- printing for `wonders fmt` (syntax/printer.py)
    @abc.abstractmethod
    def written(self, q: Any, p: Printer, one: bool) -> str:
        """The quantity as the language writes it, without `most`/`fewest` (`p`:
        syntax/printer.py; `one`: the measure in the singular, as after `per`)."""

    # -- words, icons (views/)
    @abc.abstractmethod
    def words_en(self, q: Any, w: Words, singular: bool) -> str:
        """English: the quantity in words (`w`: views/describe.py)."""

    @abc.abstractmethod
    def words_nl(self, q: Any, w: Words, singular: bool) -> str:
        """Dutch: the quantity in words (`w`: views/describe_nl.py)."""

    @abc.abstractmethod
    def icons(self, q: Any, kit: Any, vocabulary: Any, title: str) -> list[Any]:
        """The measure's icons, before its scope's (`kit`: views/render/effect_icons.py;
        `title`: the quantity in the reader's words)."""

"""The interface every kind module meets: what each pass asks of a kind, declared once.

A kind is a class deriving from `ActionKind`, instantiated once in its module (`KIND =
GainCoinsKind()`): an abstract method left out makes that line fail, and so the import
of the kind, never a game; the declared values are checked there too (`__init__`).

Each method is given what it needs of the pass that asks (the checker's rules, the game's
dispatcher, a describer, the icons): a kind imports no pass, so the core's kinds declare
what the views and the bots read of them as words, icons and values, and those layers
read the declarations through the registry (`kinds/actions/__init__.py`)."""

from __future__ import annotations

import abc
import importlib
import pkgutil
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from ..errors import WondersError

if TYPE_CHECKING:
    from ..syntax.ast_effects import Expr
    from .expressions.per import Per
    from .lent import ActionChecks, Appraiser, IconKit, NotationKit, Printer, WordsEn, WordsNl

# The languages a kind speaks: a method `words_<language>` each (views/describe.py,
# views/describe_nl.py); a language added here makes every kind without its words fail
# when it is imported.
LANGUAGES = ("en", "nl")

# What an action gives the city it acts in, as the bots weigh it (bots/offers.py,
# bots/valuation.py, bots/rulemodel.py) and the invariants account for it (engine/invariants.py):
# coins (`sign` -1: lost), a military token, tokens of a kept kind, a card built from the
# discard pile, what the action it holds gives (`inner`), later, a science symbol of
# one's choice when the game is scored, lasting shields, tokens the city gives back (its
# score pad without them), the production of its wonder board, lost for good, the
# effects of a card or a stage it copies (bots/valuation.py weighs the copies, `bots` "copies"),
# a card moved out of a city or a zone (bots/offers.py weighs the score pad it changes), or
# what the action it holds does in each city of a group (`each_city`), or the action it
# holds at a price, if the owner takes the offer (bots/offers.py `offer_worth`), cards drawn
# into a zone, or a card played at once from a zone.
GIVES = ("coins", "military token", "kept tokens", "build from discard", "its action", "scored symbol",
         "shields", "tokens given back", "board lost", "a copy", "card moved", "in each city", "offer",
         "cards drawn", "a card played")
COUNTED = ("coins", "military token", "kept tokens", "shields")   # those that count an expression (`counted`)

# the syntax class of a kind (`node`): what its methods are handed
N = TypeVar("N")


class ActionKind(abc.ABC, Generic[N]):
    """One kind of action (`gain 2 coins`): its syntax class and every pass's part.

    Declared values:
    `node`: the syntax tree's class of the kind (defined in the kind's module);
    `bots`: the `Facts` field of bots/reads.py the kind goes to (which bots/valuation.py
    weighs), or why the bots do not weigh it ("not weighed" and a comment);
    `gives`: one of GIVES; `sign`: +1, or -1 for what is lost;
    `at_game_end`: the kind may stand after `at end of game:` (check/effects.py; one
    action of it may not: `at_game_end_for`; its check is told, `c.at_game_end`);
    `at_turn_end`: `when built`, the action it holds (`inner`) waits for the turn's end
    (compile/tables.py puts it among the source's `turn_end`);
    `at_scoring`: at the end of the game the action is a choice of the scoring
    (engine/scoring.py asks its `wild_symbols` and its `scored_copies`), not run
    (engine/flow/ages_and_end.py);
    `copies`: it copies (a card, a symbol, a stage): chosen when built or when scored,
    never on an event nor at a turn's end (check/effects.py);
    `each_city`: it carries out the action it holds (`inner`) in each city of a group (the
    dispatcher's `group`), each city's part a step of its own when a city's loss may be its
    own decision (engine/flow/chains.py);
    `decision`: the decision kind the action opens (engine/decisions.py KINDS), or "";
    its choices now are `options` (engine/game.py `options` reads them under the decision).
    """

    node: ClassVar[type]
    bots: ClassVar[str]
    gives: ClassVar[str]
    sign: ClassVar[int] = 1
    at_game_end: ClassVar[bool] = False
    at_turn_end: ClassVar[bool] = False
    at_scoring: ClassVar[bool] = False
    copies: ClassVar[bool] = False
    each_city: ClassVar[bool] = False
    decision: ClassVar[str] = ""

    def __init__(self) -> None:
        name = type(self).__name__
        for field in ("node", "bots", "gives"):
            if not hasattr(self, field):
                raise TypeError(f"the kind {name} does not declare `{field}` (kinds/base.py)")
        if not isinstance(self.node, type):
            raise TypeError(f"the kind {name}'s `node` is not a class")
        if self.gives not in GIVES or self.sign not in (1, -1):
            raise TypeError(f"the kind {name} gives {self.gives!r} ({self.sign}): not one of {GIVES}")
        missing = [lang for lang in LANGUAGES if not callable(getattr(self, f"words_{lang}", None))]
        if missing:
            raise TypeError(f"the kind {name} has no words in {', '.join(missing)}")
        if self.gives in COUNTED and type(self).counted is ActionKind.counted:
            raise TypeError(f"the kind {name} gives {self.gives} but says not what it counts (`counted`)")
        if (self.gives == "its action" or self.at_turn_end or self.each_city) and type(self).inner is ActionKind.inner:
            raise TypeError(f"the kind {name} holds an action but says not which (`inner`)")
        if self.at_scoring and type(self).wild_symbols is ActionKind.wild_symbols and \
                type(self).scored_copies is ActionKind.scored_copies:
            raise TypeError(f"the kind {name} is a choice of the scoring but says not what (`wild_symbols`)")
        if self.bots == "powers" and type(self).power_worth is ActionKind.power_worth:
            raise TypeError(f"the kind {name} is a power but says not what it is worth (`power_worth`)")

    # -- check (check/effects.py)
    def at_game_end_for(self, action: N) -> bool:
        """The action may stand after `at end of game:` (by default, the kind's `at_game_end`)."""
        return self.at_game_end

    @abc.abstractmethod
    def check(self, action: N, c: ActionChecks) -> bool:
        """True when the action may run; misuses reported through `c` (check/effects.py
        `ActionChecks`: `ctx`, `neighbour`, `expr`, `per`, `positive`)."""

    @abc.abstractmethod
    def causes(self, action: N) -> tuple[str, ...]:
        """The events the action fires right away (check/cycles.py judges cycles with them)."""

    def zones(self, action: N) -> tuple[Any, ...]:
        """The zones the action names (their Names): each one declared (check/phases.py)."""
        return ()

    def own_zones(self, action: N) -> tuple[Any, ...]:
        """Those of its zones whose cards a city keeps: none a zone for the table (check/phases.py)."""
        return ()

    def decks(self, action: N) -> tuple[Any, ...]:
        """The decks the action names (their Names): each one holds cards (check/phases.py)."""
        return ()

    # -- compile (compile/tables.py)
    def says_this_stage(self, action: N) -> bool:
        """The action names `this stage` (`under this stage`): compile/tables.py sets its `stage`
        field to the number of the stage that says it."""
        return False

    # -- run (engine/triggers.py)
    def counted(self, action: N) -> tuple[Expr | None, Per | None]:
        """The expression the action counts and its `per` (compiled with the rules into its
        operation's `value`, compile/tables.py `Tables._operation`; weighed by the bots)."""
        return None, None

    def inner(self, action: N) -> Any:
        """The action this one holds and carries out (`at end of turn, ACTION`, `each other
        city: ACTION`), or None: compiled into its operation's `inner`, numbered for saves
        (compile/tables.py `Tables.operations`)."""
        return None

    def kept_kind(self, action: N) -> str:
        """The kind of kept token the action gives (`gives` "kept tokens")."""
        return ""

    @abc.abstractmethod
    def run(self, events: Any, op: Any, seat: int, where: Any, source: str) -> None:
        """Carry out the action for `seat` (`events`: the game's Dispatcher; `op`: the
        action as the compile pass made it, engine/program.py `Operation`: the action
        itself, `node`, what it counts compiled, `value`, the operation it holds, `inner`;
        `where`: the cities its quantities count in; `source`: what the log names as its
        cause)."""

    def wild_symbols(self, action: N, scoring: Any, tables: Any, left: Any, right: Any) -> tuple[int, ...]:
        """The science symbols (numbers of `tables.symbols`) one of which the action gives
        the owner when the game is scored (`scoring`: engine/scoring.py)."""
        return ()

    def scored_copies(self, action: N, scoring: Any, tables: Any, city: Any, left: Any, right: Any) -> list[Any]:
        """The cards (tables.cards' entries) one of which the action copies, its effects
        counting for the owner, when the game is scored (`scoring`: engine/scoring.py)."""
        return []

    def options(self, events: Any, action: N, seat: int) -> list[Any]:
        """The choices the decision the action opens (`decision`) offers `seat` now, as the
        dispatcher's operations find them (engine/actions.py `Action`s; the bots weigh them)."""
        return []

    def idle(self, events: Any, action: N, seat: int) -> bool:
        """True when the action would do nothing now (no chain goes on from it)."""
        return False

    # -- the bots (bots/powers_worth.py)
    def power_worth(self, action: N, w: Appraiser) -> float:
        """What the action is worth to its owner now, in points, required of a kind whose
        `bots` is "powers" (`w`: bots/powers_worth.py's reader, lending `game`, `seat`,
        `model`, `free_build_worth()`, `_zone_plays(zone)`, `_part(kind, card)`)."""
        raise NotImplementedError

    # -- printing for `wonders fmt` (syntax/printer.py)
    @abc.abstractmethod
    def written(self, action: N, p: Printer) -> str:
        """The action as the language writes it (`p`: syntax/printer.py)."""

    # -- words, icons, notation (views/)
    @abc.abstractmethod
    def words_en(self, action: N, w: WordsEn) -> str:
        """English: the clause after its subject (`gains 2 coins`; `w`: views/describe.py)."""

    @abc.abstractmethod
    def words_nl(self, action: N, w: WordsNl) -> tuple[str, str]:
        """Dutch: (finite verb, the rest), ordered by the caller (`w`: views/describe_nl.py)."""

    @abc.abstractmethod
    def icons(self, action: N, kit: IconKit, vocabulary: Any) -> list[Any]:
        """The action's icons on a card, in reading order (`kit`: views/render/effect_icons.py)."""

    @abc.abstractmethod
    def notation(self, action: N, kit: NotationKit) -> str | None:
        """The accessible notation's marks for the action, or None for its words
        (`kit`: views/access/notation.py `Words`)."""


class UnhandledKind(TypeError, WondersError):
    """A kind of effect or action that a pass does not know: a bug of the interpreter (a
    kind added to the language without its place in every pass), never the content's."""


def kind_modules(path: Iterable[str], package: str, interface: type = ActionKind) -> tuple[Any, ...]:
    """(Here, not in a registry, so that a registry may be imported by another's kinds
    without a cycle.)  The kind modules of the folder `path` (the package `package`), in the order of
    their names: a module without its KIND (an `interface`: ActionKind, or
    effect_base.py's EffectKind) fails the import of every kind."""
    found = []
    for module in sorted(pkgutil.iter_modules(path), key=lambda m: m.name):
        imported = importlib.import_module(f"{package}.{module.name}")
        if not isinstance(getattr(imported, "KIND", None), interface):
            raise TypeError(f"{package}.{module.name} has no KIND (an {interface.__name__}): "
                            f"interpreter/kinds/{interface.__module__.rsplit('.', 1)[1]}.py")
        found.append(imported)
    return tuple(found)

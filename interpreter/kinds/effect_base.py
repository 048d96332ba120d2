"""The interface every effect kind module meets (`law: chains from neighbours`, `may build a
card for free for a joker token`): what each pass asks of an effect kind, declared once.

An effect kind is a class deriving from `EffectKind`, instantiated once in its module (`KIND
= ChainsFromKind()`), as an action kind is (base.py `ActionKind`): an abstract method left
out, a value not declared or a language without words makes that line fail, and so the
import of the kind, never a game.  The passes find it in the registry
(`kinds/effects/__init__.py` `effect_kind_of`) and lend it what it needs of them."""

from __future__ import annotations

import abc
from typing import TYPE_CHECKING, Any, ClassVar, Generic

from .base import LANGUAGES, N

if TYPE_CHECKING:
    from .lent import Appraiser, CardChecks, EffectChecks, IconKit, NotationKit, Printer, WordsEn, WordsNl

# Where an effect may stand: on a card, a wonder board or a stage, for its owner ("city":
# the `Effect` union of syntax/ast_effects.py), and after `law ...:`, for every city ("law":
# its `LAW_EFFECTS`).
PLACES = ("city", "law")
# The `Facts` fields of bots/reads.py whose effects bots/powers_worth.py weighs by asking
# the kind (`power_worth`): the powers of a move, and those that change how the city pays.
POWERS = ("powers", "city_powers")
# The parts of a compiled source (compile/tables.py `Source`) a card's effect is filed in: acting
# while owned, its plain points, its score lines, its actions when built, at the end of the
# turn it is built and when the game is scored, its triggers, its laws.
PARTS = ("static", "points", "scores", "when_built", "turn_end", "game_end", "triggers", "laws")
# The `Facts` fields of bots/reads.py that add up an amount each effect of theirs gives
# (`counted`): its shields.
COUNTED = ("shields",)


class EffectKind(abc.ABC, Generic[N]):
    """One kind of effect: its syntax class and every pass's part.

    Declared values:
    `node`: the syntax tree's class of the kind (defined in the kind's module);
    `places`: where it may stand, some of PLACES;
    `bots`: the `Facts` field of bots/reads.py an effect of a city's goes to (which
    bots/valuation.py weighs), or why the bots do not weigh it ("not weighed" and a comment;
    a law's effect is read by the row of the law);
    `static`: it acts while its source is owned: compile/tables.py puts it among the source's
    `static`, and engine/held.py `held_by` (compile/tables.py, once per source) asks it what it adds (`hold`);
    `cost_changer`: it changes what a city pays for a card or a stage (compile/tables.py
    `COST_CHANGERS`: engine/discounts.py, the bank's offer of engine/actions.py);
    `part`: the part of its source (one of PARTS) compile/tables.py files an effect of it in
    (`filed`): "static" for a static kind, declared by every other kind that stands in a
    city (check/cards.py asks it too: plain points need their source's score category).
    """

    node: ClassVar[type]
    places: ClassVar[tuple[str, ...]]
    bots: ClassVar[str]
    static: ClassVar[bool] = False
    cost_changer: ClassVar[bool] = False
    part: ClassVar[str] = "static"

    def __init__(self) -> None:
        name = type(self).__name__
        for field in ("node", "places", "bots"):
            if not hasattr(self, field):
                raise TypeError(f"the kind {name} does not declare `{field}` (kinds/effect_base.py)")
        if not isinstance(self.node, type):
            raise TypeError(f"the kind {name}'s `node` is not a class")
        if not self.places or not set(self.places) <= set(PLACES):
            raise TypeError(f"the kind {name} stands in {self.places!r}: not some of {PLACES}")
        missing = [lang for lang in LANGUAGES if not callable(getattr(self, f"words_{lang}", None))]
        if missing:
            raise TypeError(f"the kind {name} has no words in {', '.join(missing)}")
        if self.static and type(self).hold is EffectKind.hold:
            raise TypeError(f"the kind {name} acts while owned but says not what it adds (`hold`)")
        if self.places == ("law",) and type(self).in_force is EffectKind.in_force:
            raise TypeError(f"the kind {name} stands in a law only but says not what it does there (`in_force`)")
        if self.bots in POWERS and type(self).power_worth is EffectKind.power_worth:
            raise TypeError(f"the kind {name} is a power but says not what it is worth (`power_worth`)")
        if self.part not in PARTS:
            raise TypeError(f"the kind {name} is filed in {self.part!r}: not one of {PARTS}")
        if "city" in self.places and (self.part == "static") != self.static:
            raise TypeError(f"the kind {name} stands in a city: it acts while owned (`static`) "
                            f"or says where its source files it (`part`), not both")
        if self.part == "laws" and type(self).held is EffectKind.held:
            raise TypeError(f"the kind {name} is filed among the laws but says not what effect it holds (`held`)")
        if self.bots in COUNTED and type(self).counted is EffectKind.counted:
            raise TypeError(f"the kind {name} adds to {self.bots} but says not how much (`counted`)")

    # -- check (check/effects.py)
    @abc.abstractmethod
    def check(self, effect: N, c: EffectChecks) -> Any:
        """The effect ready to run, or None when it is misused (reported through `c`:
        check/effects.py `EffectChecks`: `ctx`, `colours`, `positive`, `no_repeats`, ...)."""

    def in_law(self, effect: N, c: EffectChecks) -> bool:
        """Whether the effect may stand in a law as it is written (check/effects.py `_law`,
        reporting through `c`, its `EffectChecks`): it may, unless the kind says."""
        return True

    def for_every_city(self, effect: N, scope: Any) -> Any:
        """The effect as a law holds it, said of every city (the describers' `law_text`;
        `scope`: all cities): the effect itself, unless the kind names whose it is."""
        return effect

    def held(self, effect: N) -> Any:
        """The effect this one holds and acts through, required of a kind filed among the
        laws (`part` "laws"; the checks over every card and every zone read the effect held,
        kinds/effects/__init__.py `held_of`), or None: none, unless the kind says."""
        return None

    def with_every_card(self, effect: N, c: CardChecks) -> None:
        """Misuses seen only with every card of the rule set known (check/card_laws.py, `c`
        its `CardChecks`): none, unless the kind says."""

    # -- compile (compile/tables.py)
    def filed(self, effect: N, c: Any) -> tuple[str, Any]:
        """The part of its compiled source the effect goes to (one of PARTS) and what goes
        there: `part` and the effect as checked, unless the kind says (`c`: compile/tables.py's
        lender, `kind_of`: the kinds of the actions an effect holds)."""
        return self.part, effect

    # -- run (engine/city.py, compile/laws.py)
    def hold(self, effect: N, tables: Any) -> dict[str, Any]:
        """What the effect adds to its owner's tables while owned, a `static` kind's: fields
        of engine/held.py `Held` (`held_by`), a tuple's entries added to it, a flag
        (`play_last`, `gives_defeats`, `trade_changed`) set when True."""
        raise NotImplementedError

    def in_force(self, effect: N, tables: Any) -> dict[str, Any] | None:
        """What a law of this effect adds to every city while in force: the fields of
        compile/laws.py `InForce` it sets (besides an empty `held`); None when the law holds
        the effect as every city's own (`hold`)."""
        return None

    def token_builds(self, effect: N) -> tuple[Any, ...]:
        """The builds the effect lets its owner pay for with kept tokens, as (what, kind,
        count, colour) each (engine/held.py `Held.free_tokens`, bots/rulemodel.py `spent_for`)."""
        return ()

    def production(self, effect: N) -> tuple[Any, ...] | None:
        """What the effect produces as printed, whatever the city holds: ((resource, units),
        ...) and whether it is one of them a turn (a choice); None when it produces nothing
        printed, unless the kind says (laws over cards `producing N units`, check/card_laws.py,
        the bots' worth of a board, a production that follows the city's cards)."""
        return None

    def symbols(self, effect: N) -> tuple[str, ...]:
        """The names of the science symbols the effect gives its owner while owned, one of
        them of the owner's choice when several (engine/scoring.py, a copied card's; the
        score pad's sources): none, unless the kind says."""
        return ()

    # -- the bots (bots/powers_worth.py, bots/reads.py)
    def counted(self, effect: N) -> tuple[int, Any]:
        """(amount, per) of what the effect adds to its `bots` field, required of a kind
        whose `bots` is one of COUNTED (bots/reads.py `facts`): `per` None for a fixed
        amount, else the `per QUANTITY` it follows."""
        raise NotImplementedError

    def power_worth(self, effect: N, w: Appraiser) -> float:
        """What the power is worth to its owner now, in points, required of a kind whose
        `bots` is one of POWERS (`w`: bots/powers_worth.py's reader, lending `city`, `model`,
        `builds_left`, `free_build_worth()`, `ages_left()`, `_units_worth(r, units)`; for a
        kind whose `bots` is "city_powers", `weighed`, the source weighed, and `weighed_built`,
        whether the move builds it)."""
        raise NotImplementedError

    # -- printing for `wonders fmt` (syntax/printer.py)
    @abc.abstractmethod
    def written(self, effect: N, p: Printer) -> str:
        """The effect as the language writes it (`p`: syntax/printer.py)."""

    # -- words, icons, notation (views/)
    @abc.abstractmethod
    def words_en(self, effect: N, w: WordsEn) -> str:
        """English: what the effect does (`w`: views/describe.py)."""

    @abc.abstractmethod
    def words_nl(self, effect: N, w: WordsNl) -> str:
        """Dutch: what the effect does (`w`: views/describe_nl.py)."""

    @abc.abstractmethod
    def icons(self, effect: N, kit: IconKit, vocabulary: Any) -> list[Any]:
        """The effect's icons on a card, in reading order (`kit`: views/render/effect_icons.py)."""

    @abc.abstractmethod
    def notation(self, effect: N, kit: NotationKit) -> str | None:
        """The accessible notation's marks for the effect, or None for its words
        (`kit`: views/access/notation.py `Words`)."""

"""`[may] play|build a card from "Z" [for free]`: in a phase, every player plays one card of
its zone Z at once (built, paid or free, used for a wonder stage or sold; `build`: built
only; `may`: or none), a decision of kind "zone" for each player who may play; as a card's
action (`when built: build a card from "Z"`), its owner alone does, at once.  Its grammar
rules are `play_from` (the statement) and `build_from_zone`, `play_from_zone` (the action),
built by syntax/builder/phases.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..base import ActionKind
from ..statement_base import PhaseStatement
from ...i18n import _
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ..lent import ActionChecks, Appraiser, IconKit, NotationKit, Printer, WordsEn, WordsNl
    from ...diagnostics import Span
    from ...syntax.ast_base import Name


@node
class PlayFrom:
    """`[may] play|build a card from "Z" [for free]`: in a phase, each player plays one
    card of the zone; as a card's action (`when built: build a card from "Z"`), its owner
    does, at once."""
    optional: bool
    build_only: bool
    zone: Name
    free: bool
    span: Span


class PlayFromKind(PhaseStatement, ActionKind[PlayFrom]):
    node = PlayFrom
    gives = "a card played"
    bots = "powers"                       # a play at once: the best card of the zone (bots/powers_worth.py)
    decision = "zone"
    asks = "zone"

    # -- as an action
    def check(self, action: PlayFrom, c: ActionChecks) -> bool:
        return True                       # its zone: check/phases.py (`zones`, `own_zones`)

    def causes(self, action: PlayFrom) -> tuple[str, ...]:
        return ()                         # a choice: what the card built fires is not followed

    def zones(self, action: PlayFrom) -> tuple[Any, ...]:
        return (action.zone,)

    def own_zones(self, action: PlayFrom) -> tuple[Any, ...]:
        return (action.zone,)             # a card is played from a zone its city keeps

    def options(self, events: Any, action: PlayFrom, seat: int) -> list[Any]:
        options: list[Any] = events.zone_options(seat, action)
        return options

    def run(self, events: Any, op: Any, seat: int, where: Any, source: str) -> None:
        events.play_from_zone(seat, op)       # `when built: build a card from "Z"`: chosen now

    def power_worth(self, action: PlayFrom, w: Appraiser) -> float:
        """A play at once from the city's zone: the best card there, built (its worth and
        the coins it gains, less its price unless free), or nothing when the zone is empty."""
        cards = w.game.zones.get(action.zone.text)
        best = 0.0
        for index in (cards[w.seat] if cards else ()):
            worth, gained, price = w._part("build", index)
            best = max(best, sum(worth) + (gained - (0 if action.free else price)) * w.model.coin_rate)
        return best

    # -- as a phase's statement
    def check_statement(self, statement: Any, c: Any) -> bool:
        declared: bool = c.zone(statement.zone) and c.own_zone(statement.zone)
        return declared

    def step(self, statement: Any, game: Any, p: int, i: int, machine: Any) -> None:
        machine.ask_zone(game, p, i, statement)

    def rules_words(self, statement: Any) -> str:
        text = (_('each player builds a card of "{zone}"') if statement.build_only
                else _('each player plays a card of "{zone}"')).format(zone=statement.zone.text)
        if statement.free:
            text += " " + _("for free")
        if statement.optional:
            text += " " + _("(or none)")
        return text

    # -- printing, words, icons, notation
    def written(self, action: PlayFrom, p: Printer) -> str:
        return (("may " if action.optional else "") + ("build" if action.build_only else "play")
                + f' a card from "{action.zone.text}"' + (" for free" if action.free else ""))

    def words_en(self, action: PlayFrom, w: WordsEn) -> str:
        verb = "builds (paying)" if action.build_only and not action.free else \
            "builds for free" if action.free else "plays (builds, uses for a stage or sells)"
        return f"at once {verb} one card of its \"{action.zone.text}\""

    def words_nl(self, action: PlayFrom, w: WordsNl) -> tuple[str, str]:
        return "speelt", f"meteen één kaart uit \"{action.zone.text}\""

    def icons(self, action: PlayFrom, kit: IconKit, vocabulary: Any) -> list[Any]:
        icons = kit.icons
        return [icons.chip(action.zone.text), icons.word("→"), icons.card([], action.zone.text)]

    def notation(self, action: PlayFrom, kit: NotationKit) -> str | None:
        return None


KIND = PlayFromKind()

"""A card moved (docs/language.md, "Moving a card"): `discard a COLOURS card from PLACE`
and `put a [COLOURS] card from PLACE into "Z" | onto "Z" | under this stage`.  One card of
those colours (`colors` empty: of any colour) leaves its place, the city of the scope (one
city: a building, its effects with it) or the owner's zone `zone` (`scope` None), for the
discard pile, the owner's pile of zone `into` (a zone of its own or for the table; `onto` is
the same, spelled so) or under the stage (`to`); the city that holds it chooses which (a
decision of kind "remove", or "put" for a card moved between zones, when it has several).
`stage`: as WhichCard's, set by compile/tables.py.  Its grammar rules are `discard_built` and
`put_card`, built by syntax/builder/order.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..base import ActionKind
from ..scopes import looks_at_neighbour, own_only, scope_kinds, several
from ...i18n import _, names
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ..lent import ActionChecks, IconKit, NotationKit, Printer, WordsEn, WordsNl
    from ...diagnostics import Span
    from ...syntax.ast_base import Name
    from ...syntax.ast_effects import Scope


@node
class DiscardBuilt:
    colors: tuple[Name, ...]
    scope: Scope | None
    span: Span
    zone: Name | None = None
    to: str = "discard"     # "discard", "zone" or "stage"
    into: Name | None = None
    stage: int = -1
    onto: bool = False      # written `onto "Z"` (the same as `into "Z"`)

    @property
    def between_zones(self) -> bool:
        """From a zone into a zone: a card the owner keeps, put elsewhere (the decision
        `put`); any other move takes a building out of a city, or a card to the discard
        pile or under a stage (the decision `remove`)."""
        return self.zone is not None and self.to == "zone"

    # One of `scope` and `zone` is set, and `into` when `to` is "zone" (syntax/builder/order.py
    # `_moved`): what the kind reads once it has asked which, typed.
    @property
    def city(self) -> Scope:
        """The cities a card leaves when it leaves no zone (`from left neighbour`)."""
        assert self.scope is not None, "a card moved from a zone leaves no city"
        return self.scope

    @property
    def from_zone(self) -> Name:
        """The zone a card leaves when it leaves no city (`from "Z"`)."""
        assert self.zone is not None, "a card moved from a city leaves no zone"
        return self.zone

    @property
    def into_zone(self) -> Name:
        """The zone a card is put into (`to` "zone": `into "Z"`, `onto "Z"`)."""
        assert self.into is not None, "a card put elsewhere than a zone goes into none"
        return self.into


class DiscardBuiltKind(ActionKind[DiscardBuilt]):
    node = DiscardBuilt
    gives = "card moved"
    bots = "removals"                     # the points the city that loses a card loses now
    decision = "remove"

    def check(self, action: DiscardBuilt, c: ActionChecks) -> bool:
        """Declared colours, once each, and one city (the city that loses the card chooses
        it; `the neighbour` only where one is looked at); a zone is not its own destination
        (E2033); `this stage` only on a stage.  The zones: check/phases.py (`zones`)."""
        ok = c.colours(action.colors)
        ok = c.no_repeats(action.colors, "colour") and ok
        if action.to == "stage" and not c.ctx.on_stage:
            return c.not_on_stage(action.span)
        if action.zone is not None:
            if action.into is not None and action.into.text == action.zone.text:
                c.ctx.report("E2033", _('a card moved from "{zone}" into "{zone}" does not move').format(
                    zone=action.zone.text), action.span, label=_("the same zone twice"),
                    help=_("name another zone after `into` (or `onto`), or write `discard a ... card from ...`"))
                return False
            return ok
        if several(action.city):
            c.ctx.report("E1802", _("a card is discarded from one city, not from several"), action.city.span,
                         label=_("more than one city"),
                         help=_("write `from own city`, `from left neighbour` or `from right neighbour` (or, in a "
                                "trigger `for each neighbour`, `from the neighbour`)"))
            return False
        if looks_at_neighbour(action.city) and not c.neighbour:
            return c.no_neighbour_here(action.city)
        return ok

    def causes(self, action: DiscardBuilt) -> tuple[str, ...]:
        return ()

    def zones(self, action: DiscardBuilt) -> tuple[Any, ...]:
        return tuple(zone for zone in (action.zone, action.into) if zone is not None)

    def own_zones(self, action: DiscardBuilt) -> tuple[Any, ...]:
        return (action.zone,) if action.zone is not None else ()   # a card moved from a zone a city keeps

    def says_this_stage(self, action: DiscardBuilt) -> bool:
        under_stage: bool = action.to == "stage"
        return under_stage

    def _target(self, events: Any, action: DiscardBuilt, seat: int, where: Any) -> int:
        """The seat of the city that loses the card (the owner, for a zone)."""
        if action.zone is not None:
            return seat
        left, right = events.game.neighbours(seat)
        loser: int = scope_kinds(action.city)[0].pick(events.game.cities[seat], left, right,
                                                      getattr(where, "neighbour", None)).seat
        return loser

    def idle(self, events: Any, action: DiscardBuilt, seat: int) -> bool:
        """Nothing to put from the owner's zone (or, the owner's card put, none to move)."""
        if action.between_zones:
            return not events.put_options(seat, action)
        if action.to != "discard" and (action.zone is not None or own_only(action.city)):
            return not events.removal_options(seat, action)
        return False

    def run(self, events: Any, op: Any, seat: int, where: Any, source: str) -> None:
        """At once when the city has one such card, by its own choice when it has several;
        a card moved from one zone of the owner's into another is put."""
        action: DiscardBuilt = op.node
        if action.between_zones:
            options = events.put_options(seat, action)
            if len(options) == 1:
                events.put_from(seat, action, options[0])
            elif options:
                events.ask(seat, "put", ("put_from", op, seat))
            return
        target = self._target(events, action, seat, where)
        options = events.removal_options(target, action)
        if len(options) == 1:
            events.remove_built(target, options[0], action, seat)
        elif options:
            events.ask(target, self.decision, ("remove_from", op, target, seat))

    def written(self, action: DiscardBuilt, p: Printer) -> str:
        place = f'"{action.zone.text}"' if action.zone is not None else p.scope(action.city)
        if action.to == "discard":
            return f"discard a {p.colour_list(action.colors)} card from {place}"
        to = f'{"onto" if action.onto else "into"} "{action.into_zone.text}"' if action.to == "zone" else "under this stage"
        return f"put a {p.colour_list(action.colors) + ' ' if action.colors else ''}card from {place} {to}"

    def words_en(self, action: DiscardBuilt, w: WordsEn) -> str:
        colours = w.and_list([c.text for c in action.colors], "or") + " " if action.colors else ""
        into = f' {"onto" if action.onto else "into"} its "{action.into.text if action.into else ""}"'
        verb, to = {"discard": ("discard", ""), "zone": ("put", into), "stage": ("put", " under this stage")}[action.to]
        if action.zone is not None:
            return f'{verb}s one of its {colours}cards kept in its "{action.zone.text}" (of its choice){to}'
        if own_only(action.city):
            return f"{verb}s one of its own {colours}cards (of its choice){to}, whose effects end"
        where = w.scope_text(action.scope)
        where = where if where.startswith("the ") else "the " + where
        return f"makes {where} {verb} one of its {colours}cards (of its choice){to}, whose effects end"

    def words_nl(self, action: DiscardBuilt, w: WordsNl) -> tuple[str, str]:
        colours = w.en_list([names().color(c.text) for c in action.colors], "of") + " " if action.colors else ""
        into = f'{"op" if action.onto else "in"} "{action.into.text if action.into else ""}"'
        to = {"discard": "op de aflegstapel", "zone": into, "stage": "onder deze Wonder fase"}[action.to]
        if action.zone is not None:
            return "legt", f'één {colours}kaart naar keuze uit "{action.zone.text}" {to}'
        if own_only(action.city):
            return "legt", f"één eigen {colours}kaart naar keuze {to}, waarvan de effecten vervallen"
        return "laat", f"{w.scope_text(action.scope)} één eigen {colours}kaart naar keuze {to} leggen"

    def icons(self, action: DiscardBuilt, kit: IconKit, vocabulary: Any) -> list[Any]:
        icons = kit.icons
        if action.between_zones and not action.colors:     # a card of one zone put into another
            return [icons.chip(action.from_zone.text), icons.word("→"), icons.chip(action.into_zone.text)]
        to = {"discard": _("to the discard pile"), "stage": _("under this stage")}.get(
            action.to, action.into.text if action.into is not None else "")
        return [icons.card([c.text for c in action.colors], _("a card discarded from the city")), icons.word("→"),
                icons.chip(to)] + (kit.scope_icons(action.scope) if action.scope is not None
                                   else [icons.chip(action.from_zone.text)])

    def notation(self, action: DiscardBuilt, kit: NotationKit) -> str | None:
        return None


KIND = DiscardBuiltKind()

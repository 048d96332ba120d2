"""`draw N cards from deck "D" into "Z"`: N cards of deck D that no one was dealt or drew
(in the box), drawn at random, join the owner's zone Z (a zone for the table: the table's
pile, in sight of every player).  In a phase, each player draws (a zone for the table is
drawn into once); as a card's action, its owner does.  Its grammar rule is `draw_into`,
built by syntax/builder/phases.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..base import ActionKind
from ..statement_base import PhaseStatement
from ...i18n import _, ngettext
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ..lent import ActionChecks, Appraiser, IconKit, NotationKit, Printer, WordsEn, WordsNl
    from ...diagnostics import Span
    from ...syntax.ast_base import Name, Number


@node
class DrawInto:
    """`draw N cards from deck "D" into "Z"`: N cards of deck D that no one was dealt (in
    the box), drawn at random, join the owner's zone Z."""
    count: Number
    deck: Name
    zone: Name
    span: Span


class DrawIntoKind(PhaseStatement, ActionKind[DrawInto]):
    node = DrawInto
    gives = "cards drawn"
    bots = "powers"                       # a wider choice at the zone's plays to come (bots/powers_worth.py)

    # -- as an action
    def check(self, action: DrawInto, c: ActionChecks) -> bool:
        return c.positive(action.count.value, action.count.span, "drawing")    # its zone, its deck: check/phases.py

    def causes(self, action: DrawInto) -> tuple[str, ...]:
        return ()

    def zones(self, action: DrawInto) -> tuple[Any, ...]:
        return (action.zone,)             # any zone: one for the table too

    def decks(self, action: DrawInto) -> tuple[Any, ...]:
        return (action.deck,)

    def run(self, events: Any, op: Any, seat: int, where: Any, source: str) -> None:
        events.draw_into(seat, op.node)

    def power_worth(self, action: DrawInto, w: Appraiser) -> float:
        """Cards drawn into a zone are not more plays but a wider choice at the plays to come:
        half a mean card's worth for each card drawn, at most one per play to come."""
        plays: int = min(action.count.value, w._zone_plays(action.zone.text))
        return w.free_build_worth() / 2 * plays

    # -- as a phase's statement
    def check_statement(self, statement: Any, c: Any) -> bool:
        if not c.zone(statement.zone):
            return False
        if statement.count.value < 1:
            c.ctx.report("E1206", _("{owner} draws {count} cards").format(owner=c.owner, count=statement.count.value),
                         statement.count.span, label=_("draw at least 1 card"))
            return False
        return True

    def step(self, statement: Any, game: Any, p: int, i: int, machine: Any) -> None:
        machine.phase_draw(game, statement)

    def rules_words(self, statement: Any) -> str:
        return ngettext('{count} card of deck "{deck}" is drawn into "{zone}"',
                        '{count} cards of deck "{deck}" are drawn into "{zone}"', statement.count.value).format(
            count=statement.count.value, deck=statement.deck.text, zone=statement.zone.text)

    # -- printing, words, icons, notation
    def written(self, action: DrawInto, p: Printer) -> str:
        return f'draw {p._counted(action.count.value, "card")} from deck "{action.deck.text}" into "{action.zone.text}"'

    def words_en(self, action: DrawInto, w: WordsEn) -> str:
        return (f"draws {w.plural(action.count.value, 'card')} of the deck \"{action.deck.text}\" that no one "
                f"was dealt into its \"{action.zone.text}\"")

    def words_nl(self, action: DrawInto, w: WordsNl) -> tuple[str, str]:
        return "trekt", f"{w.noun(action.count.value, 'card')} van de stapel \"{action.deck.text}\" naar \"{action.zone.text}\""

    def icons(self, action: DrawInto, kit: IconKit, vocabulary: Any) -> list[Any]:
        icons = kit.icons
        return [icons.chip(f"+{action.count.value}"), icons.card([], action.deck.text), icons.word("→"),
                icons.chip(action.zone.text)]

    def notation(self, action: DrawInto, kit: NotationKit) -> str | None:
        return None


KIND = DrawIntoKind()

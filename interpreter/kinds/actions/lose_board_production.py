"""`lose the board production`: from now on, for the rest of the game, the owner's wonder
board produces nothing (its other effects stay); a lasting change of the city, saved with
it (engine/city.py `board_lost`).  Its grammar rule is `lose_board`, built by
syntax/builder/effects.py; check/card_laws.py refuses it where no board produces (E2072)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..base import ActionKind
from ...i18n import _
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ..lent import ActionChecks, IconKit, NotationKit, Printer, WordsEn, WordsNl
    from ...diagnostics import Span


@node
class LoseBoardProduction:
    span: Span


class LoseBoardProductionKind(ActionKind[LoseBoardProduction]):
    """The board's production lost: weighed as a removal (bots/valuation.py `_removal`) and,
    as a penalty a token avoids, by bots/offers.py `board_worth`."""

    node = LoseBoardProduction
    gives = "board lost"
    bots = "removals"
    sign = -1

    def check(self, action: LoseBoardProduction, c: ActionChecks) -> bool:
        return True                       # a board to lose: check/card_laws.py, with every board known

    def causes(self, action: LoseBoardProduction) -> tuple[str, ...]:
        return ()

    def run(self, events: Any, op: Any, seat: int, where: Any, source: str) -> None:
        events.lose_board(seat, source)

    def written(self, action: LoseBoardProduction, p: Printer) -> str:
        return "lose the board production"

    def words_en(self, action: LoseBoardProduction, w: WordsEn) -> str:
        return "loses its board's production for the rest of the game"

    def words_nl(self, action: LoseBoardProduction, w: WordsNl) -> tuple[str, str]:
        return "verliest", "de productie van zijn Wonderbord voor de rest van het spel"

    def icons(self, action: LoseBoardProduction, kit: IconKit, vocabulary: Any) -> list[Any]:
        return [kit.icons.chip(_("board")), kit.icons.word("×"), kit.icons.chip(_("production lost"))]

    def notation(self, action: LoseBoardProduction, kit: NotationKit) -> str | None:
        return None


KIND = LoseBoardProductionKind()

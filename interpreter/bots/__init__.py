"""Computer players.  A bot is a class with `choose(view, options) -> index` (see base.py);
it sees a SeatView (view.py), never the game.  `make_bot(spec, seed)` finds one by name
(registry.py) and wraps it as a decider the engine can ask."""

from .base import Bot, BotError, BotSpecError, Param, parse_bot_spec, split_bot_list
from .registry import ENTRY_POINT_GROUP, bot_names, make_bot
from .view import BotSeat, CityView, SeatView

__all__ = ["Bot", "BotError", "BotSpecError", "Param", "parse_bot_spec", "split_bot_list", "make_bot",
           "bot_names", "ENTRY_POINT_GROUP", "BotSeat", "CityView", "SeatView"]

"""Bots for the engine's callers: `make_bot(spec, seed)` gives a decider for a seat.  The
bots themselves live in interpreter/bots/ (a bot sees a SeatView, never the game)."""

from __future__ import annotations

from ..bots import BotSpecError, bot_names, make_bot, parse_bot_spec, split_bot_list

__all__ = ["BotSpecError", "bot_names", "make_bot", "parse_bot_spec", "split_bot_list",
           "RandomBot", "GreedyBot"]


def RandomBot(seed: int):  # noqa: N802 - kept for callers that made bots by class
    return make_bot("random", seed)


def GreedyBot(seed: int):  # noqa: N802
    return make_bot("greedy", seed)

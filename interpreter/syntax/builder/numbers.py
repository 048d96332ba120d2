"""The number guard of the tree builder: a number of more than MAX_DIGITS digits is refused
with a diagnostic (syntax/parser.py), never turned into a huge int that a later pass chokes on."""

from __future__ import annotations

from lark import Token
from ...errors import WondersError

MAX_DIGITS = 6


class NumberTooLarge(WondersError):
    """Raised by the builder for a number of more than MAX_DIGITS digits."""

    def __init__(self, token: Token):
        super().__init__(str(token)[:20])
        self.token = token


def to_int(token: Token) -> int:
    text = str(token)
    if len(text) > MAX_DIGITS:
        raise NumberTooLarge(token)
    return int(text)

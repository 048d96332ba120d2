"""The LALR parser, built once from the grammar and shipped inside the package as JSON.

Building the parser from `grammar/wonders.lark` takes about 0.3 s; Lark's own `cache=True`
would save that by loading a pickle from a predictable path in the shared temporary folder,
which lets another local user run code as whoever runs `wonders` (and a symlink there makes
Lark overwrite the file it points to).  Instead the parse tables are serialised to plain
JSON (`wonders_parser.json`, beside this module): loading JSON runs no code, the file lives
inside the package (as trusted as the code), and nothing is ever written at run time.

The file records the grammar's SHA-256 and the Lark version that built it; when either
differs from what is installed, the parser is built from the grammar in memory instead.
Regenerate it after changing the grammar (tests/test_hardening_parser.py checks it):

    python -m interpreter.syntax.prebuilt
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import lark
from lark import Lark, Token
from lark.grammar import Rule
from lark.lexer import TerminalDef

from ..paths import grammar_file

PREBUILT = Path(__file__).with_name("wonders_parser.json")
OPTIONS = dict(parser="lalr", propagate_positions=True, maybe_placeholders=False)
_INT_KEYS = "#int-keys"           # marks a JSON object whose keys were whole numbers


def grammar_text() -> str:
    return grammar_file().read_text(encoding="utf-8")


def grammar_digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class WholeWords:
    """Keywords match whole words only.  The contextual lexer tries, in each state of the
    parser, only the terminals that state accepts: where `stage` is accepted and a name is
    not, `stages` was read as the keyword `stage` and a stray `s`.  With NAME accepted in
    every state, a word is read whole (Lark turns a NAME that is exactly a keyword of the
    state into that keyword), and a word the state does not accept is reported whole:
    "unexpected `stages`".  (A post-lexer that changes no token: Lark's way of adding a
    terminal to every state.)"""

    always_accept = ("NAME",)

    def process(self, stream: Iterator[Token]) -> Iterator[Token]:
        return stream


def build() -> Lark:
    """The parser, built from the grammar (slow: about 0.3 s)."""
    return Lark(grammar_text(), **OPTIONS, postlex=WholeWords())


def load(**loading: Any) -> Lark:
    """The shipped parser when it was built from this grammar by this Lark, else a fresh build.
    `loading` are options that do not change the tables (Lark allows them when loading), such
    as `lexer_callbacks`: the formatter's parser is this one, handing it the comments."""
    text = grammar_text()
    try:
        stored = json.loads(PREBUILT.read_text(encoding="utf-8"), object_hook=_decode)
        if stored.get("grammar_sha256") == grammar_digest(text) and stored.get("lark") == lark.__version__:
            loaded: Lark = Lark._load_from_dict(stored["data"], stored["memo"], postlex=WholeWords(),  # type: ignore[no-untyped-call]  # (Lark's own, untyped)
                                                **loading)
            return loaded
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        pass                       # missing or unreadable: build it, never fail a check over it
    return Lark(text, **OPTIONS, postlex=WholeWords(), **loading)


def serialise(parser: Lark, text: str) -> str:
    """The JSON document `load` reads: the parse tables, the grammar's digest, Lark's version."""
    data, memo = parser.memo_serialize([TerminalDef, Rule])
    data = {**data, "options": {**data["options"], "postlex": None}}   # `load` hands WholeWords in again
    document = {"grammar_sha256": grammar_digest(text), "lark": lark.__version__,
                "data": _encode(data), "memo": _encode(memo)}
    return json.dumps(document, separators=(",", ":"), sort_keys=True) + "\n"


def _encode(value: object) -> object:
    """JSON keeps only text keys; Lark's tables use whole numbers as keys too."""
    if isinstance(value, dict):
        if value and all(isinstance(k, int) for k in value):
            return {_INT_KEYS: {str(k): _encode(v) for k, v in value.items()}}
        if not all(isinstance(k, str) for k in value):
            raise TypeError(f"cannot serialise keys {sorted(map(repr, value))[:3]}")
        return {k: _encode(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_encode(v) for v in value]
    return value


def _decode(obj: dict[str, Any]) -> dict[Any, Any]:
    if len(obj) == 1 and _INT_KEYS in obj:
        return {int(k): v for k, v in obj[_INT_KEYS].items()}
    return obj


def main() -> None:
    temporary = PREBUILT.with_suffix(".tmp")
    text = grammar_text()
    temporary.write_text(serialise(build(), text), encoding="utf-8")
    os.replace(temporary, PREBUILT)
    print(f"wrote {PREBUILT}")


if __name__ == "__main__":
    main()

"""The content's names in another language: the translations a rule set carries.

A rule set folder may hold `locales/LANG.po`: a gettext catalog whose entries name what
they translate by their context (`msgctxt "card"`, `"wonder"`, ...) and their English
name as the content spells it (`msgid "..."`).  A variant folder may hold its own
`locales/LANG.po` for the names its variants add.  The checker (check/translations.py)
reports names that do not exist and names left untranslated; here they are only read.
"""

from __future__ import annotations

import re
from pathlib import Path

import attrs
from ..errors import WondersError

MAX_TRANSLATION_BYTES = 10_000_000      # the most of a translation file read

# the kinds of name a translation file may translate (its msgctxt), and what they are
KINDS = {
    "card": "card",
    "wonder": "wonder (the monument)",
    "city": "city (a wonder board's city, by the wonder's name in the content)",
    "resource": "resource",
    "color": "colour, as an adjective before `kaart` (card)",
    "kind": "kind of building of a colour (by the colour's name)",
    "symbol": "science symbol",
    "score": "score pad line (score category)",
    "neutral": "neutral city of a table for few players",
    "token": "kind of kept token (`tokens: debt, diplomacy`), as the word before `-fiche`",
    "notation": "word of the accessible notation's labels (by its field in the table's [words])",
}


# a line of a .po file: blank, a comment, or a keyword (or nothing: a continuation) with
# one complete quoted string; Babel's reader takes `msgstr Altaar` as "ltaa", so each line
# is judged here first and a mistake is reported, not read wrongly
_PO_LINE = re.compile(r'^\s*(?:#.*|(?:(?:msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+)?'
                      r'"(?:[^"\\]|\\.)*"\s*)?$')


@attrs.frozen
class Entry:
    kind: str | None          # the msgctxt (None when the entry has none)
    english: str
    text: str                 # the translation ("" when not yet translated)
    line: int
    column: int


class TranslationError(WondersError):
    """A translation file that is not a readable gettext catalog; `line` where it breaks."""

    def __init__(self, message: str, line: int = 1):
        super().__init__(message)
        self.line = line


def read_entries(path: Path, _=str) -> list[Entry]:
    """The entries of a translation file, each with the line and column of its English name
    (`_`: the caller's translation of the reasons a file cannot be read)."""
    from babel.messages.pofile import PoFileError, read_po
    from ..inputs import read_regular
    try:
        raw = read_regular(path, MAX_TRANSLATION_BYTES)
        text = raw.decode("utf-8")
    except OSError as err:
        raise TranslationError(_("cannot read it: {reason}").format(reason=err.strerror or err)) from None
    except UnicodeDecodeError:
        raise TranslationError(_("it is not UTF-8 text")) from None
    for number, line in enumerate(text.splitlines(), 1):
        if not _PO_LINE.match(line):
            raise TranslationError(_("line {number} is not a comment, a keyword with a quoted string, or a "
                                     "quoted string continuing one").format(number=number), number)
    import io
    try:
        catalog = read_po(io.BytesIO(raw), abort_invalid=True)
    except PoFileError as err:
        raise TranslationError(str(err).split(" on ")[0].strip(), getattr(err, "lineno", 1) or 1) from None
    lines = text.splitlines()
    entries = []
    for message in catalog:
        if not message.id or not isinstance(message.id, str):
            continue
        source = lines[message.lineno - 1] if 0 < message.lineno <= len(lines) else ""
        column = source.find('"') + 1 or 1
        string = message.string if isinstance(message.string, str) else ""
        entries.append(Entry(message.context, message.id, string, message.lineno, column))
    return entries


class Names:
    """Names in one language, English where none is given; and the other way round, so
    a person may type a name in either language."""

    def __init__(self, language: str, translated: dict[tuple[str, str], str]):
        self.language = language
        self._to = translated
        self._from = {(kind, text.casefold()): english for (kind, english), text in translated.items()}
        self._other_languages = None          # a function giving other languages' Names, read when needed

    def also_typed_in(self, other_languages) -> None:
        """Understand a name typed in any other language too (`other_languages()`: their
        Names, read only when a typed name is not one of this language's)."""
        self._other_languages = other_languages

    @classmethod
    def english(cls) -> "Names":
        return cls("en", {})

    @classmethod
    def read(cls, language: str, files, _=str) -> tuple["Names", list[str]]:
        """Names from the translation files that exist (later files add to earlier ones),
        and a line for each file that could not be read (its names stay English)."""
        translated: dict[tuple[str, str], str] = {}
        problems = []
        for path, shown in files:
            if not path.exists():          # a pipe or device in its place is read, and so reported
                continue
            try:
                entries = read_entries(path, _)
            except TranslationError as err:
                problems.append(f"{shown}:{err.line}: {err}")
                continue
            for entry in entries:
                if entry.kind in KINDS and entry.text:
                    translated[(entry.kind, entry.english)] = entry.text
        return cls(language, translated), problems

    def get(self, kind: str, english: str) -> str:
        return self._to.get((kind, english), english)

    def card(self, name: str) -> str:
        return self.get("card", name)

    def wonder(self, name: str) -> str:
        return self.get("wonder", name)

    def city(self, name: str) -> str:
        """A wonder board's city, or a neutral city of a small table, by its content name."""
        return self._to.get(("city", name)) or self.get("neutral", name)

    def resource(self, name: str) -> str:
        return self.get("resource", name)

    def color(self, name: str) -> str:
        return self.get("color", name)

    def symbol(self, name: str) -> str:
        return self.get("symbol", name)

    def score(self, name: str) -> str:
        return self.get("score", name)

    def token(self, kind: str) -> str:
        return self.get("token", kind)

    def notation(self, field: str, english: str) -> str:
        """A word of the accessible notation's labels (`english`: the table's own)."""
        return self._to.get(("notation", field), english)

    def kind(self, color: str) -> str | None:
        return self._to.get(("kind", color))

    def to_english(self, kind: str, typed: str, known) -> str | None:
        """The content's (English) name that `typed` means, in either language, ignoring
        case; None when it means none of `known`."""
        folded = typed.strip().casefold()
        for name in known:
            if name.casefold() == folded:
                return name
        english = self._from.get((kind, folded))
        if english is None and self._other_languages is not None:
            english = next((e for other in self._other_languages() if (e := other._from.get((kind, folded)))), None)
        return english if english in known else None

    def wonder_named(self, typed: str, wonders) -> str:
        """The content's name of the wonder a person typed: its name, its city or its
        monument, in English or this language (as typed when it is none of them)."""
        return self.to_english("city", typed, wonders) or self.to_english("wonder", typed, wonders) or typed

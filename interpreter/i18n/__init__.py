"""The language people read: the program's own sentences and the content's names.

The program's sentences are marked in the code with `_()` (and `ngettext()` for those
that depend on a number), extracted by Babel into `catalogs/wonders.pot`, and translated
in `catalogs/LANG.po`; a catalog is compiled in memory when first used, so the .po files
are the only form kept and shipped (docs/localisation.md).  The content's names (cards,
wonders, resources, ...) come from the rule set's own translations (`content_names.py`).

A command chooses the language once (`choose`: `--lang`, else LC_ALL, LC_MESSAGES or
LANG, else English); everything shown afterwards asks `_`, `ngettext` and `names()`.
"""

from __future__ import annotations

import gettext
import io
import os
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from interpreter.marked import N_ as N_  # (marks a sentence where it is defined: interpreter/marked.py)

if TYPE_CHECKING:
    from .content_names import Names

CATALOGS = Path(__file__).resolve().parent / "catalogs"
DOMAIN = "wonders"
ENGLISH = "en"


def available() -> tuple[str, ...]:
    """English and every language with a program catalog."""
    return (ENGLISH,) + tuple(sorted(p.stem for p in CATALOGS.glob("*.po")))


class _State:
    language = ENGLISH
    translations: gettext.NullTranslations = gettext.NullTranslations()
    names = None                                  # content_names.Names of the loaded rule set


_state = _State()


def from_environment(environ=os.environ, fallback: str = ENGLISH) -> str:
    """The language the locale environment asks for (POSIX order: LC_ALL, LC_MESSAGES,
    LANG), `fallback` (English) when it names none we have (`C`, `POSIX`, `de_DE.UTF-8`)."""
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(variable, "")
        if value:
            code = value.split(".")[0].split("@")[0].split("_")[0].lower()
            return code if code in available() else fallback
    return fallback


def choose(language: str | None) -> str:
    """Use `language` (None: the environment's) for everything shown from now on."""
    language = language or from_environment()
    if language not in available():
        raise ValueError(language)
    _state.language = language
    _state.translations = catalog(language)
    _state.names = None
    return language


def language() -> str:
    return _state.language


@lru_cache(maxsize=None)
def catalog(language: str, domain: str = DOMAIN) -> gettext.NullTranslations:
    """The program's catalog for `language` (or another `domain`'s, in its own folder:
    Click's sentences), compiled from its .po file in memory."""
    folder = CATALOGS if domain == DOMAIN else CATALOGS / domain
    if language == ENGLISH or not (folder / f"{language}.po").exists():
        return gettext.NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    with open(folder / f"{language}.po", "rb") as handle:
        messages = read_po(handle, locale=language, domain=domain)
    compiled = io.BytesIO()
    write_mo(compiled, messages, use_fuzzy=False)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def _(message: str) -> str:
    """A sentence of the program in the chosen language."""
    return _state.translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """A sentence that depends on a number, in the chosen language's plural form."""
    return _state.translations.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """A word that means one thing in `context` (msgctxt), in the chosen language."""
    return _state.translations.pgettext(context, message)


def decimal_sign(grouping: bool = False) -> str:
    """The chosen language's decimal sign (`,` in Dutch), from Babel's locale data; with
    `grouping`, the thousands' sign after it (`,.`: what a chart library asks for)."""
    from babel.numbers import get_decimal_symbol, get_group_symbol
    return get_decimal_symbol(_state.language) + (get_group_symbol(_state.language) if grouping else "")


def decimal(written: str) -> str:
    """A number written by Python (`f"{x:.1f}"`, `28.8`, `±4.0`, `12.5%`) with the chosen
    language's decimal sign (Dutch `28,8`)."""
    sign = decimal_sign()
    return written if sign == "." else written.replace(".", sign)


def use_names(found) -> None:
    _state.names = found


def names() -> Names:
    """The content's names in the chosen language (English ones when none is loaded)."""
    from . import content_names
    return _state.names if _state.names is not None else content_names.Names.english()


def worded(err: Exception) -> str:
    """An error in the chosen language: a Worded one (or any with `template` and `params`)
    from its template, another as it says itself."""
    template = getattr(err, "template", None)
    if template is None:
        return str(err)
    params = getattr(err, "params", {})
    return _(template).format(**params) if params else _(template)

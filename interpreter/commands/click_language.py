"""Click's own sentences (`Usage:`, `Error: Invalid value for ...`, `Try ... for help`,
a missing argument, an unknown option) in the language the user chose.

Click marks its sentences with the standard library's gettext (`from gettext import
gettext as _` in each of its modules): the default domain read from .mo files on disk in
the locale's language.  Our catalogs are .po files compiled in memory, and `--lang` may
differ from the locale, so instead each Click module's `_` and `ngettext` are pointed at
the catalog `interpreter/i18n/catalogs/click/LANG.po` (English: gettext's own again).

The language must be known before Click parses the command line (an unknown option is
reported before `--lang`'s callback runs), so `speak_from_argv` reads `--lang` itself; the
usage line's `[OPTIONS]` is an attribute of each command, set by `name_options`.  The help
pages, metavars and type names are read in the language when shown (`Command`, below).
"""

from __future__ import annotations

import gettext
import importlib
import re
from contextlib import contextmanager

import click

from interpreter import i18n
from interpreter.i18n import N_

_USAGE_WORDS = ("[OPTIONS]", "COMMAND [ARGS]...")      # Click's defaults, msgids of catalogs/click/
_MODULES = ("core", "decorators", "exceptions", "formatting", "parser", "termui", "types", "utils")


def speak(language: str) -> None:
    """Click's sentences in `language` from now on."""
    translations = i18n.catalog(language, "click")
    for name in _MODULES:
        module = importlib.import_module(f"click.{name}")
        if hasattr(module, "_"):
            module._ = translations.gettext if language != i18n.ENGLISH else gettext.gettext
        if hasattr(module, "ngettext"):
            module.ngettext = translations.ngettext if language != i18n.ENGLISH else gettext.ngettext


def name_options(group, language: str) -> None:
    """The usage line's `[OPTIONS]` and `COMMAND [ARGS]...` (plain attributes of each command, not a gettext
    sentence) in `language`, for `group` and its commands."""
    options, command_and_args = map(i18n.catalog(language, "click").gettext, _USAGE_WORDS)
    for command in (group, *group.commands.values()):
        command.options_metavar = options
    group.subcommand_metavar = command_and_args


def speak_from_argv(argv: list[str], group=None) -> None:
    """Choose the language the command line (`--lang CODE`, `--lang=CODE`) or else the
    environment asks for, before Click parses it; an unknown code is left to `--lang`'s
    own check (a usage error)."""
    asked = None
    for index, word in enumerate(argv):
        if word == "--":
            break
        if word == "--lang" and index + 1 < len(argv):
            asked = argv[index + 1]
        elif word.startswith("--lang="):
            asked = word.split("=", 1)[1]
    try:
        language = i18n.choose(asked)
    except ValueError:
        language = i18n.choose(None)
    speak(language)
    if group is not None:
        name_options(group, language)


# ------------------------------------------------------------------ help pages and a parameter's words
# The help texts are marked with N_ where the commands are defined and read in the chosen
# language only when shown (the language is chosen per run, after the commands exist), as
# are the words a parameter is shown with: its metavar (`--players GETAL`, `VERSLAG`) and
# its type's name in Click's sentences (`bestand 'x' bestaat niet`).
_METAVARS = {word: word for word in (
    N_("ADDRESS"), N_("CODE"), N_("COLOUR"), N_("DIR"), N_("DIRECTORY"), N_("FILE"), N_("FLOAT"),
    N_("INTEGER"), N_("LOG_FILE"), N_("NAME"), N_("PATH"), N_("PATHS"), N_("POSITION_FILE"), N_("TABLE"),
    N_("TABLE_FILE"), N_("TEXT"), N_("FOLDER"), N_("BOOLEAN"), N_("OUT"))}
_TYPE_NAMES = {"integer": N_("whole number"), "integer range": N_("whole number"), "float": N_("number"),
               "float range": N_("number"), "text": N_("text"), "boolean": N_("yes or no"),
               "file": N_("file"), "directory": N_("directory"), "path": N_("path"), "filename": N_("file")}
_METAVAR = re.compile(r"\b[A-Z][A-Z_]*[A-Z]\b(?: RANGE)?")


def _shown(text: str | None) -> str | None:
    """A help text in the chosen language: the program's catalog, else Click's own (the
    `--help` and `--version` options' texts)."""
    if not text:
        return text
    translated = i18n._(text)
    return translated if translated != text else i18n.catalog(i18n.language(), "click").gettext(text)


def _metavar(text: str) -> str:
    return _METAVAR.sub(lambda m: i18n._(m.group(0).replace(" RANGE", "")) if m.group(0).split(" ")[0]
                        in _METAVARS else m.group(0), text)


@contextmanager
def in_language(command, ctx=None):
    """While a help page, a usage line or a usage error is made, or the command line parsed
    (Click words a bad value as it reads it): `command`'s help and its parameters' help,
    metavars and type names in the chosen language; put back afterwards, so a later run in
    another language, in the same process, starts from the English."""
    if i18n.language() == i18n.ENGLISH or command._in_language:
        yield
        return
    kept = []

    def swap(thing, attribute, value):
        kept.append((thing, attribute, getattr(thing, attribute)))
        setattr(thing, attribute, value)
    swap(command, "_in_language", True)
    swap(command, "help", _shown(command.help))
    swap(command, "short_help", _shown(command.short_help))
    for param in command.params:
        swap(param, "help", _shown(getattr(param, "help", None)))
        if isinstance(getattr(param, "show_default", None), str):
            swap(param, "show_default", _shown(param.show_default))         # a default in words
        if ctx is not None and not getattr(param, "is_flag", False):
            swap(param, "metavar", _metavar(param.make_metavar(ctx)))     # from the English type names
    for param in command.params if ctx is not None else ():
        name = getattr(param.type, "name", None)                          # (a type may serve several)
        if name in _TYPE_NAMES:
            swap(param.type, "name", i18n._(_TYPE_NAMES[name]))
    try:
        yield
    finally:
        for thing, attribute, value in reversed(kept):
            setattr(thing, attribute, value)


class Speaking:
    """Mixed into a Click command: its help page, usage line and parsing in the chosen language."""

    _in_language = False

    def format_help(self, ctx, formatter):
        with in_language(self, ctx):
            return super().format_help(ctx, formatter)

    def get_usage(self, ctx):
        with in_language(self, ctx):
            return super().get_usage(ctx)

    def get_short_help_str(self, limit: int = 45) -> str:
        with in_language(self):
            return super().get_short_help_str(limit)

    def parse_args(self, ctx, args):
        with in_language(self, ctx):
            return super().parse_args(ctx, args)


class Command(Speaking, click.Command):
    """Every `wonders` command (`@click.command(cls=Command)`)."""

"""Click's own sentences (`Usage:`, `Error: Invalid value for ...`, `Try ... for help`,
a missing argument, an unknown option) in the language the user chose.

Click marks its sentences with the standard library's gettext (`from gettext import
gettext as _` in each of its modules): the default domain read from .mo files on disk in
the locale's language.  Our catalogs are .po files compiled in memory, and `--lang` may
differ from the locale, so instead each Click module's `_` and `ngettext` are pointed at
the catalog `interpreter/i18n/catalogs/click/LANG.po` (English: gettext's own again).

The language must be known before Click parses the command line (an unknown option is
reported before `--lang`'s callback runs), so `speak_from_argv` reads `--lang` itself; the usage line's `[OPTIONS]` is an attribute of each command,
set by `name_options`.
"""

from __future__ import annotations

import gettext
import importlib

from interpreter import i18n

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
    if group is not None and not _takes_lang(group, argv):
        return                          # ladder, train, fmt, lsp: English whatever the locale
    try:
        language = i18n.choose(asked)
    except ValueError:
        language = i18n.choose(None)
    speak(language)
    if group is not None:
        name_options(group, language)


def _takes_lang(group, argv: list[str]) -> bool:
    """Whether the command the line names has `--lang` (the group alone: whether any has)."""
    named = next((word for word in argv if not word.startswith("-")), None)
    commands = [group.commands[named]] if named in group.commands else list(group.commands.values())
    return any(param.name == "lang" or "--lang" in getattr(param, "opts", ()) for command in commands
               for param in command.params)

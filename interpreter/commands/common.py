"""What every command shares: content and variant options, loading the rule set, reading
and writing the user's files, and turning content errors into diagnostics and exit codes.

Each command module (cli.py and the modules beside this one) imports from here, so a new
command is a new module registered in cli.py with one line.
"""

from __future__ import annotations

import sys

import click

from interpreter.i18n import _, worded
from interpreter.i18n.reader_reasons import json_reason
from interpreter.i18n.os_reasons import os_reason

from interpreter.i18n import N_
from interpreter.printable import printable as shown
from interpreter.errors import WondersError

FORMATS = click.Choice(["text", "json"])


def load(paths, variants=(), rules=None, folder_variants=False):
    """Check the content: the given files and folders, or the shipped rule set `rules`
    (None: the default one); `folder_variants`: also each variant of their `variants/`
    folders on its own (`wonders check`).  The content's names in the chosen language
    (--lang) are read from its translations."""
    from interpreter.check.folder import check_folder
    from interpreter.check.load import check_paths
    from interpreter.check.locate import UsageError
    try:
        result = (check_folder if folder_variants else check_paths)(list(paths) or None, list(variants), rules)
        _load_names(paths, variants, rules)
    except UsageError as err:
        raise click.UsageError(shown(str(err))) from None
    return result


def _load_names(paths, variants, rules) -> None:
    from interpreter import i18n
    from interpreter.check.translations import translation_files
    from interpreter.i18n.content_names import Names
    from functools import lru_cache

    @lru_cache(maxsize=1)
    def others():                       # a name typed in another language is understood too
        return [Names.read(lang, translation_files(paths, variants, rules, lang))[0]
                for lang in i18n.available() if lang not in (i18n.ENGLISH, i18n.language())]
    if i18n.language() == i18n.ENGLISH:
        found = Names.english()
    else:
        found, problems = Names.read(i18n.language(), translation_files(paths, variants, rules, i18n.language()),
                                     i18n._)
        for problem in problems:
            click.echo(shown(i18n._("warning: {problem}; its names stay English (`wonders check` says more)")
                             .format(problem=problem)), err=True)
    found.also_typed_in(others)
    i18n.use_names(found)


def _choose_language(ctx, param, value):
    from interpreter import i18n
    from interpreter.commands.click_language import speak
    if isinstance(ctx.command, click.Group):
        ctx.meta["wonders.lang"] = value    # `wonders --lang nl cards`: the command's --lang, if given, wins
        if value is None:
            return None
    elif value is None:
        value = ctx.meta.get("wonders.lang")
    try:
        chosen = i18n.choose(value)
    except ValueError:
        raise click.BadParameter(i18n._("no language {value!r}; languages: {languages}")
                                 .format(value=value, languages=", ".join(i18n.available()))) from None
    speak(chosen)
    return chosen


LANG = click.option("--lang", metavar="CODE", default=None, expose_value=False, is_eager=True,
                    callback=_choose_language,
                    help=N_("the language of what is shown: en or nl (default: from LC_ALL, "
                         "LC_MESSAGES or LANG; English when they name no other)"))


_PACKS = "wonders.expansions"


def _given_packs(ctx, param, value):
    ctx.meta[_PACKS] = value             # eager: read by --rules, whose value carries them
    return value


def _rules_with_packs(ctx, param, value):
    from interpreter.check.locate import UsageError, with_expansions
    try:
        return with_expansions(value, ctx.meta.get(_PACKS, ()))
    except UsageError as err:
        raise click.BadParameter(shown(str(err)), param_hint="--expansion" if ctx.meta.get(_PACKS) else "--rules") \
            from None


_RULES = click.option("--rules", "rules", metavar="NAME", default=None, callback=_rules_with_packs,
                      help=N_("the shipped rule set: a folder of the content with rules of its own, by "
                           "name (default: the top-level content, first-edition)"))
_EXPANSION = click.option("--expansion", metavar="NAME|PATH", multiple=True, expose_value=False, is_eager=True,
                          callback=_given_packs,
                          help=N_("add an expansion pack to the rules: a shipped one by name (a folder of "
                               "content/expansions/), or your own folder by its path (holding a /, e.g. "
                               "./my-pack) (repeatable)"))


def RULES(command):            # noqa: N802 (an option decorator, used like the others)
    """--rules and --expansion: the command gets one `rules` value, the rule set's name with
    the packs joined on (`first-edition+NAME`, paths.py), or None for the default alone."""
    return _RULES(_EXPANSION(command))


VARIANT = click.option("--variant", "variants", multiple=True, metavar="NAME",
                       help=N_("apply a variant: a name from the content's variants/ folder, or a file "
                            "(repeatable, applied in order)"))


def _set_plain(ctx, param, value):
    from interpreter.plainmode import set_plain
    set_plain(value)
    return value


PLAIN = click.option("--plain", is_flag=True, expose_value=False, callback=_set_plain,
                     help=N_("for screen readers: one fact a line, no tables, rules or progress bars "
                          "(also WONDERS_PLAIN=1)"))

NOTATION = click.option("--notation", type=click.Choice(["standard", "accessible"]), default="standard",
                        show_default=True,
                        help=N_("how cards and cities are written: English words, or the accessible "
                             "edition's kit notation (age, cost, effect, chains, play N)"))


def card_writer(ruleset, notation, paths=(), rules=None):
    """The writer of cards and cities in `notation`; an unusable notation table is the
    content's error (exit status 1), named with its file and field."""
    from interpreter.check.notation_table import NotationError
    from interpreter.views.access.notation import writer
    try:
        words = writer(ruleset, notation, paths, rules)
    except NotationError as err:
        click.echo(_("error: {problem}").format(problem=shown(worded(err))), err=True)
        sys.exit(1)
    unmarked = words.unmarked() if notation == "accessible" else []
    if unmarked:
        click.echo(_("warning: {file} gives no mark to {names}: written as their names").format(
            file=shown(words.table.source), names=shown(", ".join(unmarked))), err=True)
    return words


def game_writer(tables, notation, paths=(), rules=None, fmt="text"):
    """The writer (views/access/notation.py) that names cards and cities in a game's text, in the
    reader's notation and language.  The JSON formats are data, not words: the kit notation
    is refused there, not ignored."""
    if fmt == "json" and notation != "standard":
        raise click.UsageError(_("--notation accessible is for the text output; --format json gives the "
                                 "data (leave out one of them)"))
    return card_writer(tables.ruleset, notation, paths, rules)


def fail_on_errors(result) -> None:
    from interpreter.diagnostics import render_text
    if result.ruleset is None:
        click.echo(render_text(result.diagnostics, result.sources), err=True, nl=False)
        click.echo(_("error: the content has {count} error(s); fix them first (`wonders check` lists them)")
                   .format(count=result.errors), err=True)
        sys.exit(1)


def tables(paths, variants=(), rules=None):
    from interpreter.compile import compile_rules
    result = load(paths, variants, rules)
    fail_on_errors(result)
    return compile_rules(result.ruleset)


def rules_record(rules) -> dict:
    """How a game's options record its rule set: `rules` by name and `expansions`, the packs."""
    from interpreter.paths import DEFAULT_RULES, split_rules
    base, packs = split_rules(rules)
    return {"rules": base or DEFAULT_RULES, "expansions": list(packs)}


def recorded_rules(data, given, path):
    """The rule set a log or save records (the default one when it records none), with
    the expansion packs it records; --rules and --expansion, if given, must say the same:
    a game replays only with its own rules."""
    from interpreter.paths import DEFAULT_RULES, join_rules, split_rules
    options = data.get("options") if isinstance(data, dict) else None
    options = options if isinstance(options, dict) else {}
    recorded = options.get("rules", DEFAULT_RULES)
    packs = options.get("expansions", [])
    if not isinstance(recorded, str):
        click.echo(_('error: {file}: "options"."rules" must be the name of a rule set').format(file=path), err=True)
        sys.exit(1)
    if not isinstance(packs, list) or not all(isinstance(p, str) for p in packs):
        click.echo(_('error: {file}: "options"."expansions" must be a list of expansion names').format(file=path),
                   err=True)
        sys.exit(1)
    if given is not None:
        given_base, given_packs = split_rules(given)
        recorded_base, recorded_packs = split_rules(join_rules(recorded, packs))
        if given_base != recorded_base:
            raise click.UsageError(_("{file} was played with the rules {recorded!r}, not {given!r}; "
                                     "leave out --rules to use the recorded ones").format(
                file=path, recorded=recorded_base, given=given_base))
        if given_packs != recorded_packs:
            def said(packs):
                return f"the expansions {', '.join(packs)}" if packs else "no expansion"
            raise click.UsageError(_("{file} was played with {recorded}, but the options ask for {given}; "
                                     "leave out --expansion (and --rules) to use the recorded ones").format(
                file=path, recorded=said(recorded_packs), given=said(given_packs)))
    return join_rules(recorded, packs) if packs else recorded


JSON_DOCUMENTS = {"log": N_("the log"), "position": N_("the position"), "table": N_("the table")}   # in messages
JSON_BOUND = 64 << 20      # bytes: a 7-player game's log is under 1 MB; a bound keeps a wrong file from filling memory


def read_json(path: str, what: str):
    """A JSON document the user gives (a log, save or table), with or without a UTF-8
    byte-order mark (as editors on Windows write); only a regular file of at most
    JSON_BOUND bytes is read, so a pipe, a device or a huge file given by mistake cannot
    hang the command or fill the memory."""
    import json
    from pathlib import Path
    from interpreter.i18n import _
    from interpreter.inputs import FileTooLarge, NotRegularFile, read_regular
    word = _(JSON_DOCUMENTS[what]) if what in JSON_DOCUMENTS else f"the {what}"
    try:
        data = read_regular(Path(path), JSON_BOUND)
        return json.loads(data.decode("utf-8-sig"))
    except NotRegularFile as err:
        raise click.UsageError(_("{file}: cannot read {what}: {reason}").format(
            file=shown(path), what=word, reason=err)) from None
    except FileTooLarge as err:
        click.echo(_("error: {file}: {what} is too large to read ({size} bytes; the bound is {bound})").format(
            file=shown(path), what=word, size=f"{err.size:,}", bound=f"{JSON_BOUND:,}"), err=True)
        sys.exit(1)
    except OSError as err:
        raise click.UsageError(_("{file}: cannot read {what}: {reason}").format(
            file=shown(path), what=word, reason=os_reason(err))) from None
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        where = _(" (line {line}, column {column})").format(line=err.lineno, column=err.colno) \
            if isinstance(err, json.JSONDecodeError) else ""
        click.echo(_("error: {file}{where}: {what} is not valid JSON: {reason}").format(
            file=shown(path), where=where, what=word, reason=json_reason(err)), err=True)
        sys.exit(1)
    except RecursionError:
        click.echo(_("error: {file}: {what} is nested too deeply to be read").format(
            file=shown(path), what=word), err=True)
        sys.exit(1)
    except ValueError as err:                  # e.g. a number of thousands of digits
        click.echo(_("error: {file}: {what} is not usable JSON: {reason}").format(
            file=shown(path), what=word, reason=err), err=True)
        sys.exit(1)


class FiniteFloatRange(click.FloatRange):
    """click.FloatRange that also refuses nan and infinity: nan passes every bound's
    comparison (`--budget nan` was taken, and a fit stopped at once), infinity bounds nothing."""

    def convert(self, value, param, ctx):
        import math
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(_("{value!r} is not a finite number").format(value=value), param, ctx)
        return number


class WriteError(WondersError):
    """A file could not be written; the message is the system's reason."""


def write_atomic(path: str, text: str) -> None:
    """interpreter.atomic.write_atomic, its failure as a WriteError with the reason in words."""
    from interpreter.atomic import write_atomic as write_whole
    try:
        write_whole(path, text)
    except OSError as err:
        raise WriteError(err.strerror or str(err)) from None


def write(path: str, text: str) -> None:
    try:
        write_atomic(path, text)
    except WriteError as err:
        raise click.UsageError(_("{file}: cannot write: {reason}").format(file=shown(path), reason=err)) from None


CONTENT = click.option("--content", "paths", multiple=True, type=click.Path(),
                       help=N_("content file or folder (repeatable; default: the shipped content)"))



def game_options(command):
    """The options every command that shows a game or a table takes, in one order: the
    output format, the reader's notation and plain mode, and the content, variants, language
    and rules it is read with (the callback gets fmt, notation, paths, variants and rules)."""
    for option in reversed((click.option("--format", "fmt", type=FORMATS, default="text", show_default=True),
                            NOTATION, PLAIN, CONTENT, VARIANT, LANG, RULES)):
        command = option(command)
    return command


def variant_record(variants) -> list[str]:
    """How a game's options record its --variant arguments: a shipped variant by its name,
    a file by its absolute path (so the log replays from any folder)."""
    from pathlib import Path

    from interpreter.check.locate import is_variant_path
    return [str(Path(v).resolve()) if is_variant_path(v) else v for v in variants]


def recorded_variants(data, given, path):
    """The variants a log or save records; --variant, if given, must say the same (a file
    may be named by any path that leads to it)."""
    options = data.get("options") if isinstance(data, dict) else None
    recorded = options.get("variants", []) if isinstance(options, dict) else []
    if not isinstance(recorded, list) or not all(isinstance(v, str) for v in recorded):
        click.echo(_('error: {file}: "options"."variants" must be a list of variant names').format(file=path),
                   err=True)
        sys.exit(1)
    if given and variant_record(given) != recorded:
        raise click.UsageError(_("{file} was played with variants {recorded}, not {given}; leave out --variant "
                                 "to use the recorded ones").format(file=path, recorded=recorded or _("none"),
                                                                    given=list(given)))
    return recorded


def load_position(position_file, paths, variants, rules=None):
    """The game a save holds, with the rule set, content and variants it was played with;
    a save that does not fit is refused (exit status 1) with the reason."""
    from interpreter.engine.save_fields import SaveError
    from interpreter.engine.saves import game_from_data
    data = read_json(position_file, "position")
    rules = tables(paths, recorded_variants(data, variants, position_file),
                   None if paths else recorded_rules(data, rules, position_file))
    try:
        return game_from_data(rules, data)
    except SaveError as err:
        from interpreter.i18n import _, worded
        problem = worded(err)                                # the engine's own words, translated here
        click.echo(_("error: {file}: {problem}").format(file=shown(position_file), problem=shown(problem)), err=True)
        sys.exit(1)


def run_game(play):
    """Run a game; a chain of triggers that never ends is the content's error, not a crash."""
    from interpreter.diagnostics import Diagnostic, Note, SourceCache, render_text
    from interpreter.engine.triggers import TriggerLoop
    try:
        return play()
    except TriggerLoop as err:
        notes = tuple(Note(_("`on {event}` fires here").format(event=event), span) for event, span in err.fired)
        diagnostic = Diagnostic("E1501", _("triggers caused each other more than {depth} times in a row (the last "
                                           "event was `{event}`)").format(depth=err.depth, event=err.event),
                                notes[-1].span if notes else None, notes=notes[:-1],
                                help=_("give one of these triggers a limit (`once per turn`) or a condition"))
        click.echo(render_text([diagnostic], SourceCache()), err=True, nl=False)
        sys.exit(1)


def age_option(age, ruleset):
    if age is None:
        return None
    from interpreter.check.rules import quiet_age_number, roman
    number = quiet_age_number(age.strip().upper())
    ages = sorted(a.number for a in ruleset.rules.ages)
    if number not in ages:
        raise click.BadParameter(_("{age!r} is not an age of these rules (they have {ages})").format(
            age=shown(age[:40]), ages=", ".join(roman(a) for a in ages)), param_hint="--age")
    return number

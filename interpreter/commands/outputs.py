"""Where a command writes, checked before it writes anything: an output path is never
empty, never one of the files the command reads (content, variants, records, a log, a
save, a bot's file) and never the same file as another output.  A tool the user trusts
refuses rather than replace a file it was given to read."""

from __future__ import annotations

import os

import click

from interpreter.i18n import N_, _

from interpreter.printable import printable as shown


def same_file(a: str, b: str) -> bool:
    """Whether two paths lead to one file (through links, `..` or another spelling)."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.realpath(a) == os.path.realpath(b)


def check_outputs(outputs, inputs=()) -> None:
    """`outputs`: (option, path) pairs, a None path being no output; `inputs`: (what the
    file is, path) pairs.  A usage error (exit status 2) for an empty path, an output that
    is an input, or two outputs on one file."""
    given = [(option, path) for option, path in outputs if path is not None]
    for option, path in given:
        if not str(path).strip():
            raise click.BadParameter(_("an empty path names no file: give a file name, or leave the option out"),
                                     param_hint=option)
    for i, (option, path) in enumerate(given):
        for what, source in inputs:
            if same_file(path, source):
                raise click.BadParameter(_("{file} is {what} this command reads; writing there would replace it: "
                                           "choose another file").format(file=shown(path), what=_(what)),
                                         param_hint=option)
        for other, earlier in given[:i]:
            if same_file(path, earlier):
                raise click.UsageError(_("{other} and {option} both name {file}: one would replace the "
                                         "other; give each its own file").format(
                    other=other, option=option, file=shown(path)))


def content_inputs(paths=(), variants=(), rules=None) -> list[tuple[str, str]]:
    """The content and variant files a command reads, as `check_outputs` takes them."""
    from interpreter.check.locate import UsageError, content_files, default_files, variant_files
    try:
        files = content_files(list(paths)) if paths else default_files(rules)
        extra = variant_files(list(variants), list(paths) or None, rules)
    except UsageError:                    # loading the content reports it
        return []
    return [(N_("a content file"), str(p)) for p, _ in files] + [(N_("a variant file"), str(p)) for p, _ in extra]


def bot_inputs(bot_specs) -> list[tuple[str, str]]:
    """The files of bots given as `path/to/file.py:Class`."""
    from interpreter.bots.base import parse_bot_spec
    found = []
    for spec in bot_specs:
        try:
            name, _ = parse_bot_spec(spec)
        except Exception:  # noqa: BLE001 - a bad spec is reported where the bots are made
            continue
        if ".py:" in name:
            found.append((N_("a bot's file"), name.rpartition(":")[0]))
    return found


def run_inputs(options) -> list[tuple[str, str]]:
    """What a study (simulate, compare) reads: its content, variants and bots' files."""
    return content_inputs(options.paths, options.variants, options.rules) + bot_inputs(options.bots)

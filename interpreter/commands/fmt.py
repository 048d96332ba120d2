"""`wonders fmt`: write content files in the canonical layout (interpreter/syntax/formatter.py).

Files are replaced atomically (a temporary file in the same folder, then os.replace), so
an interrupted run leaves every file either as it was or formatted.  A file with syntax
errors is left untouched and its diagnostics are shown.
"""

from __future__ import annotations

import difflib
import sys
from pathlib import Path

import click

from interpreter.commands.click_language import Command
from interpreter.i18n import N_, _
from interpreter.i18n.os_reasons import os_reason
from interpreter.commands.common import LANG


@click.command(cls=Command,
               help=N_("Format content files or folders (all .wonders files inside, variants included).\n\n"
                       "With no PATH, or PATH `-`, format standard input to standard output. Exit status: 0 when "
                       "done (or, with --check, nothing would change); 1 when a file has syntax errors, cannot be "
                       "read or is read-only, or, with --check, would change; 2 for usage errors."))
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--check", is_flag=True, help=N_("change nothing; exit 1 when a file would change (for CI)"))
@click.option("--diff", "show_diff", is_flag=True, help=N_("change nothing; print what would change as a unified diff"))
@LANG
def fmt(paths, check, show_diff):
    from interpreter.diagnostics import SourceCache, render_text
    from interpreter.syntax.formatter import format_text
    from interpreter.syntax.parser import read_source, read_stream

    files = _files(paths)
    failed = changed = 0
    for path, shown in files:
        if path is None:
            text, problems = read_stream(sys.stdin.buffer, shown)
        else:
            text, problems = read_source(path, shown)
        if text is not None:
            formatted, problems = format_text(text, shown)
            if _crlf(text):
                formatted = formatted.replace("\n", "\r\n")
        if problems:
            click.echo(render_text(problems, SourceCache({shown: text or ""})), err=True, nl=False)
            click.echo(_("error: {file}: not formatted (fix the errors above first)").format(file=shown), err=True)
            failed += 1
            continue
        if path is None and not (check or show_diff):
            click.echo(formatted, nl=False)
            continue
        if formatted == text:
            continue
        refused = None if check or show_diff else _unwritable(path)
        if refused:
            click.echo(_("error: {file}: not formatted: {reason}").format(file=shown, reason=refused), err=True)
            failed += 1
            continue
        changed += 1
        if show_diff:
            click.echo("".join(difflib.unified_diff(text.splitlines(True), formatted.splitlines(True),
                                                    _("{file} (as written)").format(file=shown),
                                                    _("{file} (formatted)").format(file=shown))), nl=False)
        if check and not show_diff:
            click.echo(_("would reformat {file}").format(file=shown), err=True)
        if not (check or show_diff):
            _replace(path, formatted)
            click.echo(_("formatted {file}").format(file=shown), err=True)
    if files and files[0][0] is not None:
        summary = _("{files} file(s): {changed} would be formatted, {failed} with errors") if check or show_diff \
            else _("{files} file(s): {changed} formatted, {failed} with errors")
        click.echo(summary.format(files=len(files), changed=changed, failed=failed), err=True)
    sys.exit(1 if failed or (check and changed) else 0)


def _files(paths) -> list[tuple[Path | None, str]]:
    """(path, name to show) for each file; (None, "<stdin>") for standard input."""
    if not paths or list(paths) == ["-"]:
        return [(None, "<stdin>")]
    found: list[tuple[Path | None, str]] = []
    for raw in paths:
        path = Path(raw)
        if raw == "-":
            raise click.UsageError(_("`-` (standard input) cannot be mixed with paths"))
        if path.is_dir():
            # every entry but folders: a pipe or device named *.wonders is refused when read
            inside = sorted(p for p in path.rglob("*.wonders") if not p.is_dir())
            if not inside:
                raise click.UsageError(_("{path}: no .wonders files in this folder").format(path=raw))
            found += [(p, str(p)) for p in inside]
        elif path.exists():
            found.append((path, str(raw)))
        else:
            raise click.UsageError(_("{path}: no such file or folder").format(path=raw))
    return found


def _unwritable(path: Path) -> str | None:
    """Why a file must be left as it is, or None.  A read-only file (no write permission
    bit, or one this user may not write) is the user saying "do not change this": fmt would
    otherwise replace it through its folder, as root or as an owner of the folder may."""
    import os
    mode = path.stat().st_mode
    if not mode & 0o222 or not os.access(path, os.W_OK):
        return _("the file is read-only (make it writable to format it, e.g. `chmod u+w`)")
    return None


def _crlf(text: str) -> bool:
    """Whether the file's lines end in CRLF (Windows), most of them: it is written back so."""
    crlf = text.count("\r\n")
    return crlf > 0 and crlf * 2 >= text.count("\n")


def _replace(path: Path, text: str) -> None:
    """Write `text` to `path` whole or not at all (interpreter/atomic.py)."""
    from interpreter.atomic import write_atomic
    try:
        write_atomic(path, text)
    except OSError as err:
        raise click.UsageError(_("{path}: cannot write: {reason}").format(path=path, reason=os_reason(err))) from None

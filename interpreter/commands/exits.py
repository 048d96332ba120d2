"""How a `wonders` process ends: the documented exit statuses, whatever happens.

0 done, 1 the input has errors (or a game stopped before its end), 2 usage errors,
70 a bug (an exception nothing else caught), 128 + N a signal: 130 Ctrl-C (SIGINT),
129 SIGHUP, 143 SIGTERM.  A closed pipe (`wonders cards | head -1`) ends quietly with 0,
as `cat` and `grep` do when nobody reads any more.

Click's standalone mode is not used: it turns Ctrl-C and a closed input alike into
"Aborted!" and status 1.
"""

from __future__ import annotations

import os
import signal
import sys

import click

from interpreter.commands.click_language import Speaking, in_language
from interpreter.i18n import _
from interpreter.errors import WondersError

INTERRUPTED = 130


class Terminated(KeyboardInterrupt):
    """SIGTERM or SIGHUP arrived: stop like Ctrl-C (work in hand is kept), other status."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


_INSTALLED_IN: list[int] = []         # the process that set the handlers (not its forked workers)


def _raise_terminated(signum, _frame):
    if os.getpid() not in _INSTALLED_IN:  # a forked worker (simulate): die as it would have
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)
        return
    raise Terminated(signum)


def catch_termination() -> None:
    """SIGTERM and SIGHUP (the terminal closed) unwind like Ctrl-C, so `finally` blocks
    and handlers that keep a game's log run.  A signal the caller ignores (`nohup`) stays ignored."""
    _INSTALLED_IN[:] = [os.getpid()]
    for name in ("SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is not None and signal.getsignal(number) is signal.SIG_DFL:
            signal.signal(number, _raise_terminated)


class ClosedPipe(WondersError):
    """Stdout's reader went away; not an OSError, so click's own EPIPE handling (status 1)
    does not take it."""


class Group(Speaking, click.Group):
    """The `wonders` group: a closed pipe inside a command reaches `run_command` as itself."""

    def invoke(self, ctx):
        from interpreter.plainmode import set_plain
        set_plain(False)                      # each command run starts from the environment's setting
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            raise ClosedPipe() from None


def run_command(group: click.Group) -> None:
    debug = bool(os.environ.get("WONDERS_DEBUG"))
    catch_termination()
    from interpreter.commands.click_language import speak_from_argv
    speak_from_argv(sys.argv[1:], group)
    try:
        try:
            status = group.main(prog_name="wonders", standalone_mode=False)
        except click.Abort as err:        # click wraps Ctrl-C and the end of input in Abort
            raise (err.__cause__ or KeyboardInterrupt()) from None
        except SystemExit as err:         # a command's own status (sys.exit)
            status = err.code
        if sys.stdout is not None and not sys.stdout.closed:   # (the language server closes it)
            sys.stdout.flush()            # a closed pipe shows here, not at interpreter exit
    except click.exceptions.Exit as err:
        status = err.exit_code
    except click.ClickException as err:
        _show(err)
        status = err.exit_code
    except (BrokenPipeError, ClosedPipe):
        _quiet_stdout()
        status = 0
    except Terminated as err:
        _say(_("terminated"))
        status = 128 + err.signum
    except KeyboardInterrupt:
        _say(_("interrupted"))
        status = INTERRUPTED
    except EOFError:
        _say(_("stopped: the input ended"))
        status = 1
    except Exception as err:  # noqa: BLE001 - the last line of defence
        if debug:
            raise
        _say(_("internal error: {kind}: {message}\n"
               "This is a bug in wonders; rerun with WONDERS_DEBUG=1 for details.").format(
            kind=type(err).__name__, message=_short(err)))
        status = 70
    sys.exit(status)


def _short(err: Exception) -> str:
    try:
        text = str(err)
    except Exception:  # noqa: BLE001 - a message that cannot even be shown
        text = "(no message)"
    return text if len(text) <= 500 else text[:500] + "..."


def _show(err: click.ClickException) -> None:
    ctx = getattr(err, "ctx", None)
    try:
        if ctx is None:
            err.show()
        else:
            with in_language(ctx.command, ctx):       # the usage line and a parameter's name
                err.show()
    except BrokenPipeError:
        pass


def _say(text: str) -> None:
    try:
        click.echo(text, err=True)
    except (BrokenPipeError, OSError):
        pass


def _quiet_stdout() -> None:
    """Nobody reads stdout any more: send what Python still holds for it to nowhere, so
    the interpreter's final flush does not complain."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass

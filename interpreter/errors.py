"""`WondersError`: the one class every error the product defines derives from.

Why one root: a caller (a command, the studio, a plug-in's host) can tell the product's own
refusals from a bug in Python or a library with one `except WondersError`, and a reader
finds every error of the product by its base. An error that was also an `OSError`, a
`ValueError`, ... keeps that base beside this one, so no `except` clause that caught it
before misses it now. A `BaseException` that must pass through `except Exception` (the
signal-driven `commands.exits.Terminated`) is not an error in this sense and stays outside."""


class WondersError(Exception):
    """An error raised by the product itself, never by Python or a library on its own."""

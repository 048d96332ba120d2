"""Braille labels for an embosser (`wonders render --braille OUT.brf`): every card and wonder
side as its kit label (name and colour, age and cost, effect, chains, "play N"), translated
by liblouis and laid out in pages of `lines` lines of `cells` cells (a BRF file: ASCII
braille, lines ending CR LF, pages ending with a form feed).

liblouis comes from the system (Debian's python3-louis and liblouis-data): the module is
loaded from Debian's dist-packages by its path, because a virtual environment does not see
them and the PyPI package named `louis` is an unrelated project.
"""

from __future__ import annotations

import glob
import importlib.util
import os
from pathlib import Path
from ...errors import WondersError

DEFAULT_TABLE = "en-ueb-g1.ctb"     # Unified English Braille, grade 1 (uncontracted)
# the table of each language (--lang) when none is chosen: Dutch is nl-NL-g0.utb, the Dutch
# six-dot uncontracted braille of liblouis (DocArch, CBB, Dedicon), as used in the Netherlands
LANGUAGE_TABLES = {"en": DEFAULT_TABLE, "nl": "nl-NL-g0.utb"}
DISPLAY = "en-us-brf.dis"           # cells as the ASCII characters of a BRF file, whatever the table
DEFAULT_CELLS = 40                  # an 11 x 11.5 inch embosser page
DEFAULT_LINES = 25
RUNOVER = 2                         # a label line that wraps goes on indented by two cells
MODULE_PLACES = ("/usr/lib/python3/dist-packages/louis/__init__.py",
                 "/usr/lib*/python3*/*-packages/louis/__init__.py")
# what is used of the bindings: a module without them is not liblouis's
NEEDED = ("setLogLevel", "LOG_OFF", "checkTable", "translateString", "backTranslateString")
INSTALL_HINT = ("braille needs liblouis: install Debian's packages python3-louis and liblouis-data "
                "(`sudo apt install python3-louis liblouis-data`)")


class BrailleUnavailable(WondersError):
    """liblouis (or its tables) is not on this system; the message says what to install."""


class BrailleTableError(WondersError):
    """The braille table asked for cannot be found or compiled."""


class BrailleTextError(WondersError):
    """A label holds a character the table cannot write as ASCII braille."""


_louis = None


def louis():
    """Debian's liblouis bindings, loaded once from their file (WONDERS_LOUIS may name
    another `louis/__init__.py`)."""
    global _louis
    if _louis is not None:
        return _louis
    places = [os.environ["WONDERS_LOUIS"]] if os.environ.get("WONDERS_LOUIS") else list(MODULE_PLACES)
    found = [path for place in places for path in sorted(glob.glob(place))]
    if not found:
        raise BrailleUnavailable(f"{INSTALL_HINT}; the python3-louis module was not found "
                                 f"(looked for {', '.join(places)})")
    module = _load(found[0])
    try:
        module.setLogLevel(module.LOG_OFF)     # a table that fails is reported by us, not on stderr
    except Exception as err:  # noqa: BLE001 - the module's own code: any failure means no liblouis
        raise BrailleUnavailable(f"{INSTALL_HINT}; {found[0]} could not load liblouis: {err}") from None
    _louis = module
    return module


def _load(path: str):
    """The module at `path`, if it is liblouis's bindings: a path that is no Python file, a
    module that fails (the library itself missing) or one without liblouis's functions
    (WONDERS_LOUIS naming some other module) is BrailleUnavailable, not a crash."""
    from ...inputs import special_kind
    kind = special_kind(Path(path))
    spec = None if kind else importlib.util.spec_from_file_location("_wonders_liblouis", path)
    if spec is None or spec.loader is None:
        raise BrailleUnavailable(f"{INSTALL_HINT}; {path} is not a Python module"
                                 + (f" (it is {kind})" if kind else ""))
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except (Exception, SystemExit) as err:  # noqa: BLE001 - its own code; Ctrl-C still stops the command
        raise BrailleUnavailable(f"{INSTALL_HINT}; {path} could not load liblouis: "
                                 f"{type(err).__name__}: {err}") from None
    missing = [name for name in NEEDED if not hasattr(module, name)]
    if missing:
        raise BrailleUnavailable(f"{INSTALL_HINT}; {path} is not liblouis's bindings (it has no "
                                 f"{', '.join(missing)})")
    return module


def language_table(language: str) -> str:
    """The braille table for labels in `language` (English's for a language without one)."""
    return LANGUAGE_TABLES.get(language, DEFAULT_TABLE)


def check_table(table: str) -> None:
    lib = louis()
    try:
        lib.checkTable([DISPLAY, table])
    except RuntimeError:
        if not glob.glob("/usr/share/liblouis/tables/*"):
            raise BrailleUnavailable(f"{INSTALL_HINT}; no braille tables are installed "
                                     "(/usr/share/liblouis/tables is empty)") from None
        raise BrailleTableError(f"{table!r} is not a braille table liblouis can use (for example "
                                f"{DEFAULT_TABLE}, or a file name of /usr/share/liblouis/tables)") from None


def to_braille(text: str, table: str = DEFAULT_TABLE) -> str:
    """`text` in braille cells; BrailleTextError when the table cannot write a character of
    it as ASCII braille, or writes it only as liblouis's escape for a character it does not
    define (`'\\x4e2d'`: ASCII, but no braille a reader could read as that character)."""
    cells = louis().translateString([DISPLAY, table], text)
    if not _ascii(cells) or _escaped(text, table, cells):
        odd = "".join(ch for ch in dict.fromkeys(text) if not _writes_as_braille(ch, table))
        raise BrailleTextError(f"{text!r}: the braille table {table} cannot write {odd!r} as ASCII braille")
    return cells


def _escaped(text: str, table: str, cells: str) -> bool:
    """Whether liblouis wrote a character of `text` as its escape: with `noUndefined` it
    leaves such characters out, and the cells differ."""
    lib = louis()
    mode = getattr(lib, "noUndefined", None)
    return mode is not None and lib.translateString([DISPLAY, table], text, mode=mode) != cells


def _writes_as_braille(ch: str, table: str) -> bool:
    cells = louis().translateString([DISPLAY, table], ch)
    return _ascii(cells) and not _escaped(ch, table, cells)


def _ascii(cells: str) -> bool:
    return all(" " <= c <= "~" for c in cells)


def writes(text: str, table: str) -> bool:
    """Whether `table` writes `text` as cells that read back as `text` (Dutch braille has
    no cell for `$`: it writes the word "dollar")."""
    return from_braille(to_braille(text, table), table) == text


def from_braille(cells: str, table: str = DEFAULT_TABLE) -> str:
    return louis().backTranslateString([DISPLAY, table], cells)


def wrap(braille: str, cells: int) -> list[str]:
    """One translated label line as embosser lines: broken at blank cells, the runover
    lines indented by RUNOVER cells; a word longer than a line is cut."""
    out: list[str] = []
    line = ""
    for word in braille.split(" "):
        indent = " " * RUNOVER if out else ""
        if len(indent + (f"{line} {word}" if line else word)) <= cells:
            line = f"{line} {word}" if line else word
            continue
        if line:
            out.append(indent + line)
            indent = " " * RUNOVER
        while len(indent + word) > cells:
            room = cells - len(indent)
            out.append(indent + word[:room])
            word, indent = word[room:], " " * RUNOVER
        line = word
    out.append((" " * RUNOVER if out else "") + line)
    return out


def emboss(labels: list[list[str]], table: str = DEFAULT_TABLE, cells: int = DEFAULT_CELLS,
           lines: int = DEFAULT_LINES) -> str:
    """The BRF text of `labels` (each a list of print lines): a blank line between labels,
    and a label that does not fit in what is left of a page begins the next one."""
    check_table(table)
    pages: list[list[str]] = [[]]
    for label in labels:
        block = [row for text in label for row in wrap(to_braille(text, table), cells)]
        page = pages[-1]
        needed = len(block) + (1 if page else 0)
        if page and len(page) + needed > lines and len(block) <= lines:
            pages.append([])
            page = pages[-1]
        elif page:
            page.append("")
        for row in block:
            if len(page) == lines:
                pages.append([])
                page = pages[-1]
            page.append(row)
    return "".join("\r\n".join(page) + "\r\n\f" for page in pages)


def labels_of(text: str) -> list[list[str]]:
    """The labels of a BRF text, each as its embosser lines (runover lines joined back to
    the line they continue): what a test back-translates."""
    found: list[list[str]] = []
    for page in text.replace("\r\n", "\n").split("\f"):
        current: list[str] = []
        for row in page.split("\n"):
            if not row.strip():
                if current:
                    found.append(current)
                current = []
            elif row.startswith(" " * RUNOVER) and current:
                current[-1] += " " + row.strip()
            else:
                current.append(row)
        if current:
            found.append(current)
    return found

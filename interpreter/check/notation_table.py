"""Reading a rule set's accessible notation table (content/notation/accessible.toml: a
resource is a letter, a science symbol `&` `@` `#`, a coin `$`, a point `v`, a shield `x`):
the sections and fields it may hold, its errors, where the content in use keeps it. The
checker judges it (check/notation.py) and the views write with it (views/access/notation.py),
so the reading is part of the core."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Sequence
from pathlib import Path

import attrs

from ..i18n.os_reasons import os_reason
from ..i18n.reader_reasons import json_reason, toml_reason
from ..marked import N_, Worded

TABLE_FILE = Path("notation") / "accessible.toml"
# the sections whose keys are fields of their own, and each one's fields
FIELDS = {"marks": ("coin", "point", "shield"), "amounts": ("resource", "shield", "coin", "point"),
          "words": ("free", "play", "random", "free_with", "chains_to", "private", "stage", "side")}
# every section, None for those keyed on names of the rule set
SECTIONS: dict[str, tuple[str, ...] | None] = {"resources": None, "symbols": None, **FIELDS}


_AT = re.compile(r"\s*\(at line (\d+), column (\d+)\)$")     # where tomllib's message says it stopped


class NotationError(Worded):
    """The notation table cannot be used; the message names the file and the field, in the
    reader's language when shown (`i18n.worded`)."""


@attrs.frozen
class KitTable:
    """The accessible notation table: vocabulary names and marks to letters, amounts'
    style ("repeat" or "count") and the label's words."""
    resources: dict[str, str]
    symbols: dict[str, str]
    marks: dict[str, str]
    amounts: dict[str, str]
    words: dict[str, str]
    source: str


def read_table(path: Path) -> KitTable:
    shown = str(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as err:
        raise NotationError(N_("{file}: cannot read the notation table: {reason}"), file=shown,
                            reason=os_reason(err)) from None
    except UnicodeDecodeError as err:
        raise NotationError(N_("{file}: not a valid TOML notation table: {reason}"), file=shown,
                            reason=json_reason(err)) from None
    except tomllib.TOMLDecodeError as err:
        at = _AT.search(str(err))
        line, column = at.groups() if at else ("1", "1")
        raise NotationError(N_("{file}: not a valid TOML notation table: {reason} (at line {line}, column {column})"),
                            file=shown, reason=toml_reason(_AT.sub("", str(err)).strip()), line=line,
                            column=column) from None
    for section, value in data.items():
        if section not in SECTIONS or not isinstance(value, dict):
            raise NotationError(N_("{file}: [{section}] is not a section of a notation table (sections: {sections})"),
                                file=shown, section=section, sections=", ".join(SECTIONS))
        allowed = SECTIONS[section]
        for key, mark in value.items():
            if allowed is not None and key not in allowed:
                raise NotationError(N_("{file}: {section}.{key} is not a field of [{section}] (fields: {fields})"),
                                    file=shown, section=section, key=key, fields=", ".join(allowed))
            if not isinstance(mark, str) or not mark.strip():
                raise NotationError(N_("{file}: {section}.{key} must be a non-empty string"),
                                    file=shown, section=section, key=key)
            if section == "amounts" and mark not in ("repeat", "count"):
                raise NotationError(N_("{file}: amounts.{key} must be \"repeat\" or \"count\", not {mark!r}"),
                                    file=shown, key=key, mark=mark)
    marks = [(f"{s}.{k}", m) for s in ("resources", "symbols", "marks") for k, m in data.get(s, {}).items()]
    seen: dict[str, str] = {}
    for field, mark in marks:
        if mark in seen:
            raise NotationError(N_("{file}: {field} is {mark!r}, the same as {other}: a reader could not tell "
                                   "them apart"), file=shown, field=field, mark=mark, other=seen[mark])
        seen[mark] = field
    for section in ("marks", "amounts", "words"):
        missing = [k for k in FIELDS[section] if k not in data.get(section, {})]
        if missing:
            raise NotationError(N_("{file}: [{section}] lacks {fields}"), file=shown, section=section,
                                fields=", ".join(missing))
    read = {s: dict(data.get(s, {})) for s in SECTIONS}
    return KitTable(read["resources"], read["symbols"], read["marks"], read["amounts"], read["words"], source=shown)


def table_path(paths: Sequence[str | Path] = (), rules: str | None = None) -> Path:
    """The notation table of the content in use: the first --content folder's own, else the
    shipped rule set's, else the top-level content's."""
    from ..paths import DEFAULT_RULES, content_dir, rule_sets
    candidates = [Path(p) / TABLE_FILE for p in paths if Path(p).is_dir()][:1]
    folder = rule_sets().get(rules or DEFAULT_RULES)
    if folder is not None:
        candidates.append(folder / TABLE_FILE)
    candidates.append(content_dir() / TABLE_FILE)
    return next((c for c in candidates if c.is_file()), candidates[-1])

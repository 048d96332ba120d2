"""Where the grammar and the shipped content live, in a checkout and when installed.

In a source checkout they sit at the top of the repository beside `interpreter/`; an
installed wheel carries them inside the package (see pyproject.toml's force-include).
"""

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def _data_dir(name: str) -> Path:
    for candidate in (_PACKAGE / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"the {name}/ folder is missing from this installation")


def grammar_file() -> Path:
    return _data_dir("grammar") / "wonders.lark"


def content_dir() -> Path:
    return _data_dir("content")
